// One judgment: its packet written, then one-shot sessions of the agent CLI (1 + retries while a session fails or times out)
// (the runner's round: descriptor, argv template, parser, containment, timeout) in a neutral
// temporary folder holding a disposable copy of the run's final task, blinded as the packet is (task-copy.ts) — and judgment.json.
import { existsSync, mkdirSync, readdir, rm, unlink } from 'node:fs';
import { join } from 'node:path';
import { gitDataIn } from '../diff/git-data.js';
import { copyTreeAsync, listTreeAsync, UnreadableEntry, type TreeEntry } from '../fs/file-tree.js';
import { isInside } from '../fs/inside.js';
import { ensureRealFoldersAsync } from '../fs/folders.js';
import { readRegularText } from '../fs/read-file.js';
import { writeFileAtomically } from '../fs/safe-write.js';
import { cliOutputsBeside, sessionsBeside, type WorkFolders } from '../process/work-folders.js';
import type { HarnessDescriptor } from '../runner/harness-descriptor.js';
import { lockOutFolder } from '../runner/out-lock.js';
import { planRound, runRound } from '../runner/run-round.js';
import type { TokenUsage } from '../workspace/run-record.js';
import { toolVersion } from '../version.js';
import { judgeNamed, PACKET_FILE, readRunJudgment, remadeByJudge, serializeJudgment, SESSION_FILE, type JudgedRun, type JudgmentRecord, type RunJudgmentRead } from '../workspace/judgment-record.js';
import { judgmentStanding, type ReplacedBecause, type StandingInputs } from '../workspace/judgment-standing.js';
import { JUDGMENT_FILE, RUN_LOCK_FILE } from '../workspace/layout.js';
import { letGo, putBack, SET_ASIDE_DIR, setAside, takeBackLeftAside } from './set-aside.js';
import { attemptFolder, CUT_SHORT, keepAttemptFiles, keptAttemptMessage, parseAttemptFolder } from '../workspace/kept-attempts.js';
import { runFolderState } from '../workspace/run-record.js';
import { UsageError } from '../errors.js';
import type { Blinder } from './blinding.js';
import { planBlindCopyAsync, type CopiedEntry } from './task-copy.js';
import { parseVerdict, type JudgeVerdict, type UngradedReason } from '../workspace/judge-verdict.js';

/** What every judgment of one command shares. */
export interface SessionContext {
  harness: HarnessDescriptor;
  harnessVersion: string | null;
  /** The judge's executable, found once before any session; undefined when no judgment starts one (each fails by a rule). */
  program: string | undefined;
  env: NodeJS.ProcessEnv;
  retries: number;
  roundTimeoutMs?: number | undefined;
  killGraceMs?: number | undefined;
  signal?: AbortSignal | undefined;
  killSignal?: AbortSignal | undefined;
  /** The runs' task folders, each listed once for all its judgments. */
  taskTrees: TaskTrees;
  /** The command's session folders, all in one holder. */
  sessionFolders: WorkFolders;
  /**
   * What each judge's namespace shows empty, where hidingSupport said it can (it then hides the
   * holder's other sessions too): every judged iteration's workspace folders and every judged
   * skill's folders — a session of one skill's run reaches no other's judgments or evals either.
   */
  hide?: { cover: readonly string[] };
}

/** One judgment to make. */
export interface JudgmentJob {
  evalId: string;
  assertionId: string;
  repeat: number;
  /** The run's folder (absolute), and which run it is (recorded, so that a copy elsewhere is told). */
  runDir: string;
  of: JudgedRun;
  /** The judgment's folder (absolute): judge/<assertion-id>/<repeat>/ of the run. */
  dir: string;
  /** The folder the judgment's folders are made below (the iteration): no level of it may be a link. */
  root: string;
  packet: string;
  packetSha256: string;
  /** What the judge judges by: `judgeCriteriaSha256` of the rubric and the eval's expected_output. */
  criteriaSha256: string;
  /** What it judges: `conversationSha256` of the run's conversation.json. */
  conversationSha256: string;
  /** The task the packet states: `promptsSha256` of the eval's prompt and turns. */
  promptsSha256: string;
  /** The changes the packet shows: `diffSha256` of the run's diff. */
  diffSha256: string;
  /** The run's final task folder (absolute), copied for the judge without `leaveOut` and Git's data; undefined when the run kept none. */
  taskDir: string | undefined;
  /** run.json's `empty_dirs`: a task folder it names that is gone is copied as the empty folder it was. */
  emptyDirs?: readonly string[] | undefined;
  /** Task-relative paths not copied: the staged skill. */
  leaveOut: readonly string[];
  /** The packet's Blinder: the task copy is blinded by it, so the files read as the packet's diff shows them. */
  blinder: Blinder;
  /** The skill's own folders on disk (its folder, a baseline's, the one holding evals.json): each judge's namespace shows them empty, as the workspace. */
  skillFolders?: readonly string[] | undefined;
  model: string | undefined;
  /** Set when the judgment fails without a session (workspace judgeFailsRun: the run's task folder is broken): the verdict's evidence. */
  failsBy?: string | undefined;
}

