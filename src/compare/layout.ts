// Which runs the named folders hold: an iteration folder (`eval-<id>/<condition>/run-<j>/`, or the
// reference's `eval-<id>/<condition>/` with one run), or a workspace (`<skill>/iteration-<n>/`:
// the latest iteration of each skill is compared).
import { existsSync, lstatSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { join, resolve } from 'node:path';
import { shownPath } from '../fs/shown-path.js';
import { UsageError } from '../errors.js';
import { readCampaignRecordFile } from '../campaign/campaign-record.js';
import { fromCampaignRecord, type CampaignRecord } from './run-record.js';

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
  /** j of `run-<j>`; undefined in the reference's one-run layout. */
  run?: number;
  dir: string;
  /** Whether conversation.json is there (a run that aborted may have left only run.json). */
  hasConversation: boolean;
  /** Why a `run-<j>` entry that is not a real folder (a link, a file) was not looked into; the run is counted as missing. */
  notFolder?: string;
}

const ITERATION = /^iteration-(\d+)$/;
const EVAL = /^eval-(.+)$/;
const RUN = /^run-(\d+)$/;

/** Whether `dir` holds an entry `name` (one lstat; a link is for the checker to judge), or why it cannot be told (EACCES). */
function hasFile(dir: string, name: string): boolean | string {
  try {
    return lstatSync(join(dir, name), { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

/** The entries of a folder compare must list; one it cannot read (EACCES) is said, naming it, never an internal error. */
function entriesOf(dir: string, cwd: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    throw new UsageError(`Cannot read the folder ${JSON.stringify(shownPath(cwd, dir))} (${(error as NodeJS.ErrnoException).code ?? String(error)}); compare lists it to find the runs.`);
  }
}

function subfolders(dir: string, cwd: string): string[] {
  return entriesOf(dir, cwd).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** The iteration folders `path` names: itself, the latest of a skill folder, or of each skill in a workspace. */
export function findIterations(path: string, cwd: string): Iteration[] {
  const dir = resolve(cwd, path);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new UsageError(`${JSON.stringify(path)} does not exist.`);
  }
  if (!isDir) throw new UsageError(`${JSON.stringify(path)} is not a folder; name an iteration folder (…/iteration-<n>) or a workspace.`);
  const found = iterationsIn(dir, 0, cwd);
  if (found.length === 0) throw new UsageError(`No iteration under ${JSON.stringify(path)}: expected eval-<id>/<condition>/ folders, <skill>/iteration-<n>/ folders, or a .eval-magic workspace.`);
  return found.map((d) => ({ dir: d, ...readCampaign(d, shownPath(cwd, join(d, 'campaign.json'))) }));
}

function iterationsIn(dir: string, depth: number, cwd: string): string[] {
  const children = subfolders(dir, cwd);
  if (children.some((c) => EVAL.test(c))) return [dir];
  const iterations = children.filter((c) => ITERATION.test(c)).sort((a, b) => Number(ITERATION.exec(b)![1]) - Number(ITERATION.exec(a)![1]));
  if (iterations.length > 0) return [join(dir, iterations[0]!)];
  if (depth >= 2) return [];
  const next = children.includes('.eval-magic') ? ['.eval-magic'] : children.filter((c) => !c.startsWith('.') && c !== 'node_modules');
  return next.flatMap((child) => iterationsIn(join(dir, child), depth + 1, cwd));
}

/** The iteration's campaign.json, if it is there; one that cannot be used only loses its hints (the runs are still there), and says why. */
function readCampaign(dir: string, shown: string): { campaign?: CampaignRecord; campaignProblem?: string } {
  const read = readCampaignRecordFile(dir, shown);
  if (!read.found) return {};
  return 'record' in read ? { campaign: fromCampaignRecord(read.record) } : { campaignProblem: read.problem };
}

/** Every run folder of an iteration, sorted by eval, condition and run. */
export function findRuns(iteration: Iteration, cwd: string): RunLocation[] {
  const runs: RunLocation[] = [];
  for (const evalFolder of subfolders(iteration.dir, cwd)) {
    const evalId = EVAL.exec(evalFolder)?.[1];
    if (evalId === undefined) continue;
    for (const condition of subfolders(join(iteration.dir, evalFolder), cwd)) {
      const conditionDir = join(iteration.dir, evalFolder, condition);
      const entries = entriesOf(conditionDir, cwd).filter((e) => RUN.test(e.name)).sort((a, b) => Number(RUN.exec(a.name)![1]) - Number(RUN.exec(b.name)![1]));
      if (entries.length === 0) {
        const has = existsSync(join(conditionDir, 'conversation.json'));
        if (has || existsSync(join(conditionDir, 'run.json'))) runs.push({ iteration, evalId, condition, dir: conditionDir, hasConversation: has });
        continue;
      }
      for (const entry of entries) {
        const dir = join(conditionDir, entry.name);
        const run = Number(RUN.exec(entry.name)![1]);
        // Said, not silently dropped: a link is never followed (it may point out of the workspace).
        if (!entry.isDirectory()) runs.push({ iteration, evalId, condition, run, dir, hasConversation: false, notFolder: `${condition}/${entry.name} is ${entry.isSymbolicLink() ? 'a symbolic link (not followed)' : 'not a folder'}` });
        else {
          const has = hasFile(dir, 'conversation.json');
          runs.push({ iteration, evalId, condition, run, dir, hasConversation: has === true, ...(typeof has === 'string' ? { notFolder: `${condition}/${entry.name} cannot be read (${has})` } : {}) });
        }
      }
    }
  }
  return runs;
}

/** Known condition pairs, treatment first. */
const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['with_skill', 'without_skill'],
  ['new_skill', 'old_skill'],
];

/**
 * The two conditions, treatment first: campaign.json's, else a known pair, else the two names
 * found in code-unit order (flagged by the caller as a guess). Undefined when there are not two.
 */
export function pickConditions(found: ReadonlySet<string>, campaign: CampaignRecord | undefined): { conditions: [string, string]; guessed: boolean } | undefined {
  if (campaign?.conditions && campaign.conditions.every((c) => found.has(c))) return { conditions: campaign.conditions, guessed: false };
  for (const pair of PAIRS) if (found.has(pair[0]) && found.has(pair[1])) return { conditions: [pair[0], pair[1]], guessed: false };
  if (found.size !== 2) return undefined;
  const [a, b] = [...found].sort();
  return { conditions: [a!, b!], guessed: true };
}
