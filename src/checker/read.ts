// Reading: one discovered path → its bytes, or an `io` finding saying why it could not be read.
import { closeSync, constants, fstatSync, openSync, read, readFileSync, readSync } from 'node:fs';
import type { Finding } from './finding.js';

/**
 * The bytes of a regular file, or the reason there are none. `bytes` of a small file read by
 * {@link readArtifactFile} lie in a buffer that thread reuses: they are valid until its next read.
 * A large file's lie in a buffer of their own, shared memory from SHARED_READ_BYTES up.
 */
export type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; finding: Finding };

const NON_BLOCKING_READ = constants.O_RDONLY | constants.O_NONBLOCK;

/**
 * Files up to this size are read into one buffer per thread, reused file after file. A fresh
 * buffer per file (as readFileSync gives) costs an allocation, a free and fresh pages for the
 * kernel to fault in; reused, reading and decoding 10,000 bench artifacts took ~10 % less time.
 * A larger file gets a buffer of its own, so no thread holds on to one file's worth of memory.
 */
const REUSED_BUFFER_BYTES = 1 << 20;
let reusedBuffer: Buffer | undefined;
/**
 * Files from this size up are read into shared memory, where a helper thread can scan them while
 * this one decodes and parses them (see load-large.ts). Smaller files are done before the helper
 * has booted, and its start (and joining it at exit) then costs more than it saves: paired runs
 * of one file, helper against none: 9 MB +24 ms, 16 MB +26 ms, 25 MB −9 ms, 51 MB −23 ms.
 */
export const SHARED_READ_BYTES = 32 << 20;

/**
 * Reads with O_NONBLOCK so a FIFO or socket named conversation.json can never block the check:
 * opening a socket fails, a FIFO reads as empty or EAGAIN, a folder fails with EISDIR. Only when
 * that fails or comes back empty do we look closer, to say exactly what the path is. Blocking on
 * purpose: a local file comes from the page cache in microseconds, while each async fs call is a
 * thread-pool round trip that costs more than the read. Bytes, not text: the caller validates
 * UTF-8 itself (and on large files read + decode beats Node's combined utf8 read). The bytes are
 * valid until this thread's next call (see REUSED_BUFFER_BYTES): use them before anything awaits.
 */
export function readArtifactFile(path: string | Uint8Array): ReadOutcome {
  return readStart(fsPath(path), false).outcome!; // never left open when not asked
}

/**
 * Positioned reads in flight at once for the rest of a large file, on libuv's thread pool. Most
 * of reading 50 MB here is faulting in the fresh pages it lands in, which two threads do side by
 * side: on the 51 MB bench artifact two reads took 24–29 ms against 50–60 ms for one blocking
 * read (four were no faster).
 */
const PARALLEL_READS = 2;

/**
 * {@link readArtifactFile} for a caller that can wait: the rest of a file of SHARED_READ_BYTES
 * or more is read by PARALLEL_READS positioned reads at once, and comes as a promise. Any other
 * file is read exactly as readArtifactFile reads it, and its outcome comes at once.
 */
export function readArtifactFileConcurrently(path: string | Uint8Array): ReadOutcome | Promise<ReadOutcome> {
  const { outcome, large } = readStart(fsPath(path), true);
  if (outcome) return outcome;
  return readRestConcurrently(large.fd, large.head).then(
    (bytes): ReadOutcome => ({ ok: true, bytes }),
    // The file changed under the reads (or one failed): start again, blocking, to say exactly what is there.
    () => readArtifactFile(path),
  );
}

/** A byte path may have crossed a thread as a plain Uint8Array; fs wants a Buffer. */
function fsPath(path: string | Uint8Array): string | Buffer {
  return typeof path === 'string' || Buffer.isBuffer(path) ? path : Buffer.from(path);
}

/**
 * Opens and reads the file to its end: its outcome. With `leaveLargeOpen`, a file of
 * SHARED_READ_BYTES or more is read only as far as its head, and comes back open instead.
 */