/** A judgment's outcome: its record (written), or nothing when it was interrupted (the stopped session wrote nothing; a failed one before it is on record). */
export type JudgmentOutcome = { record: JudgmentRecord } | { interrupted: true };

/** What an attempt leaves in the judgment folder besides packet.md. */
const isAttemptFile = (name: string): boolean => /^turn-\d+$/.test(name);

/**
 * Makes one judgment: writes packet.md, runs the judge until it answers (a verdict, or an answer
 * outside the contract, kept as it is) or the attempts are spent, and writes judgment.json — a
 * verdict, or ungraded with the last attempt's reason (written after each failed attempt too). A judgment with `failsBy` is written failed
 * at once, without a session or packet.md (rule `broken-task-folder`).
 */
export async function makeJudgment(job: JudgmentJob, ctx: SessionContext): Promise<JudgmentOutcome> {
  try {
    return await judgeAndRecord(job, ctx);
  } finally {
    ctx.taskTrees.done(job);
  }
}

async function judgeAndRecord(job: JudgmentJob, ctx: SessionContext): Promise<JudgmentOutcome> {
  // A link or file at a level (never read: its judgments were made elsewhere) is refused, naming it, never followed.
  await ensureRealFoldersAsync(job.root, job.dir);
  // One command per judgment at a time: two would clear and read each other's session files, and
  // pay twice. Held by another (LockHeldError): the other makes it, and this command leaves it to it, as its plan would have.
  const lock = lockOutFolder(job.dir, `the judgment folder ${job.dir}`);
  try {
    // A record a killed command was moving aside, or back, is whole again before it is read.
    await takeBackLeftAside(job.dir);
    // Made by another command since this one planned: its record stands, nothing is spent again.
    const earlier = earlierJudgment(readRunJudgment(job.runDir, job.assertionId, job.repeat, job.of), job);
    if (earlier.stands !== undefined) return { record: earlier.stands };
    const carried = earlier.carries !== undefined && sameJudge(earlier.carries, job, ctx) ? earlier.carries : undefined;
    return await judgeLocked(job, ctx, () => lock.assertHeld(), carried);
  } finally {
    lock.release();
  }
}

/**
 * What an earlier judgment.json is to this judgment: one that stands (kept, nothing spent again),
 * or one to make — by the one rule compare counts votes by (workspace judgmentStanding) — with why
 * it cannot be used when it cannot (a copy, or a record its judge's answer on disk does not give),
 * or why it no longer stands (`replaces`: the plan says so before anything is spent), or a level of
 * its folders that is no folder (`stray`: judge does not write over it, so it is not made).
 * `carries`: one whose sessions never answered, made of these inputs, whose attempts the judgment
 * carries on when its judge is this command's ({@link sameJudge}). `shown` names a path below the run folder.
 */
export function earlierJudgment(read: RunJudgmentRead, job: Pick<JudgmentJob, 'runDir' | 'assertionId' | 'repeat'> & StandingInputs, shown: (below: string) => string = (below) => below): { stands: JudgmentRecord; unusable?: undefined; replaces?: undefined; stray?: undefined; carries?: undefined } | { stands?: undefined; unusable?: string; replaces?: ReplacedBecause; stray?: string; carries?: JudgmentRecord } {
  if (!read.found) return {};
  // Not made again: judge does not write over a folder level that is no folder (ensureRealFoldersAsync refuses it).
  if ('stray' in read) return { stray: read.stray };
  if (!('record' in read)) return { unusable: read.problem };
  const standing = judgmentStanding(job.runDir, job.assertionId, job.repeat, read.record, job, shown);
  if ('stands' in standing) return { stands: read.record };
  // A session that never answered replaces no verdict: made again as on resume, and — this
  // judgment still (no rule decides it now, its inputs the same) — counted on from its attempts.
  if ('unanswered' in standing) return job.failsBy === undefined && read.record.attempts > 0 && standing.other === undefined ? { carries: read.record } : {};
  if ('replaced' in standing) return { replaces: standing.replaced };
  return { unusable: standing.notTheAnswer };
}

