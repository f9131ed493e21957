// The one way the checker reads a file — an artifact, an evals.json its lookup found, the config:
// judged by what was opened (fstat) before a byte is read, and never more than a string can hold.
import { closeSync, constants as fsConstants, fstatSync, openSync, readFileSync, readlinkSync, readSync, type Stats } from 'node:fs';
import { constants as bufferConstants } from 'node:buffer';

/**
 * The largest file read: the longest string V8 can make (2^29 − 24 characters on 64-bit, just
 * under 512 MiB). A larger file could never be decoded, so it is refused before it is read.
 */
export const MAX_FILE_BYTES = bufferConstants.MAX_STRING_LENGTH;

/** The bytes of a regular file, or why there are none: a message id (`io` findings) and a sentence. */
export type FileRead = { ok: true; bytes: Buffer } | ReadFailure;
/** How a file is read: `noFollow` refuses a symbolic link (code `link`); `named`: the user named it (a missing one is not said to have disappeared). */
export interface ReadOptions {
  noFollow?: boolean;
  named?: boolean;
  /** A bound below {@link MAX_FILE_BYTES}, for a file that is only ever small (a lock file): a larger one is refused unread. */
  maxBytes?: number;
}

/** Why a file was not read: a message id (`io` findings) and a sentence. */
export type ReadFailure = { ok: false; code: string; message: string };

const NON_BLOCKING_READ = fsConstants.O_RDONLY | fsConstants.O_NONBLOCK;
/** What is read at a time once a file turns out longer than fstat said (it grew, or says size 0 like /proc files). */
const CHUNK = 1 << 20;

/**
 * Reads a regular file of at most {@link MAX_FILE_BYTES}. Opened with O_NONBLOCK, so a FIFO or
 * socket can never block; then fstat on the descriptor — the thing opened, not the name — must
 * say a regular file (a device such as /dev/zero would be read forever), small enough. A file
 * that grows while it is read is read to its new end, but never past the bound. Blocking on
 * purpose: a local file comes from the page cache at once, and async calls cost thread-pool round trips.
 * `what` names the file in messages ("an artifact", "the config file"); with `noFollow` a symbolic
 * link is refused (code `link`) instead of followed.
 */
export function readRegularFile(path: string | Buffer, what = 'an artifact', options: ReadOptions = {}): FileRead {
  return withRegularFile(path, what, options, (fd, size) => readBounded(fd, size, what));
}

/**
 * {@link readRegularFile} for a small file a tool writes itself (run.json, grading.json), decoded
 * as UTF-8 in one call, with no Buffer: on 10,000 runs, Buffers per record doubled compare's
 * garbage collection (docs/performance.md). A byte sequence that is not UTF-8 becomes U+FFFD.
 */
export function readRegularText(path: string, what: string, options: ReadOptions = {}): { ok: true; text: string } | ReadFailure {
  return withRegularFile(path, what, options, (fd) => ({ ok: true as const, text: readFileSync(fd, 'utf8') }));
}

/**
 * Files more than one stage reads in one command (compare's evals.json: the checker's eval lookup
 * and the grading): the first successful read's bytes serve every later one, so the file is read
 * once and every stage judges the same bytes. A failed read is not kept (each reader says it its way).
 */
export class SharedReads {
  readonly #bytes = new Map<string, Buffer>();

  /** {@link readRegularFile} of `path` (absolute), or the bytes an earlier read of it returned. */
  read(path: string, what: string, options: ReadOptions = {}): FileRead {
    const kept = this.#bytes.get(path);
    if (kept !== undefined) return { ok: true, bytes: kept };
    const read = readRegularFile(path, what, options);
    if (read.ok) this.#bytes.set(path, read.bytes);
    return read;
  }
}

