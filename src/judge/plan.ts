// What a judge command does: every counted run × each llm_judge assertion of its eval × repeats
// 1..k, in a fixed order (so shards are disjoint and together the whole list), each with its packet.
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkNaming } from '../check-with-config.js';
import { CHECK_OPTION_NAMING } from '../checker/check-options.js';
import { namedPathsConfig, type ResolvedConfig } from '../config.js';
import { UsageError } from '../errors.js';
import type { EvalCase, EvalsFile } from '../evals/types.js';
import { listTree, treeDigest } from '../fs/file-tree.js';
import { readRegularText } from '../fs/read-file.js';
import { shownPath } from '../fs/shown-path.js';
import { readRunnableEvals } from '../runner/evals-input.js';
import type { Conversation } from '../types.js';
import { Blinder, conditionNames, pathOnlyReason, type ConditionNames, type PathOnlyWhy } from './blinding.js';
import { runDiff } from '../workspace/run-diff.js';
import { diffSha256, judgeCriteriaSha256, judgmentFolder, judgmentLeftAtLock, promptsSha256, readRunJudgment, type JudgmentRecord } from '../workspace/judgment-record.js';
import { conversationSha256 } from '../workspace/conversation-digest.js';
import { checkedOutReason, countedBeforeCheck, RunsOnce, type CountedBeforeCheck, type CountedBeforeCheckOptions } from '../workspace/counted.js';
import type { CampaignRecord } from '../workspace/campaign-record.js';
import { evalIdsAmong, evalRemovedWords, iterationEvals, namedEvalsPath } from '../workspace/evals-path.js';
import { skillFoldersOf, workspaceOf } from '../workspace/hidden-folders.js';
import { CONVERSATION_FILE, JUDGE_DIR, MAX_PLANNED_SESSIONS, RUN_RECORD_FILE } from '../workspace/layout.js';
import { assertSameStaging, iterationsNamed } from '../workspace/experiment.js';
import { inConditionsKept, runsIn, namedFoldersOf, typedPathOf, type Iteration, type RunLocation } from '../workspace/locate.js';
import { armsOfIterations, leftOutByConfig } from '../workspace/iteration-arms.js';
import { conditionsBeside } from '../workspace/conditions-beside.js';
import { judgeFailsRun, type RunRecord } from '../workspace/run-record.js';
import { sessionFoldersOf } from '../process/work-folders.js';
import { TimeSlices } from '../process/time-slices.js';
import { packetBlinder, packetSha256, renderPacket, type LlmJudgeAssertion } from './packet.js';
import { earlierJudgment, type JudgmentJob } from './session.js';
import type { ReplacedBecause } from '../workspace/judgment-standing.js';
import { linesTheTaskHeld } from './task-lines.js';
import { checkLookingUp } from './looked-up-evals.js';

/** One run folder to judge: where it is, by eval, condition and number. */
export interface RunFolder {
  iterationDir: string;
  evalId: string;
  condition: string;
  run: number;
  dir: string;
}

/** One judgment of the list, and whether an earlier command made it already. */
export interface PlannedJudgment extends JudgmentJob {
  run: RunFolder;
  done: boolean;
  /** When done: the record that stands (its verdict, or the answer kept without one). */
  earlier?: JudgmentRecord;
  /** Why the judgment.json there cannot be used (not JSON, against its schema, a link): it is made again. */
  unusable?: string;
  /** A level of its judgment folder that is no folder, as what it is (`…/judge/ is not a folder`): judge does not write over it, so it is not made. */
  stray?: string;
  /** When an earlier judgment that answered is there but no longer stands: which of its inputs changed (its verdict is overwritten: the plan says so). */
  replaces?: ReplacedBecause;
  /** When an earlier judgment of these inputs is there whose sessions never answered: its record, whose failed attempts the judgment carries on when made by the same judge. */
  carries?: JudgmentRecord;
  /**
   * When the judgment is to make and its folder's lock is held by another command that may still run
   * (its folder and why, as compare says it: workspace judgmentLeftAtLock): left out of this command —
   * its holder makes it.
   */
  underWay?: string;
  /**
   * When the judgment's folder has a lock no command holds and none takes over (a stale one, whose
   * command's agents were not held in PID namespaces, or one eval-magic cannot read): its folder and
   * what to do, as compare says it (workspace judgmentLeftAtLock). Left out: its session would be refused.
   */
  stuckLock?: string;
  /** The names the judged skill goes by (evals.json's `skill_name`, and the name campaign staged it under): a user-level copy of it is looked for by them. */
  skillNames: readonly string[];
}

/**
 * An eval's counted runs whose changes (the diff, and so the task copy its judge reads) hold a
 * SKILL.md line blinding withholds: the judge reads `[withheld]` where the agent wrote it.
 */
