// Each agent session's own temporary folders, as systemd's PrivateTmp gives a service: in the
// session's mount namespace a folder of the session's own covers each of {@link TEMPORARY_FOLDERS}
// (and $TMPDIR, wherever it is), so what one session leaves there (a skill's notes,
// /tmp/notes-<skill>.md, /var/tmp/…, /dev/shm/…) no other session of either arm finds, while its own
// later rounds do, as an agent resumed by a user would; it goes with the session's folder. (An
// empty tmpfs where there is no such folder.) What the session itself needs below
// them (its holder of work folders, HOME, its program, a socket its environment names) is bound
// back at its own path: the entry of the real folder that holds it, reached through a descriptor
// the init opened on the real folder before the tmpfs hid it (./containment.ts, ./mount-table.ts).
import { chmodSync, lstatSync, mkdirSync, readlinkSync, realpathSync, rmdirSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { pathInside } from '../fs/inside.js';

/** A temporary folder shown as the session's own, but for the entries of the real one named in `keep`, bound back. */
export interface PrivateTemp {
  /** Its real path. */
  path: string;
  /** Names of the real folder's entries (folders) bound back at their own paths. */
  keep: readonly string[];
  /**
   * Links of the real folder the session's paths go through that lead into a temporary folder
   * (a $TMPDIR of `/tmp/x` leading to `/var/tmp/x`), which a bind cannot keep: made again, as
   * written, in the session's own folder ({@link from}), where they lead into its own folders.
   */
  links?: readonly { name: string; target: string }[];
  /**
   * Names of the real folder's entries that are no folder (a file, a socket: `/tmp/agent.sock`)
   * the session's paths name, bound back at their own paths onto an empty file made in the
   * session's own folder ({@link from}; a tmpfs has no file to bind onto).
   */
  files?: readonly string[];
  /**
   * The session's own folder shown there, which every round of the session finds as the last one
   * left it (../process/work-folders.ts tempBeside); none: an empty tmpfs, gone with the namespace.
   */
  from?: string;
}

/**
 * The temporary folders every program of the user shares, each made the session's own: /tmp and
 * /var/tmp (systemd's PrivateTmp) and /dev/shm (POSIX shared memory, and files kept off the disk),
 * all open to everyone; and $TMPDIR besides. One the system does not have is skipped.
 */
const TEMPORARY_FOLDERS = ['/tmp', '/var/tmp', '/dev/shm'] as const;

/** The temporary folders of an environment `env`, as named (not yet real paths): {@link TEMPORARY_FOLDERS} and its $TMPDIR. */
export function temporaryFolders(env: NodeJS.ProcessEnv): string[] {
  return [...TEMPORARY_FOLDERS, ...(env.TMPDIR !== undefined ? [env.TMPDIR] : [])];
}

/** How plans name the temporary folders a session cannot have of its own where the mounts cannot be made. */
export const TEMPORARY_FOLDERS_NAMED = `${TEMPORARY_FOLDERS.join(', ')} and the temporary folder`;

/** At most this many: {@link TEMPORARY_FOLDERS} and $TMPDIR (the init holds each on a descriptor of its own, 6 to 9: a POSIX shell names none above 9). */
export const MAX_PRIVATE_TEMPS = TEMPORARY_FOLDERS.length + 1;

/**
 * The private temporary folders of a session whose environment is `env` and which needs the paths
 * of `needed` (its own folders, HOME, its program…), outermost first. Every absolute path the
 * environment names (PATH's entries too: a socket, a log, a tool) is kept as well: the variables
 * are the same in both arms. An entry is kept whole (`/tmp/<name>`): a folder, or, with the
 * session's own folder `own`, a file right in /tmp (a socket at `/tmp/agent.sock`: bound onto an
 * empty file made there; a tmpfs has none) and a link (made again there).
 */
export function privateTemps(needed: readonly string[], env: NodeJS.ProcessEnv, own?: string, whole: readonly string[] = []): PrivateTemp[] {
  // A temporary folder that is itself one the session needs whole (HOME=/tmp, $TMPDIR=$HOME: its
  // CLI's login and settings) stays the real one, as before there were private ones: covered, the
  // agent would find its HOME empty.
  const kept = new Set(whole.flatMap((path) => (isAbsolute(path) ? [realFolder(path)] : [])));
  const folders: string[] = [];
  for (const candidate of temporaryFolders(env)) {
    const real = isAbsolute(candidate) ? realFolder(candidate) : undefined;
    if (real !== undefined && real !== '/' && !kept.has(real) && !folders.includes(real)) folders.push(real);
  }
  // Outermost first: a $TMPDIR below /tmp is covered after /tmp (its mount point made in the new one).
  // (A stable sort: the same folders in the same order every round, each the session's own `<i>`.)
  folders.sort((a, b) => a.length - b.length);
  const keep = folders.map(() => new Set<string>());
  const links = folders.map(() => new Map<string, string>());
  const files = folders.map(() => new Set<string>());
  const named = Object.values(env).flatMap((value) => (value === undefined ? [] : value.split(delimiter).filter((part) => isAbsolute(part))));
  // Each path as written too (a file not made yet, a log, still needs its folder) and by its real path.
  for (const path of new Set([...needed, ...named].flatMap((p) => [resolve(p), realOrUndefined(p)]))) {
    if (path === undefined) continue;
    const at = innermost(folders, path);
    if (at === undefined || at.rel === '') continue;
    const name = at.rel.split('/')[0]!;
    const entry = `${folders[at.index]}/${name}`;
    if (folders.includes(entry)) continue;
    if (keptEntry(entry, folders)) keep[at.index]!.add(name);
    else if (own !== undefined) {
      const target = linkTarget(entry);
      if (target !== undefined) links[at.index]!.set(name, target);
      else if (isOtherThanFolder(entry)) files[at.index]!.add(name);
    }
  }
  return folders.map((path, i) => ({ path, keep: [...keep[i]!].sort(), ...(own !== undefined ? { from: join(own, String(i)), links: [...links[i]!].sort().map(([name, target]) => ({ name, target })), files: [...files[i]!].sort() } : {}) }));
}

/** A session's own temporary folder, made once and kept for its later rounds: open to all as /tmp is (1777; its holder is the user's alone). */
export function makeOwnTemp({ from: path, keep, links = [], files = [] }: PrivateTemp & { from: string }): void {
  // An agent can reach it (its own entry): a link put there by an earlier round would be followed
  // by the bind, and by a mkdir (which would make a folder where it leads): each level is checked first.
  for (const folder of [dirname(path), path]) {
    const found = lstatSync(folder, { throwIfNoEntry: false });
    if (found === undefined) mkdirSync(folder, { mode: 0o700 });
    else if (!found.isDirectory()) throw new Error(`${folder} is no longer a folder`);
  }
  chmodSync(path, 0o1777);
  // The mount points an earlier round made for the entries kept (empty folders): `mount --all`
  // skips a bind whose target is there and whose source is a mount listed at that path (a kept
  // entry that is a mount point outside, under the covered /tmp), so the next round showed it empty.
  for (const name of keep) {
    try {
      rmdirSync(join(path, name));
    } catch {
      // Not there, or not an empty folder: made again, or left as the agent made it.
    }
  }
  // The real folder's links the session goes through ($TMPDIR a link in /tmp), unless it made something else of the name.
  for (const { name, target } of links) {
    const at = join(path, name);
    const found = lstatSync(at, { throwIfNoEntry: false });
    if (found?.isSymbolicLink() && readlinkSync(at) === target) continue;
    if (found !== undefined && !found.isSymbolicLink()) continue;
    if (found !== undefined) unlinkSync(at);
    symlinkSync(target, at);
  }
  // An empty file for each file of the real folder bound back: a bind needs a file to go onto (a link the agent put there would be followed).
  for (const name of files) {
    const at = join(path, name);
    const found = lstatSync(at, { throwIfNoEntry: false });
    if (found?.isFile()) continue;
    if (found?.isDirectory()) throw new Error(`${at} is a folder, where the file ${name} it keeps goes`);
    if (found !== undefined) unlinkSync(at);
    writeFileSync(at, '', { flag: 'wx', mode: 0o600 });
  }
}

/**
 * Whether an entry of a real temporary folder can be bound back: a folder, or a link to a folder
 * outside every temporary folder (the bind follows it; one into a temporary folder could lead
 * into the new empty one, where the mount would fail).
 */
function keptEntry(entry: string, folders: readonly string[]): boolean {
  try {
    const info = lstatSync(entry);
    if (info.isDirectory()) return true;
    if (!info.isSymbolicLink()) return false;
    const real = realOrUndefined(entry);
    return real !== undefined && innermost(folders, real) === undefined && statSync(real).isDirectory();
  } catch {
    // Gone meanwhile: nothing to keep.
    return false;
  }
}

/** Whether `path` is there and neither a folder nor a link (a file, a socket, a FIFO). */
function isOtherThanFolder(path: string): boolean {
  const found = lstatSync(path, { throwIfNoEntry: false });
  return found !== undefined && !found.isDirectory() && !found.isSymbolicLink();
}

/** What the link at `path` holds, as written; undefined when it is no link (or gone). */
function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `path` is still there in a namespace with `temps`: outside every temporary folder, or in
 * a kept entry of the innermost one holding it (or that folder itself, empty). What is not there
 * cannot be covered or bound (and is hidden already).
 */
export function shownWith(temps: readonly PrivateTemp[], path: string): boolean {
  const real = realOrUndefined(path) ?? path;
  const at = innermost(temps.map((t) => t.path), real);
  if (at === undefined || at.rel === '') return true;
  const name = at.rel.split('/')[0]!;
  return temps[at.index]!.keep.includes(name) || (temps[at.index]!.files ?? []).includes(name) || temps.some((t) => t.path === `${temps[at.index]!.path}/${name}`);
}

/** The innermost of `folders` holding `path`, and `path` relative to it. */
function innermost(folders: readonly string[], path: string): { index: number; rel: string } | undefined {
  let found: { index: number; rel: string } | undefined;
  folders.forEach((folder, index) => {
    const rel = pathInside(folder, path);
    if (rel !== undefined && (found === undefined || folder.length > folders[found.index]!.length)) found = { index, rel };
  });
  return found;
}

function realFolder(path: string): string | undefined {
  try {
    const real = realpathSync.native(path);
    return lstatSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The real path (one syscall: every round asks it of each path its environment names), or undefined where there is none. */
function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}
