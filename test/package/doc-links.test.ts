// Every link between the shipped docs lands on a file that exists, and on a heading it has: no dead link.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { listAnchors } from '../helpers/readme.js';

const repo = new URL('../../', import.meta.url).pathname;
const pages = ['README.md', ...readdirSync(join(repo, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** A page's anchors: its headings', and any `<a id="…">` it sets. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = listAnchors(markdown);
  for (const [, id] of markdown.matchAll(/<a id="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

test('every relative link in README.md and docs/ names an existing file and heading', () => {
  const dead: string[] = [];
  for (const page of pages) {
    // Links outside code blocks only: a snippet may show a link that is not one.
    const text = readFileSync(join(repo, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const file = path === '' ? join(repo, page) : join(repo, dirname(page), path);
      if (!existsSync(file)) dead.push(`${page}: ${target} (no ${relative(repo, file)})`);
      else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) dead.push(`${page}: ${target} (no heading #${anchor})`);
    }
  }
  assert.deepEqual(dead, []);
});