export interface WithheldInChanges {
  evalId: string;
  /** How many of its counted runs. */
  runs: number;
  /** How many of them, by condition (those with any), in the order first met. */
  byCondition: Array<{ condition: string; runs: number }>;
  /** The lines, as SKILL.md writes them (trimmed), in the order first met. */
  lines: string[];
}

/** What planning needs. */
export interface PlanInput {
  paths: readonly string[];
  cwd: string;
  evals?: string | undefined;
  evalIds?: readonly string[] | undefined;
  repeats: number;
  model?: string | undefined;
  /** The config the conversations are checked with (as compare's). */
  config?: string | false | undefined;
  /** The condition folders that are the arms, when no campaign.json names them (as compare's --treatment, --control). */
  treatment?: string | undefined;
  control?: string | undefined;
  /** Aborted (Ctrl-C) while the runs are located: planning stops with its reason, between folders and records. */
  signal?: AbortSignal | undefined;
}

/** Every judgment of the runs the paths name, in order. @throws {UsageError} for bad input; the signal's reason when it is aborted while the runs are located. */
export async function planJudgments(input: PlanInput): Promise<{ judgments: PlannedJudgment[]; runs: number; sessionsPerRun: Map<string, number>; unjudgeable: number; notCounted: string[]; beside: string[]; picked: string[]; evalsRemoved: string[]; conditionsInPathsOnly: Array<{ name: string; reason: string }>; skillNamesInCriteria: string[]; withheldInChanges: WithheldInChanges[] }> {
  const { cwd } = input;
  const shown = (p: string) => shownPath(cwd, p);
  const named = { treatment: input.treatment, control: input.control };
  // Each iteration once, however its path was spelt, and all of one experiment, as compare pools
  // them (refused as compare refuses them); a newer iteration passed over (interrupted) is said in the plan, as compare says it.
  const namedPaths = await namedPathsConfig(cwd, input.config, CHECK_OPTION_NAMING.flags.config, input.paths);
  // Every folder listed and every run.json read is a synchronous stretch: a signal is heard between them, every few ms, as compare hears it.
  const slices = new TimeSlices(input.signal);
  const { iterations, skipped: picked } = await slices.run(iterationsNamed(input.paths, cwd, named, shown, 'judged', namedPaths));
  const judgments: PlannedJudgment[] = [];
  const sessionsPerRun = new Map<string, number>();
  const seenIds = new Set<string>();
  let runs = 0;
  let unjudgeable = 0;
  const notCounted: string[] = [];
  // The runs of condition folders beside the arms, of the evals judged: said once for all iterations, as compare says them.
  const besideRuns: RunLocation[] = [];
  // The condition names blinding can hide only as folders of a path, by name, and in which evals' judgments (the plan warns).
  const inPathsOnly = new Map<string, { why: PathOnlyWhy; evalIds: Set<string> }>();
  const skillNamesInCriteria = new Set<string>();
  // By eval, the counted runs whose diff reads a SKILL.md line withheld, where their agent wrote it (the plan warns).
  const withheldOf = new Map<string, WithheldInChanges>();
  // Sessions the plan would take; past the most one may hold, the runs are only counted, and refused below.
  let sessions = 0;
  // Located first: iterations that hold no run are refused as compare refuses them, before any evals.json is looked for.
  const located: RunLocation[][] = [];
  for (const iteration of iterations) located.push(await slices.run(runsIn(iteration, cwd, named)));
  if (!located.some((locations) => locations.some((l) => l.hasConversation))) throw new UsageError(`No conversation.json under ${input.paths.map((p) => JSON.stringify(p)).join(', ')}: nothing to judge.`);
  // compare's config, by its rule: one for all the iterations, looked up from them (not from each
  // run's folder), read once, before the search. One that cannot be read is said after the arms, as compare says it.
  let configRead: { value: ResolvedConfig } | { error: unknown };
  try {
    configRead = { value: namedPaths.forIterations(iterations.flatMap(namedFoldersOf)) };
  } catch (error) {
    configRead = { error };
  }
  const ignored = 'value' in configRead ? namedPaths.ignored : undefined;
  const leftOut = 'value' in configRead ? leftOutByConfig(ignored, configRead.value.path, shown) : undefined;
  // compare's arms, by the same rule over the same iterations: one pair for all of them (an iteration
  // with no run under it refused, as compare refuses it; three folders or more, none named, refused
  // in compare's words; a folder whose every run the config leaves out no condition). Undefined (one folder only) judges its runs.
  // Each evals.json read once, what refuses it said where it is used (below): an eval the one named no longer holds is not judged, nor pools anything.
  const evalsRead = new Map<string, { file: EvalsFile; ids: ReadonlySet<string> } | { error: unknown }>();
  const readEvals = (path: string) => evalsRead.get(path) ?? evalsRead.set(path, attemptRead(() => readRunnableEvals(path, shownPath(cwd, path), cwd, 'nothing was judged'))).get(path)!;
  const namedEvals = new Map(iterations.map((iteration) => [iteration, namedEvalsPath(iteration, input.evals, cwd)]));
  const evalIdsOf = (iteration: Iteration) => {
    const path = namedEvals.get(iteration);
    const read = path === undefined ? undefined : readEvals(path);
    if (read !== undefined && 'error' in read) throw read.error;
    return read?.ids;
  };
  // An eval --eval leaves out is not judged: it pools nothing, as one taken out of evals.json.
  const conditions = armsOfIterations(iterations, located.flat(), named, shown, 'judge', leftOut, evalIdsAmong(evalIdsOf, input.evalIds))?.conditions;
  const inArms = (l: RunLocation) => conditions === undefined || conditions.includes(l.condition);
  // The runs of the arms the counting rule counts (before check), in every iteration — a copied
  // iteration named beside its original: its runs once, as compare counts them once — held to one
  // experiment by their run.json, as compare holds them, before any evals.json is read.
  const once = new RunsOnce();
  const passedOver = new Map<RunLocation, string>();
  const counting: CountedBeforeCheckOptions = {
    once,
    ignored,
    shownRecordFile: (location) => shown(join(location.dir, RUN_RECORD_FILE)),
    passedOver: (location, why) => passedOver.set(location, 'reason' in why ? why.reason : `a copy of ${shown(why.copyOf)}`),
  };
  // Run by run (each reads its run.json), one `once` for all: as counted in one call.
  const countedOf: CountedBeforeCheck[][] = [];
  for (const locations of located) {
    const counted: CountedBeforeCheck[] = [];
    for (const location of locations.filter(inArms)) {
      counted.push(...countedBeforeCheck([location], counting));
      await slices.pause();
    }
    countedOf.push(counted);
  }
  // A run the config's ignore globs leave out is held to no other, as compare holds it.
  if ('error' in configRead) throw configRead.error;
  const config = configRead.value;
  assertSameStaging(countedOf.flat(), shown, ignored);
  // Iterations no evals.json can be used for (compare counts none of their runs): refused only when no other has a run to judge.
  const noEvalsFor: string[] = [];
  const evalsRemoved: string[] = [];
  let judgedIterations = 0;
  for (const [index, iteration] of iterations.entries()) {
    const iterationDir = iteration.dir;
    // By the rule compare grades by: --evals, else campaign.json's, else what check's lookup finds for the runs, as compare looks it up.
    const named = namedEvals.get(iteration);
    const lookedUp = named === undefined ? await checkLookingUp(iteration, countedOf[index]!.map(({ location }) => conversationOf(location)), cwd, config) : undefined;
    // No counted run to look one up for (a second skill's iteration, none finished), or none that can
    // be used: nothing of it to judge, and each run compare does not count is said, with why.
    if (named === undefined && (lookedUp === undefined || ('problem' in lookedUp.evals && lookedUp.conflict !== true))) {
      // Said of the iteration, as compare counts none of its runs: which of them have llm_judge assertions no evals.json can tell.
      if (lookedUp !== undefined && 'problem' in lookedUp.evals) noEvalsFor.push(`${shownPath(cwd, iterationDir)}: ${lookedUp.evals.problem}`);
      else notCounted.push(...await passedOverUnjudged(iteration, located[index]!.filter((l) => inArms(l) && passedOver.has(l)), passedOver, cwd, config));
      continue;
    }
    const taken = lookedUp?.evals ?? iterationEvals(iteration, named, undefined, () => undefined, shown, '--evals');
    if ('problem' in taken) throw new UsageError(`${shownPath(cwd, iterationDir)}: ${taken.problem}`);
    const evalsPath = taken.path;
    const read = readEvals(evalsPath);
    if ('error' in read) throw read.error;
    const evals = read.file;
    const byId = new Map<string, EvalCase>();
    for (const e of evals.evals) if (!byId.has(e.id)) byId.set(e.id, e);
    for (const id of input.evalIds ?? []) if (!byId.has(id)) throw new UsageError(`--eval ${JSON.stringify(id)}: no eval has that id in ${shownPath(cwd, evalsPath)} (ids: ${[...byId.keys()].map((k) => JSON.stringify(k)).join(', ')})`);
    for (const e of byId.values()) seenIds.add(e.id);
    const judged = (e: EvalCase | undefined) => e !== undefined && (input.evalIds === undefined || input.evalIds.length === 0 || input.evalIds.includes(e.id)) && llmJudges(e).length > 0;
    const locations = located[index]!;
    // An --evals of another skill's evals, or of another version with every id renamed, grades nothing: said, not a plan of nothing.
    const runIds = [...new Set(locations.map((l) => l.evalId))];
    if (input.evals !== undefined && runIds.length > 0 && !runIds.some((id) => byId.has(id))) {
      throw new UsageError(`--evals ${JSON.stringify(input.evals)} has none of the evals ${shownPath(cwd, iterationDir)} ran (${runIds.slice(0, 5).map((id) => JSON.stringify(id)).join(', ')}${runIds.length > 5 ? ', …' : ''}): name the evals.json its campaign ran`);
    }
    // Every run of the arms is counted, as compare counts them — a run of an eval not judged here may be the one another repeats — and those judged are kept.
    const armRuns = locations.filter(inArms);
    // A third condition folder's runs (those judged here) are not judged, as compare does not count them: said, in compare's words.
    besideRuns.push(...inConditionsKept(locations, ignored).filter((l) => judged(byId.get(l.evalId))));
    const isJudged = (l: RunLocation) => judged(byId.get(l.evalId));
    notCounted.push(...armRuns.filter((l) => passedOver.has(l) && isJudged(l)).map((l) => `${shown(l.dir)}: ${passedOver.get(l)!}`));
    // A run no evals.json can grade (one found inside the workspace) is left out, as compare leaves it out.
    const noEvals = (l: RunLocation) => lookedUp?.passedOver.get(conversationOf(l));
    notCounted.push(...armRuns.filter((l) => noEvals(l) !== undefined && isJudged(l)).map((l) => `${shown(l.dir)}: ${noEvals(l)!}`));
    // The runs compare would count of an eval taken out of the evals.json: left out, as compare leaves them out, said in its words (eval-removed).
    if ((input.evalIds ?? []).length === 0) evalsRemoved.push(...removedEvals(armRuns.filter((l) => !byId.has(l.evalId) && !passedOver.has(l) && noEvals(l) === undefined)));
    // Counted by the check that looked the evals.json up (compare's), else checked by the one named.
    const { counted, unjudgeable: notHere, notCounted: checkedOut } = await countedRuns(countedOf[index]!.filter(({ location }) => isJudged(location) && noEvals(location) === undefined), lookedUp?.errors ?? evalsPath, cwd, config);
    // The check takes no signal: one aborted meanwhile is heard once it is done, before the next iteration is read.
    input.signal?.throwIfAborted();
    if (counted.length > 0) judgedIterations++;
    unjudgeable += notHere;
    notCounted.push(...checkedOut);
    // From every run of the arms, judged here or not: the lines withheld are the same whichever evals are judged.
    const skillTexts = skillTextsOf(countedOf[index]!);
    // The arms, by the names their folders have: hidden from the judge as campaign's four are, where
    // that is safe — by each eval's own criteria, so a packet is its eval's and run's whichever evals
    // the command judges (the names of every arm run, judged or not).
    const armNames = armRuns.map((l) => l.condition);
    const conditionsOf = new Map<string, ConditionNames>();
    const skillFolders = skillFoldersOf(evalsPath, iteration, cwd);
    const skillNames = [...new Set([evals.skill_name, ...(iteration.campaign ? [iteration.campaign.skill.name] : [])])];
    // Each eval's runs' task as staged, of both arms: the SKILL.md lines it held are not withheld from any of them (task-lines.ts).
    const stagedOf = new Map<string, { dirs: string[]; arms: Set<string>; unrecorded: boolean }>();
    for (const { run, facts } of counted) {
      const staged = stagedOf.get(run.evalId) ?? stagedOf.set(run.evalId, { dirs: [], arms: new Set(), unrecorded: false }).get(run.evalId)!;
      staged.arms.add(run.condition);
      if (facts) staged.dirs.push(join(run.dir, facts.staged_dir));
      else staged.unrecorded = true;
    }
    const heldBy = new Map<string, string[]>();
    for (const { run, facts, conversation, conversationSha256: transcript } of counted) {
      // Each run's packets are rendered, blinded and digested here: ~1 ms a run, seconds on thousands, so Ctrl-C is heard between runs.
      await slices.pause();
      runs++;
      const evalCase = byId.get(run.evalId)!;
      const assertions = llmJudges(evalCase);
      sessionsPerRun.set(run.evalId, assertions.length * input.repeats);
      sessions += assertions.length * input.repeats;
      if (sessions > MAX_PLANNED_SESSIONS) continue;
      const taskDir = facts ? join(run.dir, facts.task_dir) : undefined;
      const stagedDir = facts ? join(run.dir, facts.staged_dir) : undefined;
      const leaveOut = [...(facts?.skill?.staged_at ? [facts.skill.staged_at] : []), ...(facts?.harness_paths ?? [])];
      // A task folder that is a link, gone or not a folder fails the run's llm_judge assertions without a session, as compare fails them.
      const failsBy = judgeFailsRun(taskDir, facts?.empty_dirs);
      const of = { evalId: run.evalId, condition: run.condition, run: run.run };
      const diff = runDiff(run.dir, taskDir, stagedDir, leaveOut, facts?.empty_dirs);
      const inputs = { conversationSha256: transcript, promptsSha256: promptsSha256(evalCase), diffSha256: diffSha256(diff) };
      let conditions = conditionsOf.get(run.evalId);
      const firstOfEval = conditions === undefined;
      if (conditions === undefined) conditionsOf.set(run.evalId, (conditions = conditionNames(armNames, criteriaOf(evalCase))));
      const runBlinder = blinderFor(evals, iteration.campaign, run, taskDir, facts?.work_dir ?? undefined, skillTexts, conditions);
      // A skill's name of one word that the criteria hold as a word (`tests`: "the project's tests
      // pass") is replaced there too, and the judge grades a changed task: said in the plan, as a
      // condition name hidden only in paths is. Each eval's first run's Blinder reads its own criteria.
      if (firstOfEval) {
        for (const { name, why } of conditions.pathOnly) (inPathsOnly.get(name) ?? inPathsOnly.set(name, { why, evalIds: new Set() }).get(name)!).evalIds.add(run.evalId);
        for (const name of criteriaOf(evalCase).flatMap((text) => runBlinder.namesIn(text))) skillNamesInCriteria.add(name);
      }
      let held = heldBy.get(run.evalId);
      if (held === undefined) heldBy.set(run.evalId, (held = linesTheTaskHeld(vouchingStaged(stagedOf.get(run.evalId)), runBlinder)));
      const blinder = runBlinder.allowing(held);
      // The SKILL.md lines this run's diff reads withheld in any of its packets, noted as they are blinded.
      const withheldInChanges = new Set<string>();
      for (const assertion of assertions) {
        // One Blinder for the packet and the task copy its judge reads: the files as its diff shows them.
        const judgeBlinder = packetBlinder(blinder, evalCase, assertion);
        const packet = renderPacket({ evalCase, assertion, conversation, diff, blinder: judgeBlinder, withheldInChanges });
        const sha = packetSha256(packet);
        const criteriaSha256 = judgeCriteriaSha256(assertion.rubric, evalCase.expected_output);
        const model = assertion.model ?? input.model;
        for (let repeat = 1; repeat <= input.repeats; repeat++) {
          const dir = judgmentFolder(run.dir, assertion.id, repeat);
          const shown = (below: string) => shownPath(cwd, join(run.dir, below));
          const read = readRunJudgment(run.dir, assertion.id, repeat, of, shown);
          const earlier = earlierJudgment(read, { runDir: run.dir, assertionId: assertion.id, repeat, criteriaSha256, ...inputs, failsBy }, shown);
          const done = earlier.stands !== undefined;
          // One to make whose folder is locked is left out — under way in its holder, or at a lock no
          // command holds — by the rule compare says it by (whatever record is there).
          const left = done ? undefined : judgmentLeftAtLock(dir);
          const folder = `${shown(`${JUDGE_DIR}/${assertion.id}/${repeat}`)}/`;
          judgments.push({ run, done, ...(left !== undefined && 'underWay' in left ? { underWay: `${folder} ${left.underWay}` } : {}), ...(left !== undefined && 'stuck' in left ? { stuckLock: `${folder} ${left.stuck}` } : {}), ...(earlier.stands !== undefined ? { earlier: earlier.stands } : {}), ...(earlier.unusable !== undefined ? { unusable: earlier.unusable } : {}), ...(earlier.stray !== undefined ? { stray: earlier.stray } : {}), ...(earlier.replaces !== undefined ? { replaces: earlier.replaces } : {}), ...(earlier.carries !== undefined ? { carries: earlier.carries } : {}), evalId: run.evalId, assertionId: assertion.id, repeat, runDir: run.dir, of, dir, root: iterationDir, packet, packetSha256: sha, criteriaSha256, ...inputs, taskDir, ...(facts?.empty_dirs ? { emptyDirs: facts.empty_dirs } : {}), leaveOut, blinder: judgeBlinder, skillFolders, skillNames, model, ...(failsBy !== undefined ? { failsBy } : {}) });
        }
      }
      if (withheldInChanges.size > 0) {
        const inEval = withheldOf.get(run.evalId) ?? withheldOf.set(run.evalId, { evalId: run.evalId, runs: 0, byCondition: [], lines: [] }).get(run.evalId)!;
        inEval.runs++;
        const arm = inEval.byCondition.find(({ condition }) => condition === run.condition) ?? inEval.byCondition[inEval.byCondition.push({ condition: run.condition, runs: 0 }) - 1]!;
        arm.runs++;
        for (const line of withheldInChanges) if (!inEval.lines.includes(line)) inEval.lines.push(line);
      }
    }
  }
  // No run to judge in any iteration, and some no evals.json can be used for: refused with their reasons, as when one is named alone;
  // else each is passed over with a warning, as compare counts none of its runs.
  if (judgedIterations === 0 && noEvalsFor.length > 0) throw new UsageError(noEvalsFor.join('; '));
  picked.push(...noEvalsFor.map((why) => `${why}: none of its runs is judged, as compare counts none of them`));
  if (sessions > MAX_PLANNED_SESSIONS) {
    throw new UsageError(`the plan would take ${sessions} judge sessions (${runs} run${runs === 1 ? '' : 's'} × llm_judge assertions × --repeats ${input.repeats}); judge plans at most ${MAX_PLANNED_SESSIONS}: lower --repeats, or judge fewer evals with --eval (nothing was judged)`);
  }
  const conditionsInPathsOnly = [...inPathsOnly].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, { why, evalIds }]) => ({ name, reason: pathOnlyReason(why, [...evalIds]) }));
  const beside = conditions === undefined ? [] : conditionsBeside(besideRuns, conditions, (p) => shownPath(cwd, p), 'judged', leftOut);
  return { judgments: interleaved(judgments), runs, sessionsPerRun, unjudgeable, notCounted, beside, picked, evalsRemoved, conditionsInPathsOnly, skillNamesInCriteria: [...skillNamesInCriteria], withheldInChanges: [...withheldOf.values()] };
}