/**
 * Whether the record was made by the judge this command asks, by the one rule of one judge
 * (workspace judgeNamed: harness, model, and for a harness's default model its CLI's version):
 * another judge's failed sessions say nothing of this one's.
 */
function sameJudge(record: JudgmentRecord, job: JudgmentJob, ctx: SessionContext): boolean {
  return carriedOnBy(record, ctx.harness.name, job.model, ctx.harnessVersion);
}

/**
 * Whether a judgment whose earlier sessions never answered (earlierJudgment's `carries`) is carried
 * on by the judge `harness` with `model` ({@link sameJudge}'s rule, which the plan counts by too).
 * `version`: the CLI's --version line (null: unreadable); undefined where it was not read (a plan
 * stopped meanwhile), when judges are told apart by harness and model alone.
 */
export function carriedOnBy(record: JudgmentRecord, harness: string, model: string | null | undefined, version: string | null | undefined): boolean {
  return judgeNamed(record.harness.name, record.model, version === undefined ? undefined : record.harness.version) === judgeNamed(harness, model ?? null, version);
}

/**
 * Makes the judgment, its folder held. `carried`: the earlier command's record of it, whose sessions
 * never answered: its attempts are counted on and listed, its files kept in attempt-<n>/, and it
 * stays until this record replaces it; each attempt that fails here is recorded so before the next
 * starts. A command stopped or killed meanwhile loses none of them.
 */
async function judgeLocked(job: JudgmentJob, ctx: SessionContext, assertHeld: () => void, carried: JudgmentRecord | undefined): Promise<JudgmentOutcome> {
  const startedAt = new Date();
  // A session folder an earlier command was cut short in (killed mid-session) is not left behind:
  // this command holds the judgment's lock, so that command is gone.
  const left = leftSession(job.dir);
  if (left !== undefined) await ctx.sessionFolders.discardLeftoverAsync(left);
  const earlier: CarriedOn = carried === undefined ? { attempts: 0, failures: [], standing: undefined } : await carryOn(job, carried, assertHeld);
  // A record this one replaces (an earlier verdict, another judge's failed attempts) waits aside
  // with its files: Ctrl-C puts it back as it stood.
  if (carried === undefined) await setAside(job.dir);
  else await clearFolder(job.dir, earlier.attempts);
  const outcome = await judgeCleared(job, ctx, assertHeld, earlier, startedAt);
  if (carried === undefined && !('interrupted' in outcome)) await letGo(job.dir);
  return outcome;
}

