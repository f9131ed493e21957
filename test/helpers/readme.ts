// Reads documented snippets out of README.md, so tests exercise what users copy.

/** The text of the `## <heading>` section (up to the next `## `), or '' when missing. */
export function extractSection(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start < 0) return '';
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The bodies of the fenced code blocks tagged `lang`, in order. */
export function extractCodeBlocks(markdown: string, lang: string): string[] {
  const blocks: string[] = [];
  const fence = new RegExp('^```' + lang + '\\s*\\n([\\s\\S]*?)^```\\s*$', 'gm');
  for (const match of markdown.matchAll(fence)) blocks.push(match[1]!);
  return blocks;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slugifyHeading(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Every heading anchor in the document. */
export function listAnchors(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slugifyHeading(m[1]!)));
}