/** What `read` returns, with its eval ids, or what it threw: held to be said where the file is used. */
function attemptRead(read: () => EvalsFile): { file: EvalsFile; ids: ReadonlySet<string> } | { error: unknown } {
  try {
    const file = read();
    return { file, ids: new Set(file.evals.map((e) => e.id)) };
  } catch (error) {
    return { error };
  }
}

/**
 * The staged folders whose common lines may be shown (task-lines.ts), or none: only the tasks of
 * both arms vouch for a line — with one arm's runs alone counted (the other's aborted or broken), a
 * line its agents wrote into their own staged/ would be shown to the judge of that arm — and a
 * counted run with no staged task recorded holds no line, as a staged/ that cannot be listed.
 */
function vouchingStaged(staged: { dirs: string[]; arms: Set<string>; unrecorded: boolean } | undefined): string[] {
  return staged === undefined || staged.unrecorded || staged.arms.size < 2 ? [] : staged.dirs;
}

/** The texts a packet gives the judge as its criteria (blinded like the rest): the task, its follow-ups, the expected output, each rubric. */
function criteriaOf(evalCase: EvalCase): string[] {
  return [evalCase.prompt, ...(evalCase.turns ?? []).map((t) => t.prompt), ...(evalCase.expected_output === undefined ? [] : [evalCase.expected_output]), ...llmJudges(evalCase).map((a) => a.rubric)];
}

