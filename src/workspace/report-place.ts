// Where no report may go in a workspace a command read: inside a run folder, or where the next
// compare would count a run or an iteration. One rule for check and compare (a report check wrote
// over run.json was a run the next compare could not use).
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';
import { isInside } from '../fs/inside.js';
import { shownPath } from '../fs/shown-path.js';
import { CAMPAIGN_FILE, isRunOrCopyFolder, JUDGE_DIR, JUDGMENT_FILE, parseEvalFolder, parseIterationFolder, RUN_RECORD_FILE, runFolderAt } from './layout.js';

/** The folders of a workspace a command read, as absolute paths (as named: links are resolved here). */
export interface WorkspaceRead {
  iterations: readonly string[];
  runDirs: readonly string[];
  /** Other folders whose files are read as a whole, each with what it is ("the command_check setup folder"). */
  otherFolders?: ReadonlyArray<{ dir: string; what: string }>;
}

/**
 * The iterations and run folders the files at `filePaths` (relative to `cwd`) lie in by the
 * workspace layout: what check reads of a workspace (the run's artifacts, the iteration's
 * campaign.json for the eval lookup). A file outside the layout adds nothing.
 */
export function workspaceReadBy(filePaths: readonly string[], cwd: string): WorkspaceRead {
  const iterations = new Set<string>();
  const runDirs = new Set<string>();
  const seen = new Set<string>();
  for (const filePath of filePaths) {
    if (filePath.startsWith('<')) continue; // <stdin>: no folder
    const dir = dirname(resolve(cwd, filePath));
    if (seen.has(dir)) continue;
    seen.add(dir);
    let runDir = runDirOf(dir, basename(filePath));
    let place = runFolderAt(runDir, sep);
    // Named through a link of another name (latest -> iteration-1): the run folder where it really is.
    if (place === undefined) {
      runDir = realPathSoFar(runDir);
      place = runFolderAt(runDir, sep);
    }
    if (place === undefined) continue;
    iterations.add(place.iterationDir);
    runDirs.add(runDir);
  }
  return { iterations: [...iterations], runDirs: [...runDirs] };
}

/** The run folder of a file in folder `dir`: a judgment.json lies three folders below it (judge/<id>/<k>/). */
function runDirOf(dir: string, name: string): string {
  if (name !== JUDGMENT_FILE) return dir;
  const judge = dirname(dirname(dir));
  return basename(judge) === JUDGE_DIR ? dirname(judge) : dir;
}

/** The campaign.json of each iteration read: files the eval lookup (check) and compare read, which no report may replace. */
export function campaignRecordsOf(read: WorkspaceRead, cwd: string): string[] {
  return read.iterations.map((dir) => shownPath(cwd, join(dir, CAMPAIGN_FILE)));
}

/**
 * Refuses a report path inside a folder `command` read (a run folder: it would be graded with the
 * run next time — diff_scope, command_check see task/ — or clobber what campaign left there; a
 * setup folder: copied in as a held-out file), or where the next compare would count a run or an
 * iteration. Paths are compared as real paths: a link elsewhere (/tmp/r -> a run folder) must not
 * lead a report into task/.
 * @throws {UsageError} naming the path and why.
 */