/** Opens `path` (never blocking), judges what was opened by fstat, and hands a regular file within the bound to `read`. */
function withRegularFile<T>(path: string | Buffer, what: string, options: ReadOptions, read: (fd: number, size: number) => T): T | ReadFailure {
  let fd: number;
  try {
    // noFollow: a file that a tool writes itself (run.json, grading.json) is never a link; the open refuses one (ELOOP).
    fd = openSync(path, options.noFollow ? NON_BLOCKING_READ | fsConstants.O_NOFOLLOW : NON_BLOCKING_READ);
  } catch (error) {
    if (options.noFollow && (error as NodeJS.ErrnoException).code === 'ELOOP') return { ok: false, code: 'link', message: `A symbolic link; ${what} is written as a file of its own, so a link is not followed.` };
    return failure(error, what, options.named, path);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { ok: false, code: 'not-a-file', message: `Not a regular file (${describeKind(info)}); ${what} must be a file.` };
    if (info.size > (options.maxBytes ?? MAX_FILE_BYTES)) return tooLarge(info.size, what);
    return read(fd, info.size);
  } catch (error) {
    return failure(error, what);
  } finally {
    try {
      closeSync(fd);
    } catch {
      // Closing a descriptor we only read cannot lose data; the outcome stands.
    }
  }
}

/** One byte read past the size fstat gave, to learn whether the file ended there (almost always). */
const probe = Buffer.alloc(1);

function readBounded(fd: number, expected: number, what: string): FileRead {
  const first = Buffer.allocUnsafe(Math.max(expected, 1));
  let filled = 0;
  while (filled < first.length) {
    const n = readSync(fd, first, filled, first.length - filled, null);
    if (n === 0) return { ok: true, bytes: first.subarray(0, filled) };
    filled += n;
  }
  // The usual end: the file was exactly as long as fstat said. Probed with one byte, not a fresh
  // chunk: a megabyte allocated per file made garbage collection run for memory never used.
  if (readSync(fd, probe, 0, 1, null) === 0) return { ok: true, bytes: first };
  // Longer than fstat said (it grew, or says size 0 like a /proc file): the rest, a chunk at a time,
  // each filled before the next is made (a /proc file comes a page per read).
  const pieces: Buffer[] = [first, Buffer.from(probe)];
  let total = filled + 1;
  let chunk = Buffer.allocUnsafe(CHUNK);
  let used = 0;
  for (;;) {
    if (total > MAX_FILE_BYTES) return tooLarge(undefined, what);
    const n = readSync(fd, chunk, used, CHUNK - used, null);
    if (n === 0) break;
    used += n;
    total += n;
    if (used === CHUNK) {
      pieces.push(chunk);
      chunk = Buffer.allocUnsafe(CHUNK);
      used = 0;
    }
  }
  pieces.push(chunk.subarray(0, used));
  return { ok: true, bytes: Buffer.concat(pieces, total) };
}

/** The outcome for input larger than can be read (also for standard input); `size` undefined: not known, only that it is more. */
export function tooLarge(size: number | undefined, what: string): { ok: false; code: string; message: string } {
  const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en-US')} MiB`;
  return { ok: false, code: 'too-large', message: `Too large (${size === undefined ? `over ${mib(MAX_FILE_BYTES)}` : mib(size)}): ${what} is read only up to ${mib(MAX_FILE_BYTES)}, the longest text Node.js can hold.` };
}

function describeKind(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function failure(error: unknown, what: string, named = false, path?: string | Buffer): ReadFailure {
  const e = error as NodeJS.ErrnoException;
  const dangling = e.code === 'ENOENT' && path !== undefined ? linkTarget(path) : undefined;
  const reasons: Record<string, string> = {
    // A file found by a search was there a moment ago; one the user named may never have been;
    // a link that leads nowhere is neither, and says where it leads.
    ENOENT:
      dangling !== undefined
        ? `A dangling symbolic link (to ${JSON.stringify(dangling)}): nothing is there to read.`
        : named
          ? 'No such file or directory.'
          : 'The file disappeared before it could be read.',
    EACCES: 'Permission denied: the file cannot be read.',
    EPERM: 'Permission denied: the file cannot be read.',
    EISDIR: `Not a regular file (a directory); ${what} must be a file.`,
    ELOOP: 'Too many levels of symbolic links.',
    EMFILE: 'Too many open files.',
    ENAMETOOLONG: 'The path is longer than the system allows (PATH_MAX); the file cannot be opened.',
  };
  const message = (e.code && reasons[e.code]) ?? `The file cannot be read (${e.code ?? e.message}).`;
  return { ok: false, code: e.code?.toLowerCase() ?? 'read-failed', message };
}

/** Where the symbolic link at `path` points, or undefined when `path` is no link (or is gone). */
export function linkTarget(path: string | Buffer): string | undefined {
  try {
    return readlinkSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
