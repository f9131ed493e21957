// Files eval-magic writes: created exclusively and never through a link, or written beside and
// renamed into place, so a planted link or FIFO cannot redirect a write.
import { constants } from 'node:fs';
import { call, closeCall, fsyncCall, linkCall, lstatOrMissing, openCall, renameCall, rmFileCall, runAsync, runSync, unlinkCall, writeCall, type Walk } from './fs-walk.js';
import { describeOddEntry, UnsafeOutputError } from './odd-entry.js';

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
  return runSync(regularFileAt(path));
}

function* regularFileAt(path: string): Walk<boolean> {
  const stats = yield* lstatOrMissing(path);
  if (!stats) return false;
  if (stats.isFile()) return true;
  throw new UnsafeOutputError(`${path} is ${describeOddEntry(path, stats)}; eval-magic run writes only regular files it creates itself — remove it`, path);
}

/**
 * A new, empty file at `path`, opened for writing, on libuv's thread pool. A regular file left
 * there (by an earlier run) is removed first — unlinking never follows a link — and anything else
 * is refused.
 */
export function createFreshFileAsync(path: string): Promise<number> {
  return runAsync(freshFile(path));
}

function* freshFile(path: string): Walk<number> {
  if (yield* regularFileAt(path)) yield* call(unlinkCall(path));
  return yield* openExclusive(path);
}

function* openExclusive(path: string): Walk<number> {
  try {
    return yield* call(openCall(path, CREATE_NEW, 0o666));
  } catch (error) {
    // Something appeared between the check and the open: name it rather than the errno.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ELOOP') yield* regularFileAt(path);
    throw error;
  }
}

/** Writes all of `bytes` to `fd` (a write may take less than it was given). */
export function writeFully(fd: number, bytes: Uint8Array): void {
  runSync(writeAll(fd, bytes));
}

function* writeAll(fd: number, bytes: Uint8Array): Walk<void> {
  for (let offset = 0; offset < bytes.length; ) offset += yield* call(writeCall(fd, bytes, offset));
}

/** How {@link writeFileAtomically} treats the target. */
export interface AtomicWriteOptions {
  /** Flush the bytes to the disk before the rename: a record a later command resumes from. */
  durable?: boolean;
  /**
   * What may already stand at the target, looked at before the temp file is made and again right
   * before the rename: `file` (default) — a regular file, or nothing; anything else is refused with
   * UnsafeOutputError. `any-but-folder` — a link, FIFO or device is replaced (rename replaces the
   * entry itself, never what it points at); a folder is still refused. A function is the caller's
   * own rule (a report's, which words its refusals itself): it throws to refuse, and what it lets
   * through is renamed over (a folder there fails the rename, EISDIR).
   */
  replacing?: 'file' | 'any-but-folder' | ((target: string) => void);
  /** The error thrown when the temp file cannot be created in the target's folder (default: the file system's own). */
  cannotCreate?: (folder: string, error: unknown) => Error;
  /**
   * Told each temp file's path before it is created, and undefined once it is renamed or removed:
   * a writer that may be ended between the two (a thread terminated) has its owner remove what was told.
   */
  announce?: (temp: string | undefined) => void;
}

/** What is written: one text, or its pieces in order (a large report, never joined into one string). */
export type AtomicWriteContent = string | Iterable<string>;

/**
 * Writes `content` to `target` through a temp file of a new random name in the same folder,
 * created exclusively, then renamed over the target: readers see the old file or the new one,
 * never half of one, and nothing planted at either name can redirect the write. The temp file is
 * removed on failure. The one atomic write of eval-magic, made on libuv's thread pool (parallel
 * runs and judges keep moving while it waits on the disk); {@link writeFileAtomicallySync} is the
 * same write, synchronously and without the flush, for hot loops.
 * @throws {UnsafeOutputError} when the target is something `replacing` does not allow.
 */
export function writeFileAtomically(target: string, content: AtomicWriteContent, options: AtomicWriteOptions = {}): Promise<void> {
  return runAsync(atomicWrite(target, content, options));
}

/** {@link writeFileAtomically} without the flush, synchronously. */
export function writeFileAtomicallySync(target: string, content: AtomicWriteContent, options: Omit<AtomicWriteOptions, 'durable'> = {}): void {
  runSync(atomicWrite(target, content, { ...options, durable: false }));
}

/** How many temp names are drawn before a write gives up on finding a free one. */
const TEMP_NAME_ATTEMPTS = 8;

const NAME_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The temp file name an atomic write of `name` uses (12 random base64url characters). Math.random,
 * not node:crypto (loading it cost a check writing its report ~3 % of its instructions): the name
 * need only be new, since the temp file is created exclusively and a taken name is drawn again.
 */
const tempName = (name: string) => {
  let random = '';
  for (let i = 0; i < 12; i++) random += NAME_CHARACTERS[Math.floor(Math.random() * 64)];
  return `.${name}.${random}.tmp`;
};

const ATOMIC_WRITE_TEMP = /^\.(.+)\.[A-Za-z0-9_-]{12}\.tmp$/;

