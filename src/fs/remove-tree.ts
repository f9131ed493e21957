// Removing what an agent left: as `rm -rf`, but a folder it made read-only does not stop it.
import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** A removal refused for want of write permission on a folder. */
export function isDenied(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM';
}

/**
 * `rm -rf path` of a tree an agent worked in (its work folder, a run's kept task): a folder the
 * agent made read-only (chmod a-w, as Go's module cache is made) is this user's own, so it is
 * opened (0700) and the removal tried again — not left behind, failing what had to remove it.
 */
export function removeOwnTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch (error) {
    if (!isDenied(error)) throw error;
    openFolders(path);
    rmSync(path, { recursive: true, force: true });
  }
}

/** Gives this user every permission on each folder of the tree at `path` (never following a link); one it does not own is left as it is. */
function openFolders(path: string): void {
  try {
    if (!lstatSync(path).isDirectory()) return;
    chmodSync(path, 0o700);
  } catch {
    return;
  }
  let names: string[];
  try {
    names = readdirSync(path);
  } catch {
    return;
  }
  for (const name of names) openFolders(join(path, name));
}
