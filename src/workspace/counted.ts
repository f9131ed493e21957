// Which runs count: exactly the plan's finished runs. compare counts by this rule and the judge
// judges by it, so a run one of them counts the other never leaves out.
import { dirname, join } from 'node:path';
import { armStages, CONVERSATION_FILE, RUN_RECORD_FILE } from './layout.js';
import { leftAtLock, leftAtLockWords, type HeldBy } from './held-lock.js';
import { findRuns, inConditionsKept, readIteration, runIgnored, type Iteration, type PathsIgnored, type RunLocation } from './locate.js';
import { chooseArms, type ArmNames } from './arms.js';
import { readRunRecordFile, recordOfAnotherRun, type RunRecord } from './run-record.js';
import type { CampaignRecord } from './campaign-record.js';

/** A run folder's run.json as the counting rule reads it. */
export interface RunRecordOf {
  record?: RunRecord;
  /** Why a run.json that is there cannot be used (a link, against its schema, another run's record). */
  recordProblem?: string;
  /** The run.json is another run's record: the folder is a copy (or was renamed) by hand. */
  copied?: true;
}

/**
 * The run.json of a run folder, if it is there and is this folder's: a record of another run
 * (a folder copied or renamed by hand) would lend it that run's status, isolation and skill.
 * `shownFile` names it in a problem (a function: worked out only when there is one).
 */
export function readRunRecordOf(location: RunLocation, shownFile: string | (() => string) = join(location.dir, RUN_RECORD_FILE)): RunRecordOf {
  if (location.notFolder !== undefined || location.notCanonical !== undefined) return {};
  const read = readRunRecordFile(location.dir, shownFile);
  if (!read.found) return {};
  if (!('record' in read)) return { recordProblem: read.problem };
  const other = recordOfAnotherRun(read.record, location);
  if (other !== undefined) return { recordProblem: `${typeof shownFile === 'string' ? shownFile : shownFile()} is the record of ${other.recorded}, not of this folder's ${other.folder}`, copied: true };
  return { record: read.record };
}

/** The runs per arm a campaign.json plans of an eval, or undefined when it plans none. */
export function plannedRuns(campaign: CampaignRecord | undefined, evalId: string): number | undefined {
  // Own keys only: an eval of id "constructor" is no eval of every plan.
  return campaign !== undefined && Object.hasOwn(campaign.runs, evalId) ? campaign.runs[evalId] : undefined;
}

/**
 * Why a run folder is no run of its iteration's plan, by campaign.json: its eval is not planned
 * (`eval`), or its number is beyond the runs per arm planned (`run`). Campaign never writes such a
 * folder: it was added by hand or by an agent. Undefined when it is of the plan, or there is no plan.
 */
export function beyondPlan(location: Pick<RunLocation, 'iteration' | 'evalId' | 'run'>): { kind: 'eval' | 'run'; reason: string } | undefined {
  const campaign = location.iteration.campaign;
  if (campaign === undefined) return undefined;
  const planned = plannedRuns(campaign, location.evalId);
  if (planned === undefined) return { kind: 'eval', reason: notInPlanReason(location.evalId) };
  if (location.run !== undefined && location.run > planned) return { kind: 'run', reason: `run ${location.run} is beyond the ${planned} runs per arm campaign.json plans` };
  return undefined;
}

/** {@link beyondPlan}'s reason for a run of an eval its iteration's campaign.json does not plan. */
export function notInPlanReason(evalId: string): string {
  return `eval ${JSON.stringify(evalId)} is not in the plan of campaign.json`;
}

/**
 * {@link beyondPlan}'s reason for the run folder `runDir` of eval `evalId` (`run`: its j, none in
 * the one-run layout), by the campaign.json of the iteration folder it lies in: for check, which
 * finds a file by its path, to say what campaign and judge do there by the rule they decide by.
 */
