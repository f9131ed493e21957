// The campaign itself, for the library (runCampaign, naming its options as the library spells
// them) and the CLI (naming its flags): every eval, with and without the skill, N runs each.
import { CONVERSATION_FILE } from '../workspace/layout.js';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { check } from '../check-with-config.js';
import { CHECK_OPTION_NAMING } from '../checker/check-options.js';
import { iterationsConfig } from '../config.js';
import { makeFolder } from '../fs/folders.js';
import { ensureRealFolders } from '../fs/folders.js';
import { smallestFisherP } from '../stats/attainable.js';
import { smallestHolmP } from '../stats/holm-attainable.js';
import type { detectableDelta as DetectableDelta } from '../stats/power.js';
import { runPool } from '../process/pool.js';
import { hidingSupport } from '../process/containment.js';
import { sharedHomeReason } from '../process/private-home.js';
import { changedInstructionFiles, configFolderPaths, instructionFilesState, sessionStorePaths, writableInstructionFiles } from '../runner/session-stores.js';
import { linkBounds } from '../runner/instruction-links.js';
import { claimIteration } from './campaign-record.js';
import { differingFromRecord, iterationInstructionsState } from './instructions-record.js';
import { coveredFolders, executeRun, failedRecord, uncoveredFolders, type RunContext } from './execute-run.js';
import { runFolder, type PlannedRun } from './plan.js';
import { prepareCampaign, releaseCampaign, type PreparedCampaign } from './prepare.js';
import { findExposures } from './isolation.js';
import { sessionsFolder, WorkFolders } from '../process/work-folders.js';
import { readRunRecord, type RunRecord } from '../workspace/run-record.js';
import { CAMPAIGN_RUN_HELD, countedBeforeCheck } from '../workspace/counted.js';
import { leftAtLock } from '../workspace/held-lock.js';
import { shownPath } from '../fs/shown-path.js';
import { findRuns } from '../workspace/locate.js';
import type { CampaignOptionNames } from './option-names.js';
import type { CampaignOptions, CampaignPlanSummary, CampaignResult } from './types.js';

/**
 * Runs a campaign: checks every input and makes the plan (a UsageError, before anything runs,
 * for bad input), reports the plan, writes campaign.json, skips the runs an earlier command
 * finished (their conversation.json and run.json exist and the conversation passes `check`),
 * then runs the rest of this command's share, `jobs` at a time, in the plan's order. Resolves
 * once every started agent is gone — also when `signal` stopped it early.
 * `names`: how its messages name the options (the library's spelling, or the CLI's flags).
 * @throws {UsageError} for bad input (nothing was run).
 */
export async function runCampaignNaming(options: CampaignOptions, names: CampaignOptionNames): Promise<CampaignResult> {
  const campaign = await prepareCampaign(options, names);
  try {
    return await run(campaign, options, names);
  } finally {
    releaseCampaign(campaign);
  }
}