/** {@link judgeLocked} once the folder holds only what the judgment carries on from. */
async function judgeCleared(job: JudgmentJob, ctx: SessionContext, assertHeld: () => void, earlier: CarriedOn, startedAt: Date): Promise<JudgmentOutcome> {
  // Failed by the rule: no session, nothing sent (no packet.md), the verdict says why.
  if (job.failsBy !== undefined) {
    const endedAt = new Date();
    const record: JudgmentRecord = {
      ...recordHead(job),
      verdict: { passed: false, evidence: job.failsBy, confidence: 1 }, reason: null, message: null,
      ...recordTail(job, ctx, startedAt, endedAt), tokens: null, packet_sha256: job.packetSha256, criteria_sha256: job.criteriaSha256,
      attempts: 0, failures: [], rule: 'broken-task-folder',
    };
    return writeRecord(job, record, assertHeld);
  }
  await writeFileAtomically(join(job.dir, PACKET_FILE), job.packet);
  let { failures, standing } = earlier;
  for (let attempt = earlier.attempts + 1; ; attempt++) {
    // On record before the session starts, as campaign's attempts are: a command killed during it
    // leaves the next one this attempt to count, failed by `judge-interrupted` (counted in `attempts`; compare leaves it out of judge-attempts-failed, as it leaves interrupted runs out).
    await writeRecord(job, attemptRecord(job, ctx, startedAt, { reason: 'judge-interrupted', message: CUT_SHORT }, attempt, failures), assertHeld);
    const outcome = await judgeOnce(job, ctx);
    if ('interrupted' in outcome) {
      // Stopped (Ctrl-C), not killed: the session the user stopped is no attempt, as before it started.
      await restoreRecord(job, standing, assertHeld);
      return { interrupted: true };
    }
    // Only a session that never answered is asked again, as on resume: a judge that answered —
    // even outside the contract — keeps its answer, since asking again until a verdict comes
    // would pick the verdicts (a pass without evidence re-asked until it says fail or quotes).
    // --retries are this command's: an earlier command's attempts do not spend them.
    const last = 'verdict' in outcome || !remadeByJudge(outcome.reason) || attempt - earlier.attempts > ctx.retries || ctx.signal?.aborted === true;
    if ('verdict' in outcome || last) return writeRecord(job, attemptRecord(job, ctx, startedAt, outcome, attempt, failures), assertHeld);
    // On record before the next session starts, then carried on as the next command would (its
    // files to attempt-<n>/, its message naming them there): a command stopped or killed at any
    // moment meanwhile loses no failed attempt, nor its files.
    const { record } = await writeRecord(job, attemptRecord(job, ctx, startedAt, outcome, attempt, failures), assertHeld);
    ({ failures, standing } = await carryOn(job, record, assertHeld));
  }
}

/** judgment.json after attempt `attempt`: its verdict, or ungraded with its reason; `failures`, the attempts before it that failed. */
function attemptRecord(job: JudgmentJob, ctx: SessionContext, startedAt: Date, outcome: Exclude<Attempt, { interrupted: true }>, attempt: number, failures: JudgmentRecord['failures']): JudgmentRecord {
  return {
    ...recordHead(job),
    verdict: 'verdict' in outcome ? outcome.verdict : null,
    reason: 'verdict' in outcome ? null : outcome.reason,
    message: 'verdict' in outcome ? null : outcome.message,
    ...recordTail(job, ctx, startedAt, new Date()),
    // Where its answer is, and how it is read: every reader holds the verdict to it (workspace/judge-answer.ts).
    harness: { name: ctx.harness.name, version: ctx.harnessVersion, events_file: ctx.harness.events_file, parser: ctx.harness.parser },
    tokens: outcome.tokens ?? null,
    packet_sha256: job.packetSha256,
    criteria_sha256: job.criteriaSha256,
    conversation_sha256: job.conversationSha256,
    prompts_sha256: job.promptsSha256,
    diff_sha256: job.diffSha256,
    attempts: attempt,
    failures,
  };
}

/** judgment.json's fields before the verdict, and (recordTail) those after it up to the tokens, in the schema's order. */
function recordHead(job: JudgmentJob) {
  return { schema_version: 1 as const, eval_magic_version: toolVersion, eval_id: job.evalId, condition: job.of.condition, run: job.of.run, assertion_id: job.assertionId, repeat: job.repeat };
}

function recordTail(job: JudgmentJob, ctx: SessionContext, startedAt: Date, endedAt: Date) {
  return {
    harness: { name: ctx.harness.name, version: ctx.harnessVersion },
    model: job.model ?? null,
    started_at: startedAt.toISOString(),
    ended_at: endedAt.toISOString(),
    duration_ms: endedAt.getTime() - startedAt.getTime(),
  };
}

/**
 * Puts back the record that stood before a session the user stopped (none: the judgment.json goes),
 * and clears the stopped session's files: left, the next command would file them in attempt-<n>/
 * as the files of the attempt the record that stood counts last.
 */
async function restoreRecord(job: JudgmentJob, standing: JudgmentRecord | undefined, assertHeld: () => void): Promise<void> {
  if (standing !== undefined) await writeRecord(job, standing, assertHeld);
  await ensureRealFoldersAsync(job.root, job.dir);
  assertHeld();
  await clearFolder(job.dir, standing?.attempts, true);
  // None of this command's stood: what stood before it, set aside as the session started, if any.
  // One did (an attempt failed before the stop): it replaced that, which is let go.
  if (standing === undefined) await putBack(job.dir);
  else await letGo(job.dir);
}

