// Reading: one discovered path → its bytes, or an `io` finding saying why it could not be read.
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import type { Finding } from './finding.js';

/**
 * The bytes of a regular file, or the reason there are none. `bytes` of a small file read by
 * {@link readArtifactFile} lie in a buffer that thread reuses: they are valid until its next read.
 * A larger file's lie in a buffer of their own.
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
 * Reads with O_NONBLOCK so a FIFO or socket named conversation.json can never block the check:
 * opening a socket fails, a FIFO reads as empty or EAGAIN, a folder fails with EISDIR. Only when
 * that fails or comes back empty do we look closer, to say exactly what the path is. Blocking on
 * purpose: a local file comes from the page cache in microseconds, while each async fs call is a
 * thread-pool round trip that costs more than the read. Bytes, not text: the caller validates
 * UTF-8 itself (and on large files read + decode beats Node's combined utf8 read). The bytes are
 * valid until this thread's next call (see REUSED_BUFFER_BYTES): use them before anything awaits.
 */
export function readArtifactFile(path: string | Uint8Array): ReadOutcome {
  return readStart(fsPath(path));
}

/** A byte path may have crossed a thread as a plain Uint8Array; fs wants a Buffer. */
function fsPath(path: string | Uint8Array): string | Buffer {
  return typeof path === 'string' || Buffer.isBuffer(path) ? path : Buffer.from(path);
}

/** Opens and reads the file to its end: its outcome. */
function readStart(absolutePath: string | Buffer): ReadOutcome {
  let fd: number | undefined;
  let bytes: Buffer | undefined;
  try {
    fd = openSync(absolutePath, NON_BLOCKING_READ);
    bytes = readToEnd(fd, readHead(fd));
  } catch {
    // Say why precisely below (a folder, a socket, permissions, gone).
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
  return bytes !== undefined && bytes.length > 0 ? { ok: true, bytes } : readCarefully(absolutePath);
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

/** A larger buffer holding `buffer`'s first `length` bytes: room for `size` and one byte more, so that the read which finds the end needs none larger. */
function grow(buffer: Buffer, length: number, size: number): Buffer {
  const bytes = Math.max(size + 1, buffer.length * 2);
  const larger = Buffer.allocUnsafeSlow(bytes);
  buffer.copy(larger, 0, 0, length);
  return larger;
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