export function beyondPlanAt(runDir: string, { evalId, run }: Pick<RunLocation, 'evalId' | 'run'>, planless?: string): string | undefined {
  const conditionDir = run === undefined ? runDir : dirname(runDir);
  const iterationDir = dirname(dirname(conditionDir));
  const iteration = readIteration(iterationDir, iterationDir);
  if (iteration.campaign === undefined) return planless;
  return beyondPlan({ iteration, evalId, run })?.reason;
}

/** {@link beyondPlanAt}'s words for a copied run folder of an iteration without a usable campaign.json: no campaign makes it again. */
export const NO_PLAN_TO_REMAKE = 'its iteration has no usable campaign.json, so no campaign makes it again';

/**
 * Why a run is not counted, or null when it is: a folder that is not a run's (a link, a copy
 * named `run-01`), a run beyond the plan, a run whose run.json says it aborted — whatever files
 * sit beside it, since an agent can write a conversation.json and exit — a run of a campaign
 * iteration without a usable run.json, and a run that left no conversation.json of its own (none, or a link).
 */
export function notCountedReason(location: RunLocation, read: RunRecordOf): string | null {
  if (location.notFolder !== undefined) return location.notFolder;
  if (location.notCanonical !== undefined) return location.notCanonical;
  const beyond = beyondPlan(location);
  if (beyond !== undefined) return beyond.reason;
  const { record } = read;
  const underWay = mayBeUnderWay(record, read) ? runUnderWay(location.dir) : undefined;
  if (underWay !== undefined) return underWay;
  // The runner's message is a sentence ("… (what the round streamed is kept beside it)."): its full stop, inside these parentheses, read ".),".
  if (record?.status === 'aborted') return `the run aborted (${record.abort_reason ?? 'no reason recorded'}${record.message ? `: ${record.message.replace(/\.$/, '')}` : ''})`;
  const other = ofAnotherPlan(location, record);
  if (other !== undefined) return `its run.json is of another plan than campaign.json (${other}): not counted`;
  // A copy is one with or without a plan: counted, it would count the run it was copied from twice.
  if (read.copied) return `its run.json cannot be used, so how it ended is unknown (${read.recordProblem})`;
  if (location.iteration.campaign !== undefined && record === undefined) return read.recordProblem !== undefined ? `its run.json cannot be used, so how it ended is unknown (${read.recordProblem})` : 'no run.json: the run never finished';
  if (!location.hasConversation) return 'no conversation.json (the run did not finish)';
  if (location.conversationProblem !== undefined) return location.conversationProblem;
  return null;
}

/** A lock's start time as its holder writes it (anything else in that field is not shown). */
/**
 * Whether a run's record is what campaign leaves while an attempt is under way: none yet, or the
 * interrupted one it writes as the attempt starts, which stands if the command is killed.
 */
function mayBeUnderWay(record: RunRecord | undefined, read: RunRecordOf): boolean {
  return record === undefined ? read.recordProblem === undefined : record.status === 'aborted' && record.abort_reason === 'interrupted';
}

/** Whose a campaign run's lock is, as said: its campaign (campaign's plan and compare say it alike). */
export const CAMPAIGN_RUN_HELD: HeldBy = { by: 'its campaign', again: 'the campaign' };

/**
 * Why a run folder that would be run again is not counted by its lock, not as cut short: its run is
 * under way (a campaign still running, read mid-way), or its lock is one no command holds and none
 * takes over (stale, or unreadable), at which campaign refuses it — the rule, and the words, of a
 * judgment's lock (held-lock.ts leftAtLock). Undefined when no such lock is there.
 */
function runUnderWay(runDir: string): string | undefined {
  const left = leftAtLock(runDir, CAMPAIGN_RUN_HELD);
  return left === undefined ? undefined : `the run ${leftAtLockWords(left)}`;
}

/**
 * How a run's record says it is of another plan than its iteration's campaign.json ({@link otherPlan}),
 * or undefined: it is of the plan, or there is no record or no plan to tell by. Such a run is of
 * another experiment, merged in by hand: neither counted nor, in what is said of the plan's runs
 * (how many stopped, how many attempts failed), one of them.
 */
