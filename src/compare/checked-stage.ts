// Stage 2 of compare, checked, graded and measured: every artifact through the checker, and each
// counted run graded with the value the check parsed — in threads on a large iteration
// (grading-threads.ts), on the main thread otherwise; run-stage.ts is the one path a run takes.
import { dirname, join, resolve } from 'node:path';
import { ArtifactChecker, discoverInChunks, chooseThreadCount, type ConfigIgnore, type Concurrency, type ConfigHold, type DiscoveredArtifact, type IgnoreMatcher } from '../checker/index.js';
import { resolveRuleSeverities } from '../checker/rule-config.js';
import { linkRoots } from '../checker/link-boundary.js';
import { summarize } from '../checker/result.js';
import { configIgnore, holdFilesToConfig, type NamedPathsConfig, type ResolvedConfig } from '../config.js';
import { shownPath } from '../fs/shown-path.js';
import type { CheckReport, Conversation, FileResult } from '../types.js';
import { CONVERSATION_FILE } from '../workspace/layout.js';
import { namedFoldersOf, namedPathOf, runIgnored, typedPathOf, type Iteration, type RunLocation } from '../workspace/locate.js';
import type { EvalsSource, LookedUp } from './evals-source.js';
import type { GradingThreadInit } from './grading-messages.js';
import { judgeCommandsOf } from './graders/llm-judge.js';
import { GradingThreads } from './grading-threads.js';
import type { LocatedRuns, RunOutcome } from './outcome.js';
import { checkAndGradeRun, gradeCheckedRun, HeldWrites, settleRun, type GradeOptions, type RunChecked, type RunGraded, type RunSettled } from './run-stage.js';
import type { CompareOptionNames } from './options.js';
import { skillFoldersOf, workspaceFolders } from '../workspace/hidden-folders.js';

/** What stage 2 takes of compare's options (CompareOptions has them all). */
export interface CheckStageOptions {
  evals?: string;
  writeGrading?: boolean;
  commandTimeoutMs?: number;
  config?: string | false;
  /** The arms the user named (--treatment, --control): the judge command a message names takes them too. */
  treatment?: string;
  control?: string;
  keepArtifacts?: boolean;
  concurrency?: Concurrency;
  signal?: AbortSignal;
}

/** Grading threads booted ahead, while the runs are located, when the iterations' campaign.json files plan enough runs to need them. */
export function bootThreads(concurrency: Concurrency | undefined, iterations: readonly Iteration[]): GradingThreads<RunOutcome | undefined> | undefined {
  const planned = iterations.reduce((sum, i) => sum + (i.campaign ? Object.values(i.campaign.runs).reduce((a, b) => a + b, 0) * i.campaign.conditions.length : 0), 0);
  const count = chooseThreadCount(concurrency, planned);
  return count > 1 ? new GradingThreads(count) : undefined;
}

/** The threads for the runs located (those booted ahead, started now, or none: then stage 2 runs on the main thread). */
export function threadsFor(concurrency: Concurrency | undefined, located: LocatedRuns, booted: GradingThreads<RunOutcome | undefined> | undefined): GradingThreads<RunOutcome | undefined> | undefined {
  const wanted = chooseThreadCount(concurrency, located.outcomes.filter((o) => o.location.hasConversation).length);
  if (wanted <= 1) return booted?.stop();
  return booted ?? new GradingThreads(wanted);
}

/** What stage 2 checks and grades by: the config applied as `check` applies it, and what each thread is told. */
export interface CheckStageSetup {
  /** The config's ignore globs, from its own folder: a run whose conversation they leave out is not checked. */
  configIgnore: ConfigIgnore | undefined;
  /** Each file checked held to the config, as check holds them ({@link holdFilesToConfig}): undefined for one named. */
  holdToConfig: ConfigHold | undefined;
  check: GradingThreadInit['check'];
  grade: GradeOptions;
  init: GradingThreadInit;
}