async function writeRecord(job: JudgmentJob, record: JudgmentRecord, assertHeld: () => void): Promise<{ record: JudgmentRecord }> {
  await ensureRealFoldersAsync(job.root, job.dir);
  assertHeld();
  await writeFileAtomically(join(job.dir, JUDGMENT_FILE), serializeJudgment(record), { durable: true });
  return { record };
}

type Attempt =
  | { verdict: JudgeVerdict; tokens: TokenUsage | undefined }
  | { reason: UngradedReason; message: string; tokens?: TokenUsage | undefined }
  | { interrupted: true };

/** How a judgment's message begins when no session started, its task copy not made. */
export const TASK_COPY_FAILED = "the judge's task copy could not be made";

/**
 * Why the judge's copy of the task could not be made: an entry of the run's task folder that
 * eval-magic may not read (listed or copied) is named, with what to do; anything else as it came.
 */
function copyProblem(error: unknown, taskDir: string | undefined): string {
  const errno = error as NodeJS.ErrnoException;
  const entry = error instanceof UnreadableEntry ? { path: error.entry, code: error.code }
    : (errno?.code === 'EACCES' || errno?.code === 'EPERM') && typeof errno.path === 'string' && taskDir !== undefined && isInside(taskDir, errno.path) ? { path: errno.path, code: errno.code }
    : undefined;
  if (entry === undefined || !['EACCES', 'EPERM'].includes(entry.code)) return (error as Error)?.message ?? String(error);
  return `the run's task folder holds an entry eval-magic may not read (${entry.code}): ${JSON.stringify(entry.path)}; make it readable to the user running eval-magic, then run judge again`;
}

/** The judge's executable: runJudge finds it whenever a judgment without a rule's verdict is planned, so a session never starts without it. */
function programOf(ctx: SessionContext): string {
  if (ctx.program === undefined) throw new Error('a judge session was started, but no judgment planned one: the judge\'s CLI was never looked for');
  return ctx.program;
}

