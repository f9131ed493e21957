// Graded runs → the numbers: per assertion and metric, per condition, and the tests between them.
// Every statistic comes from src/stats; this module only counts and arranges.
import { describe, detectableDelta, exactConditionalTest, fisherExact, holm, mannWhitneyU, newcombeInterval, rateDifference, reachesLevel, smallestConditionalP, smallestFisherP, smallestHolmP, wilsonInterval } from '../stats/index.js';
import type { Assertion } from './graders/types.js';
import type { GradingDocument, VotesByJudge } from './graders/index.js';
import { NUMERIC_METRICS, type RunMetrics } from './metrics.js';
import type { ArmCount, AssertionComparison, MetricComparison, MetricSummary, OverallComparison } from './model.js';

/** A run that is in the numbers. */
export interface CountedRun {
  condition: string;
  grading: GradingDocument;
  metrics: RunMetrics;
  /** Of each llm_judge assertion, the votes cast by each judge (graders/types.ts VotesByJudge). */
  judges?: VotesByJudge;
  /** Its ungraded reasons, by id, as the report says them where grading.json's differ (graders/told.ts). */
  plainReasons?: Readonly<Record<string, string>>;
}

/** A counted run's grading as the report shows it: each ungraded reason as the report says it (paths from where compare was started), not as its grading.json records it. */
export function reportedGrading(run: CountedRun): GradingDocument {
  const plain = run.plainReasons;
  if (plain === undefined || Object.keys(plain).length === 0) return run.grading;
  return { ...run.grading, ungraded: run.grading.ungraded.map((u) => ({ ...u, reason: plain[u.id] ?? u.reason })) };
}

/** Each ungraded reason of a counted run as the report says it ({@link reportedGrading}). */
export const reportedReasons = (run: CountedRun): string[] => reportedGrading(run).ungraded.map((u) => u.reason);

type Table = [[number, number], [number, number]];

/** One eval's table of runs in the overall test, and its runs left out as undecided per arm ({@link runTable}). */
export interface Stratum {
  table: Table;
  undecided: [number, number];
}

/** Counts to an ArmCount, with its Wilson interval. */
export function armCount(passed: number, failed: number, ungraded = 0): ArmCount {
  const n = passed + failed;
  return { passed, failed, ungraded, n, rate: n === 0 ? null : passed / n, ci95: wilsonInterval(passed, n) };
}

/** The assertions of one eval, in evals.json order, before Holm (p_holm filled in by {@link applyHolm}). */
export function compareAssertions(assertions: readonly Assertion[], runs: readonly CountedRun[], conditions: readonly [string, string]): AssertionComparison[] {
  return assertions.map((assertion) => {
    const arms = conditions.map((condition) => {
      let passed = 0;
      let failed = 0;
      let ungraded = 0;
      for (const run of runs) {
        if (run.condition !== condition) continue;
        const result = run.grading.assertion_results.find((r) => r.id === assertion.id);
        if (result) result.passed ? passed++ : failed++;
        else ungraded++;
      }
      return armCount(passed, failed, ungraded);
    }) as [ArmCount, ArmCount];
    const [t, c] = arms;
    const testable = t.n > 0 && c.n > 0;
    const row: AssertionComparison = {
      id: assertion.id,
      grader: assertion.type,
      [conditions[0]]: t,
      [conditions[1]]: c,
      delta: testable ? rateDifference(t.passed, t.n, c.passed, c.n) : null,
      delta_ci95: newcombeInterval(t.passed, t.n, c.passed, c.n),
      p_value: testable ? fisherExact([[t.passed, t.failed], [c.passed, c.failed]]) : null,
      p_holm: null,
      min_attainable_p: testable ? smallestFisherP(t.n, c.n) : null,
      min_attainable_p_holm: null,
      detectable_delta: null,
      significant: false,
      direction: null,
    };
    return row;
  });
}

/**
 * Holm across every assertion with a p-value (all evals at once), then per row: significance at
 * `alpha`, the smallest Holm p any outcome of these runs could give it, and the smallest change its
 * runs would detect with power 0.8 at alpha / family size (the level Holm holds the strongest
 * result to). Returns the family size.
 */
