// compare's pipeline: check every artifact, grade every clean run, measure its behaviour, and
// compare the two conditions of the iteration with honest statistics. Its library door is
// compareIterations (index.ts), which names the options as the library spells them.
import { existsSync, lstatSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Concurrency } from '../checker/index.js';
import { namedPathsConfig } from '../config.js';
import { UsageError } from '../errors.js';
import { shownPath } from '../fs/shown-path.js';
import type { CheckReport } from '../types.js';
import { toolVersion } from '../version.js';
import { beyondPlan, failedCheck, notCountedReason, ofAnotherPlan, plannedRuns, readRunRecordOf, RunsOnce } from '../workspace/counted.js';
import { CONVERSATION_FILE, evalFolder, GIT_ATTRIBUTES_FILE, RUN_RECORD_FILE } from '../workspace/layout.js';
import { inConditionsKept, namedPathOf, runIgnored, runsIn, typedPathOf, type FolderListings, type Iteration, type RunLocation, type SearchConfig } from '../workspace/locate.js';
import { TimeSlices } from '../process/time-slices.js';
import type { ArmNames } from '../workspace/arms.js';
import { armsOfIterations, leftOutByConfig, type LeftOutByConfig } from '../workspace/iteration-arms.js';
import type { EvalIdsOf } from '../workspace/evals-path.js';
import { failedByBrokenFolder, type RunRecord } from '../workspace/run-record.js';
import { changedRunsByIteration, EvalsSource, evalsChanges, type EvalsChange } from './evals-source.js';
import { conditionsBeside } from '../workspace/conditions-beside.js';
import { evalNamer } from './eval-name.js';
import { assertSameStaging, iterationsNamed, skillFolderOf } from '../workspace/experiment.js';
import type { GradingDocument } from './graders/index.js';
import { EvalsAsGraded, groupByEval, type EvalGroup, type EvalNumbers } from './eval-groups.js';
import { namedFilesFlags, voteTallies } from './graders/llm-judge.js';
import { assertRunsUnderConfig, bootThreads, checkAndGrade, checkStageSetup, comparisonConfig, threadsFor } from './checked-stage.js';
import { assertGradingWritable, removeLeftGradingTemps } from './run-stage.js';
import type { LocatedRuns, RunOutcome } from './outcome.js';
import { experimentsOf, type Experiment } from '../workspace/shards.js';
import { armUsage } from './usage.js';
import type { ArmCount, ComparisonDocument, EvalComparison, RunEntry } from './model.js';
import { assertCompareOptions, type CompareOptionNames } from './options.js';
import { applyHolm, armCount, armsUncounted, compareOverall, reportedGrading, reportedReasons } from './tabulate.js';
import { validityProblems, type IterationPlan, type RunFacts } from './validity.js';
import { heldOutFiles } from '../evals/held-out.js';
import { commandsUnhidden } from './graders/command-check.js';

/** The commands-unhidden warning: what the code a command_check runs could reach, as judge and campaign say their own, and the /tmp every cell shared. */
function commandsUnhiddenMessage(reason: string): string {
  return `The command_check commands ran with the workspace and the skill's folders in reach (${reason}): code the agent left in its task folder, which a command runs (a run-tests.sh, npm test), could read or change other runs' folders, conversations and the skill's evals during this compare, and so the verdicts. Every cell shared this machine's /tmp and $TMPDIR too: what one run's command left there (a test database at a fixed path, a lock, a cache) the cells graded after it found, so a verdict can depend on the order the runs were graded in. Compare only runs whose code you trust here, or on a Linux system that allows user namespaces`;
}

