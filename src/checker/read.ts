// Reading: one discovered path → its bytes, or an `io` finding saying why it could not be read.
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import type { Finding } from './finding.js';

/**
 * The contents of a regular file — as text when it decoded cleanly, as raw bytes when it may not
 * be UTF-8 (the parse stage then points at the first bad byte) — or the reason there are none.
 */
export type ReadOutcome = { ok: true; bytes: Buffer | string } | { ok: false; finding: Finding };

// Node takes numeric open flags here too (fs "File system flags"); the typings only admit strings.
const NON_BLOCKING_READ = (constants.O_RDONLY | constants.O_NONBLOCK) as unknown as string;

/**
 * Reads in one native call (open, read, decode, close: no fs round trips from JavaScript), with
 * O_NONBLOCK so a FIFO or socket named conversation.json can never block the check: opening a
 * socket fails, a FIFO reads as empty or EAGAIN, a folder fails with EISDIR. Only when that
 * comes back failed, empty or with a U+FFFD do we look closer: Node turns invalid UTF-8 into U+FFFD
 * silently, so then the raw bytes go to the parse stage, which points at the first bad byte.
 */
export function readArtifactFile(absolutePath: string): ReadOutcome {
  let text = '';
  try {
    text = readFileSync(absolutePath, { encoding: 'utf8', flag: NON_BLOCKING_READ });
  } catch {
    // Say why precisely below (a folder, a socket, permissions, gone).
  }
  if (text !== '' && !text.includes('\uFFFD')) return { ok: true, bytes: text };
  return readCarefully(absolutePath);
}

/** The slow path: judge what was actually opened (not the name), then take its raw bytes. */
function readCarefully(absolutePath: string): ReadOutcome {
  let fd: number;
  try {
    fd = openSync(absolutePath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return ioFailure(error);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { ok: false, finding: ioFinding('not-a-file', `Not a regular file (${describeKind(info)}); an artifact must be a file.`) };
    return { ok: true, bytes: readBytesFromStart(fd) };
  } catch (error) {
    return ioFailure(error);
  } finally {
    try {
      closeSync(fd);
    } catch {
      // Closing a descriptor we only read cannot lose data; the outcome above stands.
    }
  }
}

/** The whole file again, from offset 0, whatever the descriptor's position. */
function readBytesFromStart(fd: number): Buffer {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(1 << 20);
    const n = readSync(fd, chunk, 0, chunk.length, position);
    if (n === 0) return Buffer.concat(chunks);
    chunks.push(chunk.subarray(0, n));
    position += n;
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
