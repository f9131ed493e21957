// `eval-magic campaign` as a library: every eval, with and without the skill, N runs each,
// each run isolated in its own task folder, several at once, resumable, sharded.
import { assertKnownOptions, assertTextOptions } from '../suggest.js';
import { CAMPAIGN_OPTION_NAMING } from './option-names.js';
import { runCampaignNaming } from './run-campaign.js';
import type { CampaignOptions, CampaignResult } from './types.js';

/**
 * Runs a campaign: checks every input and makes the plan (a UsageError, before anything runs,
 * for bad input, naming the options as this library spells them: `runs`, not `--runs`), reports
 * the plan, writes campaign.json, skips the runs an earlier command finished (their
 * conversation.json and run.json exist and the conversation passes `check`), then runs the rest
 * of this command's share, `jobs` at a time, in the plan's order. Resolves once every started
 * agent is gone — also when `signal` stopped it early.
 * @throws {UsageError} for bad input (nothing was run).
 */
export async function runCampaign(options: CampaignOptions): Promise<CampaignResult> {
  assertKnownOptions(options, CAMPAIGN_OPTIONS, 'runCampaign()');
  assertTextOptions(options as unknown as Record<string, unknown>, CAMPAIGN_TEXT_OPTIONS);
  return runCampaignNaming(options, CAMPAIGN_OPTION_NAMING.library);
}

/** Every option of {@link runCampaign}: any other key is a typo that would leave a default in force. */
const CAMPAIGN_OPTIONS: readonly string[] = Object.keys({
  evals: true, harness: true, skill: true, task: true, workspace: true, iteration: true, runs: true, jobs: true, shard: true, evalIds: true, baseline: true,
  baselineRef: true, model: true, roundTimeoutSeconds: true, maxEventsBytes: true, retries: true, keepGoing: true, maxCostUsd: true, baseDir: true, env: true,
  signal: true, killSignal: true, killGraceMs: true, reporter: true,
} satisfies Record<keyof CampaignOptions, true>);

/** The options that are text, and what each must be: a path of another type failed as a TypeError deep inside. */
const CAMPAIGN_TEXT_OPTIONS = {
  evals: 'a path that is not empty', harness: 'a harness name or descriptor file', skill: 'a path that is not empty', task: 'a path that is not empty',
  workspace: 'a path that is not empty', baseline: 'a path that is not empty', baseDir: 'a path that is not empty', baselineRef: 'a Git ref that is not empty', model: 'a model id that is not empty',
};

export { DEFAULT_JOBS } from './prepare.js';
export { DEFAULT_WORKSPACE } from './plan.js';
export { describeCostCap, describePlan, describeRun, describeSummary } from './report-text.js';
export type { CampaignOptions, CampaignPlanSummary, CampaignProgress, CampaignReporter, CampaignResult } from './types.js';
export type { Condition, PlannedRun, Shard } from './plan.js';
export type { RunRecord, RunStatus, AttemptFailure } from '../workspace/run-record.js';
export type { CampaignRecord } from '../workspace/campaign-record.js';
export type { IsolationProblem } from './isolation.js';
export { initEvals, type InitEvalsOptions, type InitEvalsResult } from './init-evals.js';