async function run(campaign: PreparedCampaign, options: CampaignOptions, names: CampaignOptionNames): Promise<CampaignResult> {
  const report = options.reporter ?? (() => {});
  const copies = new Map<string, string>();
  const done = await findDoneRuns(campaign, copies);
  // A run whose lock a command that may still run holds is that command's to make: left to it, as
  // judge leaves a judgment under way elsewhere (one whose lock is taken after the plan, alike: executeRun).
  const underWay: string[] = [];
  const pending = campaign.share.filter((run) => {
    if (done.has(runFolder(run))) return false;
    const runDir = join(campaign.iteration.dir, runFolder(run));
    const left = leftAtLock(runDir, CAMPAIGN_RUN_HELD);
    if (left === undefined || !('underWay' in left)) return true;
    underWay.push(`${shownPath(campaign.baseDir, runDir)}/ ${left.underWay}`);
    return false;
  });
  // How each pending run's run.json ended when the plan was made: one that ends otherwise when its
  // turn comes was run since by another command.
  const plannedEndings = new Map(pending.map((run) => [runFolder(run), readRunRecord(join(campaign.iteration.dir, runFolder(run)))?.ended_at ?? null]));
  // Loaded here, not at start-up: the distribution library does work as it loads (docs/performance.md).
  const { detectableDelta } = await import('../stats/power.js');
  // Each agent's namespace hides the work folders of the sessions running beside it, where the system allows.
  const hiding = pending.length > 0 ? await hidingSupport({ ...campaign.env, ...campaign.harness.env }.HOME) : undefined;
  const unhidden = hiding && 'reason' in hiding ? hiding.reason : undefined;
  const sessions = hiding && !('reason' in hiding) ? sessionsFolder() : undefined;
  const otherCommandsSeen = sessions && 'unusable' in sessions ? sessions.unusable : undefined;
  // Unhidden, the CLI's session store is every session's too: a control agent can read the skill runs' transcripts there.
  // And its instruction files not made read-only (all, unhidden; else the missing ones) are every
  // session's to write, for the system prompt of every later one.
  const agentEnv = { ...campaign.env, ...campaign.harness.env };
  const sharedStores = unhidden !== undefined ? sessionStorePaths(campaign.harness, agentEnv) : [];
  // And HOME, where no session can have its own: what a skill session writes there every later one finds.
  const sharedHome = hiding !== undefined && pending.length > 0 ? sharedHomeReason(hiding, agentEnv, sessions && 'path' in sessions ? sessions.path : undefined, configFolderPaths(campaign.harness, agentEnv)) : undefined;
  const writable = pending.length > 0 ? writableInstructionFiles(campaign.harness, agentEnv, unhidden === undefined) : [];
  // The CLI's instruction files as they are now: one that differs after a run (written by a
  // session, made by one where it was missing) marks that run and every later one invalid. Links
  // in them are followed as the CLI follows them, but not into what every session's namespace
  // shows empty (the workspace, where the runs are written; the sessions' folder) or its own
  // (the session stores, each session's private one mounted there). One that
  // differs already from the iteration's record marks every run of this command: the plan says so.
  const linksBounds = linkBounds(agentEnv, [...coveredFolders(campaign), ...(sessions && 'path' in sessions ? [sessions.path] : []), ...(unhidden === undefined ? sessionStorePaths(campaign.harness, agentEnv) : [])]);
  const instructionsNow = pending.length > 0 ? instructionFilesState(campaign.harness, agentEnv, linksBounds) : new Map<string, string>();
  const differing = differingFromRecord(campaign.iteration.dir, instructionsNow);
  // Where the mounts can be made, a folder that holds what the sessions need (the agent's program
  // installed in the skill's folder) is still left shown: the plan names it.
  const uncovered = hiding !== undefined && unhidden === undefined ? uncoveredFolders(campaign, agentEnv) : [];
  const plan = { ...summarize(campaign, done.size, underWay, detectableDelta), ...(uncovered.length > 0 ? { uncovered } : {}), ...(unhidden !== undefined ? { unhidden } : {}), ...(sharedStores.length > 0 ? { sharedStores } : {}), ...(sharedHome !== undefined ? { sharedHome } : {}), ...(writable.length > 0 ? { writableInstructionFiles: writable } : {}), ...(differing.length > 0 ? { instructionFilesChanged: differing } : {}), ...(otherCommandsSeen !== undefined ? { otherCommandsSeen } : {}) };
  report({ kind: 'plan', plan });
  const skipped = campaign.share.filter((run) => done.has(runFolder(run)));
  // A run done before keeps its verdict: broken isolation fails this command as it failed the one that ran it.
  const skippedInvalid = skipped.map((run) => readRunRecord(join(campaign.iteration.dir, runFolder(run)))).filter((r): r is RunRecord => r !== undefined && !r.isolation.valid);
  const maxUsd = campaign.maxCostUsd ?? null;
  if (pending.length === 0) return { plan, records: [], skipped, skippedInvalid, underWay: [], notStarted: [], interrupted: false, cost: { spentUsd: null, maxUsd, capReached: false } };
  // Stopped while the CLI's --version was read: no folder and no campaign.json of a plan whose
  // version was never read; the same command makes it afresh.
  if (campaign.harnessVersionStopped) return { plan, records: [], skipped, skippedInvalid, underWay: [], notStarted: pending, interrupted: true, cost: { spentUsd: null, maxUsd, capReached: false } };

  // Levels below the workspace made one by one, none a link (one made since the plan is refused).
  const workspace = makeFolder(campaign.workspaceDir, names.workspace);
  ensureRealFolders(workspace, join(workspace, relative(campaign.workspaceDir, campaign.iteration.dir)));
  // Every shard writes the same bytes; an existing file with the same plan is left as it is.
  await claimIteration(campaign.iteration.dir, campaign.record);

  // Compared with the instruction files as the iteration's first command found them (a record in
  // the iteration): what a skill agent of an earlier command left (the command then exited 1) is
  // not taken for the user's now.
  const instructionsAtStart = await iterationInstructionsState(campaign.iteration.dir, instructionsNow);
  const records: RunRecord[] = [];
  // A CLI whose first start sets up shared state (OpenCode's database) gets it done alone: the
  // other runs wait until the first run's first round has ended (or the run has).
  let openGate = () => {};
  const gate = campaign.harness.serialize_first_start ? new Promise<void>((resolve) => (openGate = resolve)) : undefined;
  const first = pending[0]!;
  const workFolders = new WorkFolders();
  const ctx: RunContext = {
    campaign,
    harnessVersion: campaign.harnessVersion,
    plannedEndings,
    copies,
    workFolders,
    hideOtherSessions: unhidden === undefined,
    // From the command's own holder up: it encloses every later session's work folder, and an agent
    // its namespace does not hide it from (none here, or no mounts) can put the skill there.
    skillReachable: () => findExposures({ skillName: campaign.skill.name, harness: campaign.harness, templateDir: undefined, workspaceDir: campaign.workspaceDir, workRoot: workFolders.holder, env: campaign.env }),
    instructionFilesChanged: () => changedInstructionFiles(instructionsAtStart, linksBounds),
    startedAlone: gate !== undefined ? first : undefined,
    signal: options.signal,
    killSignal: options.killSignal,
    killGraceMs: options.killGraceMs,
    onAgent: (run, progress) => {
      if (run === first && progress.kind === 'round-finished') openGate();
      report({ kind: 'agent', run, progress });
    },
    onAttempt: (run, attempt) => report({ kind: 'run-started', run, attempt }),
    onRetry: (run, attempt, failure) => report({ kind: 'run-retry', run, attempt, reason: failure.reason, message: failure.message }),
  };
  // No new run starts when the first runs all fail with one agent error (no key, no endpoint: all
  // would fail so), or once the runs' recorded cost reaches --max-cost.
  const early = new AbortController();
  let stoppedEarly: CampaignResult['stoppedEarly'];
  let spent: number | null = null;
  const capReached = () => maxUsd !== null && spent !== null && spent >= maxUsd;
  const stopSignal = options.signal ? AbortSignal.any([options.signal, early.signal]) : early.signal;
  const underWayNow: CampaignResult['underWay'] = [];
  let elsewhereCount = 0;
  const doneElsewhere = (now: boolean) => (elsewhereCount += now ? 1 : 0);
  let notStarted: PlannedRun[];
  try {
    notStarted = await runPool(pending, campaign.jobs, stopSignal, gate, async (run) => {
      try {
        const startedAt = new Date();
        // One run's unexpected failure must not end the campaign while other agents still run.
        const outcome = await executeRun(run, ctx).catch((error: unknown) => failedRecord(run, ctx, startedAt, error));
        if ('underWay' in outcome) {
          // Taken up by another command since the plan: the plan's verdict had it seen the lock — left to its holder, in its words.
          underWayNow.push({ run, underWay: outcome.underWay });
          report({ kind: 'run-under-way', run, underWay: outcome.underWay });
          return;
        }
        const record = outcome;
        // Finished by another command on this workspace since the plan was made (its record ended
        // before this attempt began): done before, neither this command's run nor its cost.
        const elsewhere = Date.parse(record.ended_at) < startedAt.getTime();
        if (elsewhere) {
          skipped.push(run);
          if (!record.isolation.valid) skippedInvalid.push(record);
        } else records.push(record);
        if (record.cost_usd !== null && !elsewhere) spent = (spent ?? 0) + record.cost_usd;
        report({ kind: 'run-finished', run, record, finished: records.length + doneElsewhere(elsewhere), total: pending.length, doneElsewhere: elsewhere });
        const reason = options.keepGoing || stoppedEarly ? undefined : sameFirstFailure(records, pending.length);
        if (reason !== undefined) {
          stoppedEarly = { kind: 'same-agent-error', reason, failed: records.length };
          early.abort();
        }
        const full = options.keepGoing || stoppedEarly || elsewhere ? undefined : diskFull(record);
        if (full !== undefined) {
          stoppedEarly = { kind: 'disk-full', reason: full, failed: 1 };
          early.abort();
        }
        if (capReached()) early.abort();
      } finally {
        if (run === first) openGate();
      }
    });
  } finally {
    // Every agent is gone (the pool waits for them): what is left in the holder goes with it.
    workFolders.close();
  }
  const changed = changedInstructionFiles(instructionsAtStart, linksBounds);
  return { plan, records, skipped, skippedInvalid, underWay: underWayNow, notStarted, interrupted: options.signal?.aborted ?? false, cost: { spentUsd: spent, maxUsd, capReached: capReached() }, ...(stoppedEarly ? { stoppedEarly } : {}), ...(changed.length > 0 ? { instructionFilesChanged: changed } : {}) };
}

