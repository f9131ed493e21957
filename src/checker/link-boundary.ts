// Where links may lead: a link met by a search or a lookup is followed only into the folders named on the command line.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/** A folder's real path (links resolved), or the path itself when it cannot be resolved. */
export function realFolder(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The folders named among `paths`, as the file system resolves them: the boundary links found below them may not leave. */
export function linkRoots(paths: readonly string[], cwd: string): string[] {
  return paths.filter((p) => p !== '-').map((p) => resolve(cwd, p)).filter(isFolder).map(realFolder);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether the link at `path` resolves outside every root (a dangling link is left to the read to report). */
export function linksOutside(path: string | Buffer, roots: readonly string[]): boolean {
  let target: string;
  try {
    target = realpathSync(path).toString();
  } catch {
    return false;
  }
  return !roots.some((root) => target === root || target.startsWith(root.endsWith(sep) ? root : root + sep));
}

/** Whether `path` itself is a symbolic link that resolves outside every root. */
export function isLinkOutside(path: string, roots: readonly string[]): boolean {
  try {
    if (!lstatSync(path).isSymbolicLink()) return false;
  } catch {
    return false;
  }
  return linksOutside(path, roots);
}
