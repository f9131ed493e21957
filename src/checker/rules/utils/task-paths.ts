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