/** Options of {@link compareIterations}. */
export interface CompareOptions {
  /** Base of relative paths, and of paths as shown. Default: process.cwd(). */
  cwd?: string;
  /** The evals.json every run is graded by; default: campaign.json's, else each artifact's as `check` finds it. */
  evals?: string;
  /** Significance level for verdicts after Holm; default 0.05. */
  alpha?: number;
  /** Write grading.json beside each graded conversation.json (default true). */
  writeGrading?: boolean;
  /** Time limit of each command_check cell, in ms (default 300,000). */
  commandTimeoutMs?: number;
  /** The config file, as `check --config` (default: eval-magic.config.json looked up from the iteration folders, as check looks up from its paths; false: none). */
  config?: string | false;
  /** Keep each checked artifact's text in `report` (the html format shows the transcripts). */
  keepArtifacts?: boolean;
  /** Threads that check and grade, as `check`'s `concurrency` (default `auto`: more only for thousands of runs). Results are the same either way. */
  concurrency?: Concurrency;
  /** eval-magic's version, written into the document (default: this package's, as the command writes). */
  toolVersion?: string;
  /** The condition folder that is the treatment (`--treatment`), when no campaign.json names the arms; the control, unnamed, is the only other folder. */
  treatment?: string;
  /** The condition folder that is the control (`--control`), when no campaign.json names the arms; the treatment, unnamed, is the only other folder. */
  control?: string;
  /** Aborted (Ctrl-C): the running command_check's process group is killed, its scratch folder removed, and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Aborted after `signal` (a second Ctrl-C): a grading thread still busy in a run is terminated at once rather than waited for (the grading.json temp file it was writing removed). */
  killSignal?: AbortSignal;
}

/** The outcome of a comparison: the document every format renders. */
export interface CompareResult {
  document: ComparisonDocument;
  /** The check of every artifact compared (texts kept with `keepArtifacts`), for the html report. */
  report: CheckReport;
  /** What else it read, as shown: the config, each evals file the runs were graded by, and the setup files and folders their command_checks copy in (no report may replace one). */
  inputs: string[];
  /** Each run's grading (counted runs; its ungraded reasons in the report's words, not grading.json's) and run.json, by its conversation.json as shown: the html page marks each run's column with them. */
  runRecords: ReadonlyMap<string, { grading?: GradingDocument; run?: RunRecord }>;
}

/**
 * {@link compareIterations}, its messages naming the options by `names` (the CLI passes its flags).
 *
 * The pipeline, one {@link RunOutcome} per run: located (the workspace's folders and records,
 * and whether the run counts) → checked (the checker's verdict on its artifact) → graded and
 * measured (each counted run, as its file is checked; checked-stage.ts) → counted (each eval's
 * own numbers, as its last run is done: eval-groups.ts) → tabulated (Holm, the overall test, validity).
 */
