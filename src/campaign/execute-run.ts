// One run of a campaign, attempts and all: lock its folder, stage its task, drive the agent
// through the runner's single-run path (runEval), and write run.json.
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../errors.js';
import { toolVersion } from '../version.js';
import { makeFolder } from '../fs/folders.js';
import { removeOwnTree } from '../fs/remove-tree.js';
import { LockHeldError, lockOutFolder, type OutLock } from '../runner/out-lock.js';
import { hasRegularFile, isAtomicWriteTemp, UnsafeOutputError, writeFileAtomically, writeFileAtomicallySync } from '../fs/safe-write.js';
import { diffTrees } from '../diff/measure.js';
import { ensureRealFolders } from '../fs/folders.js';
import { addUsage } from '../workspace/streams/token-usage.js';
import type { AbortReason, RunProgress, RunResult } from '../runner/progress.js';
import { runEval } from '../runner/run-eval.js';
import type { TokenUsage } from '../workspace/run-record.js';
import { checkRoster, instructionFileProblems } from './isolation.js';
import type { PlannedRun } from './plan.js';
import { runFolder } from './plan.js';
import type { PreparedCampaign } from './prepare.js';
import { emptyRunFolders, readRunRecord, serializeRunRecord, type AttemptFailure, type RunRecord } from '../workspace/run-record.js';
import { armStages, CONVERSATION_FILE, GRADING_FILE, JUDGE_DIR, RUN_RECORD_FILE } from '../workspace/layout.js';
import { CAMPAIGN_RUN_HELD, otherPlan } from '../workspace/counted.js';
import { heldAtLockWords } from '../workspace/held-lock.js';
import { shownPath } from '../fs/shown-path.js';
import { attemptFolder, CUT_SHORT, keepAttemptFiles, keptAttemptMessage } from '../workspace/kept-attempts.js';
import { STAGED_DIR, stageTask, TASK_DIR } from './staging.js';
import { cliOutputsBeside, sessionsBeside, sessionsRoot, type WorkFolders } from '../process/work-folders.js';
import { coversLeftShown } from '../runner/agent-process.js';
import type { CampaignPlanSummary, CoveredRole } from './types.js';

/** Agent failures worth another attempt; the rest would fail the same way again (or were asked for). */
const RETRYABLE: ReadonlySet<AbortReason> = new Set([
  'agent-failed', 'agent-killed', 'timed-out', 'spawn-failed', 'events-unreadable', 'missing-session-id', 'session-id-mismatch', 'missing-final-text', 'sandbox-failed',
]);

/**
 * What an agent's namespace shows empty, in both arms: the workspace (its run folders name the
 * arms and keep every skill run's staged skill), the skill's own folders — the skill, a
 * baseline, a --baseline-ref export — and the folder holding evals.json, wherever it lies (its
 * assertions name the skill and say what each arm is graded on; writable, they could be edited).
 * A folder that holds the session's own, its HOME or its program is left out by the runner.
 */
export function coveredFolders(campaign: PreparedCampaign): string[] {
  return coveredFolderRoles(campaign).map((cover) => cover.folder);
}

/** {@link coveredFolders}, each with what it is. */
function coveredFolderRoles(campaign: PreparedCampaign): Array<{ folder: string; role: CoveredRole }> {
  return [
    { folder: campaign.workspaceDir, role: 'workspace' },
    { folder: campaign.skill.dir, role: 'skill' },
    { folder: dirname(campaign.evalsPath), role: 'evals' },
    ...(campaign.baseline ? [{ folder: campaign.baseline.dir, role: 'baseline' as const }] : []),
    ...(campaign.checkedOut ? [{ folder: campaign.checkedOut.dir, role: 'baseline' as const }] : []),
  ];
}

/**
 * The folders of {@link coveredFolders} every agent's namespace will leave shown, where the mounts
 * can be made: each holds what the sessions need (the runner's rule, asked before any starts).
 */
export function uncoveredFolders(campaign: PreparedCampaign, env: NodeJS.ProcessEnv): NonNullable<CampaignPlanSummary['uncovered']> {
  const roles = coveredFolderRoles(campaign);
  return coversLeftShown(roles.map((cover) => cover.folder), sessionsRoot(), env, campaign.program).map(({ folder, holds }) => ({ folder, roles: [...new Set(roles.filter((cover) => cover.folder === folder).map((cover) => cover.role))], holds }));
}

