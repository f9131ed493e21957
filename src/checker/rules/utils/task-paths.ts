// Paths inside an eval's task folder, as evals.json writes them (`files`, `setup_files`): '/'-separated.
import { posix } from 'node:path';

/** Whether a path is absolute on any platform the task may be copied on: `/x`, `\x`, `C:\x`, `C:/x`. */
export function isAbsoluteTaskPath(path: string): boolean {
  return path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:/.test(path);
}

/**
 * The path normalized below the task folder ("a/./b/../c" → "a/c", "./" → "."), or undefined when
 * `..` climbs above it. Backslashes count as separators: a task copied on Windows would read them so.
 */
export function normalizeTaskPath(path: string): string | undefined {
  const normal = posix.normalize(path.replace(/\\/g, '/')).replace(/\/+$/, '');
  if (normal === '..' || normal.startsWith('../')) return undefined;
  return normal === '' ? '.' : normal;
}

/** Whether two normalized task paths name the same file or one lies inside the other (a folder and its contents). */
export function taskPathsOverlap(a: string, b: string): boolean {
  if (a === '.' || b === '.') return true;
  return a === b || a.startsWith(b + '/') || b.startsWith(a + '/');
}

/** Why an eval's `files` entry cannot be staged: it must name a place below the task folder. */
export type FixturePathProblem = 'empty' | 'nul' | 'absolute' | 'climbs' | 'task';

/**
 * What is wrong with a `files` entry, or undefined when campaign can copy it to that path in the
 * task: not empty, no NUL, not absolute, no `..` segment at all (the copy is made by that path
 * below `files_root` and below the task, so a `..` could go through a linked folder), and not the
 * task itself (`.`, `./`), which would replace the whole template. `\` counts as a separator.
 */
export function fixturePathProblem(path: string): FixturePathProblem | undefined {
  if (path === '') return 'empty';
  if (path.includes('\u0000')) return 'nul';
  if (isAbsoluteTaskPath(path)) return 'absolute';
  const segments = path.split(/[\\/]/);
  if (segments.includes('..')) return 'climbs';
  if (segments.every((s) => s === '.' || s === '')) return 'task';
  return undefined;
}