export async function compareNaming(paths: readonly string[], options: CompareOptions, names: CompareOptionNames): Promise<CompareResult> {
  assertCompareOptions(paths, options as Record<string, unknown>);
  // Aborted already: nothing is read.
  options.signal?.throwIfAborted();
  const cwd = options.cwd ?? process.cwd();
  const alpha = options.alpha ?? 0.05;
  if (paths.length === 0) throw new UsageError('Name at least one iteration folder or workspace to compare.');
  const shown = (path: string) => shownPath(cwd, path);

  const named: ArmNames = { treatment: options.treatment, control: options.control };
  const namedPaths = await namedPathsConfig(cwd, options.config, names.config, paths);
  // Until the threads get work, the main thread lists folders and reads records: a signal is heard between them, every few ms.
  const slices = new TimeSlices(options.signal);
  const found = await findTheIterations(paths, cwd, named, namedPaths, slices);
  // Threads boot while the runs are located, when the plans promise enough runs to need them, and
  // index evals.json meanwhile. What they are told comes from the iterations alone; a problem with
  // it is said after the located stage's own, in the order the stages run.
  let threads = bootThreads(options.concurrency, found.iterations);
  let located: LocatedRuns, evalsSource: EvalsSource, report: CheckReport, ignoreGlobs: boolean, asGraded: EvalsAsGraded, configFile: string | undefined;
  try {
    const early = attempt(() => new EvalsSource(found.iterations, options.evals, cwd, names.evals));
    const config = attempt(() => comparisonConfig(found.iterations, namedPaths));
    // The config's ignore globs as check matches them (the search's): a run they leave out is not counted, nor held to the others (below).
    const ignoredByCheck = 'value' in config ? namedPaths.ignored : undefined;
    const setup = 'value' in early && 'value' in config ? attempt(() => checkStageSetup(found.iterations, early.value, config.value, ignoredByCheck, options, names, cwd, paths)) : undefined;
    if (setup !== undefined && 'value' in setup) threads?.prepare(setup.value.init);
    // A condition folder whose every run the globs leave out is no condition, as check passes over it.
    // An eval the evals.json named no longer holds is left out (settleRun): it pools nothing.
    // Read all or none: one that cannot be read is the error of every iteration's (the first unreadable, as judge names it).
    const evalIdsOf = 'value' in early ? (iteration: Iteration) => early.value.evalIdsNamed(iteration) : () => { throw early.error; };
    located = await locateRuns(found, paths, cwd, named, names, 'value' in config ? leftOutByConfig(ignoredByCheck, config.value.path, shown) : undefined, evalIdsOf, slices);
    // One experiment, by the runs the config keeps. A config that cannot be read leaves that unknown: its error is said below.
    if ('value' in config) assertSameStaging(located.outcomes.filter((o) => o.excluded === null), shown, ignoredByCheck);
    evalsSource = settle(early);
    configFile = settle(config).path;
    const stageSetup = settle(setup!);
    await slices.pause();
    ignoreGlobs = stageSetup.configIgnore !== undefined;
    // Every grading.json or none: a run folder that cannot take one is refused before the first is written.
    if (stageSetup.grade.writeGrading) assertGradingWritable(located.outcomes, shown, names, located.listings);
    await slices.pause();
    assertRunsUnderConfig(located, stageSetup);
    threads = threadsFor(options.concurrency, located, threads);
    asGraded = new EvalsAsGraded(located.outcomes, located.conditions);
    report = await checkAndGrade(located, evalsSource, stageSetup, options, cwd, threads, (outcome) => asGraded.done(outcome));
    if (stageSetup.grade.writeGrading) removeLeftGradingTemps(located.outcomes.filter((o) => o.counted !== undefined), located.listings);
  } finally {
    await threads?.close(options.killSignal);
  }
  const groups = groupByEval(located.outcomes, located.conditions);
  assertSomethingCompared(groups, located.conditions, paths);
  // Said where a command ran: the agent's code it may run had the workspace in reach. A command_check
  // failed by the broken-folder rule ran nothing.
  const ranCommands = groups.some((g) => g.counted.some((r) => r.grading.assertion_results.some((a) => a.grader === 'command_check' && !failedByBrokenFolder(a.evidence))));
  const unhidden = ranCommands ? await commandsUnhidden() : undefined;
  // A file as the advice gives it to check, so that check finds what compare's did: under ignore
  // globs, as compare's check matched it (from the folder as typed: a glob relative to the working
  // folder leaves out nothing of an absolute path); else as compare's check named it — through a
  // linked workspace by the link's name, where the lookup finds compare's config (by the real path, another's).
  const checkedAs = ({ location }: RunOutcome) => {
    const file = join(location.dir, CONVERSATION_FILE);
    return ignoreGlobs && location.iteration.typed !== undefined ? typedPathOf(location.iteration, file) : shown(namedPathOf(location.iteration, file));
  };
  // The iterations' folders are shown once per run, eval and message: each worked out once.
  const shownOnce = new Map<string, string>();
  const shownFolder = (path: string) => shownOnce.get(path) ?? (shownOnce.set(path, shown(path)), shownOnce.get(path)!);
  const document = tabulate(groups, located, { numbers: (group) => asGraded.of(group), alpha, toolVersion: options.toolVersion ?? toolVersion, shown: shownFolder, checkedAs, checkFlags: namedFilesFlags(cwd, options), evalsChanged: evalsChanges(located.iterations, evalsSource, changedRunsByIteration(located.outcomes)), ...(unhidden !== undefined ? { unhidden } : {}) });
  // The config too, found by looking up as much as named: a report written over it would lose it.
  const inputs = [...(configFile !== undefined ? [shown(configFile)] : []), ...evalsSource.loaded().flatMap(({ path, file, dir }) => [
    shown(path),
    ...heldOutFiles(file).map((f) => shown(join(dir, f))),
  ])];
  // The html page shows each run's grading with the report's words: paths named from where compare was started.
  const runRecords = new Map(located.outcomes.map((o) => [o.entry.path, { grading: o.counted === undefined ? undefined : reportedGrading(o.counted), run: o.record }]));
  return { document, report, inputs: [...new Set(inputs)], runRecords };
}

