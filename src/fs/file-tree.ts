// Folder trees as campaign handles them: listed once (links kept as links, odd files refused),
// copied verbatim, and digested so a run can say exactly which skill it had. Listing also runs on
// libuv's thread pool (judge: the main thread keeps its sessions moving meanwhile).
import { closeSync, constants, openSync, readSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { holdsCr, LfSha256 } from './line-endings.js';
import { call, closeCall, copyFileCall, lstatCall, mkdirCall, openCall, readdirCall, readlinkCall, runAsync, runSync, symlinkCall, writeCall, type FsCall, type Walk } from './fs-walk.js';

/** node:crypto, loaded on first use: a one-file check reaches this module and never hashes (test/package/start-up). */
const createHash = (algorithm: string) => process.getBuiltinModule('node:crypto').createHash(algorithm);

/** One entry of a tree, by its '/'-separated path below the tree's root. */
export interface TreeEntry {
  path: string;
  kind: 'folder' | 'file' | 'link';
  /** Files: whether any execute bit is set (kept by the copy, part of the digest). */
  executable?: boolean;
  /** Links: the target, as written (never followed). */
  target?: string;
}

/**
 * Whether a copy of a tree holds an entry of this kind: a file, a folder or a link (kept as a
 * link). A FIFO, socket or device is none: copying one would block or read what nobody meant to
 * copy (git keeps none either).
 */
export function isCopiedKind(stats: Pick<Stats, 'isFile' | 'isDirectory' | 'isSymbolicLink'>): boolean {
  return stats.isFile() || stats.isDirectory() || stats.isSymbolicLink();
}

/**
 * What a listing does with an entry no copy holds ({@link isCopiedKind}): `refuse` it (what
 * campaign copies in must be copied whole), or `leave-out` (a run's task as it was left: compare
 * and judge grade what is there, as git would keep it).
 */
export type OddEntries = 'refuse' | 'leave-out';

/** Whether a listing leaves an entry out, by its '/'-separated path below the root and its absolute path: at once, or by a walk that reads it. */
export type Skip = (path: string, absolute: string) => boolean | Walk<boolean>;

/**
 * Every entry below `root`, sorted by path (code-unit order), links not followed. `skip` leaves an
 * entry (and everything below it) out: a test by its path, or a walk that reads it (Git's data is
 * told by its content: diff/git-data.ts). A FIFO, socket or device is refused (`odd`: or left out).
 * @throws {UsageError} naming the odd entry and `what` (e.g. "the skill folder").
 */
export function listTree(root: string, what: string, skip: Skip = () => false, odd: OddEntries = 'refuse'): TreeEntry[] {
  return runSync(walkTree(root, what, skip, odd));
}

/** {@link listTree} on libuv's thread pool: the same entries, or the same refusal (a rejection). */
export function listTreeAsync(root: string, what: string, skip: Skip = () => false, odd: OddEntries = 'refuse'): Promise<TreeEntry[]> {
  return runAsync(walkTree(root, what, skip, odd));
}

function* walkTree(root: string, what: string, skip: Skip, odd: OddEntries): Walk<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  function* walk(below: string): Walk<void> {
    const dir = below === '' ? root : join(root, below);
    const names = (yield* readOrRefuse(dir, what, readdirCall(dir))).sort();
    for (const name of names) {
      const path = below === '' ? name : `${below}/${name}`;
      const absolute = join(root, path);
      const skipped = skip(path, absolute);
      if (typeof skipped === 'boolean' ? skipped : yield* skipped) continue;
      const stat = yield* readOrRefuse(absolute, what, lstatCall(absolute));
      if (stat.isSymbolicLink()) entries.push({ path, kind: 'link', target: yield* readOrRefuse(absolute, what, readlinkCall(absolute)) });
      else if (stat.isDirectory()) {
        entries.push({ path, kind: 'folder' });
        yield* walk(path);
      } else if (stat.isFile()) entries.push({ path, kind: 'file', executable: (stat.mode & 0o111) !== 0 });
      else if (odd === 'leave-out') continue;
      else throw new UsageError(`${what} holds ${showEntry(absolute)}, which is neither a file, a folder nor a link; campaign copies none of those (nothing was run)`);
    }
  }
  yield* walk('');
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Words for what stops a tree from being listed, by errno. */
const UNREADABLE: Record<string, string> = {
  ENAMETOOLONG: 'a path longer than the system allows',
  EACCES: 'an entry it may not read',
  EPERM: 'an entry it may not read',
  ELOOP: 'a path with too many links',
};

/** A tree that cannot be listed because of one entry: which, and the error's code (a UsageError, said as campaign says it). */
export class UnreadableEntry extends UsageError {
  constructor(message: string, readonly entry: string, readonly code: string) {
    super(message);
  }
}

/** The call's value, or a UsageError naming the entry and why it cannot be read (never an internal error). */
function* readOrRefuse<T>(path: string, what: string, read: FsCall<T>): Walk<T> {
  try {
    return yield* call(read);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const why = UNREADABLE[code] ?? `an entry that cannot be read (${(error as Error).message.split(',')[0]})`;
    throw new UnreadableEntry(`${what} holds ${why}${code ? ` (${code})` : ''}: ${showEntry(path)}; campaign cannot copy it (nothing was run)`, path, code);
  }
}

/** A path in a one-line message: quoted with its controls escaped (a name may hold a line break); a long one by its two ends. */
function showEntry(path: string): string {
  return JSON.stringify(path.length > 240 ? `${path.slice(0, 120)}…${path.slice(-120)}` : path);
}

/** An entry as a copy writes it: a listed entry and, where the copy differs from the tree, its place and bytes there. */
export interface CopyEntry extends TreeEntry {
  /** Its '/'-separated path in the copy, when not `path`. */
  to?: string;
  /** Files: the bytes written in place of the file's own, with this mode. */
  content?: Buffer;
  mode?: number;
}

/** Copies the listed entries of `from` into `to` (created; must not hold any of them): files with their mode, links as links. */
export function copyTree(from: string, entries: readonly CopyEntry[], to: string): void {
  runSync(walkCopy(from, entries, to));
}

/** {@link copyTree} on libuv's thread pool (the judge's task copy, while other sessions run). */
export function copyTreeAsync(from: string, entries: readonly CopyEntry[], to: string): Promise<void> {
  return runAsync(walkCopy(from, entries, to));
}

function* walkCopy(from: string, entries: readonly CopyEntry[], to: string): Walk<void> {
  yield* call(mkdirCall(to, true));
  // Listing order puts every folder before what it holds.
  for (const entry of entries) {
    const target = join(to, entry.to ?? entry.path);
    if (entry.kind === 'folder') yield* call(mkdirCall(target));
    else if (entry.kind === 'link') yield* call(symlinkCall(entry.target!, target));
    else if (entry.content !== undefined) yield* writeNew(target, entry.content, entry.mode!);
    else yield* copyRegular(join(from, entry.path), target);
  }
}

const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;

function* writeNew(path: string, content: Buffer, mode: number): Walk<void> {
  const fd = yield* call(openCall(path, CREATE_NEW, mode));
  try {
    for (let at = 0; at < content.length; ) at += yield* call(writeCall(fd, content, at));
  } finally {
    yield* call(closeCall(fd));
  }
}

/**
 * Copies a file that was listed as a regular one, if it still is: one swapped for a FIFO since
 * (an edit, an agent at work) would block the copy, and the whole process with it, for ever. The
 * check narrows that window to the time between it and the copy; it does not close it.
 */
export function copyRegularFile(from: string, to: string): void {
  runSync(copyRegular(from, to));
}

/** {@link copyRegularFile} as a step of a walk. */
function* copyRegular(from: string, to: string): Walk<void> {
  if (!(yield* call(lstatCall(from))).isFile()) throw new Error(`${from} is no longer a regular file`);
  yield* call(copyFileCall(from, to, constants.COPYFILE_EXCL));
}

/**
 * sha256 of a tree: one line per entry in path order — `folder <path>`, `file <path> <sha256 of
 * its bytes>` (plus ` x` when executable) or `link <path> <target>` — each ending in "\n", hashed
 * together; names as {@link escapeName} writes them, so no two trees share their lines. The same tree gives the same digest on every machine; any change of a byte, a name, a
 * link or an execute bit changes it.
 */
export function treeDigest(root: string, entries: readonly TreeEntry[], fingerprints: readonly string[] = entryFingerprints(root, entries)): string {
  const hash = createHash('sha256');
  entries.forEach((entry, i) => {
    const path = escapeName(entry.path);
    if (entry.kind === 'folder') hash.update(`folder ${path}\n`);
    else if (entry.kind === 'link') hash.update(`link ${path.replaceAll(' ', '\\s')} ${fingerprints[i]!.slice('link '.length)}\n`);
    else hash.update(`file ${path} ${fingerprints[i]!.slice('file '.length)}\n`);
  });
  return hash.digest('hex');
}

/**
 * What each entry is, beside its path: `folder`, `file <sha256 of its bytes>` (plus ` x` when
 * executable) or `link <target>` — {@link treeDigest}'s lines without the paths, so a record can
 * keep them by path and say later which entry of a tree changed.
 */
export function entryFingerprints(root: string, entries: readonly TreeEntry[]): string[] {
  return entries.map((entry) => fingerprint(entry, () => fileSha256(join(root, entry.path))));
}

/**
 * {@link entryFingerprints} of the bytes as they are (`raw`) and with each CRLF read as LF (`lf`,
 * ./line-endings.ts): a tree Git's line-ending conversion rewrote has the `lf` of the original.
 * Each file is read once, from `readFrom` (a copy that follows links reads their targets).
 */
export function entryFingerprintsBothEndings(root: string, entries: readonly TreeEntry[], readFrom: (entry: TreeEntry) => string = (entry) => join(root, entry.path)): { raw: string[]; lf: string[] } {
  const raw: string[] = [];
  const lf: string[] = [];
  for (const entry of entries) {
    const digests = entry.kind === 'file' ? fileDigests(readFrom(entry)) : undefined;
    raw.push(fingerprint(entry, () => digests!.sha256));
    lf.push(fingerprint(entry, () => digests!.lfSha256));
  }
  return { raw, lf };
}

function fingerprint(entry: TreeEntry, fileDigest: () => string): string {
  return entry.kind === 'folder' ? 'folder' : entry.kind === 'link' ? `link ${escapeName(entry.target!)}` : `file ${fileDigest()}${entry.executable ? ' x' : ''}`;
}

/**
 * A name in a digest line: a line break would forge the next line, so it is written `\n` (and a
 * backslash `\\`). A link's path also has its spaces written `\s`, or `link a b c` would be both
 * "a b" → "c" and "a" → "b c". Ordinary names are written as they are, so their digests stay.
 */
function escapeName(name: string): string {
  return name.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');
}

/** sha256 of some bytes, as hex. */
export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Bytes hashed at a time. */
const PIECE = 1 << 20;

/**
 * sha256 of a file's bytes, read a piece at a time: memory stays flat, and a file over 2 GiB (which
 * cannot be read whole) is digested like any other. Never follows a link, never blocks on a FIFO.
 */
export function fileSha256(path: string): string {
  const hash = createHash('sha256');
  readPieces(path, (piece) => hash.update(piece));
  return hash.digest('hex');
}

/** {@link fileSha256}, and the sha256 of the same bytes with each CRLF read as LF (./line-endings.ts), from one read. */
export function fileDigests(path: string): { sha256: string; lfSha256: string } {
  const hash = createHash('sha256');
  // Until a CR comes, both digests see the same bytes: the LF one starts as a copy of the other there.
  let lf: LfSha256 | undefined;
  readPieces(path, (piece) => {
    if (lf === undefined && holdsCr(piece)) lf = new LfSha256(hash.copy());
    hash.update(piece);
    lf?.update(piece);
  });
  const sha256 = hash.digest('hex');
  return { sha256, lfSha256: lf?.digest() ?? sha256 };
}

/** Feeds `each` the file's bytes a piece at a time (the piece is reused: copy what is kept). */
function readPieces(path: string, each: (piece: Buffer) => void): void {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const piece = Buffer.allocUnsafe(PIECE);
    for (let n; (n = readSync(fd, piece, 0, PIECE, null)) > 0; ) each(piece.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}