/** What every run of one campaign command shares. */
export interface RunContext {
  campaign: PreparedCampaign;
  harnessVersion: string | null;
  /** Each pending run's run.json `ended_at` when the plan was made (null: none). */
  plannedEndings: ReadonlyMap<string, string | null>;
  /** The iteration's run folders whose run.json, when the plan was made, was a copy of another run's, with the work folder it names. */
  copies: ReadonlyMap<string, string>;
  /** The command's work folders. */
  workFolders: WorkFolders;
  /** Whether each agent's namespace hides the other work folders of the holder (hidingSupport said it can). */
  hideOtherSessions: boolean;
  /** Where the harness would find the skill for any session now, outside the task (the check before the first run, made again). */
  skillReachable: () => string[];
  /** The run this command starts alone (serialize_first_start), if any: its record says so. */
  startedAlone: PlannedRun | undefined;
  /** The CLI's instruction files that differ now from their state when the command started (read-only where they existed; one a session created is caught here). */
  instructionFilesChanged: () => Array<{ path: string; was: string; now: string }>;
  signal?: AbortSignal | undefined;
  killSignal?: AbortSignal | undefined;
  killGraceMs?: number | undefined;
  onAgent: (run: PlannedRun, progress: RunProgress) => void;
  onAttempt: (run: PlannedRun, attempt: number) => void;
  onRetry: (run: PlannedRun, attempt: number, failure: AttemptFailure) => void;
}

/**
 * A run whose folder's lock another command that may still run took after this one planned: its
 * folder and why, in the words the plan says such a lock in (workspace leftAtLock). Its holder makes it.
 */
export interface RunUnderWay {
  underWay: string;
}

/**
 * Runs `run` until it ends well, fails in a way no retry helps, or has used its attempts, then
 * writes run.json. Returns the record; a run folder another command that may still run holds is
 * left to it ({@link RunUnderWay}), as the plan leaves one whose lock it sees; one whose lock no
 * command holds (stale, unreadable) cannot be run at all and gives an `aborted` record that is not
 * written (the folder is not this run's).
 */