/** The iterations under `paths`, each once, of one experiment (a newer one passed over is said in `skipped`). */
function findTheIterations(paths: readonly string[], cwd: string, named: ArmNames, config: SearchConfig, slices: TimeSlices): Promise<Pick<LocatedRuns, 'iterations' | 'skipped'>> {
  return slices.run(iterationsNamed(paths, cwd, named, (path) => shownPath(cwd, path), 'compared', config));
}

/** Stage 1, located: the iterations, their two conditions, and each run with whether the plan counts it (held to one experiment after: assertSameStaging). Paused by `slices` between folders and records. */
async function locateRuns({ iterations, skipped }: Pick<LocatedRuns, 'iterations' | 'skipped'>, paths: readonly string[], cwd: string, named: ArmNames, names: CompareOptionNames, leftOut: LeftOutByConfig | undefined, evalIdsOf: EvalIdsOf | undefined, slices: TimeSlices): Promise<LocatedRuns> {
  const shown = (path: string) => shownPath(cwd, path);
  // Every folder listed once: the check's walk (checked-stage.ts) takes these listings.
  const listings: FolderListings = new Map();
  const byIteration: RunLocation[][] = [];
  for (const iteration of iterations) byIteration.push(await slices.run(runsIn(iteration, cwd, named, listings)));
  const locations = byIteration.flat();
  if (!locations.some((l) => l.hasConversation)) throw new UsageError(`No conversation.json under ${paths.map((p) => JSON.stringify(p)).join(', ')}: nothing to compare.`);
  // One pair for every iteration, by the rule judge takes them by: a report has one pair of conditions.
  const picked = armsOfIterations(iterations, locations, named, shown, 'compare', leftOut, evalIdsOf, { treatment: names.treatment, control: names.control });
  const kept = inConditionsKept(locations, leftOut?.ignored);
  if (!picked) {
    // Three or more unnamed are refused by armsOfIterations, as judge refuses them.
    const found = [...new Set(kept.map((l) => l.condition))];
    const gone = [...new Set(locations.map((l) => l.condition))].filter((c) => !found.includes(c));
    const why = gone.length === 0 ? '' : ` (the ignore globs of ${leftOut!.config} leave out every run of ${gone.map((c) => JSON.stringify(c)).join(', ')})`;
    throw new UsageError(`compare needs two conditions; found ${found.length === 1 ? `only ${JSON.stringify(found[0])}` : found.map((c) => JSON.stringify(c)).join(', ')}${why}.`);
  }
  const { conditions } = picked;
  const outcomes: RunOutcome[] = [];
  for (const location of locations.filter((l) => conditions.includes(l.condition))) {
    const read = readRunRecordOf(location, () => shown(join(location.dir, RUN_RECORD_FILE)));
    const excluded = notCountedReason(location, read);
    const entry: RunEntry = { condition: location.condition, run: location.run ?? null, path: shown(join(location.dir, CONVERSATION_FILE)), excluded, passed: 0, failed: 0, ungraded: 0, skill_invoked: null };
    outcomes.push({ location, ...read, excluded, entry });
    await slices.pause();
  }
  // A copied iteration (or run folder) holds runs already counted: each run counts once, the first
  // found — of those check keeps: one the config leaves out is not checked, never another's original.
  const once = new RunsOnce();
  // Experiments are told apart as the lone-arm rule tells them (lone-arm.ts): by every run of every eval, a copy taking no share.
  const copies = new Set<RunLocation>();
  for (const outcome of outcomes) {
    const original = outcome.excluded === null && !runIgnored(outcome.location, leftOut?.ignored) ? once.copyOf(outcome.location.dir, outcome.record) : undefined;
    if (original === undefined) continue;
    copies.add(outcome.location);
    outcome.copyOf = shown(original);
    outcome.excluded = outcome.entry.excluded = `the same run as ${outcome.copyOf} (its run.json has that run's start and work folder): a copy, not counted`;
  }
  const given = (['treatment', 'control'] as const).filter((arm) => named[arm] !== undefined);
  return { iterations, listings, conditions, by: picked.by, ...(picked.by === 'named' ? { named: given } : {}), ...(picked.guess !== undefined ? { guess: picked.guess } : {}), outcomes, skipped, beside: conditionsBeside(kept, conditions, shown, 'counted', leftOut), experiments: experimentsOf(iterations, locations.filter((l) => !copies.has(l)), leftOut?.ignored) };
}

