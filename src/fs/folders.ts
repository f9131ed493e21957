// Folders eval-magic writes into: made one level at a time (a path that cannot be a folder fails
// at once, with the reason), kept real (never a link) from a root down, and pinned so a folder
// swapped for another mid-run is noticed.
import { accessSync, constants, lstatSync, mkdirSync, realpathSync, rmdirSync, statSync, unlinkSync, type Stats } from 'node:fs';
import { basename, dirname, join, parse, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { pathInside } from './inside.js';
import { call, lstatCall, lstatOrMissing, mkdirCall, runAsync, runSync, type Walk } from './fs-walk.js';
import { describeOddEntry, UnsafeOutputError } from './odd-entry.js';

/** Whether `path` is a folder (a link to one counts: the user named it). */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A folder's real path (links resolved), or the path itself when it cannot be resolved — or
 * cannot be held in a string: a real path whose bytes are not UTF-8 would come back lossy.
 */
export function realFolder(path: string): string {
  try {
    const real = realpathSync.native(path, { encoding: 'buffer' });
    const text = real.toString();
    return Buffer.from(text).equals(real) ? text : path;
  } catch {
    return path;
  }
}

/** `path` with the links of its folder resolved (not a link `path` itself is): where a file named through a linked folder lies. */
export function inRealFolder(path: string): string {
  const folder = dirname(path);
  const real = realFolder(folder);
  return real === folder ? path : join(real, basename(path));
}

/**
 * Makes sure `path` is a real folder (not a link to one), creating it when missing.
 * @throws {UnsafeOutputError} when something else is there.
 */
function* ensureRealFolder(path: string): Walk<void> {
  let stats = yield* lstatOrMissing(path);
  if (!stats) {
    try {
      yield* call(mkdirCall(path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    stats = yield* call(lstatCall(path));
  }
  if (!stats.isDirectory()) {
    throw new UnsafeOutputError(`${path} is ${describeOddEntry(path, stats)}, not a folder eval-magic made; remove it`, path);
  }
}

/** A folder as it was when pinned: the path the run uses, where it really is, and which folder it is. */
export interface FolderPin {
  path: string;
  /** How a refusal names the folder (`--out <path>`, `the run folder <path>`). */
  named: string;
  realPath: string;
  dev: number;
  ino: number;
}

/** Pins the folder at `path` (a real path, as makeFolder returns it); `named`: how a refusal names it. */
export function pinFolder(path: string, named: string): FolderPin {
  const stats = statSync(path);
  return { path, named, realPath: realpathSync.native(path), dev: stats.dev, ino: stats.ino };
}

/**
 * Checks that `pin.path` still leads to the pinned folder: the same real path (no level above it
 * became a link) and the same device and inode (no other folder took its name).
 * @throws {UnsafeOutputError} saying what changed.
 */
export function assertPinned(pin: FolderPin): void {
  let realPath: string;
  let stats: Stats;
  try {
    const own = lstatSync(pin.path);
    if (!own.isDirectory()) throw new UnsafeOutputError(`${pin.named} is ${describeOddEntry(pin.path, own)}, not the folder this run locked`, pin.path);
    realPath = realpathSync.native(pin.path);
    stats = statSync(realPath);
  } catch (error) {
    if (error instanceof UnsafeOutputError) throw error;
    throw new UnsafeOutputError(`${pin.named} is no longer the folder this run locked (${(error as Error).message})`, pin.path);
  }
  if (realPath !== pin.realPath) {
    throw new UnsafeOutputError(`${pin.named} is no longer the folder this run locked (it now leads to ${realPath}: a folder above it was moved or replaced by a link)`, pin.path);
  }
  if (stats.dev !== pin.dev || stats.ino !== pin.ino) {
    throw new UnsafeOutputError(`${pin.named} is no longer the folder this run locked (another folder took its place)`, pin.path);
  }
}

/**
 * Makes sure every level from `root` down to `path` (inside it) is a real folder, creating the
 * missing ones: a level swapped for a link mid-run cannot send a write elsewhere.
 * @throws {UnsafeOutputError} naming the first level that is not a folder.
 */
export function ensureRealFolders(root: string, path: string): void {
  runSync(realFolders(root, path));
}

/** {@link ensureRealFolders} on libuv's thread pool: the same levels, made and checked in the same order. */
export function ensureRealFoldersAsync(root: string, path: string): Promise<void> {
  return runAsync(realFolders(root, path));
}

function* realFolders(root: string, path: string): Walk<void> {
  yield* ensureRealFolder(root);
  const inside = pathInside(root, path);
  if (inside === '') return;
  if (inside === undefined) throw new Error(`ensureRealFolders: ${path} is not inside ${root}`);
  let level = root;
  for (const segment of inside.split('/')) yield* ensureRealFolder((level = join(level, segment)));
}

/**
 * Makes every level from `root` (exclusive) down to `path` a real folder of `root`'s tree: a link
 * or file at a level is removed (unlinking never follows a link) and a folder made in its place.
 * For a scratch copy eval-magic owns, whose links an agent made: a write below `path` then never
 * lands outside `root`.
 */
export function replaceWithRealFolders(root: string, path: string): void {
  const inside = pathInside(root, path);
  if (inside === undefined) throw new Error(`replaceWithRealFolders: ${path} is not inside ${root}`);
  if (inside === '') return;
  let level = root;
  for (const segment of inside.split('/')) {
    level = join(level, segment);
    const stats = lstatSync(level, { throwIfNoEntry: false });
    if (stats?.isDirectory()) continue;
    if (stats) unlinkSync(level);
    mkdirSync(level);
  }
}

/** Words for the errno values a folder or file creation meets in practice. */
const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a file is in the way',
  ENOENT: 'the file system does not allow creating it (a virtual file system such as /proc?)',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
  EIO: 'an input/output error',
};

/** A failed file-system call in words, with its code: `permission denied (EACCES)`. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const message = (error as Error).message;
  if (!code) return message;
  // Else Node's own words for it: "EINVAL: invalid argument, write" is "invalid argument".
  const words = REASONS[code] ?? /^[A-Z0-9_]+: (.+?), [a-z_]+(?: '.*')?$/s.exec(message)?.[1] ?? message;
  return `${words} (${code})`;
}

/**
 * Why nothing can be created in the existing folder `path` (access with write and search
 * permission: modes, ACLs, a read-only file system), or undefined when it can. Writes nothing.
 */
export function whyNotWritable(path: string): string | undefined {
  try {
    accessSync(path, constants.W_OK | constants.X_OK);
    return undefined;
  } catch (error) {
    return describeFsError(error);
  }
}

/**
 * Why the missing folder `path` (its parent a folder) cannot be made, or undefined when it can:
 * it is made and removed at once, so whatever the file system refuses (a name too long, no
 * permission, no space) is found and nothing is left behind.
 */
export function whyNotMakeable(path: string): string | undefined {
  try {
    mkdirSync(path);
  } catch (error) {
    return describeFsError(error);
  }
  rmdirSync(path);
  return undefined;
}

/**
 * Creates the folder `path` (absolute) and its missing parents, then returns its real path.
 * Each level is created once, with no retry loop; the first failure ends it.
 * @throws {UsageError} naming the level that failed and why (`option` names the flag, e.g. --out).
 */
export function makeFolder(path: string, option: string): string {
  const levels: string[] = [];
  for (let dir = resolve(path); dir !== parse(dir).root; dir = dirname(dir)) levels.unshift(dir);
  for (const level of levels) {
    const existing = statIfPresent(level, path, option);
    if (existing === 'folder') continue;
    if (existing === 'other') throw new UsageError(`${option} ${JSON.stringify(path)} cannot be made: ${level} exists and is not a folder`);
    // Nothing there for stat, but a link for lstat: it leads nowhere, and mkdir would say only EEXIST.
    const link = lstatSync(level, { throwIfNoEntry: false });
    if (link?.isSymbolicLink()) {
      throw new UsageError(`${option} ${JSON.stringify(path)} cannot be made: ${level} is ${describeOddEntry(level, link)} that leads nowhere (a dangling link); remove the link, or make the folder it points to`);
    }
    try {
      mkdirSync(level);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      // Another process may have made it in the meantime; anything else is final.
      if (code !== 'EEXIST' || statIfPresent(level, path, option) !== 'folder') {
        throw new UsageError(`${option} ${JSON.stringify(path)} cannot be made: cannot create ${level}: ${describeFsError(error)}`);
      }
    }
  }
  return realpathSync.native(path);
}

function statIfPresent(level: string, path: string, option: string): 'folder' | 'other' | 'missing' {
  try {
    return statSync(level).isDirectory() ? 'folder' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT') return 'missing';
    if (code === 'ENOTDIR') return 'other';
    throw new UsageError(`${option} ${JSON.stringify(path)} cannot be made: cannot look at ${level}: ${describeFsError(error)}`);
  }
}

