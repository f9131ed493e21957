// How the comparison's numbers read in text: rates as percentages, intervals, p-values, deltas.
import { moved } from '../headline.js';
import type { ArmCount, AssertionComparison, ComparisonDocument, MetricComparison, MetricSummary } from '../model.js';

/** 0.8 → "80%"; null → "–". */
function percent(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

/** "4/5 80% [38–96]": passed of graded, rate, Wilson 95 % interval. */
export function armText(arm: ArmCount): string {
  if (arm.n === 0) return arm.ungraded > 0 ? `ungraded (${arm.ungraded})` : 'no runs';
  const ci = arm.ci95 ? ` [${Math.round(arm.ci95[0] * 100)}–${Math.round(arm.ci95[1] * 100)}]` : '';
  return `${arm.passed}/${arm.n} ${percent(arm.rate)}${ci}${arm.ungraded > 0 ? ` +${arm.ungraded} ungraded` : ''}`;
}

/** A rate difference in percentage points: "+60 pp". */
export function deltaPoints(delta: number | null): string {
  if (delta === null) return '–';
  const points = Math.round(Math.abs(delta) * 100);
  return `${points === 0 ? '±' : delta > 0 ? '+' : '−'}${points} pp`;
}

/** A p-value with three decimals, or "<0.001". */
export function pText(p: number | null): string {
  if (p === null) return '–';
  return p < 0.001 ? '<0.001' : p.toFixed(3);
}

/** A number with at most `digits` decimals, thousands grouped. */
function num(value: number | null, digits = 1): string {
  return value === null ? '–' : value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** US dollars to the cent below a dollar's hundredth: "$0.0745", "$12.30". */
function dollars(value: number | null): string {
  if (value === null) return '–';
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: value < 1 ? 4 : 2 })}`;
}

/** "mean 4.2 (sd 1.1, median 4, n 5)"; a metric in dollars (`cost_usd`) reads as dollars. */
function summaryText(s: MetricSummary, money = false): string {
  if (s.n === 0) return 'no runs';
  const f = money ? dollars : (v: number | null) => num(v);
  return `mean ${f(s.mean)} (sd ${f(s.sd)}, median ${f(s.median)}, n ${s.n})`;
}

/** The arm of a row under a condition name. */
export function armOf(row: AssertionComparison, condition: string): ArmCount {
  return row[condition] as ArmCount;
}

/** A metric row's cell for one condition. */
export function metricCell(row: MetricComparison, condition: string): string {
  return row.kind === 'rate' ? armText(row[condition] as ArmCount) : summaryText(row[condition] as MetricSummary, row.id === 'cost_usd');
}

/** A metric row's delta in its own unit. */
export function metricDelta(row: MetricComparison): string {
  if (row.kind === 'rate') return deltaPoints(row.delta);
  if (row.delta === null) return '–';
  const size = row.id === 'cost_usd' ? dollars(Math.abs(row.delta)) : num(Math.abs(row.delta));
  return `${row.delta > 0 ? '+' : row.delta < 0 ? '−' : '±'}${size}`;
}

/**
 * The verdict word of a row: `BETTER`/`WORSE` (significant after Holm), else whether it moved and
 * whether the runs were too few — a row that moved but is not significant could not show its size
 * with these runs; one that did not move is "too few runs" only when no result could have reached alpha.
 */
export function verdict(row: AssertionComparison, alpha: number): string {
  if (row.p_value === null) return 'not tested';
  if (row.significant) return row.direction === 'worse' ? 'WORSE' : row.direction === 'better' ? 'BETTER' : 'significant';
  if (moved(row)) return 'moved, too few runs';
  return row.min_attainable_p !== null && row.min_attainable_p > alpha ? 'no change, too few runs' : 'no change';
}

/** "8/8 100%": passed of graded and the rate, without the interval (the terminal's narrow cell). */
export function armShort(arm: ArmCount): string {
  if (arm.n === 0) return arm.ungraded > 0 ? 'ungraded' : 'no runs';
  return `${arm.passed}/${arm.n} ${percent(arm.rate)}`;
}

/** A metric's cell in the terminal: "median · mean X" (rates as their count). */
export function metricShort(row: MetricComparison, condition: string): string {
  if (row.kind === 'rate') return armShort(row[condition] as ArmCount);
  const s = row[condition] as MetricSummary;
  if (s.n === 0) return 'no runs';
  const f = row.id === 'cost_usd' ? dollars : (v: number | null) => num(v);
  return `${f(s.median)} · mean ${f(s.mean)}`;
}

/** The one-line overall result. */
export function overallText(doc: ComparisonDocument): string {
  const o = doc.overall;
  if (o.p_value === null) return `Across evals: no stratified test (${o.strata === 0 ? 'no eval has graded assertions in both conditions' : 'no eval has an informative 2×2 table'}).`;
  const or = o.common_odds_ratio === null ? '' : `, common odds ratio ${num(o.common_odds_ratio, 2)}`;
  return `Across ${o.strata} eval${o.strata === 1 ? '' : 's'} (Cochran–Mantel–Haenszel, stratified by eval): χ² = ${num(o.statistic, 3)}, p = ${pText(o.p_value)}${or}.`;
}

/** The skill-invocation line (evals with skill_should_trigger false left out). */
export function invocationText(doc: ComparisonDocument): string {
  return `Skill invoked (evals where it should trigger): ${doc.conditions.map((c) => `${c} ${armText(doc.overall.skill_invocation[c]!)}`).join(', ')}.`;
}