export function ofAnotherPlan(location: RunLocation, record: RunRecord | undefined): string | undefined {
  return record !== undefined && location.iteration.campaign !== undefined ? otherPlan(record, location.iteration.campaign) : undefined;
}

/** Why a run the config leaves out of check (its `ignore`) is not counted. */
export const NOT_CHECKED = 'not checked';

/**
 * Why a run the rule counts is still left out once its conversation.json was checked, or null:
 * the checker did not reach it (an ignore pattern of the config passed it over), or found errors
 * in it. `errors`: the checker's error count for the file, undefined when it has no result.
 */
export function checkedOutReason(errors: number | undefined): string | null {
  if (errors === undefined) return NOT_CHECKED;
  // The count is the conversation.json's alone: check on the run folder finds more (grading.json, judge/).
  return errors > 0 ? `check found ${errors} error${errors === 1 ? '' : 's'} in its ${CONVERSATION_FILE}` : null;
}

/** Whether a run is left out because check found errors in its conversation.json (a reason of {@link checkedOutReason}). */
export function failedCheck(reason: string | null | undefined): boolean {
  return reason !== null && reason !== undefined && checkErrorsIn(reason) !== undefined;
}

/** The error count a reason of {@link checkedOutReason} gives, or undefined for any other reason. */
export function checkErrorsIn(reason: string): number | undefined {
  const count = /^check found (\d+) errors? in its /.exec(reason)?.[1];
  return count === undefined ? undefined : Number(count);
}

/**
 * How a run's record differs from the plan of its iteration in what it can tell — the skill it
 * staged, the harness and its version, the model — or undefined when it does not. campaign
 * writes every run of an iteration by its plan (a skill edited meanwhile aborts the run), so a
 * difference is a run of another experiment: a shard run with other options, or a folder copied
 * from another iteration, merged in by hand.
 */
export function otherPlan(record: RunRecord, plan: CampaignRecord): string | undefined {
  const stages = armStages(record.condition, plan.conditions);
  const staged = stages === 'skill' ? plan.skill.sha256 : stages === 'baseline' ? (plan.baseline?.sha256 ?? null) : null;
  const short = (sha: string | null | undefined) => (sha == null ? 'none' : `${sha.slice(0, 12)}…`);
  const version = plan.harness.version;
  const differences = [
    (record.skill?.sha256 ?? null) !== staged ? `the skill staged ${short(record.skill?.sha256)}, not ${short(staged)}` : undefined,
    record.harness.name !== plan.harness.name ? `harness ${JSON.stringify(record.harness.name)}, not ${JSON.stringify(plan.harness.name)}` : undefined,
    record.harness.name === plan.harness.name && version !== undefined && record.harness.version !== version ? `harness version ${JSON.stringify(record.harness.version)}, not ${JSON.stringify(version)}` : undefined,
    record.model !== plan.model ? `model ${JSON.stringify(record.model)}, not ${JSON.stringify(plan.model)}` : undefined,
  ].filter((d) => d !== undefined);
  return differences.length > 0 ? differences.join('; ') : undefined;
}

/**
 * Each run once, however many folders hold it: a run.json with the start and work folder (a random
 * folder per attempt, in every record campaign writes) of one already seen is a copy — an
 * iteration or a run folder copied by hand — which, counted again, adds a run that never happened.
 * Only those two say which attempt it was: a copy whose eval, condition or run number was edited
 * to fit its new folder is the same run still. A record without a work folder (older ones) is
 * never taken for a copy.
 */
export class RunsOnce {
  readonly #first = new Map<string, string>();

  /** The folder of the run `record` repeats, if one was seen; otherwise remembers `dir` as that run's and gives undefined. */
  copyOf(dir: string, record: RunRecord | undefined): string | undefined {
    if (record === undefined || typeof record.work_dir !== 'string' || record.work_dir === '') return undefined;
    const key = JSON.stringify([record.started_at, record.work_dir]);
    const original = this.#first.get(key);
    if (original === undefined) this.#first.set(key, dir);
    return original;
  }
}

/** A run the counting rule takes before its conversation is checked, with its record. */
export interface CountedBeforeCheck {
  location: RunLocation;
  record: RunRecord | undefined;
}