/** Runs that must fail alike, first of all, before a campaign stops early (fewer when fewer are planned). */
const EARLY_STOP_AFTER = 2;

/**
 * The agent error shared by every run finished so far, once {@link EARLY_STOP_AFTER} of them (or
 * every planned one) have: each aborted with the agent's own error text, all the same, or each
 * found no agent to start. Undefined while any run ended otherwise.
 */
function sameFirstFailure(records: readonly RunRecord[], planned: number): string | undefined {
  if (records.length < Math.min(EARLY_STOP_AFTER, planned)) return undefined;
  const reasons = new Set(records.map((r) => (r.status !== 'aborted' ? undefined : r.agent_error ?? (r.abort_reason === 'agent-not-found' ? r.message ?? undefined : undefined))));
  const [only] = [...reasons];
  return reasons.size === 1 && only !== undefined ? only : undefined;
}

/** Errors of a file system with no room left: space, or the user's quota. */
const NO_ROOM = /\b(?:ENOSPC|EDQUOT)\b/;

/**
 * The file system's error when a run aborted because the workspace's disk is full: eval-magic's
 * own write failed (`internal-error`, `write-failed`), saying ENOSPC or EDQUOT. Undefined otherwise
 * (the agent's own failures are its business: `sameFirstFailure`).
 */
