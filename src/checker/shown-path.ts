// How every message and report names a file the user gave or the check found.
import { isAbsolute, relative, sep } from 'node:path';

/** `path` relative to `cwd` when inside it (the same on every machine), `/`-separated; else absolute. */
export function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : path;
}