/** What {@link countedBeforeCheck} is given beside the runs. */
export interface CountedBeforeCheckOptions {
  /** The runs seen so far: spans the iterations named together (default: these runs alone). */
  once?: RunsOnce;
  /** Gets each run folder left out as a copy, with the work folder its record names. */
  copies?: Map<string, string>;
  /** Told of each run left out, and why: a reason, or the folder of the run it copies. */
  passedOver?: (location: RunLocation, why: { reason: string } | { copyOf: string }) => void;
  /** How a run.json is named in a problem (default: its absolute path). */
  shownRecordFile?: (location: RunLocation) => string;
  /** The config's ignore globs as check matches them: a run they leave out is kept for check to pass over, never taken as a copy nor as another's original. */
  ignored?: PathsIgnored | undefined;
}

/**
 * The runs of `locations`, in their order, that {@link notCountedReason} passes and that repeat
 * no run found before them ({@link RunsOnce}): what compare counts and the judge judges once their
 * conversations pass check, and what a resumed campaign takes as done — so a run folder copied
 * over another never passes for a run of the plan.
 */
export function countedBeforeCheck(locations: readonly RunLocation[], { once = new RunsOnce(), copies, passedOver, shownRecordFile, ignored }: CountedBeforeCheckOptions = {}): CountedBeforeCheck[] {
  return locations.flatMap((location) => {
    const read = readRunRecordOf(location, shownRecordFile ? () => shownRecordFile(location) : undefined);
    const reason = notCountedReason(location, read);
    if (reason !== null) {
      passedOver?.(location, { reason });
      return [];
    }
    const original = runIgnored(location, ignored) ? undefined : once.copyOf(location.dir, read.record);
    if (original !== undefined) {
      copies?.set(location.dir, read.record!.work_dir!);
      passedOver?.(location, { copyOf: original });
      return [];
    }
    return [{ location, record: read.record }];
  });
}

/**
 * The agent CLI every run.json of the iteration's runs records (a built-in one of `builtIn`), or
 * undefined when none does or they differ. Only the runs compare counts before their check: the
 * two arms' (arms.ts chooseArms, as compare takes them), by {@link notCountedReason} — a copy
 * (`run-01`), a folder of another name, an aborted run, a run beyond the plan or a third
 * condition's are no run of the experiment to name its CLI — nor a run whose conversation.json the
 * config's ignore globs leave out (`ignored`, as check matches them), nor a condition folder all of
 * whose runs they leave out one of the arms — and when they leave one folder, its runs (counted
 * only pooled with another iteration's). A run whose check then fails
 * is not known here (this is worked out before the check, in every grading thread).
 */
export function runsHarnessOf(iteration: Iteration, cwd: string, named: ArmNames, builtIn: readonly string[], ignored?: PathsIgnored): string | undefined {
  const runs = findRuns(iteration, cwd, named).filter((l) => l.notCanonical === undefined && l.notFolder === undefined && l.conversationProblem === undefined);
  // A folder whose every run the config leaves out is no condition, as compare takes the arms.
  const kept = new Set(inConditionsKept(runs, ignored).map((l) => l.condition));
  const arms = chooseArms(kept, iteration.campaign, named);
  if (arms !== undefined && 'refused' in arms) return undefined;
  // One folder kept (the config leaves out the other arm here): its runs are counted only pooled
  // with another iteration's, under that pair, and they name the CLI all the same.
  const conditions: readonly string[] | undefined = arms?.conditions ?? (kept.size === 1 ? [...kept] : undefined);
  if (conditions === undefined) return undefined;
  const names = new Set<string>();
  for (const location of runs) {
    if (!conditions.includes(location.condition)) continue;
    if (runIgnored(location, ignored)) continue;
    const read = readRunRecordOf(location);
    if (read.record !== undefined && notCountedReason(location, read) === null) names.add(read.record.harness.name);
  }
  const [only] = names;
  return names.size === 1 && builtIn.includes(only!) ? only : undefined;
}
