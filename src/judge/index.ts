// `eval-magic judge` as a library: every llm_judge assertion of every counted run, k times, each
// by a blinded one-shot session of an agent CLI — resumable, parallel, sharded.
import { UsageError } from '../errors.js';
import { assertKnownOptions, assertTextOptions, describeValue } from '../suggest.js';
import { checkRunLimits } from '../runner/run-limits.js';
import { runPool } from '../process/pool.js';
import { hidingSupport } from '../process/containment.js';
import { sharedHomeReason } from '../process/private-home.js';
import { changedInstructionFiles, configFolderPaths, instructionFilesState, sessionStorePaths, writableInstructionFiles } from '../runner/session-stores.js';
import { readShard, shardShare, type Shard } from '../process/shard.js';
import { sessionsFolder, sessionsRoot, WorkFolders } from '../process/work-folders.js';
import { loadHarness } from '../runner/harness-descriptor.js';
import { readHarnessVersion } from '../runner/harness-check.js';
import { checkAgentStart } from '../runner/index.js';
import { coversLeftShown, type NeededPath } from '../runner/agent-process.js';
import { judgeNamed, judgmentHeldWords, readRunJudgments, type JudgmentRecord } from '../workspace/judgment-record.js';
import { MAX_RETRIES } from '../workspace/layout.js';
import { shownPath } from '../fs/shown-path.js';
import { UnsafeOutputError } from '../fs/odd-entry.js';
import { LockHeldError } from '../runner/out-lock.js';
import { armsInTurn, pairOf, planJudgments, type PlannedJudgment } from './plan.js';
import { carriedOnBy, makeJudgment, TaskTrees, type SessionContext } from './session.js';
import type { ReplacedBecause } from '../workspace/judgment-standing.js';
import { declaredProjectFolders } from './cli-project-files.js';
import { foldersOfAll } from '../workspace/hidden-folders.js';
import { userSkillFolders } from '../runner/user-paths.js';
import { judgedSkillsShown, type UserSkillsShown } from './user-skills.js';
import { linkBounds } from '../runner/instruction-links.js';

/** Judge sessions at once unless --jobs says otherwise. */
export const DEFAULT_JUDGE_JOBS = 4;
/** Seconds a judge session may take unless --round-timeout says otherwise: a verdict is short work. */
const DEFAULT_JUDGE_TIMEOUT_S = 600;

/** Options of {@link runJudge}, as `eval-magic judge` takes them. */
export interface JudgeOptions {
  /** Iteration folders, or workspaces (their newest iteration of each skill). */
  paths: readonly string[];
  harness: string;
  model?: string;
  repeats?: number;
  jobs?: number;
  evalIds?: readonly string[];
  shard?: string | Shard;
  retries?: number;
  roundTimeoutSeconds?: number;
  /** evals.json for every iteration (default: the one its campaign.json names, else the one check looks up for its runs, as compare grades them). */
  evals?: string;
  /** The config file the runs' conversations are checked with, as compare's `config` (default: eval-magic.config.json looked up from the iteration folders, as compare looks it up; false: none): the runs compare counts are the runs judged. */
  config?: string | false;
  /** The condition folder that is the treatment, when no campaign.json names the arms, as compare's `treatment` (the runs compare counts are the runs judged); the control, unnamed, is the only other folder. */
  treatment?: string;
  /** The condition folder that is the control, as compare's `control`. */
  control?: string;
  /**
   * Plan only (`--dry-run`): every refusal as without it, the plan reported and returned, then no
   * session starts and nothing is written or left behind (the hiding probe's folder in the temporary
   * folder, made and removed, aside); the judge's CLI is found on PATH as the plan needs it,
   * and run only for its --version where judgments made already are compared with this judge.
   */
  dryRun?: boolean;
  baseDir?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Aborted (Ctrl-C): while the runs are located, runJudge rejects with its reason (no session was
   * started); once the plan is made, the judges are stopped, finished judgments kept, and the result says `interrupted`.
   */
  signal?: AbortSignal;
  killSignal?: AbortSignal;
  killGraceMs?: number;
  reporter?: (progress: JudgeProgress) => void;
}