/**
 * The judgments in the order they are made: repeat k of every run before repeat k + 1 of any;
 * within a repeat, run j of every eval before run j + 1 of any (campaign's rounds); within an
 * eval's run j, each assertion's judgment of one arm beside its twin of the other ({@link pairOf}).
 * Whatever stops a command (a Ctrl-C, a quota running out) or changes while it runs (the judge's
 * load) falls on both arms alike: every run is left with k or k + 1 judgments of an assertion, and
 * the arms at most one judgment apart — never one arm's runs judged k times and the other's once.
 */
function interleaved(judgments: PlannedJudgment[]): PlannedJudgment[] {
  const rank = new Map<string, number>();
  const rankOf = (key: string) => rank.get(key) ?? rank.set(key, rank.size).get(key)!;
  const ranked = judgments.map((judgment, index) => ({ judgment, index, eval: rankOf(JSON.stringify([judgment.root, judgment.evalId])), assertion: rankOf(JSON.stringify([judgment.root, judgment.evalId, judgment.assertionId])) }));
  ranked.sort((a, b) => a.judgment.repeat - b.judgment.repeat || a.judgment.run.run - b.judgment.run.run || a.eval - b.eval || a.assertion - b.assertion || a.index - b.index);
  return ranked.map((r) => r.judgment);
}