function diskFull(record: RunRecord): string | undefined {
  if (record.status !== 'aborted' || (record.abort_reason !== 'internal-error' && record.abort_reason !== 'write-failed')) return undefined;
  return record.message !== null && NO_ROOM.test(record.message) ? record.message : undefined;
}

/**
 * The runs of the share that are done, by the rule compare counts by ({@link countedBeforeCheck}):
 * their run.json is this run's and says it ended well (an aborted run's folder may hold a
 * conversation.json its agent wrote), their folder repeats no other run's (a copy made by hand),
 * and their conversation passes `check` or is left out by the config's ignore (the user's choice:
 * made again, it would be left out again). `copies` gets each run folder of the iteration whose
 * run.json is a copy of another run's, with the work folder that record names.
 */
async function findDoneRuns(campaign: PreparedCampaign, copies: Map<string, string>): Promise<Set<string>> {
  const dir = campaign.iteration.dir;
  const locations = existsSync(dir) ? findRuns({ dir, campaign: campaign.record }, campaign.baseDir) : [];
  const counted = new Set(countedBeforeCheck(locations, { copies }).map((c) => c.location.dir));
  const candidates = campaign.share.filter((run) => counted.has(join(dir, runFolder(run))));
  if (candidates.length === 0) return new Set();
  // compare's config (looked up from the iteration, not from each run's folder): the runs done are the runs it counts.
  const config = iterationsConfig(campaign.baseDir, undefined, CHECK_OPTION_NAMING.library.config, [dir]);
  const report = await check(candidates.map((run) => join(dir, runFolder(run), CONVERSATION_FILE)), { cwd: campaign.baseDir, evals: campaign.evalsPath, allowEmpty: true, keepArtifacts: false, config });
  const failing = new Set(report.results.filter((r) => r.errorCount > 0).map((r) => r.filePath));
  // A conversation the config's ignore leaves out has no result: the user chose not to count it, so it
  // is not made again (it would be left out again, each command spending its agent sessions anew).
  return new Set(candidates.filter((run) => !failing.has(join(dir, runFolder(run), CONVERSATION_FILE))).map(runFolder));
}