export function applyHolm(rows: readonly AssertionComparison[], alpha: number, conditions: readonly [string, string]): number {
  const family = rows.filter((r) => r.p_value !== null);
  const adjusted = holm(family.map((r) => r.p_value!));
  const attainable = smallestHolmP(family.map((r) => r.min_attainable_p!));
  const level = alpha / Math.max(1, family.length);
  family.forEach((row, i) => {
    const adjustedP = adjusted[i]!;
    row.p_holm = adjustedP;
    row.min_attainable_p_holm = attainable[i]!;
    row.significant = reachesLevel(adjustedP, alpha);
    row.direction = row.significant && row.delta !== null && row.delta !== 0 ? (row.delta > 0 ? 'better' : 'worse') : null;
    const [t, c] = conditions.map((condition) => row[condition] as ArmCount);
    row.detectable_delta = detectableDelta({ treatmentRuns: t!.n, controlRuns: c!.n, controlRate: c!.rate!, level });
  });
  return family.length;
}

function summary(values: readonly number[]): MetricSummary {
  const d = describe(values);
  return { n: d.n, mean: d.mean ?? null, sd: d.sd ?? null, median: d.median ?? null };
}

/** The behaviour metrics of one eval: skill invocation and stops (Fisher), the numbers (Mann–Whitney U). */
export function compareMetrics(runs: readonly CountedRun[], conditions: readonly [string, string], skillShouldTrigger: boolean): MetricComparison[] {
  const of = (condition: string) => runs.filter((r) => r.condition === condition).map((r) => r.metrics);
  const [t, c] = [of(conditions[0]), of(conditions[1])];
  const rows: MetricComparison[] = [];
  const rate = (id: string, test: (m: RunMetrics) => boolean, extra: Partial<MetricComparison> = {}) => {
    const [a, b] = [t, c].map((ms) => armCount(ms.filter(test).length, ms.filter((m) => !test(m)).length)) as [ArmCount, ArmCount];
    const testable = a.n > 0 && b.n > 0;
    rows.push({ id, kind: 'rate', [conditions[0]]: a, [conditions[1]]: b, delta: testable ? rateDifference(a.passed, a.n, b.passed, b.n) : null, p_value: testable ? fisherExact([[a.passed, a.failed], [b.passed, b.failed]]) : null, method: testable ? 'fisher' : null, ...extra });
  };
  rate('skill_invoked', (m) => m.skill_invoked, skillShouldTrigger ? {} : { expected: false });
  rate('stopped_or_aborted', (m) => m.status !== 'completed');
  for (const id of NUMERIC_METRICS) {
    const values = (ms: RunMetrics[]) => ms.map((m) => m[id]).filter((v): v is number => typeof v === 'number');
    const [x, y] = [values(t), values(c)];
    if (x.length === 0 && y.length === 0) continue;
    const [sx, sy] = [summary(x), summary(y)];
    const testable = x.length > 0 && y.length > 0;
    const u = testable ? mannWhitneyU(x, y) : undefined;
    const leftOut = id === 'duration_ms' ? startedAlone([t, c], conditions) : undefined;
    rows.push({ id, kind: 'numeric', [conditions[0]]: sx, [conditions[1]]: sy, delta: sx.mean !== null && sy.mean !== null ? sx.mean - sy.mean : null, p_value: u?.p ?? null, method: u?.method ?? null, ...(leftOut ? { left_out: leftOut } : {}) });
  }
  return rows;
}

/** Per condition, the runs whose duration is left out as started alone (metrics.ts); undefined when none is. */
function startedAlone(arms: readonly [RunMetrics[], RunMetrics[]], conditions: readonly [string, string]): Record<string, number> | undefined {
  const counts = arms.map((ms) => ms.filter((m) => m.started_alone).length);
  return counts.some((n) => n > 0) ? Object.fromEntries(conditions.flatMap((c, i) => (counts[i]! > 0 ? [[c, counts[i]!]] : []))) : undefined;
}

/**
 * One eval's 2×2 table of runs, `[[passed, failed] treatment, [passed, failed] control]`, over the
 * tested assertions (graded in runs of both arms): a run fails when one of them failed on it, and
 * passes when every one of them was graded on it and passed. A run that failed none but was not
 * graded on them all (an llm_judge not judged yet on it, a judge split) is left out: whether it
 * passes is not known, and counted as a pass it would hold one arm's runs to fewer assertions
 * than the other's (the skill's judged, the control's not). An assertion graded in one arm only
 * is untested, as its row says: counted in one arm's runs alone, it would make the test find a
 * difference no run showed. The overall test counts runs, not assertion outcomes, whose agreement
 * within a run would count one run's evidence many times. When an arm has no run in the table
 * (nothing to compare), why instead: the eval is left out of every line across evals, and says so.
 */
