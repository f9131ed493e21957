// Reading: one discovered path → its bytes, or an `io` finding saying why it could not be read.
import type { Finding } from '../result.js';
import { readRegularFile } from '../../fs/read-file.js';

/** The bytes of a regular file, or the reason there are none. */
export type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; finding: Finding };

/** An artifact's bytes (see readRegularFile: a regular file, judged before reading, within the size bound). Bytes, not text: the caller validates UTF-8 itself. */
export function readArtifactFile(path: string | Uint8Array): ReadOutcome {
  // A byte path may have crossed a thread as a plain Uint8Array; fs wants a Buffer.
  const read = readRegularFile(typeof path === 'string' || Buffer.isBuffer(path) ? path : Buffer.from(path));
  return read.ok ? read : { ok: false, finding: ioFinding(read.code, read.message) };
}

export function ioFinding(messageId: string, message: string): Finding {
  return { ruleId: 'io', messageId, message, severity: 2, pointer: '', span: { start: 0, end: 0 } };
}
