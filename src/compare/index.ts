// compare: check every artifact, grade every clean run, measure its behaviour, and compare the two
// conditions of the iteration with honest statistics. The library door of `eval-magic compare`.
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ArtifactChecker, chooseThreadCount, discoverInChunks, type Concurrency, type DiscoveredArtifact } from '../checker/index.js';
import { resolveRuleSeverities } from '../checker/rule-config.js';
import { summarize } from '../checker/result.js';
import { resolveConfig } from '../config.js';
import { UsageError } from '../errors.js';
import type { EvalCase } from '../evals/types.js';
import { shownPath } from '../fs/shown-path.js';
import type { CheckReport, Conversation, FileResult } from '../types.js';
import { notCountedReason, readRunRecordOf, RunsOnce } from '../workspace/counted.js';
import { CONVERSATION_FILE, RUN_RECORD_FILE } from '../workspace/layout.js';
import { findIterations, findRuns, pickConditions, type Iteration, type RunLocation } from '../workspace/locate.js';
import type { RunRecord } from '../workspace/run-record.js';
import { EvalsSource, evalsChanges, type EvalsChange } from './evals-source.js';
import type { GradingDocument } from './graders/index.js';
import { GradingThreads } from './grading-threads.js';
import { addJudgeAgreement } from './judge-agreement.js';
import { checkAndGradeRun, gradeCheckedRun, settleRun, type GradeOptions, type RunChecked, type RunGraded, type RunSettled } from './run-stage.js';
import { armUsage } from './usage.js';
import type { ArmCount, ComparisonDocument, EvalComparison, RunEntry } from './model.js';
import { assertCompareOptions } from './options.js';
import { applyHolm, armCount, compareAssertions, compareMetrics, compareOverall, runTable, type CountedRun } from './tabulate.js';
import { validityProblems, type RunFacts } from './validity.js';

export type * from './model.js';
export type { GradingDocument, AssertionResult, UngradedAssertion } from './graders/index.js';
export { comparisonFormatters } from './formats/index.js';
export { comparisonHeadlines, evalHeadline } from './headline.js';

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
  /** The config file, as `check --config` (default: eval-magic.config.json looked up from `cwd`; false: none). */
  config?: string | false;
  /** Keep each checked artifact's text in `report` (the html format shows the transcripts). */
  keepArtifacts?: boolean;
  /** Threads that check and grade, as `check`'s `concurrency` (default `auto`: more only for thousands of runs). Results are the same either way. */
  concurrency?: Concurrency;
  /** eval-magic's version, written into the document. */
  toolVersion?: string;
  /** Aborted (Ctrl-C): the running command_check's process group is killed, its scratch folder removed, and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The outcome of a comparison: the document every format renders. */
export interface CompareResult {
  document: ComparisonDocument;
  /** The check of every artifact compared (texts kept with `keepArtifacts`), for the html report. */
  report: CheckReport;
  /** What else it read, as shown: each evals file the runs were graded by, and the setup files and folders their command_checks copy in (no report may replace one). */
  inputs: string[];
  /** Each run's grading (counted runs) and run.json, by its conversation.json as shown: the html page marks each run's column with them. */
  runRecords: ReadonlyMap<string, { grading?: GradingDocument; run?: RunRecord }>;
}

/**
 * Compares the two conditions of the iterations under `paths` (iteration folders or workspaces).
 * Throws `UsageError` when a path is not one, when there is nothing to compare, when only one
 * condition is present, when the iterations are different experiments, or when evals.json is not
 * valid (exit 2 in the CLI).
 *
 * The pipeline, one {@link RunOutcome} per run: located (the workspace's folders and records,
 * and whether the run counts) → checked (the checker's verdict on its artifact) → graded and
 * measured (each counted run, as its file is checked) → tabulated (the numbers, Holm, validity).
 */
