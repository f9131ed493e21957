// tabulate.ts: counting graded runs into rows, Holm and what it implies, the table of runs per
// eval and the overall test on it, the metrics. Runs are built here, not read from a workspace.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Assertion } from '../../src/compare/graders/types.js';
import type { RunMetrics } from '../../src/compare/metrics.js';
import type { ArmCount } from '../../src/compare/model.js';
import { applyHolm, armCount, compareAssertions, compareMetrics, compareOverall, runTable, type CountedRun, type Stratum } from '../../src/compare/tabulate.js';
import { detectableDelta, fisherExact, newcombeInterval, smallestFisherP } from '../../src/stats/index.js';

const conditions = ['with_skill', 'without_skill'] as const;

function metrics(overrides: Partial<RunMetrics> = {}): RunMetrics {
  return { skill_invoked: true, skill_evidence: null, tool_invocations: 3, tools_by_name: {}, rounds: 1, delivered_followups: 0, status: 'completed', stop_reason: null, status_conflict: null, assistant_characters: 100, duration_ms: null, started_alone: false, tokens_total: null, tokens: null, cost_usd: null, ...overrides };
}

/** A run whose graded assertions passed or failed as given; ids not given are ungraded. */
function run(condition: string, results: Record<string, boolean>, extra: Partial<RunMetrics> = {}): CountedRun {
  const assertion_results = Object.entries(results).map(([id, passed]) => ({ id, passed, evidence: '', grader: 'transcript_check' as const }));
  const passed = assertion_results.filter((r) => r.passed).length;
  return {
    condition,
    grading: { assertion_results, summary: { passed, failed: assertion_results.length - passed, total: assertion_results.length, pass_rate: assertion_results.length ? passed / assertion_results.length : 0 }, ungraded: [] },
    metrics: metrics(extra),
  };
}

const checks = (...ids: string[]): Assertion[] => ids.map((id) => ({ id, type: 'transcript_check', check: 'tool_called', pattern: 'x' }));
const repeat = <T>(n: number, make: () => T) => Array.from({ length: n }, make);
const all = (ids: readonly string[], passed: boolean) => Object.fromEntries(ids.map((id) => [id, passed]));

describe('compareAssertions', () => {
  it('gives equal rate differences as equal numbers: 4/5 − 1/5 was 0.6000000000000001 beside 5/5 − 2/5 = 0.6, which ordered the headline by floating-point noise', () => {
    const runs = [
      ...repeat(4, () => run('with_skill', { a: true, b: true })), run('with_skill', { a: false, b: true }),
      run('without_skill', { a: true, b: true }), run('without_skill', { a: false, b: true }), ...repeat(3, () => run('without_skill', { a: false, b: false })),
    ];
    const [a, b] = compareAssertions(checks('a', 'b'), runs, conditions);
    assert.deepEqual([a!.delta, b!.delta], [0.6, 0.6]);
    const invoked = compareMetrics([...repeat(4, () => run('with_skill', {})), run('with_skill', {}, { skill_invoked: false }), run('without_skill', {}), ...repeat(4, () => run('without_skill', {}, { skill_invoked: false }))], conditions, true);
    assert.equal(invoked.find((m) => m.id === 'skill_invoked')!.delta, 0.6);
  });

  it('counts passes, failures and ungraded runs per condition, with Fisher p, Newcombe interval and the smallest p', () => {
    const runs = [run('with_skill', { a: true }), run('with_skill', { a: true }), run('with_skill', {}), run('without_skill', { a: false }), run('without_skill', { a: true })];
    const [row] = compareAssertions(checks('a'), runs, conditions);
    const [t, c] = [row![conditions[0]] as ArmCount, row![conditions[1]] as ArmCount];
    assert.deepEqual([t.passed, t.failed, t.ungraded, c.passed, c.failed, c.ungraded], [2, 0, 1, 1, 1, 0]);
    assert.equal(row!.delta, 0.5);
    assert.equal(row!.p_value, fisherExact([[2, 0], [1, 1]]));
    assert.deepEqual(row!.delta_ci95, newcombeInterval(2, 2, 1, 2));
    assert.equal(row!.min_attainable_p, smallestFisherP(2, 2));
    assert.equal(row!.p_holm, null);
  });

  it('leaves an assertion untested (no p, no interval) when a condition has no graded run', () => {
    const [row] = compareAssertions(checks('a'), [run('with_skill', { a: true }), run('without_skill', {})], conditions);
    assert.equal(row!.p_value, null);
    assert.equal(row!.delta_ci95, null);
    assert.equal(row!.min_attainable_p, null);
  });
});

