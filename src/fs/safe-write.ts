// Files eval-magic writes: created exclusively and never through a link, or written beside and
// renamed into place, so a planted link or FIFO cannot redirect a write.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsync, openSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { describeOddEntry, lstatOrUndefined, UnsafeOutputError } from './odd-entry.js';

export { UnsafeOutputError };
import { basename, dirname, join } from 'node:path';

/** O_NOFOLLOW is POSIX; where the platform lacks it, O_EXCL alone still refuses an existing link. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;

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

/** Writes all of `bytes` to `fd` (a write may take less than it was given). */
export function writeFully(fd: number, bytes: Uint8Array): void {
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
}

/** A new temp file beside `target`, its name unguessable and created exclusively: nothing planted in advance can redirect a write to it. */
function createTempBeside(target: string): { temp: string; fd: number } {
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(9).toString('base64url')}.tmp`);
  return { temp, fd: openExclusive(temp) };
}

/** How {@link writeFileAtomically} treats the target. */
export interface AtomicWriteOptions {
  /** Flush the bytes to the disk before the rename: a record a later command resumes from. */
  durable?: boolean;
  /**
   * What may already stand at the target: `file` (default) — a regular file, or nothing; anything
   * else is refused with UnsafeOutputError. `any-but-folder` — a link, FIFO or device is replaced
   * (rename replaces the entry itself, never what it points at); a folder is still refused.
   */
  replacing?: 'file' | 'any-but-folder';
}

/**
 * Writes `text` to `target` through a temp file with an unguessable name in the same folder,
 * created exclusively, then renamed over the target: readers see the old file or the new one,
 * never half of one, and nothing planted at either name can redirect the write. The temp file is
 * removed on failure. The one atomic write of eval-magic; {@link writeFileAtomicallySync} is the
 * same write for hot loops that need no flush.
 * @throws {UnsafeOutputError} when the target is something `replacing` does not allow.
 */
export async function writeFileAtomically(target: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const flush = options.durable ? (fd: number) => new Promise<void>((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve()))) : undefined;
  const temp = startAtomicWrite(target, text, options.replacing);
  try {
    // The flush waits on the disk: on libuv's pool, so parallel runs (campaign) keep moving.
    try {
      if (flush) await flush(temp.fd);
    } finally {
      closeSync(temp.fd);
    }
    finishAtomicWrite(target, temp.temp, options.replacing);
  } catch (error) {
    rmSync(temp.temp, { force: true });
    throw error;
  }
}

/** {@link writeFileAtomically} without the flush, synchronously. */
export function writeFileAtomicallySync(target: string, text: string, options: Pick<AtomicWriteOptions, 'replacing'> = {}): void {
  const temp = startAtomicWrite(target, text, options.replacing);
  try {
    closeSync(temp.fd);
    finishAtomicWrite(target, temp.temp, options.replacing);
  } catch (error) {
    rmSync(temp.temp, { force: true });
    throw error;
  }
}

function startAtomicWrite(target: string, text: string, replacing: AtomicWriteOptions['replacing']): { temp: string; fd: number } {
  assertReplaceable(target, replacing);
  const temp = createTempBeside(target);
  try {
    writeFully(temp.fd, Buffer.from(text, 'utf8'));
    return temp;
  } catch (error) {
    closeSync(temp.fd);
    rmSync(temp.temp, { force: true });
    throw error;
  }
}

function finishAtomicWrite(target: string, temp: string, replacing: AtomicWriteOptions['replacing']): void {
  // Checked again: what appeared meanwhile is still reported.
  assertReplaceable(target, replacing);
  renameSync(temp, target);
}

function assertReplaceable(target: string, replacing: AtomicWriteOptions['replacing']): void {
  if (replacing !== 'any-but-folder') {
    hasRegularFile(target);
    return;
  }
  if (lstatOrUndefined(target)?.isDirectory()) throw new UnsafeOutputError(`${target} is a folder; eval-magic writes a file there`, target);
}
