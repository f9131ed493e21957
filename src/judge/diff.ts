// The run's changes as the judge reads them: the run's diff.patch when it has one, else a unified
// diff computed from the task as staged to the task as the run left it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { listTree, type TreeEntry } from '../fs/file-tree.js';
import { readRegularText } from '../fs/read-file.js';

/** The file a run may carry its own diff in. */
const DIFF_FILE = 'diff.patch';
/** A file larger than this is listed as changed, not diffed (its lines would swamp the packet). */
const MAX_DIFFED_FILE_BYTES = 256 * 1024;
/** Folders no diff shows: version-control data. */
const NEVER_SHOWN = new Set(['.git']);

/** The run's diff, where it came from, or why there is none. */
export type RunDiff = { text: string; source: 'diff.patch' | 'computed' } | { text: undefined; missing: string };

/**
 * The run's diff: `diff.patch` in the run folder if present; else computed from `stagedDir` to
 * `taskDir` (both absolute), leaving out `exclude` (task-relative paths: the staged skill).
 */
export function runDiff(runDir: string, taskDir: string | undefined, stagedDir: string | undefined, exclude: readonly string[]): RunDiff {
  const own = readRegularText(join(runDir, DIFF_FILE), 'a diff.patch', { noFollow: true });
  if (own.ok) return { text: own.text, source: 'diff.patch' };
  if (own.code !== 'enoent') return { text: undefined, missing: `the run's diff.patch cannot be read: ${own.message}` };
  if (taskDir === undefined || stagedDir === undefined) return { text: undefined, missing: 'the run kept no staged copy of its task, so there is nothing to diff against' };
  try {
    return { text: computeDiff(stagedDir, taskDir, exclude), source: 'computed' };
  } catch (error) {
    return { text: undefined, missing: `the task folders could not be read: ${(error as Error).message}` };
  }
}

/** A unified diff (a/ and b/ prefixes, as git writes them) of every file that differs. */
export function computeDiff(before: string, after: string, exclude: readonly string[]): string {
  const skip = (path: string) => NEVER_SHOWN.has(path.split('/')[0]!) || exclude.some((e) => path === e || path.startsWith(`${e}/`));
  const files = (root: string) => new Map(listTree(root, 'a task folder', (path) => skip(path)).filter((e) => e.kind !== 'folder').map((e) => [e.path, e]));
  const old = files(before);
  const now = files(after);
  const paths = [...new Set([...old.keys(), ...now.keys()])].sort();
  const parts: string[] = [];
  for (const path of paths) {
    const a = old.get(path);
    const b = now.get(path);
    const oldText = a ? contentOf(join(before, path), a) : '';
    const newText = b ? contentOf(join(after, path), b) : '';
    if (a && b && oldText === newText && a.kind === b.kind) continue;
    if (oldText === undefined || newText === undefined) {
      parts.push(`diff --git a/${path} b/${path}\n(binary or larger than ${MAX_DIFFED_FILE_BYTES} bytes: changed, not shown)\n`);
      continue;
    }
    const patch = createTwoFilesPatch(a ? `a/${path}` : '/dev/null', b ? `b/${path}` : '/dev/null', oldText, newText, undefined, undefined, { context: 3 });
    // The first line of jsdiff's patch is its own `===` rule; git's header reads better.
    parts.push(`diff --git a/${path} b/${path}\n${patch.split('\n').slice(1).join('\n')}`);
  }
  return parts.join('');
}

/** A file's text, a link as `link -> target`; undefined for a binary or oversized file. */
function contentOf(path: string, entry: TreeEntry): string | undefined {
  if (entry.kind === 'link') return `link -> ${entry.target}\n`;
  const bytes = readFileSync(path);
  if (bytes.length > MAX_DIFFED_FILE_BYTES || bytes.includes(0)) return undefined;
  return bytes.toString('utf8');
}