/** A judgment's pair: it and its twin of the other arm (the same iteration, eval, run number, assertion and repeat), one unit of a shard. */
export function pairOf(j: PlannedJudgment): string {
  return JSON.stringify([j.root, j.evalId, j.run.run, j.assertionId, j.repeat]);
}

/**
 * The judgments a command makes (its shard's share, less those made already) with the arm that goes
 * first in turn from pair to pair ({@link pairOf}: adjacent in the plan's order), counted over these
 * alone, as campaign turns the arms over a shard's own pairs: a stop inside a pair falls on either
 * arm alike.
 */
export function armsInTurn(judgments: readonly PlannedJudgment[]): PlannedJudgment[] {
  const turned: PlannedJudgment[] = [];
  let pairs = 0;
  for (let i = 0; i < judgments.length; pairs++) {
    const [first, next] = [judgments[i]!, judgments[i + 1]];
    if (next !== undefined && pairOf(next) === pairOf(first)) {
      turned.push(...(pairs % 2 === 0 ? [first, next] : [next, first]));
      i += 2;
    } else {
      turned.push(first);
      i++;
    }
  }
  return turned;
}

/** The eval's llm_judge assertions, in evals.json order. */
function llmJudges(evalCase: EvalCase): LlmJudgeAssertion[] {
  const assertions = (evalCase.assertions as Array<{ type: string }> | undefined) ?? [];
  return assertions.filter((a): a is LlmJudgeAssertion => a.type === 'llm_judge');
}