/**
 * Why runs were not counted, the first three and how many more: each run's own reason names its
 * file, so a workspace of hundreds of broken run.json files said hundreds.
 */
function reasonsText(why: readonly string[]): string {
  return `${why.slice(0, 3).join('; ')}${why.length > 3 ? `; and ${why.length - 3} more reason${why.length === 4 ? '' : 's'}` : ''}`;
}

/**
 * A gate (--fail-on worse) must not pass on nothing: no counted run (unless check's errors, which
 * exit 1 says, are why), an arm with no counted run, or no graded assertion is exit 2.
 */
function assertSomethingCompared(groups: readonly EvalGroup[], conditions: readonly [string, string], paths: readonly string[]): void {
  const where = paths.map((p) => JSON.stringify(p)).join(', ');
  const outcomes = groups.flatMap((g) => g.outcomes);
  if (outcomes.some((o) => failedCheck(o.excluded))) return;
  const counted = groups.flatMap((g) => g.counted);
  if (counted.length === 0) {
    const why = [...new Set(outcomes.flatMap((o) => (o.excluded === null ? [] : [o.excluded])))];
    throw new UsageError(`Nothing to compare under ${where}: no run can be counted (${reasonsText(why)}).`);
  }
  const empty = conditions.filter((c) => !counted.some((r) => r.condition === c));
  if (empty.length > 0) {
    // Why, as for no counted run at all: "has no counted run" alone left the user to find the reason run by run.
    const why = [...new Set(outcomes.flatMap((o) => (empty.includes(o.location.condition) && o.excluded !== null ? [o.excluded] : [])))];
    throw new UsageError(`Nothing to compare under ${where}: ${empty.map((c) => JSON.stringify(c)).join(' and ')} has no counted run${why.length === 0 ? '' : ` (${reasonsText(why)})`}.`);
  }
  if (!counted.some((r) => r.grading.assertion_results.length > 0)) throw new UsageError(`Nothing to compare under ${where}: no assertion was graded in any counted run (${[...new Set(counted.flatMap(reportedReasons))].slice(0, 3).join('; ') || 'the evals have no assertions'}).`);
  // Graded in one arm only (an llm_judge judged in the skill's runs alone), an assertion is not
  // tested: with none tested, "Holm over 0 assertions" would let --fail-on worse pass on nothing.
  const tested = groups.some((g) => {
    const gradedIn = conditions.map((c) => new Set(g.counted.filter((r) => r.condition === c).flatMap((r) => r.grading.assertion_results.map((a) => a.id))));
    return [...gradedIn[0]!].some((id) => gradedIn[1]!.has(id));
  });
  if (!tested) {
    // An eval with assertions whose arm counts no run is why as often as an ungraded one: say which, and why its runs were not counted.
    const named = evalNamer(groups.map((g) => ({ id: g.id, skill: g.skill ?? null })));
    const armless = groups.flatMap((g) => {
      const missing = (g.evalCase?.assertions?.length ?? 0) === 0 ? [] : conditions.filter((c) => !g.counted.some((r) => r.condition === c));
      if (missing.length === 0) return [];
      const reasons = [...new Set(g.outcomes.flatMap((o) => (missing.includes(o.location.condition) && o.excluded !== null ? [o.excluded] : [])))];
      return [`eval ${named({ id: g.id, skill: g.skill ?? null })} has no counted ${missing.join(' or ')} run${reasons.length === 0 ? '' : `: ${reasonsText(reasons)}`}`];
    });
    const why = [...armless.slice(0, 3), ...conditions.flatMap((c) => {
      const reasons = [...new Set(counted.filter((r) => r.condition === c).flatMap(reportedReasons))];
      return reasons.length === 0 ? [] : [`${c}: ${reasons.slice(0, 2).join('; ')}`];
    })];
    throw new UsageError(`Nothing to compare under ${where}: no assertion was graded in runs of both ${conditions[0]} and ${conditions[1]}${why.length === 0 ? '' : ` (${why.join('; ')})`}.`);
  }
}