export async function executeRun(run: PlannedRun, ctx: RunContext): Promise<RunRecord | RunUnderWay> {
  const { campaign } = ctx;
  const iterationDir = campaign.iteration.dir;
  const runDir = join(iterationDir, runFolder(run));
  const startedAt = new Date();
  let lock: OutLock;
  try {
    // Real folders first: making the run folder must not go through a link below the iteration.
    ensureRealFolders(iterationDir, runDir);
    makeFolder(runDir, 'the run folder');
  } catch (error) {
    // A link where a folder of the workspace belongs, or a folder that cannot be made: not a lock.
    const reason = error instanceof UnsafeOutputError ? 'unsafe-output' : 'staging-failed';
    return baseRecord(run, ctx, startedAt, { status: 'aborted', abort_reason: reason, message: (error as Error).message, attempts: 0, failures: [] });
  }
  try {
    lock = lockOutFolder(runDir, `the run folder ${runDir}`);
  } catch (error) {
    if (error instanceof LockHeldError && !error.stale) return { underWay: `${shownPath(campaign.baseDir, runDir)}/ ${heldAtLockWords(error.holder, CAMPAIGN_RUN_HELD)}` };
    const message = error instanceof UsageError || error instanceof Error ? error.message : String(error);
    return baseRecord(run, ctx, startedAt, { status: 'aborted', abort_reason: 'locked', message, attempts: 0, failures: [] });
  }
  try {
    const recorded = readRunRecord(runDir);
    // A record of another run (a folder copied or renamed by hand) or of another plan (merged in
    // from another experiment) lends this run none of its history: not its attempts and
    // failures, nor a work folder to remove.
    const ownRun = recorded !== undefined && recorded.eval_id === run.eval_id && recorded.condition === run.condition && recorded.run === run.run;
    const previous = ownRun && otherPlan(recorded, campaign.record) === undefined && ctx.copies.get(runDir) !== recorded.work_dir ? recorded : undefined;
    // Another campaign command on this workspace finished the run since this one made its plan:
    // its result stands (running it again would spend a session and replace its conversation).
    const finishedElsewhere = previous && (previous.status === 'completed' || previous.status === 'stopped') && previous.ended_at !== ctx.plannedEndings.get(runFolder(run));
    if (finishedElsewhere && existsSync(join(runDir, CONVERSATION_FILE))) return previous;
    const failures: AttemptFailure[] = [...(previous?.failures ?? [])];
    // An earlier command's last attempt that did not end well (an interrupt included) is one more failure.
    if (previous && previous.status === 'aborted' && previous.attempts > 0) {
      failures.push({ attempt: previous.attempts, reason: previous.abort_reason ?? 'aborted', message: previous.message ?? '', work_dir: previous.work_dir ?? null });
    }
    let attempt = previous?.attempts ?? 0;
    // --retries is this command's: attempts an earlier command made spend none of it.
    const retriesUpTo = attempt + campaign.retries;
    const evalCase = campaign.evals.evals.find((e) => e.id === run.eval_id)!;
    const staged = stagedSkill(run, campaign);
    for (;;) {
      attempt++;
      ctx.onAttempt(run, attempt);
      let work: string | undefined;
      try {
        const previousFailed = failures.at(-1)?.attempt === attempt - 1;
        if (clearEarlierAttempt(runDir, previousFailed ? attempt - 1 : undefined)) {
          // Its rounds now lie in attempt-<k>/: the failure's message points there.
          const last = failures.at(-1)!;
          failures[failures.length - 1] = { ...last, message: keptAttemptMessage(last.message, runDir, last.attempt) };
        }
        // A work folder an earlier command was cut short in (killed mid-attempt) is not left behind.
        if (previous?.work_dir && previous.message === CUT_SHORT && attempt === previous.attempts + 1) ctx.workFolders.discardLeftover(previous.work_dir);
        // Checked before the first run, and again before each control run: a skill session may
        // have put the skill where the CLI finds skills for every session (a user-level folder).
        const reachable = staged === undefined ? ctx.skillReachable() : [];
        if (reachable.length > 0) {
          const message = `the skill ${JSON.stringify(campaign.skill.name)} is now where ${campaign.harness.name} finds skills for every session (${reachable.join(', ')}), put there since the campaign started (a skill session may have installed it): a control session would see it, so none is started. Remove it and run the command again`;
          return await writeRecord(iterationDir, runDir, baseRecord(run, ctx, startedAt, { status: 'aborted', abort_reason: 'skill-reachable', message, attempts: attempt, failures }));
        }
        work = ctx.workFolders.make();
        // Until this attempt's outcome replaces it, run.json says it was cut short: eval-magic
        // killed (or the machine down) mid-attempt leaves the next command this attempt to count,
        // and the work folder to remove.
        const cutShort = baseRecord(run, ctx, startedAt, { status: 'aborted', abort_reason: 'interrupted', message: CUT_SHORT, attempts: attempt, failures, work_dir: work });
        const noted = await writeRecord(iterationDir, runDir, cutShort);
        // Not written (the run folder no longer leads where it did): no agent runs into it.
        if (noted !== cutShort) {
          ctx.workFolders.discard(work);
          return noted;
        }
        stageTask(work, join(runDir, STAGED_DIR), {
          template: campaign.template,
          fixtures: campaign.fixtures.get(run.eval_id) ?? [],
          skill: staged ? { source: staged, at: campaign.stagedAt } : undefined,
          skillsDir: campaign.harness.skills_dir!,
        });
      } catch (error) {
        if (work !== undefined) ctx.workFolders.discard(work);
        // A full disk or a file that changed since the plan: this run cannot start; the others may.
        const record = baseRecord(run, ctx, startedAt, { status: 'aborted', abort_reason: 'staging-failed', message: `cannot stage the task in ${runDir}: ${(error as Error).message}`, attempts: attempt, failures });
        return await writeRecord(iterationDir, runDir, record);
      }
      const seen = { usage: undefined as TokenUsage | undefined, cost: null as number | null, roster: null as string[] | null };
      const result = await runEval({
        evalCase,
        harness: campaign.harness,
        program: campaign.program,
        cwd: work,
        // The CLI's own files go beside its work folder, not to the round folder: its path names the arm.
        cliOutputsDir: cliOutputsBeside(work),
        ...(ctx.hideOtherSessions ? { hideAround: { ...sessionsBeside(work), cover: coveredFolders(campaign) } } : {}),
        outDir: runDir,
        outRoot: iterationDir,
        assertOutLocked: () => lock.assertHeld(),
        env: campaign.env,
        ...(campaign.model !== undefined ? { model: campaign.model } : {}),
        ...(campaign.roundTimeoutMs !== undefined ? { roundTimeoutMs: campaign.roundTimeoutMs } : {}),
        ...(campaign.maxEventsBytes !== undefined ? { maxEventsBytes: campaign.maxEventsBytes } : {}),
        ...(ctx.killGraceMs !== undefined ? { killGraceMs: ctx.killGraceMs } : {}),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        ...(ctx.killSignal ? { killSignal: ctx.killSignal } : {}),
        reporter: (progress) => {
          if (progress.kind === 'round-finished') {
            seen.usage = addUsage(seen.usage, progress.usage ?? undefined);
            if (progress.costUsd !== null) seen.cost = (seen.cost ?? 0) + progress.costUsd;
            seen.roster ??= progress.skills;
          }
          ctx.onAgent(run, progress);
        },
        // The task as the agent left it goes where graders look, whatever became of the attempt.
      }).finally(() => keepTask(iterationDir, runDir, work, ctx.workFolders));
      const retry = result.status === 'aborted' && RETRYABLE.has(result.reason) && attempt <= retriesUpTo && !ctx.signal?.aborted;
      if (retry) {
        const failure = { attempt, reason: result.reason, message: result.message, work_dir: work ?? null };
        // On record before the next attempt starts: killed before its placeholder, the next command
        // counts this attempt as failed by its own reason, not as cut short (an interruption, which
        // attempts-failed leaves out).
        const failed = baseRecord(run, ctx, startedAt, { status: 'aborted', abort_reason: result.reason, message: result.message, attempts: attempt, failures: [...failures], work_dir: work });
        const noted = await writeRecord(iterationDir, runDir, failed);
        if (noted !== failed) return noted;
        failures.push(failure);
        ctx.onRetry(run, attempt, failure);
        continue;
      }
      const record = finishRecord(run, ctx, startedAt, result, { attempts: attempt, failures, usage: seen.usage, cost: seen.cost, roster: seen.roster, staged: staged !== undefined, work, emptyDirs: emptyRunFolders(runDir) });
      // An aborted run's folder holds no conversation.json (a later command would take it as done).
      if (record.status === 'aborted') setAsideConversation(runDir, attempt);
      writeDiffPatch(runDir, staged ? [campaign.stagedAt, ...harnessPaths(campaign.harness)] : harnessPaths(campaign.harness));
      return await writeRecord(iterationDir, runDir, record);
    }
  } finally {
    lock.release();
  }
}

