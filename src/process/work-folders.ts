// The folders agents work in, for every command that runs them (campaign's attempts, the judge's
// sessions): never below the run folder, whose path names the arm, the skill, the eval, the
// iteration and the run (every CLI puts its working folder into the model's prompt), but a neutral
// one of the same shape for every session — `<sessions>/<A>/<B>/work` — made per session: <A> once
// per command (its holder), <B> per session (its attempt). `<sessions>` is one folder for every
// command of this user (`<tmp>/eval-magic-sessions-<uid>`, 0700), so the agent's namespace hides
// every entry of it but its own `<A>/<B>` — the sessions running beside it in its own command and
// in any other (a second shard, another skill's campaign, a judge) (./containment.ts). The command
// removes <B> after the session (campaign first moves the task into the run folder) and <A> when
// it ends; one killed before that leaves them, named in its record (a run's run.json, a judgment's
// session.json), and the next command on that run or judgment removes them.
import { accessSync, constants, lstatSync, mkdirSync, mkdtempSync, realpathSync, rm, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { moveTree } from '../fs/move-tree.js';
import { isDenied, removeOwnTree } from '../fs/remove-tree.js';
import type { HideAround } from './containment.js';

/** The last level of every work folder: the name the agent sees as its project's. */
const WORK_NAME = 'work';

/** Where work folders are made: the system's temporary folder, by its real path (what the CLIs show). */
export function workRoot(): string {
  return realpathSync.native(tmpdir());
}

/** How the name of the folder every command's holder is made in starts: the user's id follows. */
const SESSIONS_FOLDER_PREFIX = 'eval-magic-sessions-';

/** The name of the folder every command's holder is made in, below {@link workRoot}. */
function sessionsFolderName(): string {
  return `${SESSIONS_FOLDER_PREFIX}${process.getuid?.() ?? 'user'}`;
}

/**
 * Where each command makes its holder: `<tmp>/eval-magic-sessions-<uid>`, made private to this
 * user (0700) on first use. A folder at that name that is not this user's own private folder (a
 * link, or one another user made first in a shared `/tmp`) is never used: the holders are then
 * made in `<tmp>` itself, where an agent's namespace hides only its own command's sessions.
 */
export function sessionsRoot(make = true): string {
  const folder = sessionsFolder(make);
  return 'unusable' in folder ? workRoot() : folder.path;
}

/**
 * The sessions folder ({@link sessionsRoot}), or why it cannot be used: then no agent is hidden from
 * another command's sessions (plans say so). Without `make` (a plan only: judge --dry-run) a missing
 * one is not made, but said as it would be: usable where it can be made.
 */
export function sessionsFolder(make = true): { path: string } | { unusable: string } {
  const root = join(workRoot(), sessionsFolderName());
  try {
    if (make) mkdirSync(root, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return cannotBeMade(root, error);
  }
  let info;
  try {
    info = lstatSync(root);
  } catch (error) {
    if (!make && (error as NodeJS.ErrnoException).code === 'ENOENT') return canMakeIn(dirname(root), root);
    return { unusable: `${root} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  if (info.isSymbolicLink()) return { unusable: `${root} is a symbolic link` };
  if (!info.isDirectory()) return { unusable: `${root} is not a folder` };
  if (process.getuid !== undefined && info.uid !== process.getuid()) return { unusable: `${root} belongs to another user (uid ${info.uid})` };
  if ((info.mode & 0o077) !== 0) return { unusable: `${root} is open to other users (mode ${(info.mode & 0o777).toString(8).padStart(4, '0')})` };
  return { path: root };
}

/** The sessions folder `root`, not made: usable where the folder it goes in lets this user make it. */
function canMakeIn(parent: string, root: string): { path: string } | { unusable: string } {
  try {
    accessSync(parent, constants.W_OK | constants.X_OK);
    return { path: root };
  } catch (error) {
    return cannotBeMade(root, error);
  }
}

function cannotBeMade(root: string, error: unknown): { unusable: string } {
  return { unusable: `${root} cannot be made (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
}

/** `{outputs_dir}` of a session is `<tmp>/<A>/<B>/out/turn-<r>`: beside its work folder, a path that names nothing (copied into the round folder after each round). */
export function cliOutputsBeside(work: string): string {
  return join(dirname(work), 'out');
}

/** A session's own temporary folders, `<tmp>/<A>/<B>/temp/<n>`, beside its work folder: its /tmp, /var/tmp, /dev/shm and $TMPDIR in every round (./private-temp.ts). */
export function tempBeside(work: string): string {
  return join(dirname(work), 'temp');
}

/** What a session writes under HOME, `<tmp>/<A>/<B>/home` (`upper`, and overlayfs's `work`), beside its work folder: kept for its later rounds (./private-home.ts). */
export function homeBeside(work: string): string {
  return join(dirname(work), 'home');
}

/** A session's private copy of its CLI's session store: `<tmp>/<A>/<B>/store`, beside its work folder (../runner/session-stores.ts). */
export function storeBeside(work: string): string {
  return join(dirname(work), 'store');
}

/**
 * What a session's namespace hides around its work folder (see {@link HideAround}): every entry of
 * the sessions folder but the session's own `<A>/<B>` — or, where the holders are made in `<tmp>`
 * itself, every entry of its holder but its own `<B>`.
 */
export function sessionsBeside(work: string): Required<Pick<HideAround, 'holder' | 'entry'>> {
  const attempt = dirname(work);
  const holder = dirname(attempt);
  const sessions = dirname(holder);
  if (basename(sessions) === sessionsFolderName() && dirname(sessions) === workRoot()) return { holder: sessions, entry: `${basename(holder)}/${basename(attempt)}` };
  return { holder, entry: basename(attempt) };
}

/**
 * The folders around a recorded work folder that its session's own paths name: its attempt's
 * `<A>/<B>` (its CLI's store, home, temporary folders and outputs) and, when it was made in one, the
 * sessions folder (`eval-magic-sessions-<uid>`) — read from the path's shape alone, as a run may be
 * judged on another machine or by another user. None for a path of another shape.
 */
export function sessionFoldersOf(work: string): { session: string; sessions: string | undefined } | undefined {
  if (basename(work) !== WORK_NAME) return undefined;
  const session = dirname(work);
  const sessions = dirname(dirname(session));
  return { session, sessions: basename(sessions).startsWith(SESSIONS_FOLDER_PREFIX) ? sessions : undefined };
}

/** A random level mkdtemp made: 6 letters and digits. */
const RANDOM_LEVEL = /^[A-Za-z0-9]{6}$/;

/**
 * The folder eval-magic made for the attempt whose work folder is `path`, if `path` has the shape
 * of a work folder it made: `<sessions>/<A>/<B>/work` or `<tmp>/<A>/<B>/work` gives `<A>/<B>` (and its holder `<A>`);
 * `<tmp>/<X>/work`, as eval-magic 0.1 made them (an older run.json may name one), gives
 * `<tmp>/<X>` — only while `<X>` holds that work folder: a holder (whose levels are `<B>`s, never
 * `work`) has the same shape, and one named so by a record (planted, or copied) would be a running
 * command's sessions. Only such a folder, read back from a record, is ever removed, and never
 * through a link: the level below the temporary folder is a real folder.
 */
function attemptFolder(path: string): { folder: string; holder?: string } | undefined {
  if (basename(path) !== WORK_NAME) return undefined;
  const folder = dirname(path);
  const root = workRoot();
  if (!RANDOM_LEVEL.test(basename(folder))) return undefined;
  if (dirname(folder) === root) return isRealFolder(folder) && isRealFolder(path) ? { folder } : undefined;
  const holder = dirname(folder);
  if (!RANDOM_LEVEL.test(basename(holder))) return undefined;
  // In the sessions folder, or (as eval-magic made them before it, and where it cannot be used) in <tmp> itself.
  const sessions = join(root, sessionsFolderName());
  const inRoot = dirname(holder) === root || (dirname(holder) === sessions && isRealFolder(sessions));
  return inRoot && isRealFolder(holder) ? { folder, holder } : undefined;
}

/** Whether `path` is a folder itself, not a link to one (or nothing). */
function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** One command's work folders, all in a holder `<sessions>/<A>` of its own (private to this user: mkdtemp makes it 0700). */
export class WorkFolders {
  #holder: string | undefined;

  /** The holder, made on first use; the agents' namespaces hide its other entries. */
  get holder(): string {
    this.#holder ??= mkdtempSync(sessionsRoot() + sep);
    return this.#holder;
  }

  /** Makes a fresh `<tmp>/<A>/<B>` and returns the path of its work folder, `<tmp>/<A>/<B>/work` (the caller makes it). */
  make(): string {
    try {
      return join(mkdtempSync(this.holder + sep), WORK_NAME);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The holder is gone (a temp cleaner, or another command took it for a killed one's): a new one.
      this.#holder = undefined;
      return join(mkdtempSync(this.holder + sep), WORK_NAME);
    }
  }

  /**
   * Moves the work folder `work` to `to` (the run folder's task folder) and removes its `<B>`.
   * Returns the time it took, in milliseconds, and whether it had to be copied.
   */
  keep(work: string, to: string): { ms: number; copied: boolean } {
    const started = performance.now();
    const how = moveTree(work, to);
    this.discard(work);
    return { ms: performance.now() - started, copied: how === 'copied' };
  }

  /**
   * Removes a work folder, with whatever an agent left beside it (its `<B>`); one an earlier
   * command left behind (it was cut short) takes that command's holder with it once it is empty.
   */
  discard(work: string): void {
    const made = attemptFolder(work);
    if (!made) return;
    removeOwnTree(made.folder);
    this.#dropEarlierHolder(made.holder);
  }

  /** {@link discard} on libuv's thread pool: the main thread meanwhile starts and reads other sessions. */
  async discardAsync(work: string): Promise<void> {
    const made = attemptFolder(work);
    if (!made) return;
    await new Promise<void>((resolve, reject) => rm(made.folder, { recursive: true, force: true }, (error) => (error ? reject(error) : resolve()))).catch((error: unknown) => {
      if (!isDenied(error)) throw error;
      removeOwnTree(made.folder);
    });
    this.#dropEarlierHolder(made.holder);
  }

  /**
   * {@link discard} of a work folder an earlier command was cut short in, as its record names it:
   * one this user may not remove (another user's, left by a killed `sudo eval-magic`) is left to
   * its owner, and what needed it goes on.
   */
  discardLeftover(work: string): void {
    try {
      this.discard(work);
    } catch (error) {
      if (!isDenied(error)) throw error;
    }
  }

  /** {@link discardLeftover} on libuv's thread pool. */
  async discardLeftoverAsync(work: string): Promise<void> {
    await this.discardAsync(work).catch((error: unknown) => {
      if (!isDenied(error)) throw error;
    });
  }

  /** Removes an earlier command's holder once it is empty (never this command's own). */
  #dropEarlierHolder(holder: string | undefined): void {
    if (holder === undefined || holder === this.#holder) return;
    try {
      rmdirSync(holder);
    } catch {
      // Not empty (another of its attempts is still to be removed), or gone already.
    }
  }

  /** Removes the holder and whatever is left in it: the command has ended, and its agents with it. */
  close(): void {
    if (this.#holder !== undefined) removeOwnTree(this.#holder);
    this.#holder = undefined;
  }
}