/** Stage 4, tabulated: the numbers, Holm across every eval's graded assertions at once, and what makes them untrustworthy. */
function tabulate(groups: readonly EvalGroup[], located: LocatedRuns, context: { numbers: (group: EvalGroup) => EvalNumbers; alpha: number; toolVersion: string; shown: (path: string) => string; checkedAs: (o: RunOutcome) => string; evalsChanged: EvalsChange[]; unhidden?: string; checkFlags: string[] }): ComparisonDocument {
  const { conditions, iterations } = located;
  const numbers = groups.map(context.numbers);
  const evals: EvalComparison[] = groups.map((group, i) => {
    const { runs, assertions, metrics, usage } = numbers[i]!;
    return {
      id: group.id,
      skill: group.skill ?? null,
      skill_should_trigger: group.evalCase?.skill_should_trigger !== false,
      runs,
      assertions,
      metrics,
      usage,
      run_list: group.outcomes.map((o) => o.entry),
    };
  });
  const familySize = applyHolm(evals.flatMap((e) => e.assertions), context.alpha, conditions);
  // Every line across evals sets the arms side by side over the same evals: the overall test over
  // those with a table of runs (tabulate.ts runTable), the skill-invoked line and the tokens and cost
  // over those with counted runs in both arms (an eval without assertions too); the others are named with why.
  const inBothArms = groups.filter((g) => armsUncounted(g.counted, conditions) === undefined);
  const strata = numbers.flatMap((n) => ('table' in n.table ? [n.table] : []));
  const leftOut = groups.flatMap((g, i) => {
    const table = numbers[i]!.table;
    return 'leftOut' in table ? [{ id: g.id, skill: g.skill ?? null, reason: table.leftOut }] : [];
  });
  const invocation = Object.fromEntries(conditions.map((c) => {
    const runs = inBothArms.filter((g) => g.evalCase?.skill_should_trigger !== false).flatMap((g) => g.counted.filter((r) => r.condition === c));
    const invoked = runs.filter((r) => r.metrics.skill_invoked).length;
    return [c, armCount(invoked, runs.length - invoked)];
  })) as Record<string, ArmCount>;
  // An iteration holding the .gitattributes campaign writes was kept byte for byte by Git: a CR in its
  // conversation is a file saved anew by hand (no edit: conversation-digest.ts), not a checkout's conversion.
  const attributes = new Map<string, boolean>();
  const keepsBytes = (dir: string) => attributes.get(dir) ?? (attributes.set(dir, existsSync(join(dir, GIT_ATTRIBUTES_FILE))), attributes.get(dir)!);
  const facts = groups.map((g) => g.outcomes.map((o): RunFacts => ({
    condition: o.location.condition, run: o.location.run, record: o.record, recordProblem: o.recordProblem, excluded: o.excluded, iteration: context.shown(o.location.iteration.dir), checkedAs: () => context.checkedAs(o),
    experiment: context.shown(located.experiments.get(o.location.iteration)!.iterations[0]!.dir),
    status: o.counted?.metrics.status ?? o.record?.status, overPlan: overPlan(o), otherPlan: ofAnotherPlan(o.location, o.record) !== undefined, noRun: o.location.notCanonical !== undefined, evalGone: o.evalGone === true, copyOf: o.copyOf,
    ungraded: o.counted?.grading.ungraded, judges: o.counted?.judges, statusConflict: o.counted?.metrics.status_conflict,
    conversationEdited: o.conversationEdited === true,
    lineEndingsConverted: o.lineEndingsConverted === true && !keepsBytes(o.location.iteration.dir),
    ...(o.counted !== undefined ? { votes: voteTallies([...o.counted.grading.assertion_results, ...o.counted.grading.ungraded]) } : {}), judgeCommand: o.judgeCommand,
    plainReasons: o.counted?.plainReasons, ...(o.refusedJudgments?.length ? { refusedJudgments: o.refusedJudgments } : {}), ...(o.judgeFailures !== undefined && Object.keys(o.judgeFailures).length > 0 ? { judgeFailures: o.judgeFailures } : {}),
  })));
  return {
    schema_version: 1,
    tool: `eval-magic ${context.toolVersion}`,
    conditions,
    conditions_by: located.by,
    ...(located.named !== undefined ? { conditions_named: located.named } : {}),
    alpha: context.alpha,
    family_size: familySize,
    validity: validityProblems({
      conditions, guess: located.guess, alpha: context.alpha, familySize, evals, facts, checkFlags: context.checkFlags, skillFolders: [...new Set(iterations.map((i) => context.shown(dirname(i.named ?? i.dir))))].sort(),
      ownRuns: groups.map((g) => g.evalCase?.runs),
      judgeModels: groups.map((g) => Object.fromEntries((g.evalCase?.assertions ?? []).flatMap((a) => (a.type === 'llm_judge' && a.model !== undefined ? [[a.id, a.model]] : [])))), plans: groups.map((g) => plansOf(g, iterations, located.experiments, conditions, context.shown)),
      campaignProblems: iterations.flatMap((i) => (i.campaignProblem !== undefined ? [i.campaignProblem] : campaignRecordGone(i, located.outcomes, context.shown))),
      notices: [...located.skipped.map((message) => ({ code: 'iteration-picked' as const, message })), ...located.beside.map((message) => ({ code: 'runs-missing' as const, message })), ...plannedEvalsWithoutRuns(groups, iterations, context.shown), ...context.evalsChanged.map(({ code, ...change }) => ({ code: code ?? ('evals-changed' as const), ...change })), ...(context.unhidden !== undefined ? [{ code: 'commands-unhidden' as const, message: commandsUnhiddenMessage(context.unhidden) }] : [])],
    }),
    evals,
    overall: compareOverall(strata, invocation, conditions, leftOut),
    usage: armUsage(inBothArms.flatMap((g) => g.counted), conditions),
    iterations: iterations.map((i) => context.shown(i.dir)),
    excluded_count: located.outcomes.filter((o) => failedCheck(o.excluded)).length,
  };
}