/**
 * The plan's lines for the runs of an iteration with nothing to judge that the counting rule passed
 * over (aborted, a copy, beyond the plan), as for any iteration: those of evals with llm_judge
 * assertions — by the evals.json the lookup finds for those that left a conversation.json, when one can be used (else none is said:
 * which would be judged cannot be told).
 */
async function passedOverUnjudged(iteration: Iteration, runs: readonly RunLocation[], why: ReadonlyMap<RunLocation, string>, cwd: string, config: ResolvedConfig): Promise<string[]> {
  const withText = runs.filter((l) => l.hasConversation);
  const lookedUp = await checkLookingUp(iteration, withText.map(conversationOf), cwd, config);
  if (lookedUp === undefined || !('path' in lookedUp.evals)) return [];
  let evals: EvalsFile;
  try {
    evals = readRunnableEvals(lookedUp.evals.path, shownPath(cwd, lookedUp.evals.path), cwd);
  } catch {
    return [];
  }
  const judged = new Set(evals.evals.filter((e) => llmJudges(e).length > 0).map((e) => e.id));
  return runs.filter((l) => judged.has(l.evalId)).map((l) => `${shownPath(cwd, l.dir)}: ${why.get(l)!}`);
}

/** A run's conversation.json as check names it given the folder the user typed (through a linked workspace, `$PWD/…`), as compare searches them: the config's ignore globs hold it by that path. */
function conversationOf(location: RunLocation): string {
  return typedPathOf(location.iteration, join(location.dir, CONVERSATION_FILE));
}

