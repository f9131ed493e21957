// Whether one path lies inside another: the one containment test, by path segments (a child folder
// named `..x` is inside; `../x` is not).
import { isAbsolute, relative, sep } from 'node:path';

/**
 * `path` below `root` as '/'-separated segments ('' for `root` itself), or undefined when it is not
 * at or below it. Both are taken as written: resolve links first when that matters.
 */
export function pathInside(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  if (rel === '') return '';
  if (isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) return undefined;
  return rel.split(sep).join('/');
}

/** Whether `path` is `root` or lies below it (`strict`: below it only). */
export function isInside(root: string, path: string, strict = false): boolean {
  const inside = pathInside(root, path);
  return inside !== undefined && (!strict || inside !== '');
}

/**
 * {@link isInside} for two absolute, normalized paths (as `resolve` and `realpath` give them),
 * by string prefix: for the hot paths of a search, where `relative` would cost more than the test.
 */
export function isInsideNormalized(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}