/**
 * What each experiment pooled plans of the eval's runs per arm, and counts: the plan of all of them
 * pooled is their sum, and a shortfall is one experiment's, which another's runs cannot make up
 * (their own plan holds them). An experiment is an iteration, or the shards of one plan in
 * separate iterations (workspace/shards.ts): their plan once, their runs together. One holding
 * none of the eval's runs is short of all; one copied beside its original is short of none (its
 * runs are there, each counted once).
 */
function plansOf(group: EvalGroup, iterations: readonly Iteration[], experiments: ReadonlyMap<Iteration, Experiment>, conditions: readonly [string, string], shown: (path: string) => string): IterationPlan[] {
  return [...new Set(iterations.map((i) => experiments.get(i)!))].flatMap(({ iterations: shards }) => {
    const first = shards[0]!;
    const runs = skillFolderOf(first) === group.skillFolder ? plannedRuns(first.campaign, group.id) : undefined;
    if (runs === undefined) return [];
    // A copy of a run counted elsewhere fills its place in its iteration's plan: the run is there, counted once (runs-duplicated says so).
    const counted = group.outcomes.filter((o) => (o.counted !== undefined || o.copyOf !== undefined) && shards.includes(o.location.iteration));
    const name = shards.length === 1 ? shown(first.dir) : `${shards.map((i) => shown(i.dir)).join(' and ')} (shards of one plan)`;
    return [{ iteration: name, runs, counted: Object.fromEntries(conditions.map((c) => [c, counted.filter((o) => o.location.condition === c).length])) }];
  });
}