/** Every option of {@link runJudge} (tsc holds the list to the interface): any other key is a typo that would leave a default in force. */
const JUDGE_OPTIONS: readonly string[] = Object.keys({
  paths: true, harness: true, model: true, repeats: true, jobs: true, evalIds: true, shard: true, retries: true, roundTimeoutSeconds: true, evals: true, config: true,
  treatment: true, control: true, dryRun: true, baseDir: true, env: true, signal: true, killSignal: true, killGraceMs: true, reporter: true,
} satisfies Record<keyof JudgeOptions, true>);

/** What the command is about to do, reported before any session starts. */
export interface JudgePlanSummary {
  harness: string;
  /** Counted runs with at least one llm_judge assertion. */
  runs: number;
  repeats: number;
  /** Judgments in this command's share, of them made already and still to make. */
  judgments: number;
  done: number;
  pending: number;
  /** Judge sessions per run (llm_judge assertions × repeats), by eval id. */
  sessionsPerRun: Record<string, number>;
  shard: Shard | undefined;
  jobs: number;
  /** Iterations with judgments in this plan (several skills of a workspace, or iterations named together). */
  iterations?: number;
  /** Counted runs with llm_judge assertions in the reference tool's layout (no run-<j> folder), which are not judged. */
  unjudgeable?: number;
  /**
   * Runs with llm_judge assertions that compare does not count (not finished, aborted, a copy, not
   * a run folder, a conversation.json with errors), which are not judged: why, one line each.
   */
  notCounted?: string[];
  /** Each condition folder beside the two judged, whose runs are not judged (as compare does not count them), in compare's words. */
  conditionsBeside?: string[];
  /**
   * Each iteration passed over: a skill folder's newer one with no finished runs in both arms (and
   * the one judged instead, in the words of compare's iteration-picked), or one no evals.json can
   * be used for (compare counts none of its runs), with why.
   */
  iterationsPicked?: string[];
  /** Each eval taken out of the evals.json whose runs compare would count: left out, in compare's words (eval-removed). */
  evalsRemoved?: string[];
  /** Why each judgment.json of this command's share that cannot be used (so is made again) cannot be, one line each. */
  unusable?: string[];
  /**
   * Of the judgments to make, each whose judgment folder has a level that is no folder (a file, a
   * link), as what it is, one line each: judge does not write over it, so these fail, not made.
   */
  strays?: string[];
  /**
   * Judgments to make that replace an earlier judgment (a verdict, or an answer kept without one)
   * which no longer stands, its verdict overwritten: said before anything is spent. Absent when none.
   */
  replacesEarlier?: number;
  /**
   * With {@link replacesEarlier}: those judgments by why the earlier one no longer stands —
   * `criteria` (the rubric or the eval's expected_output), `prompts` (the eval's
   * prompt or turns), `conversation` (the run's conversation.json), `diff` (the run's diff),
   * `task-folder` (the run's task folder broke, or was mended, since a rule's verdict or a judge's).
   */
  replacesEarlierBecause?: Partial<Record<ReplacedBecause, number>>;
  /**
   * Each judgment made already by another judge than this command asks for (another harness, or
   * model: `--model` given after a first judge without it; or, of the harness's default model, another
   * version of its CLI where a session is due), one line each, each judge named as compare names it:
   * kept, as every judgment made is, and counted by compare with any made now — said, not passed off as this judge's.
   */
  madeByOtherJudge?: string[];
  /** With `shard`: the judgments of the whole plan, of which this shard's share is `judgments` (an empty share is no plan without judgments). */
  ofAll?: number;
  /**
   * With {@link madeByOtherJudge}: the `--repeats` that adds one judgment of this judge to each of
   * those runs' assertions — one above the highest repeat made there by any judge (a first judge's
   * `--repeats 3` made repeats this command does not plan). Absent where this judge made judgments
   * of its own there already.
   */
  repeatsToAddThisJudge?: number;
  /** Judgments to make that fail without a session (their run's task folder is broken: workspace judgeFailsRun). */
  failingWithoutSession?: number;
  /**
   * Judgments to make that carry on an earlier command's failed attempts (their sessions never
   * answered; the same inputs, the same judge): their `attempts` count on and `failures` list
   * them (docs/judge.md, Resuming), so a judge failing more often on one arm's runs stays seen.
   * Absent when none does.
   */
  afterFailedAttempts?: number;
  /**
   * The judgments left out because another command's session for each is under way (its folder
   * and why, with what to do: wait, or where its lock is another host's and nothing runs there,
   * delete it). Absent when none is.
   */
  underWay?: string[];
  /**
   * The judgments left out because their folder has a lock no command holds and none takes over (a
   * stale one whose command's agents were not held in PID namespaces, or one eval-magic cannot
   * read): each folder, with what to do (if nothing uses it, delete it). Absent when none has.
   */
  stuckLocks?: string[];
  /**
   * The judged iterations' condition names (besides campaign's four) that blinding hides only as
   * the arm's folder in a path, not in the transcript's text, and why (docs/judge.md): said in the plan.
   */
  conditionsInPathsOnly?: Array<{ name: string; reason: string }>;
  /**
   * The skill's names that the judged evals' own texts (prompt, follow-ups, expected output,
   * rubric) hold where blinding replaces them — a word (`tests`) or words (`code review`): blinding
   * replaces them there too, and wherever an agent writes them (docs/judge.md): said in the plan.
   */
  skillNamesInCriteria?: string[];
  /**
   * By eval, the counted runs whose changes hold a SKILL.md line blinding withholds (one the agent
   * wrote into the task from SKILL.md: a snippet, a header, a rule): their judges read `[withheld]`
   * there, in the diff and the task copy alike, and the line's own rubric or expected output stating
   * it lets it through (docs/judge.md): said in the plan. Each eval's count of runs, of them by
   * condition, and the lines as SKILL.md writes them. Absent when no run's are.
   */
  withheldInChanges?: Array<{ evalId: string; runs: number; byCondition: Array<{ condition: string; runs: number }>; lines: string[] }>;
  /** Why the workspace and the other judges' task copies cannot be hidden from the judge's sessions on this system (said in the plan); absent when they are. With it, no judge has a /tmp, /var/tmp, /dev/shm or $TMPDIR of its own either (the same mounts). */
  unhidden?: string;
  /** Why the sessions of the user's other commands cannot be hidden from the judges (the sessions folder cannot be used); absent when they are. */
  otherCommandsSeen?: string;
  /** With `unhidden`: the paths where the judge's CLI keeps every session's transcript — the judges' and the campaign's sessions' — shared by all (the descriptor's session_stores). */
  sharedStores?: string[];
  /** Why HOME is shared by every judge (with `unhidden` it is that; else the overlay refused, or a HOME that cannot have one); absent where each judge's HOME is its own. */
  sharedHome?: string;
  /**
   * Folders every judge's namespace should show empty (a judged workspace, a judged skill's folders)
   * but leaves shown, where the mounts can be made, each with what it holds that the judges need
   * (the judge's program installed there): said in the plan, as campaign says its own.
   */
  uncovered?: Array<{ folder: string; holds: NeededPath }>;
  /**
   * The judge's CLI's user-level skill folders (the descriptor's `user_skills_dirs`) that hold a
   * judged skill (installed after its campaign) and that every judge's namespace leaves shown:
   * each that holds what the judges need (`holds`), or, with `unhidden`, each. The CLI loads the
   * skill from there into every judge's context: said in the plan. The others are shown empty.
   */
  userSkillsShown?: UserSkillsShown[];
  /** The judge's CLI's user-level instruction files no judge's namespace makes read-only (every one with `unhidden`, else the missing ones), which every judge and campaign session can write for every later one (the descriptor's instruction_files). The plan warns of them only with `unhidden`: one a judge creates is caught after the judges. */
  writableInstructionFiles?: string[];
}

