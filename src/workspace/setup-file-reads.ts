// What a command_check's copy of a setup file reads: the one reading that compare's copy
// (compare/graders/command-check.ts) and campaign.json's digest of it (./setup-files.ts) share,
// so the bytes digested are the bytes the command runs on. Held-out files are copied as files:
// links are followed, within the evals folder alone; FIFOs, sockets and devices are left out.
import { existsSync, lstatSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, relative } from 'node:path';
import { isCopiedKind } from '../fs/file-tree.js';
import { isInsideNormalized } from '../fs/inside.js';

/** One entry the copy writes. */
export interface SetupEntry {
  /** '/'-separated below the setup file ('' for the setup file itself). */
  path: string;
  kind: 'folder' | 'file';
  /** The path the copy is handed (a link's own path: the copy follows it). */
  at: string;
  /** Where its bytes are read from: a link's target, resolved. */
  source: string;
  /** Files: whether any execute bit is set (the copy keeps the mode). */
  executable: boolean;
}

/**
 * What the copy of a setup file writes, in path order, or why its command_check is ungraded
 * (`missing`: not there at all), given how to name the evals folder: grading.json and the report
 * name it differently (compare/graders/told.ts).
 */
export type SetupReads = { entries: SetupEntry[] } | { problem: (name: (path: string) => string) => string; missing?: true };

/**
 * What the command_check's copy of `file` (a setup file as evals.json names it, a path check's
 * setup-files-path passes) reads from `evalsDir`. Never throws: a file system error is a problem.
 */
export function setupFileReads(evalsDir: string, file: string): SetupReads {
  const named = `setup file ${JSON.stringify(file)}`;
  const top = join(evalsDir, file);
  try {
    if (!existsSync(top)) return { problem: (name) => `${named} was not found in ${name(evalsDir)}`, missing: true };
    // The kernel's resolution (native), as the copy meets it: JavaScript's realpathSync reads `..` in a
    // link's text before following the links before it, so `../a/../x` through a linked `a` was another file.
    const root = realpathSync.native(evalsDir);
    const real = realpathSync.native(top);
    if (!isInsideNormalized(root, real)) return { problem: () => `${named} is a link out of the evals folder (${relative(root, real)})` };
    const stat = statSync(real);
    if (!stat.isFile() && !stat.isDirectory()) return { problem: () => `${named} is neither a file nor a folder` };
    const entries: SetupEntry[] = [];
    const outside = walk({ path: '', at: top, source: real, stat }, root, evalsDir, entries, new Set());
    if (outside !== undefined) return { problem: () => `${named} holds a link out of the evals folder (${outside})` };
    // In the order a tree's digest lists its entries (fs/file-tree.ts listTree).
    return { entries: entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
  } catch (error) {
    return { problem: () => `${named} could not be copied in: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
}

interface Found {
  path: string;
  at: string;
  source: string;
  stat: Stats;
}

/** Adds `found` and what it holds to `entries`; the first link out of `root`, as the evals folder names it, if any. */
function walk(found: Found, root: string, evalsDir: string, entries: SetupEntry[], open: Set<string>): string | undefined {
  const isFolder = found.stat.isDirectory();
  entries.push({ path: found.path, kind: isFolder ? 'folder' : 'file', at: found.at, source: found.source, executable: !isFolder && (found.stat.mode & 0o111) !== 0 });
  if (!isFolder) return undefined;
  // A link back to a folder being copied would be copied without end.
  if (open.has(found.source)) throw Object.assign(new Error('a link back into a folder it is in'), { code: 'ELOOP' });
  open.add(found.source);
  for (const name of readdirSync(found.at).sort()) {
    const at = join(found.at, name);
    const path = found.path === '' ? name : `${found.path}/${name}`;
    const own = lstatSync(at);
    // Read by real paths, so that a link back to a folder being copied is known as such.
    let source = join(found.source, name);
    if (own.isSymbolicLink()) {
      // A link to nowhere: the copy fails on it, as on a file it may not read.
      source = realpathSync.native(at);
      if (!isInsideNormalized(root, source)) return relative(evalsDir, at);
    }
    const stat = own.isSymbolicLink() ? statSync(source) : own;
    if (!isCopiedKind(stat)) continue;
    const outside = walk({ path, at, source, stat }, root, evalsDir, entries, open);
    if (outside !== undefined) return outside;
  }
  open.delete(found.source);
  return undefined;
}