export async function compareIterations(paths: readonly string[], options: CompareOptions = {}): Promise<CompareResult> {
  assertCompareOptions(paths, options as Record<string, unknown>);
  const cwd = options.cwd ?? process.cwd();
  const alpha = options.alpha ?? 0.05;
  if (paths.length === 0) throw new UsageError('Name at least one iteration folder or workspace to compare.');
  const shown = (path: string) => shownPath(cwd, path);

  const found = findTheIterations(paths, cwd);
  // Threads boot while the runs are located, when the plans promise enough runs to need them.
  let threads = bootThreads(options.concurrency, plannedRuns(found.iterations));
  let located: LocatedRuns, evalsSource: EvalsSource, report: CheckReport;
  try {
    located = locateRuns(found, paths, cwd);
    evalsSource = new EvalsSource(located.iterations, options.evals, cwd);
    const wanted = chooseThreadCount(options.concurrency, located.outcomes.filter((o) => o.location.hasConversation).length);
    if (wanted <= 1) threads = threads?.stop();
    else threads ??= new GradingThreads(wanted);
    report = await checkAndGrade(located, evalsSource, options, cwd, threads);
  } finally {
    threads?.stop();
  }
  const groups = groupByEval(located.outcomes, located.conditions);
  assertSomethingCompared(groups, located.conditions, paths);
  const changedRuns = new Map<string, string[]>();
  for (const o of located.outcomes) {
    if (o.questionsChanged === undefined) continue;
    const list = changedRuns.get(o.location.iteration.dir) ?? [];
    changedRuns.set(o.location.iteration.dir, [...list, `eval ${o.location.evalId}, ${o.location.condition}${o.location.run !== undefined ? ` run ${o.location.run}` : ''}: ${o.questionsChanged}`]);
  }
  const document = tabulate(groups, located, { alpha, toolVersion: options.toolVersion, shown, evalsChanged: evalsChanges(located.iterations, evalsSource, changedRuns) });
  const inputs = evalsSource.loaded().flatMap(({ path, file, dir }) => [
    shown(path),
    ...file.evals.flatMap((e) => (e.assertions ?? []).flatMap((a) => (a.type === 'command_check' ? (a.setup_files ?? []).map((f) => shown(join(dir, f))) : []))),
  ]);
  const runRecords = new Map(located.outcomes.map((o) => [o.entry.path, { grading: o.counted?.grading, run: o.record }]));
  return { document, report, inputs: [...new Set(inputs)], runRecords };
}

/** One run through the stages: where it is, whether it counts and why not, then its grading and metrics. */
interface RunOutcome {
  location: RunLocation;
  record?: RunRecord;
  recordProblem?: string;
  /** Why it is out of the numbers (null: counted); the checker's errors and a missing eval are added when checked. */
  excluded: string | null;
  evalCase?: EvalCase;
  skill?: string;
  counted?: CountedRun;
  /** What the run was asked that its eval no longer asks (an evals.json edited after the campaign). */
  questionsChanged?: string;
  /** Its eval is not in the evals.json it is graded by (taken out after the campaign): left out, not a check failure. */
  evalGone?: boolean;
  /** The run folder (as shown) whose run this one's run.json is: a copy, not counted. */
  copyOf?: string;
  entry: RunEntry;
}

interface LocatedRuns {
  iterations: Iteration[];
  conditions: [string, string];
  guessed: boolean;
  outcomes: RunOutcome[];
  /** A newer iteration passed over for having no finished runs in both arms, said as a warning. */
  skipped: string[];
}

/** The iterations under `paths`, each once, of one experiment (a newer one passed over is said in `skipped`). */
function findTheIterations(paths: readonly string[], cwd: string): Pick<LocatedRuns, 'iterations' | 'skipped'> {
  const shown = (path: string) => shownPath(cwd, path);
  const found = paths.map((p) => findIterations(p, cwd));
  const iterations = dedupe(found.flatMap((f) => f.iterations));
  const skipped = found.flatMap((f) => f.skipped.map(({ dir, instead }) => `${shown(dir)} has no finished runs in both arms; compared ${shown(instead)}, the newest that has`));
  assertOneExperiment(iterations, shown);
  return { iterations, skipped };
}

/** How many runs the iterations' campaign.json files plan (0 for an iteration without one). */
function plannedRuns(iterations: readonly Iteration[]): number {
  return iterations.reduce((sum, i) => sum + (i.campaign ? Object.values(i.campaign.runs).reduce((a, b) => a + b, 0) * i.campaign.conditions.length : 0), 0);
}

/** Grading threads for about `runs` runs, or none when one thread is what `concurrency` picks. */
function bootThreads(concurrency: Concurrency | undefined, runs: number): GradingThreads<RunOutcome | undefined> | undefined {
  const count = chooseThreadCount(concurrency, runs);
  return count > 1 ? new GradingThreads(count) : undefined;
}

