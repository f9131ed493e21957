// compare: check every artifact, grade every clean run, measure its behaviour, and compare the two
// conditions of the iteration with honest statistics. The library door of `eval-magic compare`.
import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { checkFollowingUp, type Concurrency } from '../checker/index.js';
import { EvalLookup } from '../checker/cross/eval-lookup.js';
import { resolveRuleSeverities } from '../checker/rule-config.js';
import { summarize } from '../checker/result.js';
import { resolveConfig } from '../config.js';
import { UsageError } from '../errors.js';
import type { EvalCase } from '../evals/types.js';
import type { CheckReport, FileResult } from '../types.js';
import { EvalsFiles, shownPath } from './evals-files.js';
import { readRecord, writeGrading, type GradeThreadData, type RunReport } from './grade-thread.js';
import { gradeOnDisk, gradingDocument, isComplete, type Assertion, type Verdict } from './graders/index.js';
import { findIterations, findRuns, pickConditions, type Iteration, type RunLocation } from './layout.js';
import type { ArmCount, ComparisonDocument, EvalComparison, RunEntry } from './model.js';
import { applyHolm, armCount, compareAssertions, compareMetrics, compareOverall, evalTable, type CountedRun } from './tabulate.js';
import { validityProblems, type RunFacts } from './validity.js';

/**
 * The module each checking thread grades with (grade-thread.ts): beside this one in the sources
 * (under tsx) and in dist/, where scripts/build.ts bundles it as grade-thread.js.
 */
const GRADE_THREAD = (import.meta.url.endsWith('.ts') ? new URL('./grade-thread.ts', import.meta.url) : new URL('./grade-thread.js', import.meta.url)).href;

export type * from './model.js';
export type { GradingDocument, AssertionResult, UngradedAssertion } from './graders/index.js';
export { comparisonFormatters } from './formats/index.js';

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
  /** eval-magic's version, written into the document. */
  toolVersion?: string;
  /**
   * Threads that check and grade, as `check`'s `concurrency` (default `auto`: more than one only
   * on thousands of files). The numbers, grading.json files and validity are the same either way.
   */
  concurrency?: Concurrency;
}

/** The outcome of a comparison: the document every format renders. */
export interface CompareResult {
  document: ComparisonDocument;
  /** The check of every artifact compared (texts kept with `keepArtifacts`), for the html report. */
  report: CheckReport;
}

/**
 * Compares the two conditions of the iterations under `paths` (iteration folders or workspaces).
 * Throws `UsageError` when a path is not one, when there is nothing to compare, when only one
 * condition is present, or when evals.json is not valid (exit 2 in the CLI).
 */