export function runTable(runs: readonly CountedRun[], conditions: readonly [string, string]): Stratum | { leftOut: string } {
  const uncounted = armsUncounted(runs, conditions);
  if (uncounted !== undefined) return { leftOut: uncounted };
  const gradedIn = (condition: string) => new Set(runs.filter((r) => r.condition === condition).flatMap((r) => r.grading.assertion_results.map((a) => a.id)));
  const [inTreatment, inControl] = conditions.map(gradedIn) as [Set<string>, Set<string>];
  const tested = [...inTreatment].filter((id) => inControl.has(id));
  const outcome = (run: CountedRun): boolean | undefined => {
    const results = run.grading.assertion_results.filter((a) => inControl.has(a.id) && inTreatment.has(a.id));
    if (results.some((a) => !a.passed)) return false;
    return results.length > 0 && results.length === tested.length ? true : undefined;
  };
  const undecided: [number, number] = [0, 0];
  const rows = conditions.map((condition, arm) => {
    const outcomes = runs.filter((r) => r.condition === condition).map(outcome);
    const known = outcomes.filter((o) => o !== undefined);
    undecided[arm] = outcomes.length - known.length;
    const passed = known.filter((o) => o).length;
    return [passed, known.length - passed] as [number, number];
  }) as Table;
  // An eval with no assertion at all (it asks only whether the skill triggers) is said so, not as a grading that failed.
  const hasNone = runs.every((r) => r.grading.assertion_results.length === 0 && r.grading.ungraded.length === 0);
  if (tested.length === 0) return { leftOut: hasNone ? 'it has no assertion' : 'no assertion graded in runs of both arms' };
  const unknown = conditions.filter((_, arm) => rows[arm]![0] + rows[arm]![1] === 0);
  return unknown.length === 0 ? { table: rows, undecided } : { leftOut: `no ${unknown.join(' or ')} run graded on every tested assertion` };
}

/**
 * Why an eval's runs set no arm beside the other — none counted in an arm, or in either — or
 * undefined when both arms have counted runs: the evals the skill-invoked line and the tokens and
 * cost add up (an eval with no assertion included), and the first thing the overall test asks.
 */
export function armsUncounted(runs: readonly CountedRun[], conditions: readonly [string, string]): string | undefined {
  const unrun = conditions.filter((c) => !runs.some((r) => r.condition === c));
  if (unrun.length === 0) return undefined;
  return unrun.length === conditions.length ? 'no counted run in either arm' : `no counted ${unrun.join(' or ')} run`;
}

/**
 * Across evals: the exact conditional test of a common odds ratio of 1 over each eval's table of
 * runs (strata never pooled), the smallest p those run counts allow, the skill-invocation rate
 * where it is expected (over the same evals), and the evals left out with why.
 */
export function compareOverall(strata: readonly Stratum[], invocation: Record<string, ArmCount>, conditions: readonly [string, string], leftOut: OverallComparison['evals_left_out'] = []): OverallComparison {
  const tables = strata.map((s) => s.table);
  const test = exactConditionalTest(tables);
  const undecided = (arm: 0 | 1) => strata.reduce((n, s) => n + s.undecided[arm], 0);
  const pooled = (arm: 0 | 1) => armCount(tables.reduce((n, t) => n + t[arm][0], 0), tables.reduce((n, t) => n + t[arm][1], 0));
  return {
    unit: 'run',
    strata: tables.length,
    informative_strata: test?.strata ?? 0,
    runs: { [conditions[0]]: pooled(0), [conditions[1]]: pooled(1) },
    runs_undecided: { [conditions[0]]: undecided(0), [conditions[1]]: undecided(1) },
    p_value: test?.p ?? null,
    min_attainable_p: smallestConditionalP(tables.map(([t, c]) => [t[0] + t[1], c[0] + c[1]] as const)),
    common_odds_ratio: test?.commonOddsRatio ?? null,
    skill_invocation: invocation,
    evals_left_out: leftOut,
  };
}
