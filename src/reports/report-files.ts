// Where a report file may go, and how it is written: never over a file the check read, never two
// reports into one file, never through a link nor over one; a new file renamed into place.
import { constants, lstatSync, promises as fs, readlinkSync, realpathSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { pathInside } from '../fs/inside.js';
import { describeFsError, makeFolder } from '../fs/folders.js';
import { writeFileAtomically } from '../fs/safe-write.js';
import { removedIfSignalled } from '../process/signal-cleanup.js';
import { SEARCHED_FILES } from '../workspace/layout.js';

/** A file as the file system knows it: its real path (folders resolved), and its inode when it exists. */
interface Identity {
  realPath: string;
  inode?: string;
}

function identify(absolutePath: string): Identity {
  let folder = dirname(absolutePath);
  try {
    folder = realpathSync.native(folder);
  } catch {
    // A folder still to be made: its path is its identity.
  }
  let inode: string | undefined;
  try {
    const info = statSync(absolutePath);
    inode = `${info.dev}:${info.ino}`;
  } catch {
    // Not there (yet), or a dangling link: only the path can match.
  }
  return { realPath: join(folder, basename(absolutePath)), inode };
}

function realPathOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** The names the checker searches for (the eval lookup reads evals.json too). */
const ARTIFACT_NAMES: ReadonlySet<string> = new Set(SEARCHED_FILES);

const sameFile = (a: Identity, b: Identity) => a.realPath === b.realPath || (a.inode !== undefined && a.inode === b.inode);

/**
 * Refuses report paths that would lose data or be written through a link: a path that is a file
 * the check read (`inputs`: checked files, stdin's name, --evals, the config), two reports in one
 * file however it is spelt (`r.json`, `./r.json`, a link or hard link to it), and a path whose
 * folders inside `cwd` include a symbolic link (the report would land wherever it points), and a
 * path that is itself a link to a file or folder, or a dangling one (see {@link linkRefusal}).
 * `documentOf`: the document a report at that path is, whose own name it may take. `appended`: a
 * path appended to rather than replaced (the step summary), which may be a link.
 * @throws {UsageError} naming the path and why.
 */
export function assertReportPaths(paths: readonly string[], inputs: readonly string[], cwd: string, documentOf: (path: string) => string | undefined = () => undefined, appended?: string): void {
  const taken: Array<{ path: string; identity: Identity }> = [];
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const identity = identify(absolute);
    // Only inputs named like the target or what it links to can be it: no stat for each of 100,000 checked files.
    const names = new Set([basename(absolute), basename(realPathOr(absolute))]);
    const input = inputs.find((file) => names.has(basename(file)) && sameFile(identify(resolve(cwd, file)), identity));
    if (input !== undefined) throw new UsageError(`The report ${JSON.stringify(path)} would replace ${JSON.stringify(input)}, which this command reads; write the report somewhere else.`);
    // The eval lookup reads evals.json files no list names, and a report named like a document a
    // search finds (conversation.json, grading.json…) would be checked as one next time.
    // Unless the report is that very document (compare's json is a comparison.json), which a search checks as what it is.
    const artifactName = [...names].find((name) => ARTIFACT_NAMES.has(name) && name !== documentOf(path));
    if (artifactName !== undefined) throw new UsageError(`The report ${JSON.stringify(path)} would be a file named ${artifactName}, which a search of eval-magic check reads as that document (or an eval lookup finds); give the report another name.`);
    const twin = taken.find((other) => sameFile(other.identity, identity));
    if (twin) throw new UsageError(`Two reports would be written to the same file: ${JSON.stringify(twin.path)} and ${JSON.stringify(path)}.`);
    const link = linkedFolderWithin(cwd, absolute);
    if (link !== undefined) throw new UsageError(`The report ${JSON.stringify(path)} would be written through ${JSON.stringify(link)}, a symbolic link to a folder; name the real folder instead.`);
    const linked = path === appended ? undefined : linkRefusal(absolute);
    if (linked !== undefined) throw new UsageError(`The report ${JSON.stringify(path)} is ${linked}.`);
    taken.push({ path, identity });
  }
}

/** The first folder on the way from `cwd` to `absolutePath` (below `cwd`) that is a symbolic link, as a path relative to `cwd`. */
function linkedFolderWithin(cwd: string, absolutePath: string): string | undefined {
  const rel = pathInside(cwd, dirname(absolutePath));
  // Folders outside the working directory are the user's own spelling (/tmp on macOS is a link).
  if (rel === '' || rel === undefined) return undefined;
  let at = cwd;
  for (const segment of rel.split('/')) {
    at = join(at, segment);
    try {
      if (lstatSync(at).isSymbolicLink()) return relative(cwd, at);
    } catch {
      return undefined; // from here on, folders are made
    }
  }
  return undefined;
}