export type JudgeProgress =
  | { kind: 'plan'; plan: JudgePlanSummary }
  | { kind: 'judgment-started'; judgment: PlannedJudgment }
  | { kind: 'judgment-finished'; judgment: PlannedJudgment; record: JudgmentRecord; finished: number; total: number }
  | { kind: 'judgment-failed'; judgment: PlannedJudgment; message: string }
  /** Its session found the folder's lock held by another command that may still run: left to it, as the plan leaves one whose lock it sees (`underWay`: its folder and why, in the plan's words). */
  | { kind: 'judgment-under-way'; judgment: PlannedJudgment; underWay: string };

export interface JudgeResult {
  plan: JudgePlanSummary;
  /** The records this command wrote, in the order they finished. */
  records: JudgmentRecord[];
  /** The judgments of this command's share made before it, each with the record that stands (`earlier`). */
  madeBefore: PlannedJudgment[];
  /** Judgments that could not be made (their files could not be written, or `locked` and `stale`: their folder has a lock no running command holds), and why. */
  failed: Array<{ judgment: PlannedJudgment; message: string; locked?: true; stale?: true }>;
  /**
   * Judgments planned that another command took up after this one planned (its lock met at the
   * session, its holder may still run): left to it, as the plan leaves out one whose lock it sees
   * (`plan.underWay`), each with its folder and why in the plan's words. Not failures: the holder makes them.
   */
  underWay: Array<{ judgment: PlannedJudgment; underWay: string }>;
  /** Judgments never started, or stopped before they ended, because the command was stopped. */
  notMade: PlannedJudgment[];
  interrupted: boolean;
  /**
   * The judge's CLI's instruction files that differed, when the command ended, from their state
   * when its first session was due (each with both): a session wrote them, most likely, and the CLI
   * put them into the prompt of every later judge. eval-magic leaves them as they are.
   */
  instructionFilesChanged?: Array<{ path: string; was: string; now: string }>;
}

