// diff_scope: which files the agent touched and how many lines it added and removed, between the
// task as it was staged (run.json `staged_dir`) and as the run left it (`task_dir`).
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readlinkSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { structuredPatch } from 'diff';
import type { DiffScopeAssertion, Verdict } from './types.js';

/** What the agent changed, counted as `git diff --numstat` would (a binary file: touched, no lines). */
export interface DiffMetrics {
  filesTouched: number;
  linesAdded: number;
  linesRemoved: number;
  hunks: number;
}

/** Folders no diff counts: version-control data. */
const NEVER_COUNTED = new Set(['.git']);
/** Past this many edits a line diff is not worth its time: the file counts as rewritten. */
const MAX_EDIT_LENGTH = 20_000;
/**
 * A changed file larger than this on either side counts as touched with no lines, as git counts
 * one past its core.bigFileThreshold: its lines would be held in memory twice and diffed for
 * longer than the whole comparison. Unchanged files of any size are compared piece by piece.
 */
export const MAX_DIFFED_BYTES = 16 * 2 ** 20;
/** Bytes compared at a time when two files have the same size. */
const PIECE = 1 << 20;

/**
 * Measures the change from `stagedDir` to `taskDir`. `exclude` are task-relative paths left out
 * (the staged skill folder, which only one arm has). Links are compared as links, never followed.
 */
export function measureDiff(stagedDir: string, taskDir: string, exclude: readonly string[] = []): DiffMetrics {
  const skip = new Set(exclude.map((p) => p.replace(/\\/g, '/').replace(/\/+$/, '')));
  const before = listFiles(stagedDir, skip);
  const after = listFiles(taskDir, skip);
  const metrics: DiffMetrics = { filesTouched: 0, linesAdded: 0, linesRemoved: 0, hunks: 0 };
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(path);
    const b = after.get(path);
    const oldFile = a === undefined ? undefined : join(stagedDir, ...path.split('/'));
    const newFile = b === undefined ? undefined : join(taskDir, ...path.split('/'));
    if (a !== undefined && b !== undefined && unchanged(oldFile!, a, newFile!, b)) continue;
    metrics.filesTouched++;
    if (tooLargeToDiff(a) || tooLargeToDiff(b)) continue;
    const oldBytes = a === undefined ? undefined : contentOf(oldFile!, a);
    const newBytes = b === undefined ? undefined : contentOf(newFile!, b);
    if ((oldBytes && oldBytes.includes(0)) || (newBytes && newBytes.includes(0))) continue; // binary, as git's "-"
    const counted = countLines(oldBytes?.toString('utf8') ?? '', newBytes?.toString('utf8') ?? '');
    metrics.linesAdded += counted.added;
    metrics.linesRemoved += counted.removed;
    metrics.hunks += counted.hunks;
  }
  return metrics;
}

/** Grades a diff_scope assertion against measured metrics (undefined: the run kept no staged copy). */
export function gradeDiffScope(assertion: DiffScopeAssertion, metrics: DiffMetrics | undefined, missing: string): Verdict {
  if (metrics === undefined) return { ungraded: { id: assertion.id, grader: 'diff_scope', reason: missing } };
  const lines = metrics.linesAdded + metrics.linesRemoved;
  const within = (value: number, limit: number | undefined) => limit === undefined || value <= limit;
  const part = (what: string, value: number, limit: number | undefined) => (limit === undefined ? `${what}: ${value} (no limit)` : `${what}: ${value} ${value <= limit ? '<=' : '>'} ${limit}`);
  const evidence = `${part('files touched', metrics.filesTouched, assertion.max_files_touched)}; ${part('lines changed', lines, assertion.max_lines_changed)} (${metrics.linesAdded} added + ${metrics.linesRemoved} removed); hunks: ${metrics.hunks}`;
  return { graded: { id: assertion.id, passed: within(metrics.filesTouched, assertion.max_files_touched) && within(lines, assertion.max_lines_changed), evidence, grader: 'diff_scope' } };
}

/** A regular file with its size, or a link with its target (never followed). */
type Entry = { kind: 'file'; size: number } | { kind: 'link'; target: string };

/** Every regular file and link under `root`, by '/'-separated relative path. */
function listFiles(root: string, skip: ReadonlySet<string>): Map<string, Entry> {
  const found = new Map<string, Entry>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix + entry.name;
      if (skip.has(rel) || (prefix === '' && NEVER_COUNTED.has(entry.name))) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full, rel + '/');
      else if (entry.isSymbolicLink()) found.set(rel, { kind: 'link', target: readlinkSync(full, 'utf8') });
      else if (entry.isFile()) found.set(rel, { kind: 'file', size: lstatSync(full).size });
    }
  };
  walk(root, '');
  return found;
}

function tooLargeToDiff(entry: Entry | undefined): boolean {
  return entry?.kind === 'file' && entry.size > MAX_DIFFED_BYTES;
}

/** Whether two entries hold the same: links by target, files by size and then bytes, a piece at a time. */
function unchanged(oldPath: string, a: Entry, newPath: string, b: Entry): boolean {
  if (a.kind === 'link' || b.kind === 'link') return a.kind === 'link' && b.kind === 'link' && a.target === b.target;
  if (a.size !== b.size) return false;
  return withFile(oldPath, (oldFd) =>
    withFile(newPath, (newFd) => {
      const left = Buffer.allocUnsafe(PIECE);
      const right = Buffer.allocUnsafe(PIECE);
      for (let at = 0; ; at += PIECE) {
        const n = readSync(oldFd, left, 0, PIECE, at);
        const m = readSync(newFd, right, 0, PIECE, at);
        if (n !== m || !left.subarray(0, n).equals(right.subarray(0, m))) return false;
        if (n === 0) return true;
      }
    }),
  );
}

/** What a diff reads of an entry: a link as the line `link -> <target>` (as git shows one), a file's bytes (at most MAX_DIFFED_BYTES, checked before). */
function contentOf(path: string, entry: Entry): Buffer {
  if (entry.kind === 'link') return Buffer.from(`link -> ${entry.target}`);
  return withFile(path, (fd) => {
    const bytes = Buffer.allocUnsafe(entry.size);
    let filled = 0;
    for (let n; filled < bytes.length && (n = readSync(fd, bytes, filled, bytes.length - filled, filled)) > 0; ) filled += n;
    return bytes.subarray(0, filled);
  });
}

/**
 * Opens a file the listing found regular, never following a link and never blocking; an entry
 * that is no longer a regular file (something replaced it) is an error, and the assertion goes
 * ungraded, as for any folder that cannot be read.
 */
function withFile<T>(path: string, use: (fd: number) => T): T {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`${path} is no longer a regular file`), { code: 'ENOTFILE' });
    return use(fd);
  } finally {
    closeSync(fd);
  }
}

/** Lines added and removed and hunks (no context), as `git diff --unified=0` counts them. */
export function countLines(oldText: string, newText: string): { added: number; removed: number; hunks: number } {
  const patch = structuredPatch('a', 'b', oldText, newText, undefined, undefined, { context: 0, maxEditLength: MAX_EDIT_LENGTH });
  if (patch === undefined) return { added: lineCount(newText), removed: lineCount(oldText), hunks: 1 };
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  }
  return { added, removed, hunks: patch.hunks.length };
}

function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
