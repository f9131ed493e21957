// Reading: one discovered path → its bytes, or an `io` finding saying why it could not be read.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Finding } from './finding.js';

/** The bytes of a regular file, or the reason there are none. */
export type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; finding: Finding };

/**
 * Opens with O_NONBLOCK and checks the opened descriptor, not the name: a FIFO or socket named
 * conversation.json must not block the check, and a file swapped between discovery and reading
 * is judged by what was actually opened.
 */
export async function readArtifactFile(absolutePath: string): Promise<ReadOutcome> {
  let handle;
  try {
    handle = await open(absolutePath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return ioFailure(error);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, finding: ioFinding('not-a-file', `Not a regular file (${describeKind(info)}); an artifact must be a file.`) };
    return { ok: true, bytes: await handle.readFile() };
  } catch (error) {
    return ioFailure(error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * The same, blocking. Worker threads use it: each async call (open, stat, read, close) is a
 * round trip through libuv's thread pool, and a worker has nothing else to do meanwhile.
 */
export function readArtifactFileSync(absolutePath: string): ReadOutcome {
  let fd: number;
  try {
    fd = openSync(absolutePath, constants.O_RDONLY | constants.O_NONBLOCK);
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
    try {
      closeSync(fd);
    } catch {
      // Closing a descriptor we only read cannot lose data; the outcome above stands.
    }
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