export function assertOutsideWorkspaceRecords(reportFiles: readonly string[], read: WorkspaceRead, cwd: string, command: string): void {
  if (reportFiles.length === 0) return;
  // Resolved once per iteration: check and compare never enter a link below one (layout.ts lists real
  // folders only), so a run folder's real path is its iteration's and the rest (10,000 realpaths cost ~150 ms).
  const iterations = read.iterations.map((dir) => ({ dir, real: realPathSoFar(dir), beside: false }));
  const realRunDir = (dir: string) => {
    const iteration = iterations.find((i) => isInside(i.dir, dir));
    return iteration === undefined ? realPathSoFar(dir) : join(iteration.real, relative(iteration.dir, dir));
  };
  const folders = [...read.runDirs.map((dir) => ({ dir, what: 'the run folder', real: realRunDir(dir) })), ...(read.otherFolders ?? []).map(({ dir, what }) => ({ dir, what, real: realPathSoFar(dir) }))];
  for (const path of reportFiles) {
    // The folder's links only: a report path that is itself a link is refused (assertReportPaths).
    const absolute = join(realPathSoFar(dirname(resolve(cwd, path))), basename(path));
    const inside = folders.find(({ real }) => isInside(real, absolute) && real !== absolute);
    if (inside !== undefined) throw new UsageError(`The report ${JSON.stringify(path)} would be written inside ${inside.what} ${JSON.stringify(shownPath(cwd, inside.dir))}, which ${command} reads; write the report somewhere else.`);
    // In an iteration read, or in one beside it: the next compare of the workspace reads its newest.
    for (const iteration of [...iterations, ...iterationsBeside(iterations, absolute)]) {
      const parts = relative(iteration.real, absolute).split(sep);
      if (iteration.beside && parts.length === 1 && parts[0] === CAMPAIGN_FILE) throw new UsageError(`The report ${JSON.stringify(path)} would replace ${JSON.stringify(shownPath(cwd, join(iteration.dir, CAMPAIGN_FILE)))}, which the next compare of the workspace reads; write the report somewhere else.`);
      if (parts.length < 3 || parts[0] === '..' || parseEvalFolder(parts[0]!) === undefined) continue;
      // In an arm's folder, a file named as a run (run-9, run-9.json, the reference layout's run.json) is read as one.
      if (parts.length === 3) {
        if (isRunOrCopyFolder(parts[2]!) || parts[2] === RUN_RECORD_FILE) throw new UsageError(`The report ${JSON.stringify(path)} would lie where the iteration keeps its runs, named as one: compare would count it as one; write the report somewhere else.`);
        continue;
      }
      const folder = join(iteration.dir, ...parts.slice(0, 3));
      const shown = JSON.stringify(shownPath(cwd, folder));
      if (existsSync(folder) && isRunOrCopyFolder(parts[2]!)) throw new UsageError(`The report ${JSON.stringify(path)} would be written inside the run folder ${shown}, which the next compare of the workspace reads; write the report somewhere else.`);
      // Where no run folder is yet (eval-<id>/<arm>/run-9/), the folder the report makes would be one the next compare counts.
      throw new UsageError(`The report ${JSON.stringify(path)} would ${existsSync(folder) ? 'be written in' : 'make'} the folder ${shown}, where the iteration keeps its runs: compare would count it as one; write the report somewhere else.`);
    }
    // Nor a new iteration-<n> beside one read: the next compare (judge, campaign) of the workspace would take it for its newest.
    for (const iteration of iterations) {
      if (parseIterationFolder(basename(iteration.dir)) === undefined) continue;
      const parts = relative(dirname(iteration.real), absolute).split(sep);
      if (parts.length < 2 || parseIterationFolder(parts[0]!) === undefined || existsSync(join(dirname(iteration.real), parts[0]!))) continue;
      const folder = join(dirname(iteration.dir), parts[0]!);
      throw new UsageError(`The report ${JSON.stringify(path)} would make the folder ${JSON.stringify(shownPath(cwd, folder))}, where the workspace keeps its iterations: compare would read it as one; write the report somewhere else.`);
    }
  }
}

/**
 * The iteration folder, there already, that `absolute` lies in beside one read: an `iteration-<n>/`
 * of the same skill, or of another skill of the workspace (`<workspace>/<skill>/iteration-<n>/`),
 * which the next compare of the workspace reads too.
 */
function iterationsBeside(read: ReadonlyArray<{ dir: string; real: string }>, absolute: string): Array<{ dir: string; real: string; beside: true }> {
  for (const iteration of read) {
    if (parseIterationFolder(basename(iteration.dir)) === undefined) continue;
    const skill = dirname(iteration.real);
    for (const [above, depth] of [[skill, 1], [dirname(skill), 2]] as const) {
      const parts = relative(above, absolute).split(sep);
      if (parts.length <= depth || parts[0] === '..' || parseIterationFolder(parts[depth - 1]!) === undefined) continue;
      const at = join(above, ...parts.slice(0, depth));
      if (!existsSync(at)) continue;
      const real = realPathSoFar(at);
      if (read.some((other) => other.real === real)) continue;
      return [{ dir: real, real, beside: true }];
    }
  }
  return [];
}

/** `path` with the links of its longest existing part resolved (the rest is still to be made). */
function realPathSoFar(path: string): string {
  let rest = '';
  for (let at = path; ; at = dirname(at)) {
    try {
      return join(realpathSync.native(at), rest);
    } catch {
      if (dirname(at) === at) return path;
      rest = join(basename(at), rest);
    }
  }
}
