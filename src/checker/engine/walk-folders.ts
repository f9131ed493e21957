// Searching a folder by file name: a walk that sees every name byte for byte.
import { isUtf8 } from 'node:buffer';
import { readdirSync, type Dirent } from 'node:fs';
import { ArtifactIOError } from '../../errors.js';
import { isRunFolder, KEPT_TASK_FOLDERS } from './kept-task-folders.js';
import { showBytes } from '../../fs/shown-path.js';
import type { StrayFolderWhy } from '../../workspace/judgment-record.js';

/** One entry found by name. */
export interface NamedEntry {
  /** Path below the searched folder, '/'-separated; bytes that are not UTF-8 appear as `\xNN`. */
  shown: string;
  /** Path below the searched folder for the file system: raw bytes when a name on the way is not UTF-8. */
  path: string | Buffer;
  /** The entry is a symbolic link (its target is checked against the search's roots before any read). */
  link?: true;
  /** Not a file found but a judgment folder level that is no folder (a link the search does not enter, a file), noted by the search (`noteLink`): why. */
  linkNoted?: StrayFolderWhy;
  /**
   * Not a file found but a folder that could not be searched: its path is longer than the system
   * allows (PATH_MAX). Reported on its own, so the rest of the search goes on and nothing is skipped unsaid.
   */
  tooLong?: true;
}

/** What to leave out of a walk. */
export interface WalkSkips {
  /** Folder names never entered (node_modules, .git). */
  folders: ReadonlySet<string>;
  /** Whether a found path (as shown, relative to the searched folder) is left out. */
  isIgnored: (shown: string) => boolean;
  /** Why a symbolic link at this path (as shown) is reported though never entered, or undefined for a link passed over. */
  noteLink?: (shown: string) => StrayFolderWhy | undefined;
  /** Names found even where `isIgnored` leaves them out: where a config applies or a repository starts is no file to check, and no ignore glob moves it. */
  boundaries?: ReadonlySet<string>;
}

/** Folders the caller has listed already (compare's located stage), by absolute path: the walk takes their entries from here, each folder read once. */
export type ListedFolders = ReadonlyMap<string, ReadonlyArray<Dirent>>;

/**
 * Every entry below `root` named one of `names`: files, and anything else so named (a folder or
 * FIFO called conversation.json is reported by the read stage, not skipped). Symbolic links are
 * never followed into, so a link loop cannot trap the walk.
 *
 * Why not fast-glob here: its matcher never matches a path with a line break in it, and it reads
 * names as UTF-8 strings, so a folder whose name is not UTF-8 comes back mangled and cannot be
 * entered. Both would be skipped silently, which a gate must not do. Reading a name as bytes
 * whenever it is not UTF-8, this walk enters every folder it may, and hands back a byte path
 * where a string cannot name the file. Yields each folder's finds as it goes, so checking can
 * start before the walk ends. (Arbitrary `--pattern` globs still go through fast-glob.) The kept
 * task folders of a campaign run folder are not entered (see kept-task-folders.ts).
 */
export function* findByName(root: string, names: ReadonlySet<string>, skips: WalkSkips, arg: string, listed?: ListedFolders): Generator<NamedEntry[]> {
  const pending: Array<{ path: string | Buffer; shown: string }> = [{ path: '', shown: '' }];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    // One folder's finds come together, before any of its subfolders is read (depth first, from
    // a stack): every evals.json in a file's folder or the folders above it is known before it.
    const found: NamedEntry[] = [];
    const entries = readFolder(root, folder.path, arg, listed);
    if (entries === 'too-long') {
      yield [{ shown: folder.shown, path: folder.path, tooLong: true }];
      continue;
    }
    // A campaign run folder's kept task folders hold the agent's files, never artifacts.
    const folderName = folder.shown === '' ? (root.split('/').filter(Boolean).pop() ?? '') : folder.shown.slice(folder.shown.lastIndexOf('/') + 1);
    const skipped = isRunFolder(folderName, entries) ? KEPT_TASK_FOLDERS : undefined;
    for (const entry of entries) {
      const raw = entry.name;
      const exact = typeof raw === 'string' || isUtf8(raw);
      const name = typeof raw === 'string' ? raw : exact ? raw.toString('utf8') : showBytes(raw);
      const shown = folder.shown === '' ? name : `${folder.shown}/${name}`;
      const path = exact && typeof folder.path === 'string' ? (folder.path === '' ? name : `${folder.path}/${name}`) : joinBytes(folder.path, typeof raw === 'string' ? Buffer.from(raw) : raw);
      if (names.has(name) && (skips.boundaries?.has(name) === true || !skips.isIgnored(shown))) found.push(entry.isSymbolicLink() ? { shown, path, link: true } : { shown, path });
      else if (skips.noteLink !== undefined && !entry.isDirectory() && !skips.isIgnored(shown)) {
        const why = skips.noteLink(shown);
        if (why !== undefined) found.push({ shown, path, ...(entry.isSymbolicLink() ? { link: true as const } : {}), linkNoted: why });
      }
      if (entry.isDirectory() && !skips.folders.has(name) && !skipped?.has(name)) pending.push({ path, shown });
    }
    if (found.length > 0) yield found;
  }
}

/**
 * A folder's entries. Names are read as strings, which is much faster than as bytes; only a
 * folder with a name that did not decode (it then holds U+FFFD) is read again as bytes, so no
 * name is ever mangled.
 */
function readFolder(root: string, below: string | Buffer, arg: string, listed: ListedFolders | undefined): ReadonlyArray<Dirent | Dirent<Buffer>> | 'too-long' {
  const path = below === '' ? root : typeof below === 'string' ? `${root}/${below}` : joinBytes(root, below);
  try {
    if (typeof path === 'string') {
      const entries = listed?.get(path) ?? readdirSync(path, { withFileTypes: true });
      if (!entries.some((entry) => entry.name.includes('\uFFFD'))) return entries;
    }
    return readdirSync(path, { withFileTypes: true, encoding: 'buffer' });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    // Gone since its parent was listed: nothing left to find there.
    if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return [];
    if (e.code === 'ENAMETOOLONG') return 'too-long';
    throw new ArtifactIOError(`Cannot search ${JSON.stringify(arg)}: ${e.code ?? e.message} at ${JSON.stringify(Buffer.isBuffer(path) ? showBytes(path) : path)}`, arg);
  }
}

function joinBytes(parent: string | Buffer, name: Buffer): Buffer {
  if (parent === '') return name;
  return Buffer.concat([typeof parent === 'string' ? Buffer.from(parent) : parent, Buffer.from('/'), name]);
}
