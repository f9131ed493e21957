// Which iteration folders a path names: itself, or of a skill folder (of each skill in a
// workspace) the newest whose arms each hold a run that counts, by the rule compare counts runs by.
import { statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { shellWord } from '../text/escape.js';
import { joinShown, shownPath } from '../fs/shown-path.js';
import { realFolder } from '../fs/folders.js';
import { linkTarget } from '../fs/read-file.js';
import { UsageError } from '../errors.js';
import { countedBeforeCheck, RunsOnce } from './counted.js';
import { parseEvalFolder, parseIterationFolder, WORKSPACE_DIR } from './layout.js';
import { chooseArms, type ArmNames } from './arms.js';
import { inConditionsKept, namedPathOf, readIteration, runIgnored, runsIn, subfolders, type Iteration, type PathsIgnored, type RunLocation, type SearchConfig } from './locate.js';
import type { Pausable } from '../process/time-slices.js';
import { experimentsOf } from './shards.js';

/** The iterations a path names, and the newer ones passed over for having no finished runs in both arms. */
export interface FoundIterations {
  iterations: Iteration[];
  /** A newer iteration passed over, and the one compared instead. */
  skipped: Array<{ dir: string; instead: string }>;
}

/** Each newer iteration passed over, said as `compared` (compare's iteration-picked) or `judged` (judge's plan), in the same words. */
export function describeSkipped(skipped: FoundIterations['skipped'], shown: (path: string) => string, verb: 'compared' | 'judged'): string[] {
  return skipped.map(({ dir, instead }) => `${shown(dir)} has no finished runs in both arms; ${verb} ${shown(instead)}, the newest that has.`);
}

/**
 * The iteration folders `path` names: itself, or of a skill folder (or of each skill in a
 * workspace) the newest with finished runs in both arms — an interrupted, empty newer iteration
 * is passed over, and said. `config`: the config looked up from the paths named, before the
 * search: a run its ignore globs leave out (as check matches them) counts for nothing here.
 */
export function* findIterations(path: string, cwd: string, named: ArmNames = {}, config?: SearchConfig): Pausable<FoundIterations> {
  // Where the folder really is, as check's search takes it: named through a link, its workspace
  // (and the evals.json beside it) is the real folder's.
  const dir = realFolder(resolve(cwd, path));
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    const target = linkTarget(dir);
    if (target !== undefined) throw new UsageError(`${JSON.stringify(path)} is a dangling symbolic link (to ${JSON.stringify(target)}): nothing is there; name an iteration folder (…/iteration-<n>) or a workspace.`);
    throw new UsageError(`${JSON.stringify(path)} does not exist.`);
  }
  if (!isDir) throw new UsageError(`${JSON.stringify(path)} is not a folder; name an iteration folder (…/iteration-<n>) or a workspace.`);
  const asNamed = resolve(cwd, path);
  // Each iteration read is placed as named before its runs are held to the ignore globs, which match them by those paths.
  const read = (iterationDir: string): Iteration => {
    const iteration = readIteration(iterationDir, cwd);
    // Named through a link: it also keeps the path as named (what the config's ignore globs are held to).
    if (asNamed !== dir) iteration.named = asNamed + iterationDir.slice(dir.length);
    // And as typed, the form check reports its files by when given the same argument.
    iteration.typed = iterationDir === dir ? path : joinShown(path, iterationDir.slice(dir.length + 1));
    return iteration;
  };
  const search: Search = { cwd, named, ignored: config?.ignored, config, read, found: [], skipped: [] };
  yield* iterationsIn(dir, 0, search);
  const { found, skipped } = search;
  if (found.length === 0) throw new UsageError(`No iteration under ${JSON.stringify(path)}: expected eval-<id>/<condition>/ folders, <skill>/iteration-<n>/ folders, or a .eval-magic workspace.${linkedWorkspace(dir, path)}`);
  yield* assertOneWorkspace(path, found, search);
  return { iterations: found, skipped };
}

/** One search for iterations: what it is given, and what it has found so far. */
interface Search {
  cwd: string;
  named: ArmNames;
  ignored: PathsIgnored | undefined;
  config: SearchConfig | undefined;
  /** An iteration folder read, placed as the path named it. */
  read: (dir: string) => Iteration;
  found: Iteration[];
  skipped: FoundIterations['skipped'];
}

/** A workspace folder the search passed over for being a link (it never follows one: it may lead out of the folder named), with how to name it; '' when there is none. */
function linkedWorkspace(dir: string, path: string): string {
  const target = linkTarget(join(dir, WORKSPACE_DIR));
  return target === undefined ? '' : ` Its ${WORKSPACE_DIR} is a symbolic link (to ${JSON.stringify(target)}), which a search does not follow: name it (${shellWord(join(path, WORKSPACE_DIR))}).`;
}