/** compare's config, looked up from the paths named and the iterations under them, as check looks up from the paths it is given: the same verdict from any working folder (read once, before the search). */
export function comparisonConfig(iterations: readonly Iteration[], namedPaths: NamedPathsConfig): ResolvedConfig {
  return namedPaths.forIterations(iterations.flatMap(namedFoldersOf));
}

/**
 * Stage 2's setup, from the iterations and their config ({@link comparisonConfig}) alone: worked
 * out before the runs are located, so that booted threads index evals.json meanwhile.
 */
export function checkStageSetup(iterations: Iteration[], evalsSource: EvalsSource, config: ResolvedConfig, ignoredByCheck: IgnoreMatcher | undefined, options: CheckStageOptions, names: CompareOptionNames, cwd: string, paths: readonly string[]): CheckStageSetup {
  const check = { severities: resolveRuleSeverities(config.config.rules), keepArtifacts: options.keepArtifacts };
  // Each iteration by its real path and as named (a linked .eval-magic is a workspace by its name).
  const workspaces = [...new Set(iterations.flatMap((i) => [i.dir, ...(i.named !== undefined ? [i.named] : [])]).flatMap(workspaceFolders))];
  // And every compared skill's own folders, whichever run's command runs (one skill's run could rewrite another's setup files).
  const skills = [...new Set(iterations.flatMap((i) => {
    const evals = evalsSource.forIteration(i);
    return evals === undefined ? [] : skillFoldersOf(evals, i, cwd);
  }))];
  const ignore = configIgnore(config);
  const grade: GradeOptions = { writeGrading: options.writeGrading !== false, writes: new HeldWrites(), commandTimeoutMs: options.commandTimeoutMs, names, severities: check.severities, linkRoots: linkRoots(paths, cwd), judgeCommand: comparisonJudgeCommands(iterations, evalsSource, cwd, options, ignore, ignoredByCheck), commandsHide: { workspaces, cwd, skills }, ...(ignoredByCheck ? { ignoredByCheck } : {}), ...(options.signal ? { signal: options.signal } : {}) };
  const init: GradingThreadInit = { cwd, iterations, evals: options.evals, config: options.config, treatment: options.treatment, control: options.control, validated: evalsSource.validatedDigests(), check, writeGrading: grade.writeGrading, commandTimeoutMs: grade.commandTimeoutMs, names, linkRoots: grade.linkRoots, configIgnore: ignore };
  return { configIgnore: init.configIgnore, holdToConfig: holdFilesToConfig(cwd, names.config, config), check, grade, init };
}

/**
 * Every run's conversation.json held to the config (as check holds each file it finds), before the
 * first run is graded and its grading.json written — but for the runs the config's ignore globs
 * leave out: check holds only the files it checks.
 */
export function assertRunsUnderConfig(located: LocatedRuns, setup: CheckStageSetup): void {
  const held = setup.holdToConfig;
  if (held === undefined) return;
  // The iteration folders were held to the config already (comparisonConfig): a run's own lookup
  // can find another only through a folder below its iteration that holds a config file or a
  // .git, which the listings show (as the walk by name holds files, discover.ts ConfigHold).
  const boundaries = new Set([held.fileName, '.git']);
  const mayFindAnother = ({ iteration, dir }: RunLocation) => {
    for (let folder = dir; folder.length > iteration.dir.length; folder = dirname(folder)) {
      const listed = located.listings.get(folder);
      if (listed === undefined || listed.some((e) => boundaries.has(e.name))) return true;
    }
    return false;
  };
  for (const { location } of located.outcomes) {
    if (location.hasConversation && !runIgnored(location, setup.grade.ignoredByCheck) && mayFindAnother(location)) held.hold(namedPathOf(location.iteration, join(location.dir, CONVERSATION_FILE)));
  }
  held.settle();
}