/** A process's descriptor folder (/proc/<pid>/fd, /proc/self/task/<tid>/fd; the pid captured): its entries are descriptors, not links a user made. */
const PROC_FD_FOLDER = /^\/proc\/([^/]+)(?:\/task\/\d+)?\/fd$/;

/**
 * Why no report is written at `absolutePath` when it is a symbolic link (a phrase: "a symbolic link
 * to …; …"), or undefined when it is none. The rename of a report would replace the link without a
 * word, and writing through it would put the report wherever it points (as through a linked folder):
 * a link to a file or a folder, a dangling one, is refused, naming where it points. A link to a
 * stream is written into, as the stream itself is: this process's descriptor (`/dev/stdout`,
 * `/dev/fd/3`), a FIFO, a character device; and an entry of a /proc/<pid>/fd folder is a descriptor.
 */
function linkRefusal(absolutePath: string): string | undefined {
  let target: string;
  try {
    if (!lstatSync(absolutePath).isSymbolicLink()) return undefined;
    target = readlinkSync(absolutePath);
  } catch {
    return undefined; // nothing there (yet)
  }
  if (PROC_FD_FOLDER.test(realPathOr(dirname(absolutePath))) || ownDescriptor(absolutePath) !== undefined) return undefined;
  const never = 'a report is never written through a link, nor replaces one';
  const stats = statSync(absolutePath, { throwIfNoEntry: false });
  if (stats === undefined) return `a dangling symbolic link (to ${JSON.stringify(target)}, which does not exist); ${never}: remove the link, or name the file to write`;
  if (stats.isFIFO() || stats.isCharacterDevice()) return undefined;
  const real = realPathOr(absolutePath);
  if (stats.isDirectory()) return `a symbolic link to the folder ${JSON.stringify(real)}; ${never}: name a file in that folder instead`;
  if (stats.isFile()) return `a symbolic link to the file ${JSON.stringify(real)}; ${never}: name that file instead to replace it, or remove the link`;
  return `a symbolic link to ${JSON.stringify(real)}, ${stats.isSocket() ? 'a socket' : stats.isBlockDevice() ? 'a block device' : 'neither a file, a FIFO nor a character device'}, which a report is never written to`;
}

/**
 * Writes the pieces as a new file beside `path`, then renames it into place (the one atomic write,
 * fs/safe-write.ts): a reader never sees half a report, and an interrupted write leaves the old
 * one. A link at `path` is refused (see {@link linkRefusal}; assertReportPaths refused it before
 * anything was written, this looks again before the write and before the rename). A report
 * replaced gets a new file's mode (0666 less the umask), not the old file's. Folders on the way
 * are created (as ESLint's -o does).
 */
export async function writeReportFile(path: string, pieces: Iterable<string>): Promise<void> {
  refuseLink(path);
  // Renaming a file over a device, a FIFO or a process's descriptor would replace the node itself
  // (run as root, `-f json=/dev/null` replaced /dev/null for every process): those are written into.
  const into = await streamTarget(path);
  if (into !== undefined) return writeInto(path, into, pieces);
  // Level by level: Node's recursive mkdir spins for ever where mkdir says ENOENT under a folder that exists (/proc).
  makeFolder(dirname(path), 'the report folder');
  // Ctrl-C mid-write ends the process as before, its temp file removed first (signal-cleanup.ts).
  await removedIfSignalled((announce) => writeFileAtomically(path, pieces, {
    // Looked at again before the temp file is made and right before the rename: a link made meanwhile is refused, not replaced.
    replacing: refuseLink,
    // The folder is there (made above): what refuses a new file in it is said in words (a bare ENOENT read as "no such file").
    cannotCreate: (folder, error) => new Error(`cannot create a file in ${folder}: ${describeFsError(error)}`),
    announce,
  }));
}

function refuseLink(path: string): void {
  const linked = linkRefusal(path);
  if (linked !== undefined) throw new Error(linked);
}

/** A target written into: this process's stdout or stderr, a FIFO, or a character device (or a file opened through /proc/self/fd). */
type StreamTarget = { kind: 'descriptor'; fd: number } | { kind: 'fifo' } | { kind: 'device' };

/**
 * How `path` is written into rather than replaced: a link to this process's descriptor
 * (`/dev/stdout`, `/dev/fd/1`: whatever it is, a socket included), a FIFO or a character device
 * (`/dev/null`), also through a link. Undefined for a regular file, a folder, nothing, or a link to those.
 * @throws when it is a block device or a socket, which no report is written to, or a descriptor not open.
 */
