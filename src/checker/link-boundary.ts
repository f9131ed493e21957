// Where links may lead: a link met by a search or a lookup is followed only into the folders named on the command line.
import { lstatSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isInsideNormalized } from '../fs/inside.js';
import { isFolder, realFolder } from '../fs/folders.js';

/**
 * The folders named among `paths`, and `boundary` (check's linkBoundary) when given, as the file
 * system resolves them: the boundary links found below them, or named below `boundary`, may not leave.
 */
export function linkRoots(paths: readonly string[], cwd: string, boundary?: string): string[] {
  return [...paths, ...(boundary === undefined ? [] : [boundary])].filter((p) => p !== '-').map((p) => resolve(cwd, p)).filter(isFolder).map(realFolder);
}

/** Whether the link at `path` resolves outside every root (a dangling link is left to the read to report). */
export function linksOutside(path: string | Buffer, roots: readonly string[]): boolean {
  let target: string;
  try {
    // The kernel's resolution, as the read will meet it: JavaScript's realpathSync takes `..` out of a
    // link's text before following the links before it (`../a/../x` through a linked `a`), so a file
    // outside the roots could be judged inside.
    target = realpathSync.native(path).toString();
  } catch {
    return false;
  }
  return !roots.some((root) => isInsideNormalized(root, target));
}

/** Whether `path` itself is a symbolic link that resolves outside every root. */
export function isLinkOutside(path: string | Buffer, roots: readonly string[]): boolean {
  try {
    if (!lstatSync(path).isSymbolicLink()) return false;
  } catch {
    return false;
  }
  return linksOutside(path, roots);
}

/**
 * Whether `path` is reached through a symbolic link: it is one, or a folder on the way is. Told
 * from lstat and the folder's real path as bytes, not from its path as text changing: a real path
 * that is not UTF-8 is kept as named (realFolder), and a link to it went unseen.
 */
export function isReachedThroughLink(path: string): boolean {
  try {
    if (lstatSync(path).isSymbolicLink()) return true;
    const folder = dirname(path);
    return !realpathSync.native(folder, { encoding: 'buffer' }).equals(Buffer.from(folder));
  } catch {
    return false;
  }
}
