// What the links in the CLI's instruction folders lead to. The CLIs follow them (Claude Code's
// docs suggest ~/.claude/rules/shared.md -> ~/notes/shared.md for rules shared between machines),
// so a link's target is an instruction too: the folder's read-only bind does not reach it, and
// its link text alone does not say when it changed. Followed here as the CLI follows them — which
// reads only what the CLI itself reads — but never into the kernel's own trees (/proc, /sys,
// /dev: a read there can block, never end, or mean nothing), never opening anything but a regular
// file (a FIFO would block), never into what the sessions' namespaces hide (the CLI reads an empty
// folder there, and eval-magic writes in it), never into a folder that holds HOME or the temporary
// folder (what the CLI and the sessions write would change it after every run), and with a cap on
// what one instruction path can lead to.
import { lstatSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileSha256, listTree, treeDigest, type TreeEntry } from '../fs/file-tree.js';
import { isInsideNormalized } from '../fs/inside.js';
import { workRoot } from '../process/work-folders.js';

/** The kernel's trees, never read or bound: their "files" are not a user's text. */
export const KERNEL_TREES = ['/proc', '/sys', '/dev'];

/** Entries the links of one instruction path may lead to before the rest is left unread. */
export const MAX_LINKED_ENTRIES = 10_000;

/** Where links are not followed, by real paths: into `hidden` (what the namespaces show empty), nor into a folder that holds one of `holders`. */
export interface LinkBounds {
  hidden: readonly string[];
  holders: readonly string[];
}

/**
 * The bounds for an agent of environment `env`: `hidden` as given (the sessions' covers, and the
 * CLI's session stores, which each session has a private one of), and its HOME and the temporary
 * folder as holders.
 */
export function linkBounds(env: NodeJS.ProcessEnv, hidden: readonly string[]): LinkBounds {
  const real = (path: string) => {
    try {
      return realpathSync.native(path);
    } catch {
      return path;
    }
  };
  return { hidden: hidden.map(real), holders: [...(env.HOME ? [real(env.HOME)] : []), workRoot()] };
}

/** What the links below one instruction path lead to: a line per link (its state, for the digest), and the regular files and folders they reach, by real path. */
export interface LinkTargets {
  lines: string[];
  targets: string[];
  /** True when more was reachable than {@link MAX_LINKED_ENTRIES}: the rest is neither read nor bound. */
  capped: boolean;
}

/**
 * Follows every link among `entries` (the listing of `root`), and the links of the folders they
 * lead to, once each. `hash`: read each regular file reached for its digest (the state after a
 * run); without it, only the paths are gathered (the binds before a session).
 */
export function followLinks(root: string, entries: readonly TreeEntry[], hash: boolean, bounds: LinkBounds): LinkTargets {
  const found: LinkTargets = { lines: [], targets: [], capped: false };
  const seen = new Set<string>();
  let budget = MAX_LINKED_ENTRIES;
  const follow = (base: string, listed: readonly TreeEntry[], prefix: string) => {
    for (const entry of listed) {
      if (entry.kind !== 'link') continue;
      found.lines.push(`${prefix}${entry.path}: ${target(join(base, entry.path), `${prefix}${entry.path}/`)}`);
    }
  };
  const target = (link: string, prefix: string): string => {
    let real: string;
    try {
      real = realpathSync.native(link);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Dangling: what a session creates there is caught as a change.
      return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : `unreadable (${code ?? (error as Error).message})`;
    }
    if (KERNEL_TREES.some((tree) => isInsideNormalized(tree, real))) return `${real}, not read`;
    if (bounds.hidden.some((folder) => isInsideNormalized(folder, real))) return `${real}, hidden from the sessions, not read`;
    if (seen.has(real)) return `${real} again`;
    seen.add(real);
    let stats;
    try {
      stats = lstatSync(real);
    } catch (error) {
      return `unreadable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
    }
    if (stats.isFile()) {
      found.targets.push(real);
      if (!hash) return real;
      try {
        return `${real}, ${stats.size} bytes, sha256 ${fileSha256(real)}`;
      } catch (error) {
        return `${real}, unreadable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      }
    }
    if (!stats.isDirectory()) return `${real}, not a regular file (mode ${stats.mode.toString(8)})`;
    const holds = bounds.holders.find((path) => isInsideNormalized(real, path));
    if (holds !== undefined) return `${real}, a folder holding ${holds}, not read`;
    let listed: TreeEntry[];
    try {
      listed = listTree(real, real, (_, absolute) => bounds.hidden.some((folder) => isInsideNormalized(folder, absolute)), 'leave-out');
    } catch (error) {
      return `${real}, unreadable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
    }
    if (listed.length > budget) {
      found.capped = true;
      return `${real}, a folder of more than ${MAX_LINKED_ENTRIES} entries, not read`;
    }
    budget -= listed.length;
    found.targets.push(real);
    const state = hash ? `${real}, a folder, sha256 ${treeDigest(real, listed)}` : real;
    follow(real, listed, prefix);
    return state;
  };
  follow(root, entries, '');
  return found;
}