function readStart(absolutePath: string | Buffer, leaveLargeOpen: boolean): { outcome: ReadOutcome; large?: undefined } | { outcome?: undefined; large: { fd: number; head: Head & { size: number } } } {
  let fd: number | undefined;
  let bytes: Buffer | undefined;
  try {
    fd = openSync(absolutePath, NON_BLOCKING_READ);
    const head = readHead(fd);
    if (leaveLargeOpen && head.size !== undefined && head.size >= SHARED_READ_BYTES) {
      const large = { fd, head: { ...head, size: head.size } };
      fd = undefined;
      return { large };
    }
    bytes = readToEnd(fd, head);
  } catch {
    // Say why precisely below (a folder, a socket, permissions, gone).
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
  return { outcome: bytes !== undefined && bytes.length > 0 ? { ok: true, bytes } : readCarefully(absolutePath) };
}

/** What the first read found: the bytes so far in `buffer`, and the file's size by fstat if they filled it. */
interface Head {
  buffer: Buffer;
  length: number;
  size?: number;
}

/** Reads into the reused buffer until it is full or the file ends. */
function readHead(fd: number): Head {
  const buffer = (reusedBuffer ??= Buffer.allocUnsafeSlow(REUSED_BUFFER_BYTES));
  let length = 0;
  for (let got = -1; got !== 0 && length < buffer.length; length += got) got = readSync(fd, buffer, length, buffer.length - length, null);
  return length < buffer.length ? { buffer, length } : { buffer, length, size: fstatSync(fd).size };
}

/** Reads from `fd` (whose offset is at the end of `head`) until end of file: into the reused buffer, or a buffer of its own once the file outgrows it. */
function readToEnd(fd: number, head: Head): Buffer {
  let { buffer, length, size } = head;
  for (;;) {
    if (length === buffer.length) {
      buffer = grow(buffer, length, size ?? fstatSync(fd).size);
      size = undefined; // past the size the head found, the file grew: ask again
    }
    const got = readSync(fd, buffer, length, buffer.length - length, null);
    if (got === 0) return buffer.subarray(0, length);
    length += got;
  }
}

/** A larger buffer holding `buffer`'s first `length` bytes: room for `size` and one byte more, so that the read which finds the end needs none larger; shared memory from SHARED_READ_BYTES up. */
function grow(buffer: Buffer, length: number, size: number): Buffer {
  const bytes = Math.max(size + 1, buffer.length * 2);
  const larger = bytes >= SHARED_READ_BYTES ? Buffer.from(new SharedArrayBuffer(bytes)) : Buffer.allocUnsafeSlow(bytes);
  buffer.copy(larger, 0, 0, length);
  return larger;
}

/**
 * The rest of a large file after `head`, by PARALLEL_READS positioned reads at once up to the
 * size fstat gave, then positioned blocking reads past it, in case the file grew. Rejects if a read fails or finds the end early (the file shrank). Closes `fd`.
 */
async function readRestConcurrently(fd: number, head: Head & { size: number }): Promise<Buffer> {
  try {
    const { size } = head;
    let buffer = grow(head.buffer, head.length, size);
    const step = Math.ceil((size - head.length) / PARALLEL_READS);
    const parts: Promise<void>[] = [];
    for (let start = head.length; start < size; start += step) parts.push(readExactly(fd, buffer, start, Math.min(step, size - start)));
    // Every read settles before `fd` is closed: its number could be reused under a read in flight.
    const failed = (await Promise.allSettled(parts)).find((part) => part.status === 'rejected');
    if (failed) throw failed.reason;
    let length = size;
    for (;;) {
      if (length === buffer.length) buffer = grow(buffer, length, length);
      const got = readSync(fd, buffer, length, buffer.length - length, length);
      if (got === 0) return buffer.subarray(0, length);
      length += got;
    }
  } finally {
    closeQuietly(fd);
  }
}

/** Reads exactly `length` bytes at `position` into `buffer` at the same offset. */
function readExactly(fd: number, buffer: Buffer, position: number, length: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const next = (at: number, left: number): void =>
      read(fd, buffer, at, left, at, (error, got) => {
        if (error) reject(error);
        else if (got === 0) reject(new Error('The file ended before its size.'));
        else if (got < left) next(at + got, left - got);
        else resolve();
      });
    next(position, length);
  });
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Closing a descriptor we only read cannot lose data; the outcome stands.
  }
}

/** The careful path: judge what was actually opened (not the name), then read it. */
function readCarefully(absolutePath: string | Buffer): ReadOutcome {
  let fd: number;
  try {
    fd = openSync(absolutePath, NON_BLOCKING_READ);
  } catch (error) {
    return ioFailure(error);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { ok: false, finding: ioFinding('not-a-file', `Not a regular file (${describeKind(info)}); an artifact must be a file.`) };
    return { ok: true, bytes: readFileSync(fd) };
  } catch (error) {
    return ioFailure(error);
  } finally {
    closeQuietly(fd);
  }
}

function describeKind(info: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function ioFailure(error: unknown): ReadOutcome {
  const e = error as NodeJS.ErrnoException;
  const reasons: Record<string, string> = {
    ENOENT: 'The file disappeared before it could be read.',
    EACCES: 'Permission denied: the file cannot be read.',
    EPERM: 'Permission denied: the file cannot be read.',
    EISDIR: 'Not a regular file (a directory); an artifact must be a file.',
    ELOOP: 'Too many levels of symbolic links.',
    EMFILE: 'Too many open files.',
  };
  const message = (e.code && reasons[e.code]) ?? `The file cannot be read (${e.code ?? e.message}).`;
  return { ok: false, finding: ioFinding(e.code?.toLowerCase() ?? 'read-failed', message) };
}

function ioFinding(messageId: string, message: string): Finding {
  return { ruleId: 'io', messageId, message, severity: 2, pointer: '', span: { start: 0, end: 0 } };
}
