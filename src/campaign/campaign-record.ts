// iteration-<n>/campaign.json: the plan of one iteration, the same bytes from every shard, and
// how the next command finds the iteration it continues.
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../errors.js';
import { atomicWriteTarget, createFileWhole } from '../fs/safe-write.js';
import { CAMPAIGN_FILE, GIT_ATTRIBUTES_FILE, iterationFolder, parseIterationFolder } from '../workspace/layout.js';
import { readCampaignRecordFile, serializeCampaign, type CampaignRecord } from '../workspace/campaign-record.js';
import { describePlanChanges, planChanges, samePlan } from '../workspace/plan-identity.js';
import { countedBeforeCheck } from '../workspace/counted.js';
import { findRuns } from '../workspace/locate.js';

/**
 * Writes campaign.json into `iterationDir` (a real folder) unless it is there, and makes sure the
 * one there holds this plan. Written beside it and linked into place (link() never replaces), so
 * of two commands that chose the same new iteration with different plans, the second one stops
 * instead of running its plan into the first one's iteration.
 * @throws {UsageError} when the file there holds another plan or cannot be read.
 */
export async function claimIteration(iterationDir: string, record: CampaignRecord): Promise<void> {
  const target = join(iterationDir, CAMPAIGN_FILE);
  if (!existsSync(target) && (await createFileWhole(target, serializeCampaign(record), { durable: true })) === 'created') return keepBytesInGit(iterationDir);
  const read = readCampaignRecordFile(iterationDir);
  if (read.found && 'record' in read && samePlan(read.record, record)) return keepBytesInGit(iterationDir);
  const why = !read.found ? 'was removed meanwhile' : 'record' in read ? 'was written meanwhile by another campaign command with another plan' : `cannot be read: ${read.problem}`;
  throw new UsageError(`${target} ${why}; nothing more was run: run the command again to get the next free iteration`);
}

/**
 * The iteration's .gitattributes, asking Git to keep every byte below it as written: with
 * `core.autocrlf` (Git for Windows' default) a workspace committed and checked out again had its
 * task files rewritten with CRLF, and a command_check running them (a shell script) failed in every
 * run, so compare's verdicts were not the runs'. Written after campaign.json (an iteration folder
 * holding only that is one being claimed), never over a file there: one the user wrote is theirs.
 */
async function keepBytesInGit(iterationDir: string): Promise<void> {
  const target = join(iterationDir, GIT_ATTRIBUTES_FILE);
  if (!existsSync(target)) await createFileWhole(target, GIT_ATTRIBUTES, { durable: true });
}

/** The iteration's .gitattributes: no line-ending conversion for any file below it. */
const GIT_ATTRIBUTES = '# Written by eval-magic campaign: Git keeps every file of this iteration byte for byte\n# (no line-ending conversion), so the runs are graded as they were left.\n* -text\n';

/** The iteration this campaign writes into, and whether its campaign.json is already there. */
export interface IterationChoice {
  iteration: number;
  dir: string;
  /** campaign.json exists there (and holds the same plan). */
  existing: boolean;
  /** A new iteration after an older one: what the agent meets that changed since the newest one. */
  changes?: string[];
  /** A new iteration after one that has no campaign.json, so cannot be continued: what that one holds. */
  notContinued?: string;
}

/**
 * Picks the iteration folder under `skillRoot` (`<workspace>/<skill_name>`): `requested` when
 * given (it must be new or hold the same plan), else the newest iteration when its campaign.json
 * holds the same plan (so the same command again resumes it), else the next free number.
 * `name`: how the messages name the requested iteration (the flag, or the library's option).
 * @throws {UsageError} when the requested iteration holds another plan, or a campaign.json cannot be read.
 */
export function chooseIteration(skillRoot: string, planned: CampaignRecord, requested: number | undefined, name: string): IterationChoice {
  const numbers = existsSync(skillRoot) ? listIterations(skillRoot) : [];
  const inspect = (iteration: number): IterationChoice & { other: boolean; changes?: string[] } => {
    const dir = join(skillRoot, iterationFolder(iteration));
    const read = readCampaignRecordFile(dir);
    if (!read.found) return { iteration, dir, existing: false, other: numbers.includes(iteration) && !beingClaimed(dir) };
    if (!('record' in read)) throw new UsageError(`${read.problem}; move it away or choose another ${name} (nothing was run)`);
    const changes = planChanges(read.record, planned);
    return { iteration, dir, existing: changes.length === 0, other: changes.length > 0, changes };
  };
  if (requested !== undefined) {
    const choice = inspect(requested);
    if (choice.other) {
      const why = existsSync(join(choice.dir, CAMPAIGN_FILE)) ? `its ${CAMPAIGN_FILE} holds another plan (${describePlanChanges(choice.changes ?? [])})` : `it exists without a ${CAMPAIGN_FILE}`;
      throw new UsageError(`${name} ${requested}: ${choice.dir} cannot take this campaign: ${why}; choose another ${name}, or leave it out to get the next free one (nothing was run)`);
    }
    return { iteration: choice.iteration, dir: choice.dir, existing: choice.existing };
  }
  const newest = numbers.length > 0 ? Math.max(...numbers) : undefined;
  const choice = newest === undefined ? undefined : inspect(newest);
  if (choice?.existing) return { iteration: choice.iteration, dir: choice.dir, existing: true };
  // Made by a command that is still writing its campaign.json: the same experiment, if the plans agree (claimIteration).
  if (choice !== undefined && !choice.other) return { iteration: choice.iteration, dir: choice.dir, existing: false };
  const next = (newest ?? 0) + 1;
  const orphan = choice !== undefined && choice.changes === undefined ? { notContinued: describeWithoutPlan(choice.dir) } : {};
  return { iteration: next, dir: join(skillRoot, iterationFolder(next)), existing: false, ...(choice?.changes ? { changes: choice.changes } : {}), ...orphan };
}

/**
 * An iteration folder without campaign.json, as a plan line says it: the runs it holds, counted as
 * compare counts them (a campaign cannot continue it: the plan its runs were made by is unknown).
 */
function describeWithoutPlan(dir: string): string {
  const runs = countedBeforeCheck(findRuns({ dir }, dirname(dir))).length;
  const holds = runs > 0 ? `holds ${runs} run${runs === 1 ? '' : 's'} but no ${CAMPAIGN_FILE}` : `holds no ${CAMPAIGN_FILE} (and no finished run)`;
  return `${basename(dir)} ${holds}, so it cannot be continued`;
}

/**
 * An iteration folder with nothing in it but campaign.json being written ({@link claimIteration}'s
 * staged file): another command chose it a moment ago, or left it empty.
 */
function beingClaimed(dir: string): boolean {
  try {
    // The temp file campaign.json is written in before it is linked into place.
    return readdirSync(dir).every((name) => atomicWriteTarget(name) === CAMPAIGN_FILE);
  } catch {
    return false;
  }
}

/** The numbers of the `iteration-<n>` folders under `skillRoot`. */
function listIterations(skillRoot: string): number[] {
  return readdirSync(skillRoot, { withFileTypes: true }).flatMap((entry) => {
    const n = entry.isDirectory() ? parseIterationFolder(entry.name) : undefined;
    return n === undefined ? [] : [n];
  });
}
