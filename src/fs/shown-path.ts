// How every message and report names a file the user gave or the check found.
import { pathInside } from './inside.js';

/** `path` relative to `cwd` when inside it (the same on every machine), `/`-separated; else absolute. */
export function shownPath(cwd: string, path: string): string {
  const rel = pathInside(cwd, path);
  return rel === '' || rel === undefined ? path : rel;
}
