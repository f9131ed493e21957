// Which files of a task the judge's blinding reads as text — the task copy (task-copy.ts) and the
// lines the task held as staged (task-lines.ts) by one rule: a regular file of UTF-8 text, no
// larger than the diff reads.
import { isUtf8 } from 'node:buffer';
import { constants } from 'node:fs';
import { MAX_DIFFED_BYTES } from '../diff/measure.js';
import { call, closeCall, fstatCall, openCall, readCall, type Walk } from '../fs/fs-walk.js';

/**
 * A file larger than this is not read: the diff shows none of its lines either ("too large to
 * diff"), and blinding it would hold it in memory and scan it once per withheld line.
 */
const MAX_BLINDED_BYTES = MAX_DIFFED_BYTES;
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * The text of the file at `path` and its mode; undefined for a file that holds a NUL byte or is
 * not UTF-8 (binary, as the diff takes a file with a NUL byte; a text edit would spoil a Latin-1
 * one) or is larger than {@link MAX_BLINDED_BYTES}. Never through a link, never blocking on a FIFO
 * put where a listing found a file: that, or a file gone, throws.
 */
export function* blindableText(path: string): Walk<{ text: string; mode: number } | undefined> {
  const fd = yield* call(openCall(path, READ_FLAGS, 0));
  try {
    const stat = yield* call(fstatCall(fd));
    if (!stat.isFile()) throw new Error(`${path} is no longer a regular file`);
    if (stat.size > MAX_BLINDED_BYTES) return undefined;
    const bytes = Buffer.allocUnsafe(stat.size);
    let filled = 0;
    for (let n = -1; filled < bytes.length && n !== 0; filled += n) n = yield* call(readCall(fd, bytes, filled, filled));
    const read = bytes.subarray(0, filled);
    if (read.includes(0) || !isUtf8(read)) return undefined;
    return { text: read.toString('utf8'), mode: stat.mode & 0o7777 };
  } finally {
    yield* call(closeCall(fd));
  }
}
