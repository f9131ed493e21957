// Graded runs → the numbers: per assertion and metric, per condition, and the tests between them.
// Every statistic comes from src/stats; this module only counts and arranges.
import { cochranMantelHaenszel, describe, fisherExact, holm, mannWhitneyU, smallestFisherP, wilsonInterval } from '../stats/index.js';
import type { Assertion } from './graders/types.js';
import type { GradingDocument } from './graders/index.js';
import { NUMERIC_METRICS, type RunMetrics } from './metrics.js';
import type { ArmCount, AssertionComparison, MetricComparison, MetricSummary, OverallComparison } from './model.js';

/** A run that is in the numbers. */
export interface CountedRun {
  condition: string;
  grading: GradingDocument;
  metrics: RunMetrics;
}

type Table = [[number, number], [number, number]];

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
      delta: testable ? t.rate! - c.rate! : null,
      p_value: testable ? fisherExact([[t.passed, t.failed], [c.passed, c.failed]]) : null,
      p_holm: null,
      min_attainable_p: testable ? smallestFisherP(t.n, c.n) : null,
      significant: false,
      direction: null,
    };
    return row;
  });
}

/** Holm across every assertion with a p-value (all evals at once), then significance at `alpha`. */
export function applyHolm(rows: readonly AssertionComparison[], alpha: number): number {
  const family = rows.filter((r) => r.p_value !== null);
  const adjusted = holm(family.map((r) => r.p_value!));
  family.forEach((row, i) => {
    const adjustedP = adjusted[i]!;
    row.p_holm = adjustedP;
    row.significant = adjustedP <= alpha;
    row.direction = row.significant && row.delta !== null && row.delta !== 0 ? (row.delta > 0 ? 'better' : 'worse') : null;
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
    rows.push({ id, kind: 'rate', [conditions[0]]: a, [conditions[1]]: b, delta: testable ? a.rate! - b.rate! : null, p_value: testable ? fisherExact([[a.passed, a.failed], [b.passed, b.failed]]) : null, method: testable ? 'fisher' : null, ...extra });
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
    rows.push({ id, kind: 'numeric', [conditions[0]]: sx, [conditions[1]]: sy, delta: sx.mean !== null && sy.mean !== null ? sx.mean - sy.mean : null, p_value: u?.p ?? null, method: u?.method ?? null });
  }
  return rows;
}

/** A 2×2 of summed assertion outcomes for one eval: [[passed, failed] treatment, [passed, failed] control]. */
export function evalTable(rows: readonly AssertionComparison[], conditions: readonly [string, string]): Table | undefined {
  const graded = rows.filter((r) => r.p_value !== null);
  if (graded.length === 0) return undefined;
  const sum = (condition: string, key: 'passed' | 'failed') => graded.reduce((n, r) => n + (r[condition] as ArmCount)[key], 0);
  return [[sum(conditions[0], 'passed'), sum(conditions[0], 'failed')], [sum(conditions[1], 'passed'), sum(conditions[1], 'failed')]];
}

/** Across evals: CMH over each eval's table (strata never pooled), and the skill-invocation rate where it is expected. */
export function compareOverall(tables: readonly Table[], invocation: Record<string, ArmCount>): OverallComparison {
  const cmh = tables.length === 0 ? null : cochranMantelHaenszel([...tables]);
  return { strata: tables.length, statistic: cmh?.statistic ?? null, p_value: cmh?.p ?? null, common_odds_ratio: cmh?.commonOddsRatio ?? null, skill_invocation: invocation };
}