/**
 * A folder that holds several workspaces (runs/a and runs/b, each written by a campaign) is no
 * workspace: its workspaces are taken together only when they are the shards of one campaign (one
 * plan, no run in common: shards.ts), as if merged into one folder. Any others — two skills, one
 * plan run twice, two versions — are a `UsageError` listing them: the user names the one meant, or
 * each of them, to take them together on purpose (as compare pools iterations named together).
 */
function* assertOneWorkspace(path: string, found: readonly Iteration[], { cwd, named, ignored, config }: Search): Pausable<void> {
  // An iteration's workspace is the folder above its skill folder (<workspace>/<skill>/iteration-<n>).
  const workspaces = new Map<string, Set<string>>();
  for (const iteration of found) {
    const skills = workspaces.get(dirname(dirname(iteration.dir))) ?? new Set<string>();
    workspaces.set(dirname(dirname(iteration.dir)), skills.add(basename(dirname(iteration.dir))));
  }
  if (workspaces.size < 2) return;
  // A run the config's ignore leaves out takes no share, as compare's shards are told apart.
  const byIteration: RunLocation[][] = [];
  for (const iteration of found) byIteration.push(yield* runsIn(iteration, cwd, named));
  const experiments = experimentsOf(found, byIteration.flat(), ignored);
  if (new Set(found.map((i) => experiments.get(i))).size === 1) return;
  // A workspace under a config of its own was told apart by the wrong ignore globs: that is refused, as check refuses it.
  config?.assertSameConfig(found.map((i) => namedPathOf(i, i.dir)));
  const sorted = [...workspaces.entries()].map(([dir, skills]) => ({ shown: shownPath(cwd, dir), skills: `skill${skills.size === 1 ? '' : 's'} ${[...skills].sort().map((s) => JSON.stringify(s)).join(', ')}` })).sort((a, b) => (a.shown < b.shown ? -1 : 1));
  const listed = sorted.map((w) => `${JSON.stringify(w.shown)} (${w.skills})`).join(', ');
  throw new UsageError(`${JSON.stringify(path)} holds ${workspaces.size} workspaces, which are not the shards of one campaign: ${listed}. Name the one you mean, or name each of them to take them together (${sorted.map((w) => shellWord(w.shown)).join(' ')}).`);
}

function* iterationsIn(dir: string, depth: number, search: Search): Pausable<void> {
  const children = subfolders(dir, search.cwd);
  if (children.some((c) => parseEvalFolder(c) !== undefined)) {
    search.found.push(search.read(dir));
    return;
  }
  const iterations = children.filter((c) => parseIterationFolder(c) !== undefined).sort((a, b) => parseIterationFolder(b)! - parseIterationFolder(a)!).map((c) => join(dir, c));
  if (iterations.length > 0) {
    // Newest first, each read (its campaign.json decides which runs count) only until one has finished runs in both arms.
    let chosen: Iteration | undefined;
    for (const candidate of iterations) {
      const iteration = search.read(candidate);
      if (yield* hasFinishedRunsInTwoArms(iteration, search)) {
        chosen = iteration;
        break;
      }
    }
    const picked = chosen ?? search.read(iterations[0]!);
    search.skipped.push(...iterations.slice(0, iterations.indexOf(picked.dir)).map((d) => ({ dir: d, instead: picked.dir })));
    search.found.push(picked);
    return;
  }
  if (depth >= 2) return;
  const next = children.includes(WORKSPACE_DIR) ? [WORKSPACE_DIR] : children.filter((c) => !c.startsWith('.') && c !== 'node_modules');
  // A .eval-magic folder is where a workspace is kept, not a level of folders: runs/a/.eval-magic/<skill> is found as runs/a/<skill> is.
  for (const child of next) yield* iterationsIn(join(dir, child), child === WORKSPACE_DIR ? depth : depth + 1, search);
}

/**
 * Whether the two arms compare takes in an iteration ({@link chooseArms}, by the arms `named` too) each hold a run the
 * counting rule counts ({@link countedBeforeCheck}, before check): a run whose run.json says it
 * aborted is no finished run, whatever conversation.json it left; nor is one the config's ignore
 * globs leave out ({@link runIgnored}), and a folder of such runs alone no arm ({@link inConditionsKept}), as compare takes them.
 * Stops at the first such run of each arm.
 */
function* hasFinishedRunsInTwoArms(iteration: Iteration, { cwd, named, ignored }: Search): Pausable<boolean> {
  const locations = yield* runsIn(iteration, cwd, named);
  // Names it cannot take (no such folder there) make it no iteration of those arms: passed over, as one without runs.
  const chosen = chooseArms(new Set(inConditionsKept(locations, ignored).map((l) => l.condition)), iteration.campaign, named);
  if (chosen === undefined || 'refused' in chosen) return false;
  const arms = chosen.conditions;
  const once = new RunsOnce();
  return arms.every((arm) => locations.some((l) => l.condition === arm && !runIgnored(l, ignored) && countedBeforeCheck([l], { once, ignored }).length > 0));
}