describe('applyHolm', () => {
  it('marks small (4/4 vs 0/4) BETTER beside big (10/10 vs 0/10), and says it could reach alpha (issue 36)', () => {
    const small = compareAssertions(checks('s'), [...repeat(4, () => run('with_skill', { s: true })), ...repeat(4, () => run('without_skill', { s: false }))], conditions);
    const big = compareAssertions(checks('b'), [...repeat(10, () => run('with_skill', { b: true })), ...repeat(10, () => run('without_skill', { b: false }))], conditions);
    const rows = [...small, ...big];
    assert.equal(applyHolm(rows, 0.05, conditions), 2);
    assert.equal(rows[0]!.p_holm!.toFixed(4), '0.0286');
    assert.equal(rows[0]!.direction, 'better');
    // Bonferroni's 2 × 0.0286 would say it cannot: Holm's best case is 0.0286.
    assert.equal(rows[0]!.min_attainable_p_holm!.toFixed(4), '0.0286');
    assert.ok(rows[1]!.min_attainable_p_holm! < 1e-4);
  });

  it('gives each tested row the change its runs detect at alpha / family size, and leaves untested rows alone', () => {
    const runs = [...repeat(5, () => run('with_skill', { a: true, b: true })), ...repeat(5, () => run('without_skill', { a: false, b: false })), run('without_skill', { a: true })];
    const rows = compareAssertions(checks('a', 'b', 'c'), runs, conditions);
    applyHolm(rows, 0.05, conditions);
    // a: 5 vs 6 runs, control at 1/6; b: 5 vs 5, control at 0; both at 0.05 / 2.
    assert.equal(rows[0]!.detectable_delta, detectableDelta({ treatmentRuns: 5, controlRuns: 6, controlRate: 1 / 6, level: 0.025 }));
    assert.equal(rows[1]!.detectable_delta, 1);
    assert.deepEqual([rows[2]!.p_holm, rows[2]!.detectable_delta, rows[2]!.min_attainable_p_holm], [null, null, null]);
  });
});

