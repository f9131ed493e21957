// diff_scope: which files the agent touched and how many lines it added and removed, between the
// task as it was staged (run.json `staged_dir`) and as the run left it (`task_dir`).
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
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
    const oldBytes = a === undefined ? undefined : contentOf(stagedDir, path, a);
    const newBytes = b === undefined ? undefined : contentOf(taskDir, path, b);
    if (oldBytes !== undefined && newBytes !== undefined && oldBytes.equals(newBytes) && a === b) continue;
    metrics.filesTouched++;
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

type EntryKind = 'file' | 'link';

/** Every regular file and link under `root`, by '/'-separated relative path. */
function listFiles(root: string, skip: ReadonlySet<string>): Map<string, EntryKind> {
  const found = new Map<string, EntryKind>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix + entry.name;
      if (skip.has(rel) || (prefix === '' && NEVER_COUNTED.has(entry.name))) continue;
      if (entry.isDirectory()) walk(join(dir, entry.name), rel + '/');
      else if (entry.isSymbolicLink()) found.set(rel, 'link');
      else if (entry.isFile()) found.set(rel, 'file');
    }
  };
  walk(root, '');
  return found;
}

function contentOf(root: string, path: string, kind: EntryKind): Buffer {
  const full = join(root, ...path.split('/'));
  if (kind === 'link') return Buffer.from(`link -> ${readlinkSync(full)}`);
  return lstatSync(full).isFile() ? readFileSync(full) : Buffer.alloc(0);
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
