// How `run` touches the file system inside --out: folders it made or checked, files created
// exclusively and never through a link, so a planted link or FIFO cannot redirect a write.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, fsync, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

/** O_NOFOLLOW is POSIX; where the platform lacks it, O_EXCL alone still refuses an existing link. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;

/** Something other than a regular file (or a missing one) sits where `run` must write. */
export class UnsafeOutputError extends Error {
  override readonly name = 'UnsafeOutputError';
  constructor(message: string, readonly path: string) {
    super(message);
  }
}

/** What lstat found at a path, in words, for anything `run` will not write through. */
function describeOddEntry(path: string, stats: Stats): string {
  if (stats.isSymbolicLink()) {
    let target = '?';
    try {
      target = readlinkSync(path);
    } catch {
      // Gone or unreadable since lstat: the kind is still right.
    }
    return `a symbolic link (to ${JSON.stringify(target)})`;
  }
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Whether a regular file is at `path` (false when nothing is).
 * @throws {UnsafeOutputError} for a link (even a dangling one), folder, FIFO, socket or device.
 */
export function hasRegularFile(path: string): boolean {
  const stats = lstatOrUndefined(path);
  if (!stats) return false;
  if (stats.isFile()) return true;
  throw new UnsafeOutputError(`${path} is ${describeOddEntry(path, stats)}; eval-magic run writes only regular files it creates itself — remove it`, path);
}

/**
 * Makes sure `path` is a real folder (not a link to one), creating it when missing.
 * @throws {UnsafeOutputError} when something else is there.
 */
function ensureRealFolder(path: string): void {
  let stats = lstatOrUndefined(path);
  if (!stats) {
    try {
      mkdirSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    stats = lstatSync(path);
  }
  if (!stats.isDirectory()) {
    throw new UnsafeOutputError(`${path} is ${describeOddEntry(path, stats)}, not a folder eval-magic run made; remove it`, path);
  }
}

/** A folder as it was when pinned: the path the run uses, where it really is, and which folder it is. */
export interface FolderPin {
  path: string;
  realPath: string;
  dev: number;
  ino: number;
}

/** Pins the folder at `path` (a real path, as makeFolder returns it). */
export function pinFolder(path: string): FolderPin {
  const stats = statSync(path);
  return { path, realPath: realpathSync(path), dev: stats.dev, ino: stats.ino };
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
    if (!own.isDirectory()) throw new UnsafeOutputError(`--out ${pin.path} is ${describeOddEntry(pin.path, own)}, not the folder this run locked`, pin.path);
    realPath = realpathSync(pin.path);
    stats = statSync(realPath);
  } catch (error) {
    if (error instanceof UnsafeOutputError) throw error;
    throw new UnsafeOutputError(`--out ${pin.path} is no longer the folder this run locked (${(error as Error).message})`, pin.path);
  }
  if (realPath !== pin.realPath) {
    throw new UnsafeOutputError(`--out ${pin.path} is no longer the folder this run locked (it now leads to ${realPath}: a folder above it was moved or replaced by a link)`, pin.path);
  }
  if (stats.dev !== pin.dev || stats.ino !== pin.ino) {
    throw new UnsafeOutputError(`--out ${pin.path} is no longer the folder this run locked (another folder took its place)`, pin.path);
  }
}

/**
 * Makes sure every level from `root` down to `path` (inside it) is a real folder, creating the
 * missing ones: a level swapped for a link mid-run cannot send a write elsewhere.
 * @throws {UnsafeOutputError} naming the first level that is not a folder.
 */
export function ensureRealFolders(root: string, path: string): void {
  ensureRealFolder(root);
  const inside = relative(root, path);
  if (inside === '') return;
  if (inside.startsWith('..') || isAbsolute(inside)) throw new Error(`ensureRealFolders: ${path} is not inside ${root}`);
  let level = root;
  for (const segment of inside.split(sep)) ensureRealFolder((level = join(level, segment)));
}

/**
 * A new, empty file at `path`, opened for writing. A regular file left there (by an earlier
 * run) is removed first — unlinking never follows a link — and anything else is refused.
 */
export function createFreshFile(path: string): number {
  if (hasRegularFile(path)) unlinkSync(path);
  return openExclusive(path);
}

function openExclusive(path: string): number {
  try {
    return openSync(path, CREATE_NEW, 0o666);
  } catch (error) {
    // Something appeared between the check and the open: name it rather than the errno.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ELOOP') hasRegularFile(path);
    throw error;
  }
}

/**
 * The text of the regular file at `path`, read without following a link and without blocking
 * on a FIFO the agent may have put in its place.
 * @throws {UnsafeOutputError} when it is not a regular file.
 */
export function readRegularFile(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') hasRegularFile(path);
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new UnsafeOutputError(`${path} is ${describeOddEntry(path, stats)}, not the file eval-magic run created`, path);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** Writes all of `bytes` to `fd` (a write may take less than it was given). */
export function writeFully(fd: number, bytes: Uint8Array): void {
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
}

/** A new temp file beside `target`, its name unguessable and created exclusively: nothing planted in advance can redirect a write to it. */
export function createTempBeside(target: string): { temp: string; fd: number } {
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(9).toString('base64url')}.tmp`);
  return { temp, fd: openExclusive(temp) };
}

/**
 * Temp file with an unguessable name in the same folder, created exclusively, flushed, then
 * renamed over the target: readers see the old file or the new one, never a half-written one,
 * and nothing planted at either name can redirect the write. The temp file is removed on failure.
 * @throws {UnsafeOutputError} when a link or other non-regular file is at the target.
 */
export async function writeFileAtomicallyAsync(target: string, text: string): Promise<void> {
  hasRegularFile(target);
  const { temp, fd } = createTempBeside(target);
  try {
    try {
      writeFully(fd, Buffer.from(text, 'utf8'));
      // The flush waits on the disk: on libuv's pool, so parallel runs (campaign) keep moving.
      await new Promise<void>((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));
    } finally {
      closeSync(fd);
    }
    // rename replaces a link itself, never its target; checked again so a link is still reported.
    hasRegularFile(target);
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
