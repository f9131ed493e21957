// Shared inputs of the html tests: the workspace-with-findings fixture checked with its artifacts kept, and a hostile artifact.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { check } from '../../src/index.js';
import type { CheckReport } from '../../src/index.js';
import { repoRoot } from './reports.js';

/** A workspace with one eval run with and without the skill (a stop with findings), and one artifact cut short. */
export const FINDINGS_WORKSPACE = 'fixtures/html/workspace-with-findings';

export function checkKeeping(paths: string[], cwd = repoRoot, concurrency: 'off' | number = 'off'): Promise<CheckReport> {
  return check(paths, { cwd, keepArtifacts: true, concurrency });
}

/**
 * Text an attacker can put in an artifact so that a careless page runs it: a script element,
 * the end of the page's own data block, an event handler, a javascript: link, a comment opener,
 * U+2028/U+2029 (which end a line in old JavaScript), a bidi override and an ESC.
 */
export const HOSTILE_TEXT =
  '</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> <a href="javascript:window.__pwned = 3">click</a> <!-- <svg onload=alert(1)> \u2028line\u2029para \u202Eevil \u001b[31m &amp; ${x} `t` hid\u200bden \u{e0068}\u{e0069}';

/** Temporary folders made for a test file, removed when its process exits. */
const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder that is removed when the test process exits. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A workspace folder with one conversation whose every text is hostile (also in its path, tool call and evals.json). */
export function writeHostileWorkspace(): string {
  const dir = tempDir('em-html-hostile-');
  const folder = join(dir, '.eval-magic', 'skill', 'iteration-1', 'eval-x', 'with_skill <img src=x onerror=alert(1)>');
  mkdirSync(folder, { recursive: true });
  mkdirSync(join(dir, 'skill', 'evals'), { recursive: true });
  writeFileSync(join(dir, 'skill', 'evals', 'evals.json'), JSON.stringify({ skill_name: 'skill', evals: [{ id: 'x', prompt: HOSTILE_TEXT, turns: [{ prompt: HOSTILE_TEXT, deliver_when: 'always' }] }] }, null, 2));
  const conversation = {
    status: 'completed',
    delivered_followups: 1,
    events: [
      { type: 'user_message', ordinal: 0, round: 1, text: HOSTILE_TEXT },
      { type: 'tool_invocation', ordinal: 1, round: 1, name: HOSTILE_TEXT, args: { command: HOSTILE_TEXT }, result: HOSTILE_TEXT },
      { type: 'assistant_message', ordinal: 2, round: 1, text: HOSTILE_TEXT },
      { type: 'user_message', ordinal: 3, round: 2, text: HOSTILE_TEXT },
      { type: 'assistant_message', ordinal: 4, round: 2, text: '   ' },
    ],
  };
  writeFileSync(join(folder, 'conversation.json'), JSON.stringify(conversation, null, 2));
  return dir;
}

/** The embedded data of a page, parsed back as the browser would. */
export function pageData(html: string): { files: Array<{ path: string; z?: string; findings: unknown[][]; label: string; group: number; parsed?: boolean }>; groups: Array<{ title: string; files: number[]; eval?: { id: string; prompt?: string; turns: Array<{ prompt?: string }> } }>; rules: Array<{ id: string; help: string }> } {
  const match = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no data block');
  return JSON.parse(match[1]!);
}

/** A file's text as the page decodes it. */
export function decodeText(z: string): string {
  return inflateRawSync(Buffer.from(z, 'base64')).toString('utf8');
}