/** What an attempt leaves in its run folder besides run.json and its task folders. */
const ATTEMPT_LOGS = /^(turn-\d+|rejected-conversation\.json|final-message\.md|conversation\.json|diff\.patch)$/;

/** The run's change, Git's unified diff of `staged/` → `task/`. */
const DIFF_PATCH_FILE = 'diff.patch';

/**
 * Removes what an earlier attempt (or command) left of the run: rounds, artifacts, task folders,
 * the judgments and grading.json of the conversation it replaces,
 * half-written temp files (run.json stays until the next record replaces it, so no kill loses the attempts counted).
 * The rounds and artifacts of a failed attempt `failed` are kept in `attempt-<failed>/` instead,
 * so a retry does not erase what explains the failure (never over an existing one). True when they were.
 */
function clearEarlierAttempt(runDir: string, failed: number | undefined): boolean {
  const kept = failed !== undefined && keepAttemptFiles(runDir, failed, (name) => ATTEMPT_LOGS.test(name));
  for (const name of readdirSync(runDir)) {
    if (ATTEMPT_LOGS.test(name) || [TASK_DIR, STAGED_DIR, JUDGE_DIR, GRADING_FILE].includes(name)) removeOwnTree(join(runDir, name));
    // A write the killed command never renamed into place (the run folder is locked: none is under way).
    else if (isAtomicWriteTemp(name) && lstatSync(join(runDir, name)).isFile()) rmSync(join(runDir, name), { force: true });
    // What an agent left where run.json goes (readRunRecord read no record from it).
    else if (name === RUN_RECORD_FILE && !lstatSync(join(runDir, name)).isFile()) rmSync(join(runDir, name), { recursive: true, force: true });
  }
  return kept;
}

