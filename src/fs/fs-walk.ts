// File-system work written once and run either way: a walk is a generator that yields each call
// it makes; runSync makes the calls synchronously, runAsync on libuv's thread pool (the callback
// API, so `node:fs/promises` stays unloaded). The same rules — what is refused, what is followed,
// in which order — hold for both, and a long-lived process (judge, campaign) keeps its main thread
// free while the pool waits on the disk.
import {
  close, closeSync, copyFile, copyFileSync, fstat, fstatSync, fsync, fsyncSync, link, linkSync, lstat, lstatSync, mkdir, mkdirSync, open, openSync, readdir, readdirSync, readlink, readlinkSync,
  read, readSync, rename, renameSync, rm, rmSync, symlink, symlinkSync, unlink, unlinkSync, write, writeSync, type Stats,
} from 'node:fs';

/** One file-system call: made synchronously, or on the pool with a callback. */
export interface FsCall<T> {
  sync(): T;
  async(done: (error: NodeJS.ErrnoException | null, value: T) => void): void;
  /**
   * A call the kernel answers from its caches (a look-up, closing a file, a small write into the
   * page cache): the async driver makes it synchronously too, since a trip to the pool and back
   * costs more CPU than the call. Creating, renaming, removing, flushing and listing go to the pool.
   */
  inline?: true;
}

export type Walk<T> = Generator<FsCall<unknown>, T, unknown>;

/** The walk's side of a call: yields it, and gets its value back (or its error thrown at it). */
export function* call<T>(fsCall: FsCall<T>): Walk<T> {
  return (yield fsCall as FsCall<unknown>) as T;
}

/** Runs a walk, each call synchronously. */
export function runSync<T>(walk: Walk<T>): T {
  let step = walk.next();
  while (!step.done) {
    let value: unknown;
    try {
      value = step.value.sync();
    } catch (error) {
      step = walk.throw(error);
      continue;
    }
    step = walk.next(value);
  }
  return step.value;
}

/** Runs a walk, each call on libuv's thread pool. */
export async function runAsync<T>(walk: Walk<T>): Promise<T> {
  let step = walk.next();
  while (!step.done) {
    const fsCall = step.value;
    let value: unknown;
    try {
      value = fsCall.inline ? fsCall.sync() : await new Promise<unknown>((resolve, reject) => fsCall.async((error, result) => (error ? reject(error) : resolve(result))));
    } catch (error) {
      step = walk.throw(error);
      continue;
    }
    step = walk.next(value);
  }
  return step.value;
}

/** A call whose callback gives no value. */
const noValue = (start: (done: (error: NodeJS.ErrnoException | null) => void) => void) => (done: (error: NodeJS.ErrnoException | null, value: void) => void) => start((error) => done(error, undefined));

export const readdirCall = (path: string): FsCall<string[]> => ({ sync: () => readdirSync(path), async: (done) => readdir(path, done) });
export const lstatCall = (path: string): FsCall<Stats> => ({ sync: () => lstatSync(path), async: (done) => lstat(path, done), inline: true });
export const readlinkCall = (path: string): FsCall<string> => ({ sync: () => readlinkSync(path), async: (done) => readlink(path, done), inline: true });
export const mkdirCall = (path: string, recursive = false): FsCall<unknown> => ({ sync: () => mkdirSync(path, { recursive }), async: (done) => mkdir(path, { recursive }, done) });
export const symlinkCall = (target: string, path: string): FsCall<void> => ({ sync: () => symlinkSync(target, path), async: noValue((done) => symlink(target, path, done)) });
export const copyFileCall = (from: string, to: string, mode: number): FsCall<void> => ({ sync: () => copyFileSync(from, to, mode), async: noValue((done) => copyFile(from, to, mode, done)) });
export const openCall = (path: string, flags: number, mode: number): FsCall<number> => ({ sync: () => openSync(path, flags, mode), async: (done) => open(path, flags, mode, done) });
/** Opening a file that is there to read its first bytes: a look-up the kernel answers from its caches, made inline (as lstat is). */
export const openToPeekCall = (path: string, flags: number): FsCall<number> => ({ sync: () => openSync(path, flags), async: (done) => open(path, flags, done), inline: true });
export const writeCall = (fd: number, bytes: Uint8Array, offset: number): FsCall<number> => ({
  sync: () => writeSync(fd, bytes, offset),
  async: (done) => write(fd, bytes, offset, bytes.length - offset, null, (error, written) => done(error, written)),
  inline: true,
});
export const fstatCall = (fd: number): FsCall<Stats> => ({ sync: () => fstatSync(fd), async: (done) => fstat(fd, done), inline: true });
/** Reads of at most this many bytes are made inline: a small file comes from the page cache at once. */
const INLINE_READ = 1 << 16;
export const readCall = (fd: number, bytes: Uint8Array, offset: number, position: number): FsCall<number> => ({
  sync: () => readSync(fd, bytes, offset, bytes.length - offset, position),
  async: (done) => read(fd, bytes, offset, bytes.length - offset, position, (error, n) => done(error, n)),
  ...(bytes.length - offset <= INLINE_READ ? { inline: true as const } : {}),
});
export const fsyncCall = (fd: number): FsCall<void> => ({ sync: () => fsyncSync(fd), async: noValue((done) => fsync(fd, done)) });
export const closeCall = (fd: number): FsCall<void> => ({ sync: () => closeSync(fd), async: noValue((done) => close(fd, done)), inline: true });
export const linkCall = (existing: string, path: string): FsCall<void> => ({ sync: () => linkSync(existing, path), async: noValue((done) => link(existing, path, done)) });
export const renameCall = (from: string, to: string): FsCall<void> => ({ sync: () => renameSync(from, to), async: noValue((done) => rename(from, to, done)) });
export const unlinkCall = (path: string): FsCall<void> => ({ sync: () => unlinkSync(path), async: noValue((done) => unlink(path, done)) });
/** `rm -f path` of one file: a missing one is fine. */
export const rmFileCall = (path: string): FsCall<void> => ({ sync: () => rmSync(path, { force: true }), async: noValue((done) => rm(path, { force: true }, done)) });

/**
 * lstat, or undefined when nothing is there (ENOENT); any other error is thrown. Made without an
 * error for a missing entry: where that is the common answer (a look-up of git's HEAD in every
 * folder of a task), building one is most of the call's cost.
 */
export function* lstatOrMissing(path: string): Walk<Stats | undefined> {
  return yield* call(lstatIfAnyCall(path));
}

const lstatIfAnyCall = (path: string): FsCall<Stats | undefined> => ({
  sync: () => lstatSync(path, { throwIfNoEntry: false }),
  async: (done) => lstat(path, (error, stats) => (error?.code === 'ENOENT' ? done(null, undefined) : done(error, stats))),
  inline: true,
});
