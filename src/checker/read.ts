// Reading: one discovered path → its bytes, or an `io` finding saying why it could not be read.
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
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
  // A byte path may have crossed a thread as a plain Uint8Array; fs wants a Buffer.
  const absolutePath = typeof path === 'string' || Buffer.isBuffer(path) ? path : Buffer.from(path);
  let bytes: Buffer | undefined;
  try {
    const fd = openSync(absolutePath, NON_BLOCKING_READ);
    try {
      bytes = readToEnd(fd);
    } finally {
      closeQuietly(fd);
    }
  } catch {
    // Say why precisely below (a folder, a socket, permissions, gone).
  }
  return bytes !== undefined && bytes.length > 0 ? { ok: true, bytes } : readCarefully(absolutePath);
}

/** Reads from `fd` until end of file: into the reused buffer, or a buffer of its own once the file outgrows it. */
function readToEnd(fd: number): Buffer {
  let buffer = (reusedBuffer ??= Buffer.allocUnsafeSlow(REUSED_BUFFER_BYTES));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      // One byte to spare, so that the read which finds the end needs no larger buffer.
      const size = Math.max(fstatSync(fd).size + 1, buffer.length * 2);
      const larger = size >= SHARED_READ_BYTES ? Buffer.from(new SharedArrayBuffer(size)) : Buffer.allocUnsafeSlow(size);
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    const got = readSync(fd, buffer, length, buffer.length - length, null);
    if (got === 0) return buffer.subarray(0, length);
    length += got;
  }
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