/**
 * Plans every judgment (a UsageError before anything runs, for bad input), reports the plan,
 * then makes the missing ones of this command's share, `jobs` at a time.
 */
export async function runJudge(options: JudgeOptions): Promise<JudgeResult> {
  assertKnownOptions(options, JUDGE_OPTIONS, 'runJudge()');
  const baseDir = options.baseDir ?? process.cwd();
  const env = options.env ?? process.env;
  const report = options.reporter ?? (() => {});
  const repeats = positiveInteger('--repeats', options.repeats ?? 1);
  const jobs = positiveInteger('--jobs', options.jobs ?? DEFAULT_JUDGE_JOBS);
  const retries = nonNegativeInteger('--retries', options.retries ?? 0);
  if (retries > MAX_RETRIES) throw new UsageError(`--retries ${retries} would make up to ${retries + 1} judge sessions of one judgment; judge retries a judgment at most ${MAX_RETRIES} times: lower --retries (nothing was judged)`);
  const timeoutS = options.roundTimeoutSeconds ?? DEFAULT_JUDGE_TIMEOUT_S;
  checkRunLimits({ roundTimeoutSeconds: timeoutS });
  const shard = readShard(options.shard);
  assertTextOptions(options as unknown as Record<string, unknown>, { treatment: 'a condition folder name', control: 'a condition folder name' });
  const dryRun = options.dryRun ?? false;
  if (typeof dryRun !== 'boolean') throw new UsageError(`dryRun must be true or false (got ${describeValue(dryRun)}).`);
  for (const name of ['signal', 'killSignal'] as const) {
    if (options[name] !== undefined && !(options[name] instanceof AbortSignal)) throw new UsageError(`${name} must be an AbortSignal (got ${describeValue(options[name])}).`);
  }
  if (options.paths.length === 0) throw new UsageError('name an iteration folder or a workspace to judge');
  const harness = loadHarness(options.harness, baseDir);
  const { judgments, runs, sessionsPerRun, unjudgeable, notCounted, beside, picked, evalsRemoved, conditionsInPathsOnly, skillNamesInCriteria, withheldInChanges } = await planJudgments({ paths: options.paths, cwd: baseDir, evals: options.evals, evalIds: options.evalIds, repeats, model: options.model, config: options.config, treatment: options.treatment, control: options.control, signal: options.signal });
  // By pairs, as campaign shards runs: a judgment and its twin of the other arm go to one shard.
  const share = shardShare(judgments, shard, pairOf);
  // One another command's session is under way for is that command's to make: left out, and said.
  const underWay = share.flatMap((j) => (j.underWay === undefined ? [] : [j.underWay]));
  // One whose folder's lock no command holds is refused at it: left out, with what to do.
  const stuckLocks = share.flatMap((j) => (j.stuckLock === undefined ? [] : [j.stuckLock]));
  const pending = armsInTurn(share.filter((j) => !j.done && j.underWay === undefined && j.stuckLock === undefined));
  const unusable = share.flatMap((j) => (j.unusable === undefined ? [] : [j.unusable]));
  const strays = pending.flatMap((j) => (j.stray === undefined ? [] : [j.stray]));
  // A stray level fails its judgment before the rule is asked (no folder is written over).
  const failingWithoutSession = pending.filter((j) => j.failsBy !== undefined && j.stray === undefined).length;
  // The earlier judgments this command overwrites, by why: said before anything is spent.
  const replacesEarlierBecause: Partial<Record<ReplacedBecause, number>> = {};
  for (const { replaces } of pending) if (replaces !== undefined) replacesEarlierBecause[replaces] = (replacesEarlierBecause[replaces] ?? 0) + 1;
  const replacesEarlier = Object.values(replacesEarlierBecause).reduce((a, b) => a + b, 0);
  const plan: JudgePlanSummary = {
    harness: harness.name, runs, repeats, judgments: share.length, done: share.length - pending.length - underWay.length - stuckLocks.length, pending: pending.length, ...(underWay.length > 0 ? { underWay } : {}), ...(stuckLocks.length > 0 ? { stuckLocks } : {}),
    sessionsPerRun: Object.fromEntries(sessionsPerRun), shard, ...(shard !== undefined ? { ofAll: judgments.length } : {}), jobs, iterations: new Set(judgments.map((j) => j.root)).size, ...(unjudgeable > 0 ? { unjudgeable } : {}), ...(notCounted.length > 0 ? { notCounted } : {}), ...(beside.length > 0 ? { conditionsBeside: beside } : {}), ...(picked.length > 0 ? { iterationsPicked: picked } : {}), ...(evalsRemoved.length > 0 ? { evalsRemoved } : {}), ...(unusable.length > 0 ? { unusable } : {}), ...(strays.length > 0 ? { strays } : {}), ...(replacesEarlier > 0 ? { replacesEarlier, replacesEarlierBecause } : {}), ...(failingWithoutSession > 0 ? { failingWithoutSession } : {}),
    ...(conditionsInPathsOnly.length > 0 ? { conditionsInPathsOnly } : {}),
    ...(skillNamesInCriteria.length > 0 ? { skillNamesInCriteria } : {}),
    ...(withheldInChanges.length > 0 ? { withheldInChanges } : {}),
  };
  // The judgments that start a session: the others fail by the rule, with no judge asked.
  const sessions = pending.filter((j) => j.failsBy === undefined && j.stray === undefined);
  // The CLI must start before anything is spent: found once, and every model the judgments ask for
  // must be passable. Only when a session will start: judgments a rule decides, or none to make,
  // need no judge's CLI installed (the plan says none is run).
  const modelled = sessions.find((j) => j.model !== undefined);
  // Named as the user gave it: --model, or an assertion's model in evals.json (no --model was given then).
  const modelNamed = modelled === undefined || modelled.model === options.model ? '--model' : `the model ${JSON.stringify(modelled.model)} that llm_judge ${JSON.stringify(modelled.assertionId)} of eval ${JSON.stringify(modelled.evalId)} names in evals.json`;
  // The longest packet sent stands for all: one the harness cannot deliver (an argument past the OS's limit) is refused now.
  const longest = sessions.reduce<PlannedJudgment | undefined>((a, j) => (a === undefined || j.packet.length > a.packet.length ? j : a), undefined);
  const program = longest === undefined ? undefined : checkAgentStart({ harness, env, baseDir, evals: [{ id: longest.evalId, prompt: longest.packet }], evalsPath: 'the judge packet', cwd: baseDir, outDir: baseDir, ...(modelled?.model !== undefined ? { model: modelled.model, modelNamed } : {}) });
  // Read before the plan, as compare names a judge of the harness's default model with its CLI's
  // version (judgeNamed): a dry run runs the CLI for it only where a judge's judgment made already is
  // compared with this one's (and its line says the two judges as the real command's plan does).
  const versionNeeded = !dryRun || share.some((j) => (j.earlier !== undefined && j.earlier.rule === undefined) || j.carries !== undefined);
  const harnessVersion = program !== undefined && versionNeeded ? await readHarnessVersion(harness, { cwd: baseDir, env, signal: options.signal }) : undefined;
  // Stopped while it was read (Ctrl-C), the version is not known, not unreadable: judges told apart without it.
  const versionKnown = options.signal?.aborted === true ? undefined : harnessVersion;
  const madeByOther = madeByOtherJudges(share, harness.name, versionKnown, baseDir);
  // The judgments that carry on earlier failed attempts, by the rule their sessions follow: said, as compare compares them between the arms.
  const afterFailedAttempts = pending.filter((j) => j.carries !== undefined && carriedOnBy(j.carries, harness.name, j.model, versionKnown)).length;
  if (afterFailedAttempts > 0) plan.afterFailedAttempts = afterFailedAttempts;
  if (madeByOther.length > 0) {
    plan.madeByOtherJudge = madeByOther.map(({ line }) => line);
    // Of the run assertions another judge judged, those this judge judged too need nothing added: the --repeats advised is for the others, if any.
    const others = new Set(madeByOther.map(({ j }) => j));
    const runAssertion = (j: PlannedJudgment) => JSON.stringify([j.runDir, j.assertionId]);
    const ownMade = new Set(share.filter((j) => j.earlier !== undefined && j.earlier.rule === undefined && !others.has(j)).map(runAssertion));
    const lacking = madeByOther.map(({ j }) => j).filter((j) => !ownMade.has(runAssertion(j)));
    if (lacking.length > 0) plan.repeatsToAddThisJudge = highestRepeatMade(lacking) + 1;
  }
  // Each judge's namespace shows the workspace empty (its run folders name the arms) and hides the
  // other judges' task copies (the other arm's), where the system allows.
  const hiding = sessions.length > 0 ? await hidingSupport({ ...env, ...harness.env }.HOME) : undefined;
  if (hiding && 'reason' in hiding) {
    plan.unhidden = hiding.reason;
    // No private store either: a judge can read the campaign sessions' transcripts, and each other's.
    const stores = sessionStorePaths(harness, { ...env, ...harness.env });
    if (stores.length > 0) plan.sharedStores = stores;
  }
  let sessionsInUse: string | undefined;
  if (hiding && !('reason' in hiding)) {
    // A dry run makes no folder, not even this shared one: the plan says it as the real command would find it.
    const folder = sessionsFolder(!dryRun);
    if ('unusable' in folder) plan.otherCommandsSeen = folder.unusable;
    else sessionsInUse = folder.path;
  }
  // And HOME, where no judge can have its own: what a judge writes there every later one finds.
  const sharedHome = hiding ? sharedHomeReason(hiding, { ...env, ...harness.env }, sessionsInUse, configFolderPaths(harness, { ...env, ...harness.env })) : undefined;
  if (sharedHome !== undefined) plan.sharedHome = sharedHome;
  // Read-only where the mounts are made and the file exists; the others any session can write.
  const writable = hiding ? writableInstructionFiles(harness, { ...env, ...harness.env }, !('reason' in hiding)) : [];
  if (writable.length > 0) plan.writableInstructionFiles = writable;
  // Every judged iteration's workspace and every judged skill's folders, for each judge alike: one skill's run reaches no other's.
  // Of the whole plan, not this shard's share: a shard holding one skill's judgments only still hides the others' (each shard alike).
  const judgedFolders = foldersOfAll(judgments);
  // And the CLI's user-level skill folders: a judge needs no skill, and the judged one installed there would be in its context (./user-skills.ts).
  const userSkills = userSkillFolders(harness, { ...env, ...harness.env });
  const covered = [...new Set([...judgedFolders, ...userSkills])];
  // Where the mounts can be made, a folder holding what the judges need (their program installed there) is still left shown: said.
  const mounts = hiding !== undefined && !('reason' in hiding);
  const leftShown = mounts && program !== undefined ? coversLeftShown(covered, sessionsRoot(!dryRun), { ...env, ...harness.env }, program) : [];
  const uncovered = leftShown.filter(({ folder }) => judgedFolders.includes(folder));
  if (uncovered.length > 0) plan.uncovered = uncovered;
  // A user-level skill folder left shown is said where it holds the judged skill (else the judges are as blind); where no mount can be made, each that does.
  const skillsShown = hiding === undefined ? [] : judgedSkillsShown(userSkills, [...new Set(judgments.flatMap((j) => j.skillNames))], mounts ? leftShown : undefined);
  if (skillsShown.length > 0) plan.userSkillsShown = skillsShown;
  report({ kind: 'plan', plan });
  const madeBefore = share.filter((j) => j.done);
  if (pending.length === 0 || dryRun) return { plan, records: [], madeBefore, failed: [], underWay: [], notMade: [], interrupted: false };

  // The CLI's instruction files as the user left them: a judge that wrote one (or made one) steers every later judge.
  // Links in them are followed as the CLI follows them, but not into what the judges' namespaces
  // show empty (the workspaces, where the judgments are written; the sessions' folder) or their own
  // (the session stores, each judge's private one mounted there).
  const sessionsPath = hiding && !('reason' in hiding) ? sessionsFolder() : undefined;
  const stores = sessionsPath ? sessionStorePaths(harness, { ...env, ...harness.env }) : [];
  const linksBounds = linkBounds({ ...env, ...harness.env }, covered.concat(sessionsPath && 'path' in sessionsPath ? [sessionsPath.path] : [], stores));
  const instructionsAtStart = instructionFilesState(harness, { ...env, ...harness.env }, linksBounds);
  const ctx: SessionContext = {
    harness, program, env, retries,
    harnessVersion: harnessVersion ?? null,
    roundTimeoutMs: Math.round(timeoutS * 1000),
    killGraceMs: options.killGraceMs, signal: options.signal, killSignal: options.killSignal,
    taskTrees: new TaskTrees(pending, declaredProjectFolders(harness)),
    sessionFolders: new WorkFolders(),
    ...(hiding !== undefined && !('reason' in hiding) ? { hide: { cover: covered } } : {}),
  };
  const records: JudgmentRecord[] = [];
  const notMade: PlannedJudgment[] = [];
  const failed: JudgeResult['failed'] = [];
  const underWayNow: JudgeResult['underWay'] = [];
  // A CLI whose first start sets up shared state (OpenCode's database) gets it done alone, as in a campaign.
  let openGate = () => {};
  const gate = harness.serialize_first_start ? new Promise<void>((resolve) => (openGate = resolve)) : undefined;
  // Stopped before the first judgment started: nobody else may wait for it.
  if (options.signal?.aborted) openGate();
  else options.signal?.addEventListener('abort', () => openGate(), { once: true });
  let notStarted: PlannedJudgment[];
  try {
    notStarted = await runPool(pending, jobs, options.signal, gate, async (judgment) => {
      report({ kind: 'judgment-started', judgment });
      try {
        await judge(judgment);
      } finally {
        if (judgment === pending[0]) openGate();
      }
    });
  } finally {
    // Every judge is gone (the pool waits for them): what is left in the holder goes with it.
    ctx.sessionFolders.close();
  }
  const changed = changedInstructionFiles(instructionsAtStart, linksBounds);
  return { plan, records, madeBefore, failed, underWay: underWayNow, notMade: [...notMade, ...notStarted], interrupted: options.signal?.aborted ?? false, ...(changed.length > 0 ? { instructionFilesChanged: changed } : {}) };

  async function judge(judgment: PlannedJudgment): Promise<void> {
    // One judgment's unexpected failure (a full disk) must not end the command while other judges still run.
    const outcome = await makeJudgment(judgment, ctx).catch((error: unknown) => (error instanceof LockHeldError && !error.stale
      ? { heldBy: judgmentHeldWords(error.holder) }
      : { error: failureWords(error, baseDir), ...(error instanceof LockHeldError ? { locked: true as const, stale: true as const } : {}) }));
    if ('record' in outcome) {
      records.push(outcome.record);
      report({ kind: 'judgment-finished', judgment, record: outcome.record, finished: records.length, total: pending.length });
    } else if ('heldBy' in outcome) {
      // Taken up by another command since the plan: the plan's verdict had it seen the lock — left to its holder, in its words.
      const underWay = `${shownPath(baseDir, judgment.dir)}/ ${outcome.heldBy}`;
      underWayNow.push({ judgment, underWay });
      report({ kind: 'judgment-under-way', judgment, underWay });
    } else if ('error' in outcome) {
      failed.push({ judgment, message: outcome.error, ...('locked' in outcome ? { locked: true as const } : {}), ...('stale' in outcome ? { stale: true as const } : {}) });
      report({ kind: 'judgment-failed', judgment, message: outcome.error });
    } else notMade.push(judgment);
  }
}