interface CountedRun {
  run: RunFolder;
  facts: RunRecord | undefined;
  conversation: Conversation;
  /** Its text's digest, recorded in each judgment ({@link conversationSha256}). */
  conversationSha256: string;
}

/**
 * The runs to judge: those of `before` (the runs of the arms compare counts before check,
 * workspace/counted.ts: the plan's finished runs, never an aborted one or a copy, of the evals
 * judged) whose conversation.json passes `check` — given the evals.json `checkedBy` names, or
 * its error counts by absolute path (the check that looked one up, {@link checkLookingUp}). Also how many counted runs are in
 * the reference tool's layout (`<condition>/conversation.json`, no run-<j> folder): compare counts
 * those, but a judgment is kept in its run's folder, which they have none of, so they are said in
 * the plan, not judged. And why each run check leaves out is passed over, one line each, for the plan to say.
 */
async function countedRuns(before: readonly CountedBeforeCheck[], checkedBy: string | ReadonlyMap<string, number>, cwd: string, config: ResolvedConfig): Promise<{ counted: CountedRun[]; unjudgeable: number; notCounted: string[] }> {
  const notCounted: string[] = [];
  const withFacts = before.map(({ location, record }) => ({ location, facts: record }));
  const files = withFacts.map(({ location }) => conversationOf(location));
  if (files.length === 0) return { counted: [], unjudgeable: 0, notCounted };
  // Named as judge's flags: runJudge is reached only through its command (it says --evals above too).
  const errors = typeof checkedBy !== 'string' ? checkedBy : new Map((await checkNaming(files, { cwd, evals: checkedBy, allowEmpty: true, keepArtifacts: false, config }, CHECK_OPTION_NAMING.flags)).results.map((r) => [resolve(cwd, r.filePath), r.errorCount]));
  const counted: CountedRun[] = [];
  let unjudgeable = 0;
  for (const { location, facts } of withFacts) {
    const file = join(location.dir, CONVERSATION_FILE);
    // As compare leaves it out, in its words: not reached (an ignore pattern), or errors (eval-magic check names them).
    const checkedOut = checkedOutReason(errors.get(resolve(cwd, conversationOf(location))));
    if (checkedOut !== null) {
      notCounted.push(`${shownPath(cwd, location.dir)}: ${checkedOut}`);
      continue;
    }
    if (location.run === undefined) {
      unjudgeable++;
      continue;
    }
    const run: RunFolder = { iterationDir: location.iteration.dir, evalId: location.evalId, condition: location.condition, run: location.run, dir: location.dir };
    const read = readRegularText(file, 'a conversation.json', { noFollow: true });
    if (read.ok) counted.push({ run, facts, conversation: JSON.parse(read.text) as Conversation, conversationSha256: conversationSha256(read.text) });
    else notCounted.push(`${shownPath(cwd, file)}: ${read.message}`);
  }
  return { counted, unjudgeable, notCounted };
}