/** One judge session in a fresh copy of the task; the copy is gone when it returns. */
async function judgeOnce(job: JudgmentJob, ctx: SessionContext): Promise<Attempt> {
  // Neutral names: nothing in the judge's working folder, or the folder its CLI writes to, says
  // which run, arm or skill it is. Filled and removed on libuv's thread pool: the main thread
  // meanwhile starts and reads other judges.
  let cwd: string | undefined;
  try {
    cwd = ctx.sessionFolders.make();
    // Until the session's folder is gone again, session.json names it: eval-magic killed (or the
    // machine down) mid-session leaves the next command on this judgment the folder to remove.
    await writeFileAtomically(join(job.dir, SESSION_FILE), `${JSON.stringify({ work_dir: cwd })}\n`);
    mkdirSync(cwd);
    try {
      const tree = await ctx.taskTrees.list(job);
      if (tree !== undefined) await copyTreeAsync(job.taskDir!, tree, cwd);
    } catch (error) {
      // The folder changed since it was listed, or could not be listed: a next attempt lists it again.
      ctx.taskTrees.forget(job);
      throw error;
    }
    const roundCtx = {
      harness: ctx.harness, program: programOf(ctx), cwd, outDir: job.dir, outRoot: job.root, env: ctx.env,
      cliOutputsDir: cliOutputsBeside(cwd),
      ...(ctx.hide ? { hideAround: { ...sessionsBeside(cwd), cover: [...ctx.hide.cover] } } : {}),
      ...(job.model !== undefined ? { model: job.model } : {}),
      ...(ctx.roundTimeoutMs !== undefined ? { roundTimeoutMs: ctx.roundTimeoutMs } : {}),
      ...(ctx.killGraceMs !== undefined ? { killGraceMs: ctx.killGraceMs } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
      ...(ctx.killSignal ? { killSignal: ctx.killSignal } : {}),
    };
    const outcome = await runRound(roundCtx, planRound(roundCtx, 1, job.packet, undefined), 1);
    if (!outcome.ok) {
      if (outcome.reason === 'interrupted') return { interrupted: true };
      return { reason: outcome.reason === 'timed-out' ? 'judge-timed-out' : 'judge-failed', message: outcome.message };
    }
    const read = parseVerdict(outcome.parsed.finalText);
    return read.ok ? { verdict: read.verdict, tokens: outcome.parsed.usage } : { reason: read.reason, message: read.message, tokens: outcome.parsed.usage };
  } catch (error) {
    return { reason: 'judge-failed', message: `${TASK_COPY_FAILED}: ${copyProblem(error, job.taskDir)}` };
  } finally {
    if (cwd !== undefined) {
      await ctx.sessionFolders.discardAsync(cwd);
      await removeFile(join(job.dir, SESSION_FILE));
    }
  }
}

/** The work folder a session of an earlier command on this judgment was cut short in, as its session.json names it (a regular file). */
function leftSession(dir: string): string | undefined {
  const read = readRegularText(join(dir, SESSION_FILE), `a ${SESSION_FILE}`, { noFollow: true });
  if (!read.ok) return undefined;
  try {
    const workDir: unknown = (JSON.parse(read.text) as { work_dir?: unknown } | null)?.work_dir;
    return typeof workDir === 'string' ? workDir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The runs' task folders as the judge copies them (without `leaveOut` and Git's data, blinded by the packet's
 * Blinder: task-copy.ts), each listed and blinded once a repeat, on libuv's thread pool, when its first
 * judgment of the repeat needs it — once more for a packet whose rubric lets a SKILL.md line through (another
 * Blinder) —, and let go when its run's last judgment of that repeat has ended. A copy that fails drops its
 * listing, so the next attempt lists the folder again.
 */
export class TaskTrees {
  readonly #trees = new Map<string, { listing: Promise<TreeEntry[] | undefined> | undefined; copies: Map<Blinder, Promise<CopiedEntry[] | undefined>>; left: number }>();
  readonly #declared: readonly string[];

  /**
   * `jobs`: every judgment that will ask (each ends with {@link done}). `declared`: the judge
   * harness's own project folders (cli-project-files.ts declaredProjectFolders), renamed in every copy.
   */
  constructor(jobs: readonly JudgmentJob[], declared: readonly string[]) {
    this.#declared = declared;
    for (const job of jobs) {
      const key = TaskTrees.#key(job);
      if (key === undefined) continue;
      const tree = this.#trees.get(key);
      if (tree) tree.left++;
      else this.#trees.set(key, { listing: undefined, copies: new Map(), left: 1 });
    }
  }

  /** The entries to copy, blinded by the job's Blinder, or undefined when the run kept no task folder (no run.json names one). */
  list(job: JudgmentJob): Promise<CopiedEntry[] | undefined> {
    const key = TaskTrees.#key(job);
    if (key === undefined) return Promise.resolve(undefined);
    const tree = this.#trees.get(key);
    // A judgment it was not given is still copied its task: listed for it alone.
    if (tree === undefined) return blindedTask(job, listTask(job), this.#declared);
    let copy = tree.copies.get(job.blinder);
    if (copy === undefined) {
      tree.listing ??= listTask(job);
      tree.copies.set(job.blinder, (copy = blindedTask(job, tree.listing, this.#declared)));
    }
    return copy;
  }

  forget(job: JudgmentJob): void {
    const key = TaskTrees.#key(job);
    const tree = key === undefined ? undefined : this.#trees.get(key);
    if (tree) {
      tree.listing = undefined;
      tree.copies.clear();
    }
  }

  /** The judgment has ended: after the run's last, its listing goes. */
  done(job: JudgmentJob): void {
    const key = TaskTrees.#key(job);
    const tree = key === undefined ? undefined : this.#trees.get(key);
    if (tree && --tree.left === 0) this.#trees.delete(key!);
  }

  static #key(job: JudgmentJob): string | undefined {
    // A judgment failed by its rule copies nothing.
    // By repeat too: judgments are made repeat by repeat (plan.ts interleaved), a run's of one
    // repeat together, so its listing goes when they end, not when its last repeat does (every run's held meanwhile).
    return job.taskDir === undefined || job.failsBy !== undefined ? undefined : JSON.stringify([job.taskDir, job.leaveOut, job.repeat]);
  }
}

async function blindedTask(job: JudgmentJob, listing: Promise<TreeEntry[] | undefined>, declared: readonly string[]): Promise<CopiedEntry[] | undefined> {
  const entries = await listing;
  return entries === undefined ? undefined : planBlindCopyAsync(job.taskDir!, entries, job.blinder, declared);
}

async function listTask(job: JudgmentJob): Promise<TreeEntry[] | undefined> {
  const taskDir = job.taskDir!;
  // Never followed: a link would give the judge a copy of what it points to. Planned with a real
  // folder (else the judgment fails by the rule, without a session), one broken since fails this
  // attempt; the next command fails it by the rule, as compare does.
  const state = runFolderState(taskDir, 'task', job.emptyDirs);
  if (state.kind === 'broken') throw new UsageError(state.problem);
  // Gone, but it held no file when the run ended (a copy that keeps no empty folder dropped it): the judge gets an empty folder.
  if (state.kind === 'empty') return [];
  // Git's own data, at any depth and under any name, is never copied (docs/judge.md "The task
  // copy"): its index, refs and logs name what the skill arm's agent committed, and its compressed
  // objects cannot be blinded — `git log` in the copy would show the commits as written. The diff
  // never counts it (one rule: diff/git-data.ts).
  // A task folder that is itself a repository (`git init --bare .`) keeps the agent's files, not git's.
  const gitsOwn = gitDataIn(taskDir);
  const leftOut = (path: string, absolute: string) => job.leaveOut.some((p) => path === p || path.startsWith(`${p}/`)) || gitsOwn(path, absolute);
  // What the agent left that no copy holds (a FIFO, a socket) is left out, as compare's command_check copy and the diff leave it out.
  return listTreeAsync(taskDir, "the run's task folder", leftOut, 'leave-out');
}

/**
 * Empties a judgment's folder but for its lock: a judgment made again starts from an empty folder
 * (an earlier judgment's files would be mistaken for this one's); `dir` exists. Given `carried`
 * (the attempts a judgment carries on), its judgment.json and their attempt-<n>/ folders stay; an
 * attempt folder past them (a killed command's, which no record counts) goes, as its number is the next attempt's.
 * `keepAside`: what set-aside.ts keeps for a Ctrl-C stays too.
 */
async function clearFolder(dir: string, carried?: number, keepAside = false): Promise<void> {
  const names = await new Promise<string[]>((resolve, reject) => readdir(dir, (error, found) => (error ? reject(error) : resolve(found))));
  const kept = (name: string) => name === RUN_LOCK_FILE || (keepAside && name === SET_ASIDE_DIR) || (carried !== undefined && (name === JUDGMENT_FILE || (parseAttemptFolder(name) ?? Infinity) <= carried));
  for (const name of names) if (!kept(name)) await removeTree(join(dir, name));
}

/**
 * Carries on from a record of the judgment whose sessions never answered — an earlier command's, or
 * this one's after an attempt failed (campaign's rule for a run's attempts): its failures, then its
 * last attempt, whose files go to attempt-<n>/ (never over one there), each failure naming its files
 * where they lie. Its record, which stays until this judgment's replaces it, then names them there
 * too. Carrying on from the record it leaves changes nothing.
 */
async function carryOn(job: JudgmentJob, carried: JudgmentRecord, assertHeld: () => void): Promise<CarriedOn> {
  const last = { attempt: carried.attempts, reason: carried.reason!, message: carried.message ?? '' };
  let standing = carried;
  if (keepAttemptFiles(job.dir, last.attempt, isAttemptFile) && carried.message !== null) {
    ({ record: standing } = await writeRecord(job, { ...carried, message: keptAttemptMessage(carried.message, job.dir, last.attempt) }, assertHeld));
  }
  const failures = [...carried.failures, last].map((failure) => (existsSync(attemptFolder(job.dir, failure.attempt)) ? { ...failure, message: keptAttemptMessage(failure.message, job.dir, failure.attempt) } : failure));
  return { attempts: carried.attempts, failures, standing };
}

/** What a judgment carries on from: its attempts and failures, and the record on disk meanwhile (none: a first attempt). */
interface CarriedOn {
  attempts: number;
  failures: JudgmentRecord['failures'];
  standing: JudgmentRecord | undefined;
}

/** `rm -rf path`, on libuv's thread pool. */
function removeTree(path: string): Promise<void> {
  return new Promise((resolve, reject) => rm(path, { recursive: true, force: true }, (error) => (error ? reject(error) : resolve())));
}

/** `rm -f path` of what is a file (one unlink, where `rm` first looks for a folder), on libuv's thread pool; anything else there goes as {@link removeTree} takes it. */
function removeFile(path: string): Promise<void> {
  return new Promise((resolve, reject) => unlink(path, (error) => (!error || error.code === 'ENOENT' ? resolve() : removeTree(path).then(resolve, reject))));
}

