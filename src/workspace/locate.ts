// Which runs the named folders hold: an iteration folder (`eval-<id>/<condition>/run-<j>/`, or the
// reference's `eval-<id>/<condition>/` with one run), or a workspace (`<skill>/iteration-<n>/`:
// the latest iteration of each skill is compared).
import { existsSync, lstatSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { join, resolve } from 'node:path';
import { shownPath } from '../fs/shown-path.js';
import { realFolder } from '../fs/folders.js';
import { linkTarget } from '../fs/read-file.js';
import { UsageError } from '../errors.js';
import { readCampaignRecordFile, type CampaignRecord } from './campaign-record.js';
import { guessConditions } from './condition-guess.js';
import { CAMPAIGN_FILE, CONDITION_PAIRS, CONVERSATION_FILE, isRunOrCopyFolder, parseEvalFolder, parseIterationFolder, parseRunFolder, RUN_RECORD_FILE, WORKSPACE_DIR } from './layout.js';

/** One iteration folder and its campaign.json (when campaign wrote one). */
export interface Iteration {
  dir: string;
  campaign?: CampaignRecord;
  /** Why its campaign.json is there but was not used (a link, not a file, against its schema), naming the file. */
  campaignProblem?: string;
}

/** One run folder found in an iteration. */
export interface RunLocation {
  iteration: Iteration;
  evalId: string;
  condition: string;
  /** j of `run-<j>` (as written, also for a name that is not canonical); undefined in the reference's one-run layout. */
  run?: number;
  /** Why the folder's name is not one campaign writes (`run-01`, `run-0`): a copy, never counted. */
  notCanonical?: string;
  dir: string;
  /** Whether conversation.json is there (a run that aborted may have left only run.json). */
  hasConversation: boolean;
  /** Why a run folder's conversation.json is there but is no run's own: a symbolic link (campaign writes it as a file of its own); the run is not counted. */
  conversationProblem?: string;
  /** Why a `run-<j>` entry that is not a real folder (a link, a file) was not looked into; the run is counted as missing. */
  notFolder?: string;
}

/** What `dir` holds at `name` (one lstat; anything but a link is for the checker to judge), or why it cannot be told (EACCES). */
function hasFile(dir: string, name: string): 'none' | 'link' | 'entry' | { code: string } {
  try {
    const stats = lstatSync(join(dir, name), { throwIfNoEntry: false });
    return stats === undefined ? 'none' : stats.isSymbolicLink() ? 'link' : 'entry';
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
}

/** The entries of a folder compare must list; one it cannot read (EACCES) is said, naming it, never an internal error. */
function entriesOf(dir: string, cwd: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    throw new UsageError(`Cannot read the folder ${JSON.stringify(shownPath(cwd, dir))} (${(error as NodeJS.ErrnoException).code ?? String(error)}); eval-magic lists it to find the runs.`);
  }
}

function subfolders(dir: string, cwd: string): string[] {
  return entriesOf(dir, cwd).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** The iterations a path names, and the newer ones passed over for having no finished runs in both arms. */
export interface FoundIterations {
  iterations: Iteration[];
  /** A newer iteration passed over, and the one compared instead. */
  skipped: Array<{ dir: string; instead: string }>;
}

/**
 * The iteration folders `path` names: itself, or of a skill folder (or of each skill in a
 * workspace) the newest with finished runs in both arms — an interrupted, empty newer iteration
 * is passed over, and said.
 */
export function findIterations(path: string, cwd: string): FoundIterations {
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
  const found: string[] = [];
  const skipped: FoundIterations['skipped'] = [];
  iterationsIn(dir, 0, cwd, found, skipped);
  if (found.length === 0) throw new UsageError(`No iteration under ${JSON.stringify(path)}: expected eval-<id>/<condition>/ folders, <skill>/iteration-<n>/ folders, or a .eval-magic workspace.`);
  return { iterations: found.map((d) => ({ dir: d, ...readCampaign(d, shownPath(cwd, join(d, CAMPAIGN_FILE))) })), skipped };
}

function iterationsIn(dir: string, depth: number, cwd: string, found: string[], skipped: FoundIterations['skipped']): void {
  const children = subfolders(dir, cwd);
  if (children.some((c) => parseEvalFolder(c) !== undefined)) {
    found.push(dir);
    return;
  }
  const iterations = children.filter((c) => parseIterationFolder(c) !== undefined).sort((a, b) => parseIterationFolder(b)! - parseIterationFolder(a)!).map((c) => join(dir, c));
  if (iterations.length > 0) {
    const chosen = iterations.find((i) => hasFinishedRunsInTwoArms(i, cwd)) ?? iterations[0]!;
    skipped.push(...iterations.slice(0, iterations.indexOf(chosen)).map((d) => ({ dir: d, instead: chosen })));
    found.push(chosen);
    return;
  }
  if (depth >= 2) return;
  const next = children.includes(WORKSPACE_DIR) ? [WORKSPACE_DIR] : children.filter((c) => !c.startsWith('.') && c !== 'node_modules');
  for (const child of next) iterationsIn(join(dir, child), depth + 1, cwd, found, skipped);
}

/** Whether two condition folders of an iteration hold a run that left a conversation.json; stops looking at the second. */
function hasFinishedRunsInTwoArms(iterationDir: string, cwd: string): boolean {
  const arms = new Set<string>();
  for (const evalName of subfolders(iterationDir, cwd)) {
    if (parseEvalFolder(evalName) === undefined) continue;
    for (const condition of subfolders(join(iterationDir, evalName), cwd)) {
      if (arms.has(condition)) continue;
      const conditionDir = join(iterationDir, evalName, condition);
      const finished = existsSync(join(conditionDir, CONVERSATION_FILE)) || subfolders(conditionDir, cwd).some((run) => parseRunFolder(run) !== undefined && existsSync(join(conditionDir, run, CONVERSATION_FILE)));
      if (finished && arms.add(condition).size >= 2) return true;
    }
  }
  return false;
}

/** The iteration's campaign.json, if it is there; one that cannot be used only loses its hints (the runs are still there), and says why. */
function readCampaign(dir: string, shown: string): { campaign?: CampaignRecord; campaignProblem?: string } {
  const read = readCampaignRecordFile(dir, shown);
  if (!read.found) return {};
  return 'record' in read ? { campaign: read.record } : { campaignProblem: read.problem };
}

/** Every run folder of an iteration, sorted by eval, condition and run. */
export function findRuns(iteration: Iteration, cwd: string): RunLocation[] {
  const runs: RunLocation[] = [];
  for (const evalFolder of subfolders(iteration.dir, cwd)) {
    const evalId = parseEvalFolder(evalFolder);
    if (evalId === undefined) continue;
    const evalDir = join(iteration.dir, evalFolder);
    const entries = entriesOf(evalDir, cwd).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const link of entries.filter((e) => e.isSymbolicLink() && isConditionName(e.name, iteration))) {
      // An arm replaced by a link: never followed (it may point out of the workspace), but said.
      runs.push({ iteration, evalId, condition: link.name, dir: join(evalDir, link.name), hasConversation: false, notFolder: `${link.name} is a symbolic link (not followed)` });
    }
    for (const condition of entries.filter((e) => e.isDirectory()).map((e) => e.name)) {
      const conditionDir = join(evalDir, condition);
      const number = (name: string) => Number.parseInt(name.slice('run-'.length), 10);
      const listed = entriesOf(conditionDir, cwd);
      const entries = listed.filter((e) => isRunOrCopyFolder(e.name)).sort((a, b) => number(a.name) - number(b.name) || (a.name < b.name ? -1 : 1));
      if (entries.length === 0) {
        const has = existsSync(join(conditionDir, CONVERSATION_FILE));
        if (has || existsSync(join(conditionDir, RUN_RECORD_FILE))) runs.push({ iteration, evalId, condition, dir: conditionDir, hasConversation: has });
        continue;
      }
      // Beside run folders, a folder of another name (a run folder renamed by hand) or a conversation.json is no run of the plan: said, not dropped.
      for (const foreign of listed.filter((e) => !isRunOrCopyFolder(e.name) && !e.name.startsWith('.') && (e.isDirectory() || e.name === CONVERSATION_FILE)).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const what = foreign.isDirectory() ? `${condition}/${foreign.name} is not a name campaign gives a run folder (run-<j>)` : `${condition}/${CONVERSATION_FILE} lies beside the arm's run folders, in none of them`;
        runs.push({ iteration, evalId, condition, dir: foreign.isDirectory() ? join(conditionDir, foreign.name) : conditionDir, hasConversation: false, notCanonical: `${what}: not a run of the plan, not counted` });
      }
      for (const entry of entries) {
        const dir = join(conditionDir, entry.name);
        const run = number(entry.name);
        const notCanonical = parseRunFolder(entry.name) === undefined ? `${condition}/${entry.name} is not a name campaign gives a run folder (run-<j>, no leading zero): a copy, not counted` : undefined;
        if (notCanonical !== undefined) {
          runs.push({ iteration, evalId, condition, run, dir, hasConversation: false, notCanonical });
          continue;
        }
        // Said, not silently dropped: a link is never followed (it may point out of the workspace).
        if (!entry.isDirectory()) runs.push({ iteration, evalId, condition, run, dir, hasConversation: false, notFolder: `${condition}/${entry.name} is ${entry.isSymbolicLink() ? 'a symbolic link (not followed)' : 'not a folder'}` });
        else {
          const has = hasFile(dir, CONVERSATION_FILE);
          // A link is no run's own transcript: to another run's, it would count that conversation twice.
          const problem = has === 'link' ? { conversationProblem: `its ${CONVERSATION_FILE} is a symbolic link (not followed): campaign writes it as a file of its own, so it is no run's own; not counted` } : {};
          runs.push({ iteration, evalId, condition, run, dir, hasConversation: has === 'entry' || has === 'link', ...problem, ...(typeof has === 'object' ? { notFolder: `${condition}/${entry.name} cannot be read (${has.code})` } : {}) });
        }
      }
    }
  }
  return runs;
}

/** Whether `name` names an arm: one of the iteration's campaign.json conditions, or of a known pair. */
function isConditionName(name: string, iteration: Iteration): boolean {
  const arms: ReadonlyArray<readonly string[]> = [...CONDITION_PAIRS, ...(iteration.campaign ? [iteration.campaign.conditions] : [])];
  return arms.some((pair) => pair.includes(name));
}

/**
 * The two conditions, treatment first: campaign.json's, else a known pair, else the two names
 * found, by what they say ({@link guessConditions}): then `guess` says by which rule, for the
 * caller to flag it as a guess. Undefined when there are not two.
 */
export function pickConditions(found: ReadonlySet<string>, campaign: CampaignRecord | undefined): { conditions: [string, string]; guess?: string } | undefined {
  if (campaign?.conditions && campaign.conditions.every((c) => found.has(c))) return { conditions: campaign.conditions };
  for (const pair of CONDITION_PAIRS) if (found.has(pair[0]) && found.has(pair[1])) return { conditions: [pair[0], pair[1]] };
  if (found.size !== 2) return undefined;
  const [a, b] = [...found];
  return guessConditions(a!, b!);
}
