// Where a report file may go, and how it is written: never over a file the check read, never two
// reports into one file, never through a link; a new file renamed into place.
import { lstatSync, promises as fs, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';

/** A file as the file system knows it: its real path (folders resolved), and its inode when it exists. */
interface Identity {
  realPath: string;
  inode?: string;
}

function identify(absolutePath: string): Identity {
  let folder = dirname(absolutePath);
  try {
    folder = realpathSync(folder);
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
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The names the checker searches for and the eval lookup reads. */
const ARTIFACT_NAMES = new Set(['conversation.json', 'evals.json']);

const sameFile = (a: Identity, b: Identity) => a.realPath === b.realPath || (a.inode !== undefined && a.inode === b.inode);

/**
 * Refuses report paths that would lose data or be written through a link: a path that is a file
 * the check read (`inputs`: checked files, stdin's name, --evals, the config), two reports in one
 * file however it is spelt (`r.json`, `./r.json`, a link or hard link to it), and a path whose
 * folders inside `cwd` include a symbolic link (the report would land wherever it points). A path
 * that is itself a link is allowed: {@link writeReportFile} replaces the link, not its target.
 * @throws {UsageError} naming the path and why.
 */
export function assertReportPaths(paths: readonly string[], inputs: readonly string[], cwd: string): void {
  const taken: Array<{ path: string; identity: Identity }> = [];
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const identity = identify(absolute);
    // Only inputs named like the target or what it links to can be it: no stat for each of 100,000 checked files.
    const names = new Set([basename(absolute), basename(realPathOr(absolute))]);
    const input = inputs.find((file) => names.has(basename(file)) && sameFile(identify(resolve(cwd, file)), identity));
    if (input !== undefined) throw new UsageError(`The report ${JSON.stringify(path)} would replace ${JSON.stringify(input)}, which this check reads; write the report somewhere else.`);
    // The eval lookup reads evals.json files no list names, and a report named conversation.json
    // would be checked as an artifact next time: a report never takes either name.
    const artifactName = [...names].find((name) => ARTIFACT_NAMES.has(name));
    if (artifactName !== undefined) throw new UsageError(`The report ${JSON.stringify(path)} would be a file named ${artifactName}, which eval-magic reads as an artifact (or an eval lookup finds); give the report another name.`);
    const twin = taken.find((other) => sameFile(other.identity, identity));
    if (twin) throw new UsageError(`Two reports would be written to the same file: ${JSON.stringify(twin.path)} and ${JSON.stringify(path)}.`);
    const link = linkedFolderWithin(cwd, absolute);
    if (link !== undefined) throw new UsageError(`The report ${JSON.stringify(path)} would be written through ${JSON.stringify(link)}, a symbolic link to a folder; name the real folder instead.`);
    taken.push({ path, identity });
  }
}

/** The first folder on the way from `cwd` to `absolutePath` (below `cwd`) that is a symbolic link, as a path relative to `cwd`. */
function linkedFolderWithin(cwd: string, absolutePath: string): string | undefined {
  const rel = relative(cwd, dirname(absolutePath));
  // Folders outside the working directory are the user's own spelling (/tmp on macOS is a link).
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  let at = cwd;
  for (const segment of rel.split(sep)) {
    at = join(at, segment);
    try {
      if (lstatSync(at).isSymbolicLink()) return relative(cwd, at);
    } catch {
      return undefined; // from here on, folders are made
    }
  }
  return undefined;
}

/**
 * Writes the pieces as a new file beside `path`, then renames it into place: a reader never sees
 * half a report, an interrupted write leaves the old one, and a link at `path` is replaced rather
 * than written through. Folders on the way are created (as ESLint's -o does).
 */
export async function writeReportFile(path: string, pieces: Iterable<string>): Promise<void> {
  await fs.mkdir(dirname(path), { recursive: true });
  // Unique enough, and 'wx' refuses to reuse a name anyway (node:crypto would cost every start: test/package/start-up.test.ts).
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  const file = await fs.open(temporary, 'wx');
  try {
    try {
      for (const text of pieces) await file.write(text);
    } finally {
      await file.close();
    }
    await fs.rename(temporary, path);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}