/** Stage 1, located: the iterations, their two conditions, and each run with whether the plan counts it. */
function locateRuns({ iterations, skipped }: Pick<LocatedRuns, 'iterations' | 'skipped'>, paths: readonly string[], cwd: string): LocatedRuns {
  const shown = (path: string) => shownPath(cwd, path);
  const locations = iterations.flatMap((i) => findRuns(i, cwd));
  if (!locations.some((l) => l.hasConversation)) throw new UsageError(`No conversation.json under ${paths.map((p) => JSON.stringify(p)).join(', ')}: nothing to compare.`);
  const picked = pickConditions(new Set(locations.map((l) => l.condition)), iterations[0]!.campaign);
  if (!picked) {
    const names = [...new Set(locations.map((l) => l.condition))];
    throw new UsageError(`compare needs two conditions; found ${names.length === 1 ? `only ${JSON.stringify(names[0])}` : names.map((c) => JSON.stringify(c)).join(', ')}.`);
  }
  const { conditions } = picked;
  // Each condition is a key beside these in every row of the document (the issue's shape).
  const clash = conditions.find((c) => ROW_FIELDS.has(c));
  if (clash !== undefined) throw new UsageError(`The condition ${JSON.stringify(clash)} has the name of a field of the comparison's rows (${[...ROW_FIELDS].join(', ')}); rename its folders (eval-<id>/${clash}/).`);
  // One pair of conditions per comparison: an iteration whose runs are all under others would be left out without a word.
  for (const iteration of iterations) {
    const own = new Set(locations.filter((l) => l.iteration === iteration && l.hasConversation).map((l) => l.condition));
    if (own.size > 0 && !conditions.some((c) => own.has(c))) {
      throw new UsageError(`${shown(iteration.dir)} has no run under ${conditions.map((c) => JSON.stringify(c)).join(' or ')}, the conditions this comparison is of (its runs are under ${[...own].sort().map((c) => JSON.stringify(c)).join(', ')}): compare it on its own.`);
    }
  }
  const outcomes = locations
    .filter((l) => conditions.includes(l.condition))
    .map((location): RunOutcome => {
      const read = readRunRecordOf(location, () => shown(join(location.dir, RUN_RECORD_FILE)));
      const excluded = notCountedReason(location, read);
      const entry: RunEntry = { condition: location.condition, run: location.run ?? null, path: shown(join(location.dir, CONVERSATION_FILE)), excluded, passed: 0, failed: 0, ungraded: 0, skill_invoked: null };
      return { location, ...read, excluded, entry };
    });
  // A copied iteration (or run folder) holds runs already counted: each run counts once, the first found.
  const once = new RunsOnce();
  for (const outcome of outcomes) {
    const original = outcome.excluded === null ? once.copyOf(outcome.location.dir, outcome.record) : undefined;
    if (original === undefined) continue;
    outcome.copyOf = shown(original);
    outcome.excluded = outcome.entry.excluded = `the same run as ${outcome.copyOf} (its run.json has that run's start and work folder): a copy, not counted`;
  }
  return { iterations, conditions, guessed: picked.guessed, outcomes, skipped };
}

/**
 * Iterations of one skill with different plans are different experiments: pooling a skill's two
 * versions adds runs that answered different questions. Exit 2, naming the difference.
 */
function assertOneExperiment(iterations: readonly Iteration[], shown: (path: string) => string): void {
  // Two skills' iterations are compared side by side (their evals are keyed by skill), never pooled.
  const firstOfSkill = new Map<string, Iteration>();
  const parts = (i: Iteration) => {
    const c = i.campaign!;
    return { skill: c.skill.sha256, baseline: c.baseline?.sha256 ?? 'none', harness: `${c.harness.name} ${c.harness.descriptor_sha256 ?? ''}`, model: c.model ?? 'the harness default', 'evals.json': c.evals.sha256, conditions: c.conditions.join(' vs ') };
  };
  for (const iteration of iterations) {
    if (iteration.campaign === undefined) continue;
    const first = firstOfSkill.get(iteration.campaign.skill.name);
    if (first === undefined) {
      firstOfSkill.set(iteration.campaign.skill.name, iteration);
      continue;
    }
    const [a, b] = [parts(first), parts(iteration)];
    const differ = (Object.keys(a) as Array<keyof typeof a>).filter((k) => a[k] !== b[k]);
    if (differ.length === 0) continue;
    throw new UsageError(`${shown(first.dir)} and ${shown(iteration.dir)} are different experiments (their campaign.json differ in ${differ.join(', ')}); their runs are never pooled. Compare each on its own; to compare one version of a skill against another, run one campaign with --baseline.`);
  }
}