/** Why a judgment failed, in words: a refused output path (a level that is no folder) named as the plan names paths, not absolute. */
function failureWords(error: unknown, baseDir: string): string {
  const message = (error as Error)?.message ?? String(error);
  if (!(error instanceof UnsafeOutputError) || !message.startsWith(error.path)) return message;
  return shownPath(baseDir, error.path) + message.slice(error.path.length);
}

function positiveInteger(flag: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`${flag} must be a whole number ≥ 1 (got ${describeValue(value)}).`);
  return value;
}

function nonNegativeInteger(flag: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new UsageError(`${flag} must be a whole number ≥ 0 (got ${describeValue(value)}).`);
  return value;
}

// The library's types (eval-magic/judge): every named type its options, plan and records reach.
export type { PlannedJudgment, RunFolder } from './plan.js';
export type { ReplacedBecause } from '../workspace/judgment-standing.js';
export type { UserSkillsShown } from './user-skills.js';
export type { Shard } from '../process/shard.js';
export type { NeededPath } from '../runner/agent-process.js';
export type { JudgedRun, JudgeVerdict, JudgmentRecord, JudgmentRule, UngradedReason } from '../workspace/judgment-record.js';

/**
 * The judgments made already by another judge than this command asks, each with its line for the
 * plan. `version` is this CLI's --version line (null: unreadable), undefined where it is not run (no
 * session due): then judges are told apart by harness and model alone, as no version can be compared.
 */
