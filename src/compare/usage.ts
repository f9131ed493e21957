// What the runs spent, per condition: token totals by kind and the dollars the CLI reported, and
// what one passed assertion cost (over the runs with an assertion graded). Medians and the test between arms are the metric rows
// (tokens_total, cost_usd); these are the sums a budget is read from.
import { decimalDigits } from '../stats/index.js';
import type { CountedRun } from './tabulate.js';
import type { ArmUsage, TokenTotals } from './model.js';

const TOKEN_KINDS = ['input', 'output', 'cache_read', 'cache_write', 'reasoning'] as const;

/** Per condition: the sums over `runs` (one eval's, or every eval's). */
export function armUsage(runs: readonly CountedRun[], conditions: readonly string[]): Record<string, ArmUsage> {
  return Object.fromEntries(conditions.map((condition) => [condition, sumArm(runs.filter((r) => r.condition === condition))]));
}

function sumArm(runs: readonly CountedRun[]): ArmUsage {
  const tokens: TokenTotals = { input: null, output: null, cache_read: null, cache_write: null, reasoning: null };
  let tokenRuns = 0;
  let cost: number | null = null;
  let costRuns = 0;
  let costWithAssertions = 0;
  let passedWhereCostKnown = 0;
  for (const run of runs) {
    const m = run.metrics;
    if (m.tokens !== null) {
      tokenRuns++;
      // A kind no run reported stays null (unknown), never 0.
      for (const kind of TOKEN_KINDS) if (m.tokens[kind] !== undefined) tokens[kind] = (tokens[kind] ?? 0) + m.tokens[kind]!;
    }
    if (m.cost_usd !== null) {
      costRuns++;
      cost = (cost ?? 0) + m.cost_usd;
      // A run with no assertion graded had nothing to pass yet: an eval with none (it asks only
      // whether the skill triggers), or an llm_judge not judged yet — counted, the number would
      // change once judged. Its cost is in cost_usd, not in what a passed assertion cost.
      if (run.grading.summary.total > 0) {
        costWithAssertions += m.cost_usd;
        passedWhereCostKnown += run.grading.summary.passed;
      }
    }
  }
  return {
    runs: runs.length,
    token_runs: tokenRuns,
    tokens,
    cost_runs: costRuns,
    // To the digits a double holds of a decimal: summed in another order, the same dollars differed in the last digit.
    cost_usd: cost === null ? null : decimalDigits(cost),
    // Over the runs whose cost is known only: a run without a cost must not make passes look free.
    // The quotient to 15 digits as well: $0.30 over 3 passes was 0.09999999999999999, $0.10 over 1 was 0.1.
    cost_per_passed_assertion: cost !== null && passedWhereCostKnown > 0 ? decimalDigits(decimalDigits(costWithAssertions) / passedWhereCostKnown) : null,
  };
}
