// compare's usage block: tokens and dollars per arm, summed only over runs that reported them,
// and the cost of one passed assertion over the runs whose cost is known and that had an assertion graded.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { armUsage } from '../../src/compare/usage.js';
import type { CountedRun } from '../../src/compare/tabulate.js';
import type { RunMetrics } from '../../src/compare/metrics.js';

const run = (condition: string, passed: number, tokens: RunMetrics['tokens'], cost: number | null): CountedRun => ({
  condition,
  grading: { assertion_results: [], ungraded: [], summary: { passed, failed: 0, total: passed, pass_rate: 1 } } as unknown as CountedRun['grading'],
  metrics: { tokens, cost_usd: cost } as RunMetrics,
});

it('sums tokens by kind and cost over the runs that reported them; unknown stays null, never 0', () => {
  const usage = armUsage([
    run('with_skill', 2, { input: 100, output: 20, cache_read: 50 }, 0.5),
    run('with_skill', 1, { input: 10, output: 2 }, null),
    run('with_skill', 3, null, 0.25),
    run('without_skill', 0, null, null),
  ], ['with_skill', 'without_skill']);
  assert.deepEqual(usage.with_skill, {
    runs: 3, token_runs: 2, tokens: { input: 110, output: 22, cache_read: 50, cache_write: null, reasoning: null },
    // $0.75 over the 5 assertions the two priced runs passed: the unpriced run's pass is not free.
    cost_runs: 2, cost_usd: 0.75, cost_per_passed_assertion: 0.15,
  });
  assert.deepEqual(usage.without_skill, {
    runs: 1, token_runs: 0, tokens: { input: null, output: null, cache_read: null, cache_write: null, reasoning: null },
    cost_runs: 0, cost_usd: null, cost_per_passed_assertion: null,
  });
});

it('has no cost per passed assertion when the priced runs passed none', () => {
  assert.equal(armUsage([run('a', 0, null, 1)], ['a']).a!.cost_per_passed_assertion, null);
});

it('sums dollars to the 15 significant digits a double holds of a decimal: two arms that spent the same read the same', () => {
  // Summed in floating point, $0.10 + $0.20 + $0.10 + $0.20 + $0.0125 + $0.0125 was $0.625, but $0.15 × 4 + $0.0125 + $0.0125 was 0.6249999999999999:
  // the cost per passed assertion read "$0.1563" in one arm and "$0.1562" in the other.
  const usage = armUsage([
    ...[0.1, 0.2, 0.1, 0.2].map((cost) => run('with_skill', 1, null, cost)),
    run('with_skill', 0, null, 0.0125), run('with_skill', 0, null, 0.0125),
    ...[0.15, 0.15, 0.15, 0.15].map((cost) => run('without_skill', 1, null, cost)),
    run('without_skill', 0, null, 0.0125), run('without_skill', 0, null, 0.0125),
  ], ['with_skill', 'without_skill']);
  assert.equal(usage.with_skill!.cost_usd, 0.625);
  assert.equal(usage.without_skill!.cost_usd, 0.625);
  assert.equal(usage.with_skill!.cost_per_passed_assertion, usage.without_skill!.cost_per_passed_assertion);
});

it('gives the cost per passed assertion to 15 significant digits too: $0.30 over 3 passes is 0.1, as $0.10 over 1 is, not 0.09999999999999999', () => {
  const usage = armUsage([run('with_skill', 3, null, 0.3), run('without_skill', 1, null, 0.1)], ['with_skill', 'without_skill']);
  assert.equal(usage.with_skill!.cost_per_passed_assertion, 0.1);
  assert.equal(usage.without_skill!.cost_per_passed_assertion, 0.1);
});

it("divides by passes only the cost of runs that had assertions to pass: a trigger-only eval's run (no assertion) adds its cost to cost_usd, not to the cost per passed assertion", () => {
  const triggerOnly: CountedRun = { condition: 'a', grading: { assertion_results: [], ungraded: [], summary: { passed: 0, failed: 0, total: 0, pass_rate: null } } as unknown as CountedRun['grading'], metrics: { tokens: null, cost_usd: 0.5 } as RunMetrics };
  const failedAll: CountedRun = { condition: 'a', grading: { assertion_results: [], ungraded: [], summary: { passed: 0, failed: 2, total: 2, pass_rate: 0 } } as unknown as CountedRun['grading'], metrics: { tokens: null, cost_usd: 0.5 } as RunMetrics };
  const usage = armUsage([run('a', 2, null, 0.5), triggerOnly, failedAll], ['a']).a!;
  // $1.50 spent; the $1.00 of the two runs with assertions over their 2 passes (it read $0.75, the trigger-only run's $0.50 with them).
  assert.deepEqual([usage.cost_usd, usage.cost_per_passed_assertion], [1.5, 0.5]);
  assert.equal(armUsage([triggerOnly], ['a']).a!.cost_per_passed_assertion, null);
});

it('divides by passes only the cost of runs with an assertion graded: a run whose llm_judge is not judged yet adds its cost to cost_usd, not to the cost per passed assertion (it read $1.00 before judge and $0.50 after; review39 p4)', () => {
  const unjudged: CountedRun = { condition: 'a', grading: { assertion_results: [], ungraded: [{ id: 'why' }], summary: { passed: 0, failed: 0, total: 0, pass_rate: 0 } } as unknown as CountedRun['grading'], metrics: { tokens: null, cost_usd: 0.5 } as RunMetrics };
  const judged: CountedRun = { ...unjudged, grading: { assertion_results: [{ id: 'why', passed: true }], ungraded: [], summary: { passed: 1, failed: 0, total: 1, pass_rate: 1 } } as unknown as CountedRun['grading'] };
  const before = armUsage([run('a', 1, null, 0.5), unjudged], ['a']).a!;
  assert.deepEqual([before.cost_usd, before.cost_per_passed_assertion], [1, 0.5]);
  // Judged later, it counts as any graded run: its cost over its pass.
  const after = armUsage([run('a', 1, null, 0.5), judged], ['a']).a!;
  assert.deepEqual([after.cost_usd, after.cost_per_passed_assertion], [1, 0.5]);
  assert.equal(armUsage([unjudged], ['a']).a!.cost_per_passed_assertion, null);
});