/**
 * Stage 2, checked, graded and measured: the checker's verdict on every artifact (its config
 * applied, as `check` does; a file with errors is out of the numbers), and as each counted run's
 * file is checked, its grading and metrics — so each file is read and parsed once. On a large
 * iteration this is done in threads (grading-threads.ts); the runs whose assertions run commands
 * are graded on the main thread, one at a time. `done` is told of each located run as nothing of
 * it changes any more (checked, and graded if it counts): compare tabulates its eval meanwhile.
 */
export async function checkAndGrade(located: LocatedRuns, evalsSource: EvalsSource, setup: CheckStageSetup, options: Pick<CheckStageOptions, 'signal'>, cwd: string, threads: GradingThreads<RunOutcome | undefined> | undefined, done: (outcome: RunOutcome) => void = () => {}): Promise<CheckReport> {
  const shown = (path: string) => shownPath(cwd, path);
  const { check, grade } = setup;
  const pending = new Map(located.outcomes.filter((o) => o.location.hasConversation).map((o) => [join(o.location.dir, CONVERSATION_FILE), o]));
  const results: FileResult[] = [];
  const take = (outcome: RunOutcome | undefined, checked: RunChecked) => {
    results.push(checked.result);
    if (outcome === undefined) return undefined;
    const settled = settleOutcome(outcome, checked.result.errorCount, checked.lookedUp, evalsSource);
    outcome.questionsChanged = checked.questionsChanged;
    if (checked.graded) countOutcome(outcome, checked.graded);
    if (checked.gradeOnMain === undefined) done(outcome);
    return settled;
  };

  // Each iteration searched as `check` searches the folder as typed (shown as compare shows it), each artifact with the run it is (if any).
  const found = async function* () {
    for (const [index, iteration] of located.iterations.entries()) {
      for await (const chunk of discoverInChunks([shown(namedPathOf(iteration, iteration.dir))], { cwd, pattern: `**/${CONVERSATION_FILE}`, configIgnore: setup.configIgnore, typedPaths: [typedPathOf(iteration, iteration.dir)], listed: located.listings, ...(setup.holdToConfig !== undefined ? { heldToConfig: refusingAtOnce(setup.holdToConfig) } : {}) })) {
        yield chunk.map((artifact) => ({ artifact, index, outcome: claim(pending, artifact) }));
      }
    }
  };

  if (threads === undefined) {
    const checkers = located.iterations.map((iteration) => new ArtifactChecker({ cwd, evals: evalsSource.forChecker(iteration), reads: evalsSource.reads, names: grade.names, ...check }));
    for await (const chunk of found()) {
      for (const { artifact, index, outcome } of chunk) {
        options.signal?.throwIfAborted();
        take(outcome, await checkAndGradeRun(checkers[index]!, artifact, outcome, evalsSource, grade, () => true));
      }
      // A turn of the event loop a chunk: the checks alone never give one, so Ctrl-C was heard only at the end.
      await new Promise((resolve) => setImmediate(resolve));
    }
    options.signal?.throwIfAborted();
    grade.writes.release();
  } else {
    // Graded here, one run at a time and in the order they come back: their commands never run at once.
    let onMain = Promise.resolve();
    threads.prepare(setup.init);
    threads.start((outcome, checked) => {
      const settled = take(outcome, checked);
      const text = checked.gradeOnMain;
      if (outcome === undefined || settled === undefined || text === undefined) return;
      onMain = onMain.then(async () => {
        options.signal?.throwIfAborted();
        countOutcome(outcome, await gradeCheckedRun(outcome, settled as Parameters<typeof gradeCheckedRun>[1], text, JSON.parse(text) as Conversation, evalsSource, grade));
        done(outcome);
      }).catch((error: unknown) => threads.fail(error));
    });
    const abort = () => threads.fail(options.signal!.reason);
    options.signal?.addEventListener('abort', abort, { once: true });
    try {
      options.signal?.throwIfAborted();
      for await (const chunk of found()) {
        threads.add(chunk.map(({ artifact, index, outcome }) => {
          const task = outcome && { location: withoutIteration(outcome.location), record: outcome.record, excluded: outcome.excluded };
          return { job: { artifact, iteration: index, ...(task && { task }) }, handle: outcome };
        }));
        // The walk never waits on the event loop: without a turn of it here, no thread's answer is
        // taken, so none gets its next batch, and each idled once through its first few until the walk ended.
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Every file met, none refused: the grading.json files held are written (here and in each thread).
      grade.writes.release();
      threads.release();
      await threads.finish();
      await onMain;
      await threads.finish();
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
  }
  // Runs that left no conversation.json, or whose file the checker did not reach (an ignore glob).
  for (const outcome of located.outcomes) {
    if (!outcome.location.hasConversation || pending.has(join(outcome.location.dir, CONVERSATION_FILE))) {
      settleOutcome(outcome, undefined, {}, evalsSource);
      done(outcome);
    }
  }
  return summarize(results);
}

/**
 * `hold` refusing at the file, before the walk hands its chunk on: a conversation.json that is no
 * run, under a config below the iteration, is found by the walk alone (assertRunsUnderConfig held
 * the runs). The runs of the chunks before it were graded for nothing, but none's grading.json
 * was written: writes wait for the walk's end (HeldWrites).
 */
function refusingAtOnce(held: ConfigHold): ConfigHold {
  return {
    ...held,
    hold: (...file) => {
      const elsewhere = held.hold(...file);
      held.settle();
      return elsewhere;
    },
  };
}

/** A location as it crosses to a thread: the thread has the iterations already. */
function withoutIteration({ iteration: _iteration, ...where }: RunLocation): Omit<RunLocation, 'iteration'> {
  return where;
}

/** The located run whose conversation.json `artifact` is, taken off `pending` (undefined: no run owns it). */
function claim(pending: Map<string, RunOutcome>, artifact: DiscoveredArtifact): RunOutcome | undefined {
  const path = resolve(artifact.absolutePath);
  const outcome = pending.get(path);
  if (outcome !== undefined) pending.delete(path);
  return outcome;
}

/** Records on the outcome how its check came out: its eval, its skill, and whether it counts. */
function settleOutcome(outcome: RunOutcome, errors: number | undefined, lookedUp: LookedUp, evalsSource: EvalsSource): RunSettled {
  const settled = settleRun(outcome, errors, lookedUp, evalsSource);
  outcome.evalCase = settled.evalCase;
  outcome.skill = settled.skill;
  outcome.evalGone = settled.evalGone;
  outcome.excluded = outcome.entry.excluded = settled.excluded;
  return settled;
}

function countOutcome(outcome: RunOutcome, { grading, metrics, judges, refused, judgeFailures, plainReasons, conversationEdited, lineEndingsConverted, judgeCommand }: RunGraded): void {
  outcome.counted = { condition: outcome.location.condition, grading, metrics, judges, plainReasons };
  outcome.refusedJudgments = refused;
  outcome.judgeFailures = judgeFailures;
  outcome.conversationEdited = conversationEdited;
  outcome.lineEndingsConverted = lineEndingsConverted;
  outcome.judgeCommand = judgeCommand;
  Object.assign(outcome.entry, { passed: grading.summary.passed, failed: grading.summary.failed, ungraded: grading.ungraded.length, skill_invoked: metrics.skill_invoked });
}

/** The judge command of a run of the comparison (graders/llm-judge.ts), each agent CLI's worked out once. */
function comparisonJudgeCommands(iterations: readonly Iteration[], evalsSource: EvalsSource, cwd: string, options: Pick<CheckStageOptions, 'evals' | 'config' | 'treatment' | 'control'>, configIgnore: ConfigIgnore | undefined, ignored: IgnoreMatcher | undefined): GradeOptions['judgeCommand'] {
  const named = { evals: options.evals, config: options.config, treatment: options.treatment, control: options.control };
  const own = (iteration: Iteration) => evalsSource.forIteration(iteration) !== undefined;
  return judgeCommandsOf(cwd, iterations, { options: named, own, configIgnore, ignored });
}