async function streamTarget(path: string): Promise<StreamTarget | undefined> {
  const fd = ownDescriptor(path);
  // stdout and stderr are written as they are (a socket cannot be opened by path); a higher one
  // (`3>r.json`, bash's `>(jq .)`) is opened by its path, so Node's own descriptors are never written.
  if (fd !== undefined && fd <= 2) return { kind: 'descriptor', fd };
  let statError: unknown;
  const stats = await fs.stat(path).catch((error: unknown) => void (statError = error));
  if (fd !== undefined && stats === undefined) throw new Error(`descriptor ${fd}, which this process was not given: open it for the command, as in ${fd}>report.json`);
  // Another process's descriptor (/proc/<pid>/fd/<n>) is written into when it can be opened; no file is ever made beside it.
  const other = stats === undefined ? otherProcessDescriptor(path) : undefined;
  if (other !== undefined) {
    const why = (statError as NodeJS.ErrnoException).code === 'ENOENT' ? 'which is not open (or the process is gone)' : `which cannot be opened here: ${describeFsError(statError)}`;
    throw new Error(`descriptor ${other.fd} of process ${other.pid}, ${why}`);
  }
  if (fd !== undefined && stats?.isFile()) return { kind: 'device' };
  if (stats === undefined || stats.isDirectory() || stats.isFile()) return undefined;
  if (stats.isFIFO()) return { kind: 'fifo' };
  if (stats.isCharacterDevice()) return { kind: 'device' };
  throw new Error(`${stats.isSocket() ? 'a socket' : stats.isBlockDevice() ? 'a block device' : 'neither a file, a FIFO nor a character device'}, which a report is never written to`);
}

/**
 * The descriptor number when `path` is, or links to, an entry of this process's /proc/<pid>/fd (a
 * few links deep, as /dev/stdout is). Blocking: a few lstat and readlink calls on names, never a read.
 */
function ownDescriptor(path: string): number | undefined {
  const own = new Set(['self', 'thread-self', String(process.pid)]);
  let at = path;
  for (let hops = 0; hops < 8; hops++) {
    const folder = realPathOr(dirname(at));
    const proc = PROC_FD_FOLDER.exec(folder);
    if (proc && own.has(proc[1]!) && /^\d+$/.test(basename(at))) return Number(basename(at));
    try {
      if (!lstatSync(at).isSymbolicLink()) return undefined;
      at = resolve(dirname(at), readlinkSync(at));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The process and descriptor when `path` is an entry of another process's /proc/<pid>/fd (not through a link: one that cannot be followed cannot be told). */
function otherProcessDescriptor(path: string): { pid: string; fd: string } | undefined {
  const match = /^\/proc\/(\d+)(?:\/task\/\d+)?\/fd\/(\d+)$/.exec(path);
  return match ? { pid: match[1]!, fd: match[2]! } : undefined;
}

/** The standard stream a report path names: `stdout` for `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1` or a link to one; `stderr` and `stdin` likewise. */
export function standardStreamOf(path: string): 'stdin' | 'stdout' | 'stderr' | undefined {
  const fd = ownDescriptor(path);
  return fd === 0 ? 'stdin' : fd === 1 ? 'stdout' : fd === 2 ? 'stderr' : undefined;
}

/**
 * Writes the pieces into a descriptor, FIFO or device. A FIFO is opened without blocking, so one
 * that no process reads fails at once instead of hanging; a full pipe is waited on.
 */
async function writeInto(path: string, target: StreamTarget, pieces: Iterable<string>): Promise<void> {
  const opened = target.kind === 'descriptor' ? undefined : await fs.open(path, constants.O_WRONLY | constants.O_APPEND | (target.kind === 'fifo' ? constants.O_NONBLOCK : 0)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENXIO') throw new Error(`cannot open it: ${describeFsError(error)}`);
    throw new Error(target.kind === 'fifo' ? 'a FIFO that no process is reading' : 'a device that cannot be opened here (ENXIO; /dev/tty with no terminal)');
  });
  const fd = opened?.fd ?? (target as { fd: number }).fd;
  try {
    for (const text of pieces) {
      const bytes = Buffer.from(text, 'utf8');
      for (let offset = 0; offset < bytes.length; ) {
        try {
          offset += writeSync(fd, bytes, offset);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // The reader of stdout went away (`-f json=/dev/stdout | head`): the rest is dropped, as for stdout itself.
          if (code === 'EPIPE' && target.kind === 'descriptor') return;
          if (code !== 'EAGAIN') throw error;
          await new Promise((done) => setTimeout(done, 5));
        }
      }
    }
  } finally {
    await opened?.close();
  }
}