export async function compareIterations(paths: readonly string[], options: CompareOptions = {}): Promise<CompareResult> {
  const cwd = options.cwd ?? process.cwd();
  const alpha = options.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) throw new UsageError(`alpha must be between 0 and 1 (exclusive); got ${alpha}.`);
  if (paths.length === 0) throw new UsageError('Name at least one iteration folder or workspace to compare.');
  const iterations = dedupe(paths.flatMap((p) => findIterations(p, cwd)));
  const locations = iterations.flatMap(findRuns);
  if (!locations.some((l) => l.hasConversation)) throw new UsageError(`No conversation.json under ${paths.map((p) => JSON.stringify(p)).join(', ')}: nothing to compare.`);
  const picked = pickConditions(new Set(locations.map((l) => l.condition)), iterations[0]!.campaign);
  if (!picked) {
    const found = [...new Set(locations.map((l) => l.condition))];
    throw new UsageError(`compare needs two conditions; found ${found.length === 1 ? `only ${JSON.stringify(found[0])}` : found.map((c) => JSON.stringify(c)).join(', ')}.`);
  }
  const conditions = picked.conditions;
  const shown = (path: string) => shownPath(cwd, path);

  // Stage 1: the checker's verdict on every artifact (its config applied, as `check` does); one
  // with errors is out of the numbers. Stage 2, in the thread that checked each file, with the
  // value it parsed (each file is read and parsed once): grade and measure each clean run.
  // --evals for every run; else each iteration's campaign.json names its own; else the checker's lookup.
  const evalsOf = new Map(iterations.map((i) => [i.dir, options.evals ?? campaignEvals([i], cwd)]));
  const config = resolveConfig(cwd, options.config);
  const evalsFiles = new EvalsFiles(cwd);
  const reports = new Map<string, { report: RunReport; errors: number }>();
  const results: FileResult[] = [];
  for (const iteration of iterations) {
    const given = evalsOf.get(iteration.dir);
    // Validated here, before any thread grades by it: a bad evals.json stops the comparison before a grading.json is written.
    const validated = given !== undefined ? resolve(cwd, given) : await lookedUpEvals(locations.find((l) => l.iteration === iteration && l.hasConversation), cwd);
    if (validated !== undefined) evalsFiles.get(validated);
    const data: GradeThreadData = {
      cwd, iterationDir: iteration.dir, conditions, evalsPath: given === undefined ? undefined : resolve(cwd, given), validatedEvals: validated === undefined ? [] : [validated],
      harness: iteration.campaign?.harness, writeGrading: options.writeGrading !== false,
    };
    const checked = await checkFollowingUp([shown(iteration.dir)], {
      cwd, pattern: '**/conversation.json', evals: given, keepArtifacts: options.keepArtifacts, concurrency: options.concurrency,
      severities: resolveRuleSeverities(config.config.rules), ignore: config.config.ignore ?? [],
    }, { module: GRADE_THREAD, data, onValue: (value, result) => reports.set((value as RunReport).path, { report: value as RunReport, errors: result.errorCount }) });
    results.push(...checked.results);
  }

  // Keyed by skill folder and eval id: two skills' evals of the same id are never pooled.
  const byEval = new Map<string, { id: string; evalCase?: EvalCase; skill?: string; planned?: number; counted: CountedRun[]; facts: RunFacts[]; entries: RunEntry[] }>();
  // In the order of the runs (by eval, condition and run), whatever order the threads answered in.
  for (const location of locations) {
    if (!conditions.includes(location.condition)) continue;
    const conversationPath = join(location.dir, 'conversation.json');
    // A run that left no conversation.json, or whose file the checker did not reach (an ignore glob), has no report.
    const reported = location.hasConversation ? reports.get(conversationPath) : undefined;
    const record = reported ? reported.report.record : readRecord(location.dir);
    const given = evalsOf.get(location.iteration.dir);
    const evalsPath = given !== undefined ? resolve(cwd, given) : reported?.report.evalsPath;
    const evals = evalsPath === undefined ? undefined : evalsFiles.get(evalsPath);
    const evalCase = evals?.byId.get(location.evalId);
    const key = `${basename(dirname(location.iteration.dir))}\u0000${location.evalId}`;
    const group = byEval.get(key) ?? { id: location.evalId, planned: location.iteration.campaign?.runs?.[location.evalId], counted: [], facts: [], entries: [] };
    byEval.set(key, group);
    group.evalCase ??= evalCase;
    group.skill ??= evals?.file.skill_name ?? location.iteration.campaign?.skillName ?? record?.skill?.name;
    const errors = reported?.errors;
    const excluded = !location.hasConversation ? 'no conversation.json (the run did not finish)' : errors === undefined ? 'not checked' : errors > 0 ? `check found ${errors} error${errors === 1 ? '' : 's'}` : evalCase === undefined ? 'its eval is not in evals.json' : null;
    // A run that aborted left no conversation.json, but its run.json says how it ended.
    const fact: RunFacts = { condition: location.condition, run: location.run, record, excluded, iteration: location.iteration.dir, status: record?.status };
    group.facts.push(fact);
    const entry: RunEntry = { condition: location.condition, run: location.run ?? null, path: shown(conversationPath), excluded, passed: 0, failed: 0, ungraded: 0, skill_invoked: null };
    group.entries.push(entry);
    if (excluded !== null) continue;
    const graded = reported!.report.graded;
    if (graded === undefined) throw new Error(`${entry.path} was checked clean but not graded`); // the thread and this loop disagree: a bug
    let verdicts: Verdict[];
    if (isComplete(graded.verdicts)) {
      verdicts = graded.verdicts; // and grading.json written by the thread
    } else {
      // command_check and diff_scope, here and one run at a time: commands of different runs never run at once.
      verdicts = await gradeOnDisk((evalCase!.assertions ?? []) as Assertion[], graded.verdicts, {
        runDir: location.dir, taskDir: record?.taskDir, stagedDir: record?.stagedDir, skillStagedAt: record?.skill?.stagedAt, evalsDir: evals!.dir, commandTimeoutMs: options.commandTimeoutMs,
      });
      if (options.writeGrading !== false) writeGrading(location.dir, gradingDocument(verdicts));
    }
    const grading = gradingDocument(verdicts);
    const metrics = graded.metrics;
    fact.status = metrics.status;
    Object.assign(entry, { passed: grading.summary.passed, failed: grading.summary.failed, ungraded: grading.ungraded.length, skill_invoked: metrics.skill_invoked });
    group.counted.push({ condition: location.condition, grading, metrics });
  }
  const report = summarize(results);
  const byRun = (a: RunEntry, b: RunEntry) => conditions.indexOf(a.condition) - conditions.indexOf(b.condition) || (a.run ?? 0) - (b.run ?? 0);
  for (const group of byEval.values()) group.entries.sort(byRun);

  // Stage 3: the numbers, Holm across every eval's graded assertions at once.
  const groups = [...byEval.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group);
  const evals: EvalComparison[] = groups.map((group) => {
    const shouldTrigger = group.evalCase?.skill_should_trigger !== false;
    return {
      id: group.id,
      skill: group.skill ?? null,
      skill_should_trigger: shouldTrigger,
      runs: Object.fromEntries(conditions.map((c) => [c, group.counted.filter((r) => r.condition === c).length])),
      assertions: compareAssertions((group.evalCase?.assertions ?? []) as Assertion[], group.counted, conditions),
      metrics: compareMetrics(group.counted, conditions, shouldTrigger),
      run_list: group.entries,
    };
  });
  const familySize = applyHolm(evals.flatMap((e) => e.assertions), alpha);
  const tables = evals.map((e) => evalTable(e.assertions, conditions)).filter((t) => t !== undefined);
  const invocation = Object.fromEntries(conditions.map((c) => {
    const runs = [...byEval.values()].filter((g) => g.evalCase?.skill_should_trigger !== false).flatMap((g) => g.counted.filter((r) => r.condition === c));
    const invoked = runs.filter((r) => r.metrics.skill_invoked).length;
    return [c, armCount(invoked, runs.length - invoked)];
  })) as Record<string, ArmCount>;
  const document: ComparisonDocument = {
    schema_version: 1,
    tool: `eval-magic ${options.toolVersion ?? ''}`.trim(),
    conditions,
    alpha,
    family_size: familySize,
    validity: validityProblems({ conditions, guessed: picked.guessed, alpha, familySize, evals, facts: groups.map((g) => g.facts), plannedRuns: groups.map((g) => g.planned) }),
    evals,
    overall: compareOverall(tables, invocation),
    iterations: iterations.map((i) => shown(i.dir)),
    excluded_count: report.results.filter((r) => r.errorCount > 0).length,
  };
  return { document, report };
}

function dedupe(iterations: Iteration[]): Iteration[] {
  const seen = new Set<string>();
  return iterations.filter((i) => !seen.has(i.dir) && Boolean(seen.add(i.dir)));
}

/** campaign.json's evals.json path (a relative one from the iteration folder, else the working directory), if it exists. */
function campaignEvals(iterations: readonly Iteration[], cwd: string): string | undefined {
  for (const iteration of iterations) {
    const path = iteration.campaign?.evalsPath;
    if (path === undefined) continue;
    const found = (isAbsolute(path) ? [path] : [resolve(iteration.dir, path), resolve(cwd, path)]).find((p) => existsSync(p));
    if (found) return found;
  }
  return undefined;
}

/**
 * The evals.json the checker's lookup finds for the first run of an iteration, which the runs of
 * one iteration share (a run that finds another is validated by the thread that grades it).
 */
async function lookedUpEvals(first: RunLocation | undefined, cwd: string): Promise<string | undefined> {
  if (first === undefined) return undefined;
  return new EvalLookup({ cwd }).evalsFileFor(join(first.dir, 'conversation.json'));
}