/** Whether `name` is what {@link writeFileAtomically} leaves when killed between writing and renaming. */
export function isAtomicWriteTemp(name: string): boolean {
  return ATOMIC_WRITE_TEMP.test(name);
}

/** The file name a temp file of {@link writeFileAtomically} is being written for (`.x.json.<random>.tmp` → `x.json`), or undefined. */
export function atomicWriteTarget(name: string): string | undefined {
  return ATOMIC_WRITE_TEMP.exec(name)?.[1];
}

function* atomicWrite(target: string, content: AtomicWriteContent, options: AtomicWriteOptions): Walk<void> {
  yield* assertReplaceable(target, options.replacing);
  yield* withTempFile(target, content, options, function* (temp) {
    // Checked again: what appeared meanwhile is still reported.
    yield* assertReplaceable(target, options.replacing);
    yield* call(renameCall(temp, target));
  });
}

/**
 * Writes `content` to a new temp file beside `target` — created
 * exclusively: nothing planted in advance can redirect a write to it — then hands it to `place`,
 * which moves it into place or removes it; the temp file is removed when anything fails.
 */
function* withTempFile<T>(target: string, content: AtomicWriteContent, options: Pick<AtomicWriteOptions, 'durable' | 'cannotCreate' | 'announce'>, place: (temp: string) => Walk<T>): Walk<T> {
  let temp: string;
  let fd: number;
  for (let attempt = 1; ; attempt++) {
    temp = join(dirname(target), tempName(basename(target)));
    options.announce?.(temp);
    try {
      fd = yield* call(openCall(temp, CREATE_NEW, 0o666));
      break;
    } catch (error) {
      // A name taken (by chance, or planted) is drawn again; anything else is said.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < TEMP_NAME_ATTEMPTS) continue;
      options.announce?.(undefined);
      throw options.cannotCreate?.(dirname(target), error) ?? error;
    }
  }
  try {
    yield* writeAndClose(fd, content, options.durable);
    return yield* place(temp);
  } catch (error) {
    yield* call(rmFileCall(temp));
    throw error;
  } finally {
    options.announce?.(undefined);
  }
}

function* writeAndClose(fd: number, content: AtomicWriteContent, durable = false): Walk<void> {
  try {
    for (const text of typeof content === 'string' ? [content] : content) yield* writeAll(fd, Buffer.from(text, 'utf8'));
    if (durable) yield* call(fsyncCall(fd));
  } finally {
    yield* call(closeCall(fd));
  }
}

/** What {@link createFileWhole} found: it made the file, or a name was already there (a file, a link, anything). */
export type CreatedWhole = 'created' | 'exists';

/**
 * Creates `target` holding `content` only when nothing is there, never replacing anything: written
 * whole under the atomic write's temp name ({@link isAtomicWriteTemp} knows it), then linked into
 * place — link() fails on an existing name — so a reader sees no file or a whole one, and of two
 * commands creating the same file, the second is told `exists`. Where the file system has no hard
 * links, an exclusive create (never through a link) stands in, `content` written again there; a
 * file it leaves half-written is removed. The temp file is always removed.
 */
export function createFileWhole(target: string, content: string, options: Pick<AtomicWriteOptions, 'durable' | 'cannotCreate'> = {}): Promise<CreatedWhole> {
  return runAsync(wholeNew(target, content, options));
}

/** {@link createFileWhole}, synchronously. */
export function createFileWholeSync(target: string, content: string, options: Pick<AtomicWriteOptions, 'durable' | 'cannotCreate'> = {}): CreatedWhole {
  return runSync(wholeNew(target, content, options));
}

/** The errors of link() on a file system that has no hard links. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

function* wholeNew(target: string, content: string, options: Pick<AtomicWriteOptions, 'durable' | 'cannotCreate'>): Walk<CreatedWhole> {
  const linked = yield* withTempFile(target, content, options, function* (temp): Walk<CreatedWhole | undefined> {
    try {
      yield* call(linkCall(temp, target));
      return 'created';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') return 'exists';
      if (!NO_HARD_LINKS.has(code)) throw error;
      return undefined;
    } finally {
      yield* call(rmFileCall(temp));
    }
  });
  if (linked !== undefined) return linked;
  let fd: number;
  try {
    fd = yield* call(openCall(target, CREATE_NEW, 0o666));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ELOOP') return 'exists';
    throw error;
  }
  try {
    yield* writeAndClose(fd, content, options.durable);
  } catch (error) {
    // Ours, and half-written: a later reader would take it for the whole file.
    yield* call(rmFileCall(target));
    throw error;
  }
  return 'created';
}

function* assertReplaceable(target: string, replacing: AtomicWriteOptions['replacing']): Walk<void> {
  if (typeof replacing === 'function') {
    replacing(target);
    return;
  }
  if (replacing !== 'any-but-folder') {
    yield* regularFileAt(target);
    return;
  }
  if ((yield* lstatOrMissing(target))?.isDirectory()) throw new UnsafeOutputError(`${target} is a folder; eval-magic writes a file there`, target);
}