/** Whether a run is left out for being no run of its iteration's plan (and not for an earlier reason: a copy named run-03 is a copy). */
function overPlan(o: RunOutcome): RunFacts['overPlan'] {
  const beyond = o.excluded === null ? undefined : beyondPlan(o.location);
  return beyond !== undefined && beyond.reason === o.excluded ? beyond.kind : undefined;
}

/**
 * An iteration without campaign.json whose runs have run.json: campaign wrote them, and it writes
 * campaign.json before any run, so the file was removed (the reference tool's layout has neither).
 * Without it the plan is unknown — runs added beyond it count, and missing ones go unsaid — so it
 * is said as a campaign.json that cannot be used.
 */
function campaignRecordGone(iteration: Iteration, outcomes: readonly RunOutcome[], shown: (path: string) => string): string[] {
  if (iteration.campaign !== undefined || !outcomes.some((o) => o.location.iteration === iteration && o.record !== undefined)) return [];
  return [`${shown(join(iteration.dir, 'campaign.json'))} is not there, though the runs' run.json say campaign made them (it writes campaign.json before any run), so runs beyond its plan are counted and runs it planned that are missing go unsaid`];
}

/**
 * The evals a campaign.json plans of which its iteration holds no run at all (the eval's folder
 * removed, or a share of the plan not run yet): they have no row, so without a word the
 * comparison, and the overall result above all, would read as the whole plan's.
 */
function plannedEvalsWithoutRuns(groups: readonly EvalGroup[], iterations: readonly Iteration[], shown: (path: string) => string): Array<{ code: 'runs-missing'; message: string }> {
  // By skill, as evals are grouped: an eval of iterations pooled is compared if any of them holds its runs.
  const key = (iteration: Iteration, id: string) => `${skillFolderOf(iteration)}\u0000${id}`;
  const present = new Set(groups.flatMap((g) => g.outcomes.map((o) => key(o.location.iteration, g.id))));
  // Beside another skill's evals, an eval is named with its skill, as every message names it.
  const skills = new Set(iterations.map(skillFolderOf));
  const missing = new Map<string, { id: string; runs: number; iterations: Iteration[] }>();
  for (const iteration of iterations) {
    for (const [id, runs] of Object.entries(iteration.campaign?.runs ?? {})) {
      if (present.has(key(iteration, id))) continue;
      const entry = missing.get(key(iteration, id)) ?? { id, runs, iterations: [] };
      entry.iterations.push(iteration);
      missing.set(key(iteration, id), entry);
    }
  }
  // An eval folder replaced by a link is never followed (it may point out of the workspace): said as the reason.
  const linked = (id: string, where: readonly Iteration[]) => where.some((i) => lstatSync(join(i.dir, evalFolder(id)), { throwIfNoEntry: false })?.isSymbolicLink() === true);
  return [...missing.values()].map(({ id, runs, iterations: where }) => ({
    code: 'runs-missing' as const,
    message: `Eval ${id}${skills.size > 1 ? ` (${where[0]!.campaign!.skill.name})` : ''}: campaign.json plans ${runs} run${runs === 1 ? '' : 's'} per arm, but ${where.map((i) => shown(i.dir)).join(' and ')} ${where.length === 1 ? 'holds' : 'hold'} none of its runs${linked(id, where) ? ` (its ${evalFolder(id)} there is a symbolic link, not followed)` : ''}: the comparison leaves it out, and the overall result pools the other evals only`,
  }));
}

/** A value, or what was thrown working it out: said later, by {@link settle}. */
type Attempt<T> = { value: T } | { error: unknown };

function attempt<T>(work: () => T): Attempt<T> {
  try {
    return { value: work() };
  } catch (error) {
    return { error };
  }
}

function settle<T>(attempted: Attempt<T>): T {
  if ('error' in attempted) throw attempted.error;
  return attempted.value;
}