function summarize(campaign: PreparedCampaign, done: number, underWay: readonly string[], detectable: typeof DetectableDelta): CampaignPlanSummary {
  const evalIds = [...new Set(campaign.share.map((run) => run.eval_id))];
  // By id once: a search per run made a 50 000-eval plan quadratic (7 s before it printed).
  const roundsById = new Map(campaign.evals.evals.map((e) => [e.id, 1 + (e.turns?.length ?? 0)]));
  const rounds = (id: string) => roundsById.get(id) ?? 1;
  const runs = Object.fromEntries(evalIds.map((id) => [id, campaign.record.runs[id]!]));
  // Every eval of the plan, not only this command's share (--eval, --shard): compare corrects
  // for all their assertions at once, so the power this plan has is at that level.
  const planned = new Set(Object.keys(campaign.record.runs));
  // Each planned assertion's runs per arm; its best Holm p is compare's min_attainable_p_holm at those runs.
  const assertionRuns = campaign.evals.evals.filter((e) => planned.has(e.id)).flatMap((e) => (Array.isArray(e.assertions) ? e.assertions : []).map(() => campaign.record.runs[e.id]!));
  const familySize = Math.max(1, assertionRuns.length);
  const bestHolm = new Map<number, number>();
  smallestHolmP(assertionRuns.map((n) => smallestFisherP(n))).forEach((p, i) => bestHolm.set(assertionRuns[i]!, Math.min(bestHolm.get(assertionRuns[i]!) ?? 1, p)));
  return {
    skillName: campaign.evals.skill_name,
    harness: campaign.harness.name,
    conditions: campaign.conditions,
    iteration: campaign.iteration.iteration,
    iterationDir: campaign.iteration.dir,
    continuing: campaign.iteration.existing,
    ...(campaign.iteration.changes ? { changes: campaign.iteration.changes } : {}),
    ...(campaign.iteration.notContinued !== undefined ? { notContinued: campaign.iteration.notContinued } : {}),
    evals: evalIds.length,
    runs,
    sessions: campaign.share.length,
    rounds: campaign.share.reduce((sum, run) => sum + rounds(run.eval_id), 0),
    done,
    pending: campaign.share.length - done - underWay.length,
    ...(underWay.length > 0 ? { underWay: [...underWay] } : {}),
    planSessions: campaign.record.order.length,
    shard: campaign.shard,
    jobs: campaign.jobs,
    familySize,
    smallestP: [...new Set(Object.values(runs))].sort((a, b) => a - b).map((n) => ({
      runs: n,
      p: smallestFisherP(n),
      pHolm: bestHolm.get(n) ?? smallestFisherP(n),
      detectableDelta: detectable({ treatmentRuns: n, controlRuns: n, controlRate: 0.5, level: 0.05 / familySize }),
    })),
  };
}