/**
 * Writes run.json and returns the record. When the run folder no longer leads where it did (an
 * agent swapped a folder of the workspace for a link), nothing is written through it and the run
 * is an `unsafe-output` abort, whatever the runner reported.
 */
async function writeRecord(iterationDir: string, runDir: string, record: RunRecord): Promise<RunRecord> {
  try {
    ensureRealFolders(iterationDir, runDir);
    // Renamed into place, it would replace a link or a FIFO an agent left; a folder stops it anyway.
    hasRegularFile(join(runDir, RUN_RECORD_FILE));
  } catch (error) {
    if (!(error instanceof UnsafeOutputError)) throw error;
    return { ...record, status: 'aborted', stop_reason: null, abort_reason: 'unsafe-output', message: `run.json was not written: ${error.message}`, delivered_followups: null };
  }
  await writeFileAtomically(join(runDir, RUN_RECORD_FILE), serializeRunRecord(record), { durable: true });
  return record;
}

/** The record of a run that could not be carried out at all (an unexpected error); not written. */
export function failedRecord(run: PlannedRun, ctx: RunContext, startedAt: Date, error: unknown): RunRecord {
  return baseRecord(run, ctx, startedAt, { status: 'aborted', abort_reason: 'internal-error', message: (error as Error)?.message ?? String(error), attempts: 0, failures: [] });
}

type Ending = Pick<RunRecord, 'status' | 'attempts' | 'failures'> & Partial<RunRecord>;

/** The task's folders that are the harness's own: the descriptor's, else skills_dir's first level. */
function harnessPaths(harness: PreparedCampaign['harness']): string[] {
  return harness.harness_paths ?? (harness.skills_dir ? [harness.skills_dir.split('/')[0]!] : []);
}

/**
 * Keeps the run's change as `diff.patch` (Git's format, capped) beside its task folders, for the
 * judge, reviewers and reports. A task that cannot be read leaves no patch; grading says why.
 */
function writeDiffPatch(runDir: string, exclude: readonly string[]): void {
  try {
    const { patch } = diffTrees(join(runDir, STAGED_DIR), join(runDir, TASK_DIR), exclude);
    writeFileAtomicallySync(join(runDir, DIFF_PATCH_FILE), patch);
  } catch {
    // No patch: diff_scope reads the folders itself and reports what it cannot read.
  }
}

/** Moves a conversation.json found in an aborted run's folder into `attempt-<attempt>/` (never over one there). */
function setAsideConversation(runDir: string, attempt: number): void {
  const found = join(runDir, 'conversation.json');
  const aside = attemptFolder(runDir, attempt);
  try {
    if (!lstatSync(found).isFile() && !lstatSync(found).isSymbolicLink()) return;
  } catch {
    return;
  }
  if (!existsSync(aside)) mkdirSync(aside);
  if (!existsSync(join(aside, 'conversation.json'))) renameSync(found, join(aside, 'conversation.json'));
  else rmSync(found, { force: true });
}

/**
 * Moves the attempt's work folder to the run folder's task folder. When the run folder is no
 * longer a real folder below the iteration, the work is discarded instead (nothing is written
 * through a link).
 */
function keepTask(iterationDir: string, runDir: string, work: string, folders: WorkFolders): void {
  try {
    ensureRealFolders(iterationDir, runDir);
    removeOwnTree(join(runDir, TASK_DIR));
    folders.keep(work, join(runDir, TASK_DIR));
  } catch {
    folders.discard(work);
  }
}

