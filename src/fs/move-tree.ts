// Moving a folder an agent worked in to where it is kept: a rename when both lie on one file
// system, else a copy that keeps links as links and leaves out what cannot be copied as data.
import { cpSync, lstatSync, renameSync } from 'node:fs';
import { removeOwnTree } from './remove-tree.js';

/**
 * Moves the folder `from` to `to` (which must not exist); `from` must be a real folder, never a link. Across file systems (a tmpfs `/tmp`, say)
 * the tree is copied — files with their mode, links as links (never followed) — and then removed;
 * a FIFO, socket or device the agent left is not copied (reading one could block for ever).
 * Returns how it went: `renamed` or `copied`.
 */
export function moveTree(from: string, to: string): 'renamed' | 'copied' {
  // A link (or file) where the folder was is not moved: kept, it would lead every reader of `to` elsewhere.
  if (!lstatSync(from).isDirectory()) throw new Error(`${from} is no longer a folder (a link or a file was put in its place); it is not kept`);
  try {
    renameSync(from, to);
    return 'renamed';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
  }
  cpSync(from, to, {
    recursive: true,
    verbatimSymlinks: true,
    errorOnExist: true,
    force: false,
    preserveTimestamps: true,
    filter: (source) => {
      const stat = lstatSync(source);
      return stat.isFile() || stat.isDirectory() || stat.isSymbolicLink();
    },
  });
  removeOwnTree(from);
  return 'copied';
}
