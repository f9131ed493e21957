// Reading: one discovered path → its bytes, or an `io` finding saying why it could not be read.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import type { Finding } from '../result.js';

/** The bytes of a regular file, or the reason there are none. */
export type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; finding: Finding };

const NON_BLOCKING_READ = constants.O_RDONLY | constants.O_NONBLOCK;

/**
 * Reads with O_NONBLOCK so a FIFO or socket named conversation.json can never block the check:
 * opening a socket fails, a FIFO reads as empty or EAGAIN, a folder fails with EISDIR. Only when
 * that fails or comes back empty do we look closer, to say exactly what the path is. Blocking on
 * purpose: a local file comes from the page cache at once, while each async fs call is a
 * thread-pool round trip. Bytes, not text: the caller validates UTF-8 itself.
 */
export function readArtifactFile(path: string | Uint8Array): ReadOutcome {
  // A byte path may have crossed a thread as a plain Uint8Array; fs wants a Buffer.
  const absolutePath = typeof path === 'string' || Buffer.isBuffer(path) ? path : Buffer.from(path);
  let fd: number | undefined;
  let bytes: Buffer | undefined;
  try {
    fd = openSync(absolutePath, NON_BLOCKING_READ);
    bytes = readFileSync(fd);
  } catch {
    // Say why precisely below (a folder, a socket, permissions, gone).
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
  return bytes !== undefined && bytes.length > 0 ? { ok: true, bytes } : readCarefully(absolutePath);
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