describe('runTable and compareOverall', () => {
  /** The eval's table of runs: failing the test when runTable leaves the eval out. */
  const tableOf = (runs: CountedRun[]): Stratum => {
    const made = runTable(runs, conditions);
    return 'table' in made ? made : assert.fail(made.leftOut);
  };

  it('counts runs, not assertion outcomes: 4 agreeing assertions and 3/3 vs 0/3 give p = 0.1, not 1.1e-5 (issue 36)', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const runs = [...repeat(3, () => run('with_skill', all(ids, true))), ...repeat(3, () => run('without_skill', all(ids, false)))];
    const stratum = tableOf(runs);
    assert.deepEqual(stratum, { table: [[3, 0], [0, 3]], undecided: [0, 0] });
    const overall = compareOverall([stratum], { with_skill: armCount(3, 0), without_skill: armCount(0, 3) }, conditions);
    assert.equal(overall.unit, 'run');
    assert.equal(overall.p_value!.toFixed(10), '0.1000000000');
    assert.equal(overall.min_attainable_p!.toFixed(10), '0.1000000000');
    assert.deepEqual([overall.strata, overall.informative_strata], [1, 1]);
    assert.deepEqual([overall.runs.with_skill!.passed, overall.runs.without_skill!.failed], [3, 3]);
  });

  it('passes a run only when every tested assertion was graded on it and passed, fails it when one failed, and leaves out runs whose outcome is not known', () => {
    const runs = [run('with_skill', { a: true, b: false }), run('with_skill', { a: true, b: true }), run('with_skill', {}), run('without_skill', { a: true, b: true }), run('without_skill', { b: false })];
    assert.deepEqual(runTable(runs, conditions), { table: [[1, 1], [1, 1]], undecided: [1, 0] });
    // No table, said why: the eval is left out of every line across evals, each reason its own.
    assert.deepEqual(runTable([run('with_skill', { a: true }), run('without_skill', {})], conditions), { leftOut: 'no assertion graded in runs of both arms' });
    assert.deepEqual(runTable([run('without_skill', { a: true })], conditions), { leftOut: 'no counted with_skill run' });
    assert.deepEqual(runTable([], conditions), { leftOut: 'no counted run in either arm' });
    assert.deepEqual(runTable([run('with_skill', { a: true, b: true }), run('without_skill', { a: true }), run('without_skill', { b: true })], conditions), { leftOut: 'no without_skill run graded on every tested assertion' });
  });

  it('leaves out a run that failed nothing but was not graded on every tested assertion: judged in 8 of 8 skill runs and 1 of 8 control runs, the 7 unjudged control runs do not pass on the rest alone', () => {
    const runs = [...repeat(8, () => run('with_skill', { t: true, j: false })), run('without_skill', { t: true, j: false }), ...repeat(7, () => run('without_skill', { t: true }))];
    // Counted as passes, the 7 made it 0/8 vs 7/8: the skill "hurting" where the judge never looked.
    assert.deepEqual(runTable(runs, conditions), { table: [[0, 8], [0, 1]], undecided: [0, 7] });
    const overall = compareOverall([tableOf(runs)], {}, conditions);
    assert.deepEqual([overall.runs.without_skill!.failed, overall.runs_undecided], [1, { with_skill: 0, without_skill: 7 }]);
    // A run that failed a graded assertion fails whatever else is not graded on it.
    assert.deepEqual(runTable([run('with_skill', { t: false }), run('with_skill', { t: true, j: true }), run('without_skill', { t: true, j: true })], conditions), { table: [[1, 1], [1, 0]], undecided: [0, 0] });
  });

  it('leaves out of a run\'s pass an assertion graded in one arm only (an llm_judge judged in the skill arm alone): untested, it must not make the overall test find what its row could not', () => {
    // j judged (failed) in every treatment run, in no control run: its row is "not tested"; the
    // overall line said 0/8 vs 8/8 runs, p < 0.001, the skill making runs fail.
    const runs = [...repeat(8, () => run('with_skill', { t: true, j: false })), ...repeat(8, () => run('without_skill', { t: true }))];
    assert.deepEqual(tableOf(runs).table, [[8, 0], [8, 0]]);
    // Graded in both arms, in some runs only: tested, so a run not graded on it has no known outcome.
    const some = [run('with_skill', { t: true, j: false }), run('with_skill', { t: true }), run('without_skill', { t: true, j: true }), run('without_skill', { t: true })];
    assert.deepEqual(runTable(some, conditions), { table: [[0, 1], [1, 0]], undecided: [1, 1] });
    // A run whose only graded assertion is untested has nothing tested graded on it: left out.
    assert.deepEqual(runTable([run('with_skill', { j: false }), run('with_skill', { t: true }), run('without_skill', { t: false })], conditions), { table: [[1, 0], [0, 1]], undecided: [1, 0] });
  });

  it('stratifies by eval and leaves out evals without variance', () => {
    const overall = compareOverall([{ table: [[3, 0], [0, 3]], undecided: [0, 0] }, { table: [[2, 0], [2, 0]], undecided: [0, 0] }], {}, conditions);
    assert.deepEqual([overall.strata, overall.informative_strata], [2, 1]);
    assert.equal(overall.p_value!.toFixed(10), '0.1000000000');
    const none = compareOverall([], {}, conditions);
    assert.deepEqual([none.p_value, none.min_attainable_p, none.common_odds_ratio, none.strata], [null, null, null, 0]);
  });
});

describe('compareMetrics', () => {
  it('compares rates by Fisher and numbers by Mann–Whitney, exact for 3 + 3 tied runs (0.1, not 0.047)', () => {
    const runs = [...repeat(3, () => run('with_skill', {}, { rounds: 2 })), ...repeat(3, () => run('without_skill', {}, { rounds: 1, skill_invoked: false }))];
    const rows = compareMetrics(runs, conditions, true);
    const rounds = rows.find((r) => r.id === 'rounds')!;
    assert.equal(rounds.method, 'exact');
    assert.equal(rounds.p_value!.toFixed(10), '0.1000000000');
    const invoked = rows.find((r) => r.id === 'skill_invoked')!;
    assert.deepEqual([invoked.method, invoked.delta, invoked.p_value], ['fisher', 1, fisherExact([[3, 0], [0, 3]])]);
    assert.equal(rows.some((r) => r.id === 'duration_ms'), false, 'a metric no run measured is left out');
  });
  it('says on the duration_ms row, per arm, the runs left out as started alone (measured as null), and on no other row', () => {
    const runs = [...repeat(2, () => run('with_skill', {}, { duration_ms: 10 })), run('without_skill', {}, { duration_ms: null, started_alone: true }), run('without_skill', {}, { duration_ms: 20 })];
    const rows = compareMetrics(runs, conditions, true);
    const duration = rows.find((r) => r.id === 'duration_ms')!;
    assert.deepEqual([duration.left_out, (duration.without_skill as { n: number }).n], [{ without_skill: 1 }, 1]);
    assert.deepEqual(rows.filter((r) => r.left_out !== undefined).map((r) => r.id), ['duration_ms']);
  });
});