/**
 * Stage 2, checked, graded and measured: the checker's verdict on every artifact (its config
 * applied, as `check` does; a file with errors is out of the numbers), and as each counted run's
 * file is checked, its grading and metrics — so each file is read and parsed once. On a large
 * iteration this is done in threads (grading-threads.ts); the runs whose assertions run commands
 * are graded on the main thread, one at a time.
 */
async function checkAndGrade(located: LocatedRuns, evalsSource: EvalsSource, options: CompareOptions, cwd: string, threads: GradingThreads<RunOutcome | undefined> | undefined): Promise<CheckReport> {
  const shown = (path: string) => shownPath(cwd, path);
  const config = resolveConfig(cwd, options.config);
  const check = { severities: resolveRuleSeverities(config.config.rules), keepArtifacts: options.keepArtifacts };
  const grade: GradeOptions = { writeGrading: options.writeGrading !== false, commandTimeoutMs: options.commandTimeoutMs, iterationShown: (i) => shownIteration(i, cwd), ...(options.signal ? { signal: options.signal } : {}) };
  const pending = new Map(located.outcomes.filter((o) => o.location.hasConversation).map((o) => [join(o.location.dir, CONVERSATION_FILE), o]));
  const results: FileResult[] = [];
  const take = (outcome: RunOutcome | undefined, checked: RunChecked) => {
    results.push(checked.result);
    if (outcome === undefined) return undefined;
    const settled = settleOutcome(outcome, checked.result.errorCount, checked.lookedUp, evalsSource);
    outcome.questionsChanged = checked.questionsChanged;
    if (checked.graded) countOutcome(outcome, checked.graded);
    return settled;
  };

  if (threads === undefined) {
    for (const iteration of located.iterations) {
      const checker = new ArtifactChecker({ cwd, evals: evalsSource.forIteration(iteration), reads: evalsSource.reads, ...check });
      for await (const chunk of discoverInChunks([shown(iteration.dir)], { cwd, pattern: `**/${CONVERSATION_FILE}`, ignore: config.config.ignore ?? [] })) {
        for (const artifact of chunk) {
          options.signal?.throwIfAborted();
          const outcome = claim(pending, artifact);
          take(outcome, await checkAndGradeRun(checker, artifact, outcome, evalsSource, grade, () => true));
        }
      }
    }
  } else {
    // Graded here, one run at a time and in the order they come back: their commands never run at once.
    let onMain = Promise.resolve();
    threads.start({ cwd, iterations: located.iterations, evals: options.evals, validated: evalsSource.validatedDigests(), check, writeGrading: grade.writeGrading, commandTimeoutMs: grade.commandTimeoutMs }, (outcome, checked) => {
      const settled = take(outcome, checked);
      const text = checked.gradeOnMain;
      if (outcome === undefined || settled === undefined || text === undefined) return;
      onMain = onMain.then(async () => {
        options.signal?.throwIfAborted();
        countOutcome(outcome, await gradeCheckedRun(outcome, settled as Parameters<typeof gradeCheckedRun>[1], text, JSON.parse(text) as Conversation, evalsSource, grade));
      }).catch((error: unknown) => threads.fail(error));
    });
    const abort = () => threads.fail(options.signal!.reason);
    options.signal?.addEventListener('abort', abort, { once: true });
    try {
      options.signal?.throwIfAborted();
      for (const [index, iteration] of located.iterations.entries()) {
        for await (const chunk of discoverInChunks([shown(iteration.dir)], { cwd, pattern: `**/${CONVERSATION_FILE}`, ignore: config.config.ignore ?? [] })) {
          threads.add(chunk.map((artifact) => {
            const outcome = claim(pending, artifact);
            const task = outcome && { location: withoutIteration(outcome.location), record: outcome.record, excluded: outcome.excluded };
            return { job: { artifact, iteration: index, ...(task && { task }) }, handle: outcome };
          }));
        }
      }
      await threads.finish();
      await onMain;
      await threads.finish();
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
  }
  // Runs that left no conversation.json, or whose file the checker did not reach (an ignore glob).
  for (const outcome of located.outcomes) if (!outcome.location.hasConversation || pending.has(join(outcome.location.dir, CONVERSATION_FILE))) settleOutcome(outcome, undefined, undefined, evalsSource);
  return summarize(results);
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
function settleOutcome(outcome: RunOutcome, errors: number | undefined, lookedUp: string | undefined, evalsSource: EvalsSource): RunSettled {
  const settled = settleRun(outcome, errors, lookedUp, evalsSource);
  outcome.evalCase = settled.evalCase;
  outcome.skill = settled.skill;
  outcome.evalGone = settled.evalGone;
  outcome.excluded = outcome.entry.excluded = settled.excluded;
  return settled;
}

function countOutcome(outcome: RunOutcome, { grading, metrics }: RunGraded): void {
  outcome.counted = { condition: outcome.location.condition, grading, metrics };
  Object.assign(outcome.entry, { passed: grading.summary.passed, failed: grading.summary.failed, ungraded: grading.ungraded.length, skill_invoked: metrics.skill_invoked });
}

/** Each iteration's folder as shown, worked out once (the iterations are this comparison's own objects, cwd and all). */
const shownIterations = new WeakMap<Iteration, string>();
function shownIteration(iteration: Iteration, cwd: string): string {
  let shown = shownIterations.get(iteration);
  if (shown === undefined) shownIterations.set(iteration, (shown = shownPath(cwd, iteration.dir)));
  return shown;
}

/** The runs of one eval (of one skill: two skills' evals of the same id are never pooled). */
interface EvalGroup {
  id: string;
  evalCase?: EvalCase;
  skill?: string;
  planned?: number;
  outcomes: RunOutcome[];
  counted: CountedRun[];
}

/** Stage 3, counted: the outcomes by eval, in id order, each eval's runs by condition and number. */
function groupByEval(outcomes: readonly RunOutcome[], conditions: readonly [string, string]): EvalGroup[] {
  const byEval = new Map<string, EvalGroup>();
  for (const outcome of outcomes) {
    const { location } = outcome;
    const key = `${basename(dirname(location.iteration.dir))}\u0000${location.evalId}`;
    const group = byEval.get(key) ?? { id: location.evalId, planned: location.iteration.campaign?.runs[location.evalId], outcomes: [], counted: [] };
    byEval.set(key, group);
    group.evalCase ??= outcome.evalCase;
    group.skill ??= outcome.skill;
    group.outcomes.push(outcome);
    if (outcome.counted) group.counted.push(outcome.counted);
  }
  const byRun = (a: RunOutcome, b: RunOutcome) => conditions.indexOf(a.location.condition) - conditions.indexOf(b.location.condition) || (a.location.run ?? 0) - (b.location.run ?? 0);
  for (const group of byEval.values()) group.outcomes.sort(byRun);
  return [...byEval.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group);
}

/**
 * A gate (--fail-on worse) must not pass on nothing: no counted run (unless check's errors, which
 * exit 1 says, are why), an arm with no counted run, or no graded assertion is exit 2.
 */
function assertSomethingCompared(groups: readonly EvalGroup[], conditions: readonly [string, string], paths: readonly string[]): void {
  const where = paths.map((p) => JSON.stringify(p)).join(', ');
  const outcomes = groups.flatMap((g) => g.outcomes);
  if (outcomes.some((o) => o.excluded?.startsWith('check'))) return;
  const counted = groups.flatMap((g) => g.counted);
  if (counted.length === 0) {
    const why = [...new Set(outcomes.flatMap((o) => (o.excluded === null ? [] : [o.excluded])))];
    throw new UsageError(`Nothing to compare under ${where}: no run can be counted (${why.join('; ')}).`);
  }
  const empty = conditions.filter((c) => !counted.some((r) => r.condition === c));
  if (empty.length > 0) throw new UsageError(`Nothing to compare under ${where}: ${empty.map((c) => JSON.stringify(c)).join(' and ')} has no counted run.`);
  if (!counted.some((r) => r.grading.assertion_results.length > 0)) throw new UsageError(`Nothing to compare under ${where}: no assertion was graded in any counted run (${[...new Set(counted.flatMap((r) => r.grading.ungraded.map((u) => u.reason)))].slice(0, 3).join('; ') || 'the evals have no assertions'}).`);
}

/** Stage 4, tabulated: the numbers, Holm across every eval's graded assertions at once, and what makes them untrustworthy. */
function tabulate(groups: readonly EvalGroup[], located: LocatedRuns, context: { alpha: number; toolVersion?: string; shown: (path: string) => string; evalsChanged: EvalsChange[] }): ComparisonDocument {
  const { conditions, iterations } = located;
  const evals: EvalComparison[] = groups.map((group) => {
    const shouldTrigger = group.evalCase?.skill_should_trigger !== false;
    return {
      id: group.id,
      skill: group.skill ?? null,
      skill_should_trigger: shouldTrigger,
      runs: Object.fromEntries(conditions.map((c) => [c, group.counted.filter((r) => r.condition === c).length])),
      assertions: addJudgeAgreement(compareAssertions(group.evalCase?.assertions ?? [], group.counted, conditions), group.counted),
      metrics: compareMetrics(group.counted, conditions, shouldTrigger),
      usage: armUsage(group.counted, conditions),
      run_list: group.outcomes.map((o) => o.entry),
    };
  });
  const familySize = applyHolm(evals.flatMap((e) => e.assertions), context.alpha, conditions);
  const tables = groups.map((g) => runTable(g.counted, conditions)).filter((t) => t !== undefined);
  const invocation = Object.fromEntries(conditions.map((c) => {
    const runs = groups.filter((g) => g.evalCase?.skill_should_trigger !== false).flatMap((g) => g.counted.filter((r) => r.condition === c));
    const invoked = runs.filter((r) => r.metrics.skill_invoked).length;
    return [c, armCount(invoked, runs.length - invoked)];
  })) as Record<string, ArmCount>;
  const facts = groups.map((g) => g.outcomes.map((o): RunFacts => ({
    condition: o.location.condition, run: o.location.run, record: o.record, recordProblem: o.recordProblem, excluded: o.excluded, iteration: o.location.iteration.dir,
    status: o.counted?.metrics.status ?? o.record?.status, overPlan: o.excluded?.includes('beyond the') === true && o.excluded.includes('campaign.json plans'), evalGone: o.evalGone === true, copyOf: o.copyOf,
  })));
  return {
    schema_version: 1,
    tool: `eval-magic ${context.toolVersion ?? ''}`.trim(),
    conditions,
    alpha: context.alpha,
    family_size: familySize,
    validity: validityProblems({
      conditions, guessed: located.guessed, alpha: context.alpha, familySize, evals, facts, plannedRuns: groups.map((g) => g.planned),
      campaignProblems: iterations.flatMap((i) => (i.campaignProblem === undefined ? [] : [i.campaignProblem])),
      notices: [...located.skipped.map((message) => ({ code: 'iteration-picked' as const, message })), ...context.evalsChanged.map((change) => ({ code: 'evals-changed' as const, ...change }))],
    }),
    evals,
    overall: compareOverall(tables, invocation, conditions),
    usage: armUsage(groups.flatMap((g) => g.counted), conditions),
    iterations: iterations.map((i) => context.shown(i.dir)),
    excluded_count: located.outcomes.filter((o) => o.excluded?.startsWith('check')).length,
  };
}

/** The fields of an assertion or metric row (schemas/comparison.schema.json), which sit beside the per-condition keys. */
const ROW_FIELDS: ReadonlySet<string> = new Set(['id', 'grader', 'delta', 'delta_ci95', 'p_value', 'p_holm', 'min_attainable_p', 'min_attainable_p_holm', 'detectable_delta', 'significant', 'direction', 'judge_agreement', 'kind', 'method', 'expected']);

/** Each iteration once, however its path was spelt: through a link to it, its runs would count twice. */
function dedupe(iterations: Iteration[]): Iteration[] {
  const seen = new Set<string>();
  return iterations.filter((i) => {
    const real = realpathSync(i.dir);
    return !seen.has(real) && Boolean(seen.add(real));
  });
}
