// Git's own data in a run's task, recognized as git itself recognizes it — by name and by content,
// never by running git (the repository's config is the agent's, and git runs the programs it
// names). One rule for every walk of a task: no diff counts it (measure.ts), the judge's task copy
// leaves it out (judge/session.ts), the lines a staged task held are not read from it
// (judge/task-lines.ts), and a recorded diff.patch is shown without its sections
// (workspace/run-diff.ts). The skill arm's agent's commits, branches and reflogs name the skill, and
// git's compressed objects cannot be blinded: in the judge's folder, `git log` would print them.
import { constants } from 'node:fs';
import { basename, join } from 'node:path';
import { call, closeCall, fstatCall, lstatOrMissing, openToPeekCall, readCall, readlinkCall, runSync, type Walk } from '../fs/fs-walk.js';

/**
 * `.git` in any case: where the file system ignores case, `.GIT` is git's folder (git compares it
 * so with core.ignorecase, and refuses such a path in a tree on such systems, as `.git`).
 */
const GIT_NAME = /^\.git$/i;

/** HEAD as git's validate_headref (setup.c) takes it: a symref to `refs/`, or an object id (SHA-1's 40 hex digits, or SHA-256's, which begin alike). */
const HEAD_REF = /^(ref:[\t\n\v\f\r ]*refs\/|[0-9a-fA-F]{40})/;
/** The first line of a bundle, as bundle.c's signatures (`git bundle create`): refs and a packfile. */
const BUNDLE = /^# v[23] git bundle\n/;
/** How much of a file is read to tell: validate_headref reads 255 bytes; a signature is shorter. */
const HEAD_BYTES = 255;
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Whether the entry at `path` (never followed) is Git's own data, with everything below it:
 * - named `.git` in any case (a repository's folder, a worktree's or submodule's `.git` file, a link);
 * - a folder git takes for a repository whatever its name (setup.c is_git_directory): a HEAD that
 *   is a ref, beside `objects/` and `refs/` — a bare clone (`backup.git`), `git init --bare store` —
 *   or beside `commondir` (a linked worktree's own folder: its index and reflog);
 * - a file git reads as history whatever its name: a bundle (`git bundle create`), a packfile, a
 *   loose object (a commit, tree, blob or tag, zlib-compressed), an index, a reftable.
 * A link under another name holds no data (as a `gitdir:` file, it points), and what cannot be
 * read is not taken for git's: the walk that lists it says what it cannot read.
 */
export function* gitData(path: string): Walk<boolean> {
  if (GIT_NAME.test(basename(path))) return true;
  try {
    const stat = yield* lstatOrMissing(path);
    if (stat?.isDirectory()) return yield* isRepository(path);
    if (stat?.isFile()) return isHistoryFile(yield* headOf(path));
    return false;
  } catch {
    return false;
  }
}

/**
 * The names git gives what it keeps at the top of a repository's folder (gitrepository-layout(5),
 * and the state files of a merge, rebase, bisect or commit in progress, and of an edit git opens an
 * editor on: a branch's description, `git add -e`'s patch, `git replace --edit`'s object), as git writes them, and
 * their `.lock` while git writes them. Not `modules/` and `worktrees/`, common names of a project's
 * own folders: what git keeps in them is a repository each, told by content.
 */
const REPOSITORY_ENTRY = /^(?:HEAD|[A-Z]+(?:_[A-Z]+)*_(?:HEAD|MSG|EDITMSG|MODE|RR|LOG|TERMS|START|NAMES|EXPECTED|ANCESTOR)|AUTO_MERGE|NOTES_MERGE_[A-Z_]+|BISECT_(?:EXPECTED_REV|ANCESTORS_OK|RUN|FIRST_PARENT)|MERGE_AUTOSTASH|EDIT_DESCRIPTION|REPLACE_EDITOBJ|ADD_EDIT\.patch|addp-hunk-edit\.diff|config(?:\.worktree)?|description|index|sharedindex\.[0-9a-f]+|objects|refs|reftable|packed-refs|logs|hooks|info|branches|remotes|commondir|gitdir|shallow|rebase-merge|rebase-apply|sequencer|rr-cache|lost-found|gc\.pid|gc\.log|gitk\.cache|fsmonitor--daemon(?:\.ipc)?)(?:\.lock)?$/;

/**
 * Git's data met walking the folder `root` (`path`: an entry's '/'-separated path in it, `absolute`
 * its own): {@link gitData}, and — where `root` is itself a repository (`git init --bare .` run in
 * the task, or the task made git's folder of a work tree elsewhere), which no walk of it can leave
 * out — every entry at its top that git keeps there ({@link REPOSITORY_ENTRY}: its HEAD, refs,
 * objects, logs, config, index…), whatever it holds; what else the agent left beside them is its own.
 * `root` is read once, when a name at its top could be git's.
 */
export function gitDataIn(root: string): (path: string, absolute: string) => Walk<boolean> {
  const atTop = gitsTopIn(root);
  return function* (path, absolute) {
    if (!path.includes('/') && (yield* atTop(path))) return true;
    return yield* gitData(absolute);
  };
}

/**
 * Whether `name`, an entry at the top of the folder `root`, is one git keeps there, `root` being
 * itself a repository ({@link REPOSITORY_ENTRY}). `root` is read once, when a name could be git's.
 * A diff takes it of both its folders (measure.ts): beside a project's own `hooks/` or `logs/`
 * that `git init --bare .` wrote into, the staged folder's would show as deleted.
 */
export function gitsTopIn(root: string): (name: string) => Walk<boolean> {
  let rootIsRepository: boolean | undefined;
  return function* (name) {
    if (!REPOSITORY_ENTRY.test(name)) return false;
    if (rootIsRepository === undefined) {
      try {
        rootIsRepository = yield* isRepository(root);
      } catch {
        rootIsRepository = false;
      }
    }
    return rootIsRepository;
  };
}

/**
 * Whether the entry at `path` ('/'-separated) of the folder `root` is Git's data or lies below
 * some: each folder on the way and the entry itself taken as a walk of `root` takes it
 * ({@link gitDataIn}) — by name where nothing is there to read (`root` undefined or gone: `.git`
 * in any case), by content where it is. For a path a recorded diff names (workspace/run-diff.ts).
 */
export function gitDataOnPath(root: string | undefined): (path: string) => boolean {
  // No folder to read (none kept, or one not to be followed): by name alone.
  const byName = function* (path: string): Walk<boolean> {
    return GIT_NAME.test(basename(path));
  };
  const gitsOwn = root === undefined ? byName : gitDataIn(root);
  const known = new Map<string, boolean>();
  const at = (path: string): boolean => {
    let found = known.get(path);
    if (found === undefined) {
      const slash = path.lastIndexOf('/');
      // A path leading out of `root` (`..`, as no diff measure.ts writes names) is told by name, never read.
      const outside = path.split('/').some((name) => name === '..' || name === '.' || name === '');
      found = (slash > 0 && at(path.slice(0, slash))) || runSync((outside ? byName : gitsOwn)(path, join(root ?? '', ...path.split('/'))));
      known.set(path, found);
    }
    return found;
  };
  return at;
}

/** setup.c is_git_directory, by reading: HEAD a ref, and objects/ and refs/ (or commondir naming where they are). */
function* isRepository(dir: string): Walk<boolean> {
  const head = join(dir, 'HEAD');
  const stat = yield* lstatOrMissing(head);
  if (stat === undefined) return false;
  // A link HEAD (git's old symref) is a ref when it points into refs/.
  if (stat.isSymbolicLink() ? !(yield* call(readlinkCall(head))).startsWith('refs/') : !stat.isFile() || !HEAD_REF.test((yield* headOf(head)).toString('latin1'))) return false;
  if ((yield* lstatOrMissing(join(dir, 'commondir')))?.isFile()) return true;
  for (const part of ['objects', 'refs']) {
    const found = yield* lstatOrMissing(join(dir, part));
    if (!found?.isDirectory() && !found?.isSymbolicLink()) return false;
  }
  return true;
}

/**
 * The binary files of git's, by their signatures and the versions git reads (Documentation/
 * gitformat-*.txt; each made by git itself in the tests): a packfile (`PACK` 2 or 3,
 * pack_version_ok), an index (`DIRC` 2 to 4: every staged path, `.claude/skills/<skill>/SKILL.md`
 * among them; git reads one of any name through GIT_INDEX_FILE), a reftable (`REFT` 1 or 2: branch
 * names); and what git keeps beside a pack to read it — a pack index (`\377tOc`, version 2; version
 * 1 has no signature), a commit-graph (`CGPH` 1, a split one's graph-*.graph too), a multi-pack-index
 * (`MIDX` 1 or 2), a pack's reverse index (`RIDX` 1), a reachability bitmap (`BITM` 1) and a cruft
 * pack's mtimes (`MTME` 1): object ids and offsets only, but git's all the same, and the judge's
 * copy keeps no part of a repository (a pack's index beside a pack copied out names its objects).
 */
const SIGNATURES: ReadonlyArray<{ magic: string; versions: readonly number[]; read: (head: Buffer) => number }> = [
  { magic: 'PACK', versions: [2, 3], read: (head) => head.readUInt32BE(4) },
  { magic: 'DIRC', versions: [2, 3, 4], read: (head) => head.readUInt32BE(4) },
  { magic: 'REFT', versions: [1, 2], read: (head) => head[4]! },
  { magic: '\xfftOc', versions: [2], read: (head) => head.readUInt32BE(4) },
  { magic: 'CGPH', versions: [1], read: (head) => head[4]! },
  { magic: 'MIDX', versions: [1, 2], read: (head) => head[4]! },
  { magic: 'RIDX', versions: [1], read: (head) => head.readUInt32BE(4) },
  { magic: 'BITM', versions: [1], read: (head) => head.readUInt16BE(4) },
  { magic: 'MTME', versions: [1], read: (head) => head.readUInt32BE(4) },
];

/**
 * The first line of a packed-refs file as git has written it since 1.6 (refs/packed-backend.c):
 * every branch and tag name, a text that could be blinded, but git's own, as a loose ref is within
 * a repository.
 */
const PACKED_REFS = /^# pack-refs with:/;

/** A file of {@link SIGNATURES}, a bundle, a packed-refs file or a loose object. */
function isHistoryFile(head: Buffer): boolean {
  if (head.length >= 8 && SIGNATURES.some(({ magic, versions, read }) => head.toString('latin1', 0, 4) === magic && versions.includes(read(head)))) return true;
  const text = head.toString('latin1');
  return BUNDLE.test(text) || PACKED_REFS.test(text) || isLooseObject(head);
}

/** A loose object's header once inflated (object-file.c parse_loose_header): its type and size. */
const OBJECT_HEADER = /^(commit|tree|blob|tag) \d+\0/;

/**
 * A zlib stream (its two header bytes, as RFC 1950 checks them) whose first bytes inflate to a
 * loose object's header: a commit, tree, blob or tag copied out of `objects/` (`cp -r
 * .git/objects`), its message and contents as readable as in the repository.
 */
function isLooseObject(head: Buffer): boolean {
  if (head.length < 2 || (head[0]! & 0x0f) !== 8 || ((head[0]! << 8) | head[1]!) % 31 !== 0) return false;
  // node:zlib, loaded on first use: only a file that opens as a zlib stream needs it.
  const zlib = process.getBuiltinModule('node:zlib');
  try {
    // Only the head was read: inflated as far as it goes (255 bytes give at most about 260 KB).
    return OBJECT_HEADER.test(zlib.inflateSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('latin1', 0, 32));
  } catch {
    return false;
  }
}

/** The first bytes of a regular file (never through a link, never blocking on a FIFO put there since). */
function* headOf(path: string): Walk<Buffer> {
  const fd = yield* call(openToPeekCall(path, READ_FLAGS));
  try {
    if (!(yield* call(fstatCall(fd))).isFile()) return Buffer.alloc(0);
    const bytes = Buffer.alloc(HEAD_BYTES);
    let filled = 0;
    for (let n = -1; filled < bytes.length && n !== 0; filled += n) n = yield* call(readCall(fd, bytes, filled, filled));
    return bytes.subarray(0, filled);
  } finally {
    yield* call(closeCall(fd));
  }
}