function baseRecord(run: PlannedRun, ctx: RunContext, startedAt: Date, ending: Ending): RunRecord {
  const { campaign } = ctx;
  const staged = stagedSkill(run, campaign);
  const endedAt = new Date();
  return {
    schema_version: 1,
    eval_magic_version: toolVersion,
    eval_id: run.eval_id,
    condition: run.condition,
    run: run.run,
    harness: { name: campaign.harness.name, version: ctx.harnessVersion },
    model: campaign.model ?? null,
    skill: staged ? { name: staged.name, source: staged.source, sha256: staged.sha256, ...(staged.git ? { git: staged.git } : {}), staged_at: campaign.stagedAt } : null,
    started_at: startedAt.toISOString(),
    ended_at: endedAt.toISOString(),
    duration_ms: endedAt.getTime() - startedAt.getTime(),
    ...(run === ctx.startedAlone ? { started_alone: true as const } : {}),
    status: ending.status,
    stop_reason: ending.stop_reason ?? null,
    abort_reason: ending.abort_reason ?? null,
    message: ending.message ?? null,
    agent_error: ending.agent_error ?? null,
    exit_code: ending.exit_code ?? null,
    rounds: ending.rounds ?? 0,
    delivered_followups: ending.delivered_followups ?? null,
    attempts: ending.attempts,
    failures: ending.failures,
    tokens: ending.tokens ?? null,
    cost_usd: ending.cost_usd ?? null,
    skill_roster: ending.skill_roster ?? null,
    isolation: ending.isolation ?? { valid: true, problems: [] },
    harness_paths: harnessPaths(campaign.harness),
    work_dir: ending.work_dir ?? null,
    task_dir: TASK_DIR,
    staged_dir: STAGED_DIR,
    // What a folder that is gone later was (a copy that keeps no empty folder drops an empty one): said of the task as the run left it.
    ...(ending.empty_dirs !== undefined ? { empty_dirs: ending.empty_dirs } : {}),
    // Of the text the runner wrote (not read back): compare holds the file on disk to it.
    ...(ending.conversation_sha256 !== undefined ? { conversation_sha256: ending.conversation_sha256 } : {}),
  };
}

function finishRecord(
  run: PlannedRun, ctx: RunContext, startedAt: Date, result: RunResult,
  seen: { attempts: number; failures: AttemptFailure[]; usage: TokenUsage | undefined; cost: number | null; roster: string[] | null; staged: boolean; work: string; emptyDirs: RunRecord['empty_dirs'] },
): RunRecord {
  const problems = checkRoster(seen.roster, ctx.campaign.skill.name, seen.staged);
  // A control session that ended with the skill where its CLI finds skills may have seen it (its stream need not say).
  const reachable = seen.staged ? [] : ctx.skillReachable();
  if (reachable.length > 0) problems.push({ code: 'skill-reachable', message: `when the control session ended, the skill ${JSON.stringify(ctx.campaign.skill.name)} was where ${ctx.campaign.harness.name} finds skills for every session (${reachable.join(', ')}): it may have seen it` });
  // Every run that ends while one differs, of either arm: the file reaches every later session.
  problems.push(...instructionFileProblems(ctx.instructionFilesChanged(), ctx.campaign.harness.name));
  const common = {
    attempts: seen.attempts, failures: seen.failures, rounds: result.rounds, tokens: seen.usage ?? null, cost_usd: seen.cost, skill_roster: seen.roster, work_dir: seen.work, empty_dirs: seen.emptyDirs,
    isolation: { valid: problems.length === 0, problems },
  };
  if (result.status === 'aborted') {
    return baseRecord(run, ctx, startedAt, { ...common, status: 'aborted', abort_reason: result.reason, message: result.message, exit_code: result.exitCode ?? null, agent_error: result.agentError ?? null });
  }
  return baseRecord(run, ctx, startedAt, {
    ...common, status: result.status, exit_code: 0, delivered_followups: result.deliveredFollowups, conversation_sha256: result.conversationSha256,
    ...(result.status === 'stopped' ? { stop_reason: result.stopReason } : {}),
  });
}

/** The skill (or baseline) a run's arm stages, if any. */
function stagedSkill(run: PlannedRun, campaign: PreparedCampaign) {
  const stages = armStages(run.condition, campaign.conditions);
  return stages === 'skill' ? campaign.skill : stages === 'baseline' ? campaign.baseline : undefined;
}