/**
 * The SKILL.md texts staged in the iteration's runs (the skill's and a baseline's): withheld from
 * every packet, whichever arm. Read from the task each run left, so from the first run of each arm
 * whose staged skill is still as staged (its tree digest is run.json's `skill.sha256`): an agent
 * that removed it (`git clean -xdf`) or rewrote it must not leave the other runs' quotes of it
 * unwithheld. Only when no run kept it so, the first SKILL.md that can be read. `runs` are every
 * run of the arms, of every eval: an eval whose every agent cleaned its folder, judged alone
 * (`--eval`), has its lines withheld as when judged with the others.
 */
function skillTextsOf(runs: readonly CountedBeforeCheck[]): string[] {
  const intact = new Map<string, string>();
  const changed = new Map<string, string>();
  for (const { location, record } of runs) {
    if (!record?.skill?.staged_at || intact.has(location.condition)) continue;
    const staged = join(location.dir, record.task_dir, record.skill.staged_at);
    const read = readRegularText(join(staged, 'SKILL.md'), 'a SKILL.md', { noFollow: true });
    if (!read.ok) continue;
    if (stagedAsItWas(staged, record.skill.sha256)) intact.set(location.condition, read.text);
    else if (!changed.has(location.condition)) changed.set(location.condition, read.text);
  }
  for (const [condition, text] of changed) if (!intact.has(condition)) intact.set(condition, text);
  return [...new Set(intact.values())];
}

/** Whether the skill folder a run's task holds is the tree campaign staged there (`sha256`: run.json's `skill.sha256`). */
function stagedAsItWas(dir: string, sha256: string): boolean {
  try {
    return treeDigest(dir, listTree(dir, 'the staged skill')) === sha256;
  } catch {
    return false;
  }
}

/**
 * The run's Blinder. The task folder is `.` under both its names: the one in the workspace, and
 * the neutral folder the agent worked in (run.json `work_dir`), which its tools' absolute paths
 * name — gone since, so a judge looking there would find nothing; `.` is its own copy. The
 * workspace and the session's folders around the work folder, which an agent's output shows (a
 * mount table, its CLI's store), have neutral names too.
 */
function blinderFor(evals: EvalsFile, campaign: CampaignRecord | undefined, run: RunFolder, taskDir: string | undefined, workDir: string | undefined, skillTexts: readonly string[], conditions: ConditionNames): Blinder {
  const both = (p: string) => [p, realpathOr(p)];
  const workspace = workspaceOf(run.iterationDir);
  const around = workDir === undefined ? undefined : sessionFoldersOf(workDir);
  return new Blinder({
    skillName: evals.skill_name,
    // The name campaign staged the skill under, which the agents saw: an evals.json renamed since does not change it.
    stagedSkillNames: campaign === undefined ? [] : [campaign.skill.name],
    taskDirs: [...(taskDir === undefined ? [] : both(taskDir)), ...(workDir === undefined || taskDir === undefined ? [] : [workDir])],
    runDirs: [...both(run.dir), ...both(run.iterationDir)],
    workspaceDirs: workspace === undefined ? [] : both(workspace),
    sessionDirs: around === undefined ? [] : [around.session],
    sessionsDirs: around?.sessions === undefined ? [] : [around.sessions],
    skillTexts,
    conditions,
  });
}

function realpathOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** {@link evalRemovedWords} of each eval `runs` are of, in the order first met: runs no evals.json entry grades. */
function removedEvals(runs: readonly RunLocation[]): string[] {
  const byEval = new Map<string, number>();
  for (const l of runs) byEval.set(l.evalId, (byEval.get(l.evalId) ?? 0) + 1);
  return [...byEval].map(([id, n]) => evalRemovedWords(id, n, 'not judged, as compare leaves them out of its numbers (eval-removed)'));
}