function madeByOtherJudges(share: readonly PlannedJudgment[], harness: string, version: string | null | undefined, baseDir: string): Array<{ j: PlannedJudgment; line: string }> {
  return share.flatMap((j) => {
    // A judgment a rule decided asked no judge.
    if (j.earlier === undefined || j.earlier.rule !== undefined) return [];
    const thenVersion = version === undefined ? undefined : j.earlier.harness.version;
    const [then, now] = [judgeNamed(j.earlier.harness.name, j.earlier.model, thenVersion), judgeNamed(harness, j.model, version)];
    // A version that could not be read names no version: said, or the two judges would read alike but for it.
    const unread = version === null && j.model === undefined ? " (its CLI's --version could not be read)" : '';
    return then === now ? [] : [{ j, line: `${shownPath(baseDir, j.dir)}: made by ${then}, where this command asks ${now}${unread}` }];
  });
}

/** The highest repeat any judge made of these judgments' run assertions (judge/<id>/<n>/ on disk), each listed once. */
function highestRepeatMade(judgments: readonly PlannedJudgment[]): number {
  const listed = new Set<string>();
  let highest = 0;
  for (const j of judgments) {
    const key = JSON.stringify([j.runDir, j.assertionId]);
    if (listed.has(key)) continue;
    listed.add(key);
    // A folder a stopped command left unfinished holds no judgment: the plan makes it.
    for (const found of readRunJudgments(j.runDir, j.assertionId)) if (!('unfinished' in found)) highest = Math.max(highest, found.repeat);
  }
  return highest;
}
