// Every number of a stratified comparison, end to end (workspace → compareIterations), against
// values computed outside eval-magic: scipy 1.17.1 (fisher_exact, binomtest(...).proportion_ci
// (method="wilson"), mannwhitneyu, permutation_test of U with n_resamples=np.inf) and exact integer
// arithmetic in Python (R's rule for Fisher's and the conditional test's p, Holm's formula, the
// smallest Holm p over every best case, the power of Fisher's test by enumerating both binomials).
// test/stats/fixtures/make-audit-references.py prints them, and says how it was run; each value is
// written here as it printed. The library tests (test/stats) hold each function to its fixtures;
// this holds what compare feeds them: which runs, which family, which level, which tables.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations, type ArmCount, type AssertionComparison, type MetricComparison, type MetricSummary } from '../../src/compare/index.js';
import { writeWorkspace, type RunSpec } from './workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-reference-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const close = (actual: number | null | undefined, expected: number, what: string) =>
  assert.ok(typeof actual === 'number' && Math.abs(actual - expected) <= 1e-9 * Math.abs(expected) + 1e-15, `${what}: got ${String(actual)}, reference ${expected}`);

/** Run j of an arm passes assertion a when j < passes[a]; it calls the skill when `skill`; it took `durationMs`. */
function run(j: number, passes: number[], skill: boolean, durationMs: number): RunSpec {
  const events: RunSpec['events'] = [{ user: 'Do the task.' }];
  if (skill) events.push({ tool: 'Skill', args: { skill: 'audited' }, result: 'Launching skill' });
  passes.forEach((k, a) => { if (j < k) events.push({ tool: 'Bash', args: { command: `pass-a${a};` }, result: 'ok' }); });
  events.push({ assistant: 'Done.' });
  return { events, record: { duration_ms: durationMs } };
}

// Per eval: runs per arm, each assertion's passes [treatment, control], each run's duration.
const EVALS = {
  e1: { runs: [5, 5], passes: [[5, 1], [3, 3]], durations: [[60000, 60000, 70000, 80000, 90000], [60000, 90000, 100000, 100000, 120000]] },
  e2: { runs: [4, 6], passes: [[4, 0]], durations: [[60000, 60000, 60000, 60000], [60000, 60000, 60000, 60000, 60000, 60000]] },
  e3: { runs: [10, 10], passes: [[9, 2], [10, 10]], durations: [Array.from({ length: 10 }, (_, j) => 61000 + 1000 * j), Array.from({ length: 10 }, (_, j) => 65500 + 1000 * j)] },
} as const;

const root = join(tmp, 'ws');
const iteration = writeWorkspace(root, {
  skill: 'audited',
  evals: Object.entries(EVALS).map(([id, e]) => ({
    id, prompt: 'Do the task.', expected_output: 'Done.',
    assertions: [
      ...e.passes.map((_, a) => ({ id: `a${a}`, type: 'transcript_check', check: 'tool_invocation_matches', pattern: `pass-a${a};` })),
      // Never judged: ungraded in every run, so in no arm's count, the family or the run tables.
      { id: 'judged', type: 'llm_judge', rubric: 'Is it good?' },
    ],
  })),
  runs: Object.fromEntries(Object.entries(EVALS).map(([id, e]) => [id, {
    with_skill: Array.from({ length: e.runs[0] }, (_, j) => run(j, e.passes.map((p) => p[0]), true, e.durations[0][j]!)),
    without_skill: Array.from({ length: e.runs[1] }, (_, j) => run(j, e.passes.map((p) => p[1]), false, e.durations[1][j]!)),
  }])),
});

// [eval/assertion, Fisher p, Holm p, Newcombe low, high, smallest p, smallest Holm p, detectable change, significant]
const ROWS: Array<[string, number, number, number, number, number, number, number | null, boolean]> = [
  ['e1/a0', 0.047619047619047616, 0.14285714285714285, 0.19259086051089158, 0.9637758913675698, 0.007936507936507936, 0.015873015873015872, null, false],
  ['e1/a1', 1, 1, -0.4648683508092225, 0.4648683508092225, 0.007936507936507936, 0.015873015873015872, null, false],
  ['e2/a0', 0.004761904761904762, 0.02380952380952381, 0.3736184166546118, 1, 0.004761904761904762, 0.014285714285714287, 0.95, true],
  ['e3/a0', 0.005477494641581329, 0.02380952380952381, 0.2658266097008861, 0.865179666083185, 1.082508822446903e-05, 5.412544112234515e-05, 0.8, true],
  ['e3/a1', 1, 1, -0.27753279986288915, 0.27753279986288915, 1.082508822446903e-05, 5.412544112234515e-05, 0.8, false],
];
// Wilson 95 % of each arm: [eval/assertion, treatment low, high, control low, high].
const WILSON: Array<[string, number, number, number, number]> = [
  ['e1/a0', 0.5655175352168251, 1, 0.036224108632430196, 0.6244653702374747],
  ['e2/a0', 0.5101091635454027, 1, 0, 0.3903342879021653],
  ['e3/a0', 0.5958499732047615, 0.9821237869049271, 0.056682151454375274, 0.5098375284633583],
];

describe('compare against independent references: a comparison of three evals', async () => {
  const { document: doc } = await compareIterations([iteration], { cwd: root, writeGrading: false, toolVersion: '0.0.0-test' });
  const row = (path: string): AssertionComparison => {
    const [evalId, id] = path.split('/');
    return doc.evals.find((e) => e.id === evalId)!.assertions.find((a) => a.id === id)!;
  };
  const metric = (evalId: string, id: string): MetricComparison => doc.evals.find((e) => e.id === evalId)!.metrics.find((m) => m.id === id)!;

  it('holds the five graded assertions in one Holm family; the never-judged one is in no count', () => {
    assert.equal(doc.family_size, 5);
    for (const e of doc.evals) {
      const judged = e.assertions.find((a) => a.id === 'judged')!;
      assert.deepEqual([judged.p_value, judged.p_holm, (judged.with_skill as ArmCount).n, (judged.with_skill as ArmCount).ungraded], [null, null, 0, e.runs.with_skill]);
    }
  });

  it('gives each assertion the Fisher p, Holm p, Newcombe interval, smallest p, smallest Holm p and detectable change of the references', () => {
    for (const [path, p, pHolm, low, high, minP, minHolm, detectable, significant] of ROWS) {
      const r = row(path);
      close(r.p_value, p, `${path} p_value`);
      close(r.p_holm, pHolm, `${path} p_holm`);
      close(r.delta_ci95?.[0], low, `${path} delta_ci95 low`);
      close(r.delta_ci95?.[1], high, `${path} delta_ci95 high`);
      close(r.min_attainable_p, minP, `${path} min_attainable_p`);
      close(r.min_attainable_p_holm, minHolm, `${path} min_attainable_p_holm`);
      assert.equal(r.detectable_delta, detectable, `${path} detectable_delta`);
      assert.equal(r.significant, significant, `${path} significant`);
      assert.equal(r.direction, significant ? 'better' : null, `${path} direction`);
    }
    for (const [path, tLow, tHigh, cLow, cHigh] of WILSON) {
      const r = row(path);
      const [t, c] = [r.with_skill as ArmCount, r.without_skill as ArmCount];
      [[t.ci95![0], tLow], [t.ci95![1], tHigh], [c.ci95![0], cLow], [c.ci95![1], cHigh]].forEach(([got, want], i) => close(got, want!, `${path} ci95 ${i}`));
    }
  });

  it('tests the runs across evals with the exact conditional test on one table of runs per eval', () => {
    // Run tables (a run passes when every graded assertion passed): [[3,2],[1,4]], [[4,0],[0,6]], [[9,1],[2,8]].
    const o = doc.overall;
    assert.deepEqual([o.unit, o.strata, o.informative_strata], ['run', 3, 3]);
    assert.deepEqual([(o.runs.with_skill as ArmCount).passed, (o.runs.with_skill as ArmCount).n, (o.runs.without_skill as ArmCount).passed, (o.runs.without_skill as ArmCount).n], [16, 19, 3, 21]);
    close(o.p_value, 2.3086157539939053e-05, 'overall p');
    close(o.common_odds_ratio, 24, 'Mantel–Haenszel odds ratio');
    close(o.min_attainable_p, 1.0227785548440126e-10, 'overall min_attainable_p');
  });

  it('gives the metrics the Mann–Whitney p (exact with ties; asymptotic past 100,000 splits), the descriptions and Fisher p of the skill calls', () => {
    const e1 = metric('e1', 'duration_ms');
    assert.equal(e1.method, 'exact');
    close(e1.p_value, 0.12698412698412698, 'e1 duration p (permutation_test)');
    close((e1.with_skill as MetricSummary).sd, 13038.404810405298, 'e1 sd');
    close((e1.without_skill as MetricSummary).median, 100000, 'e1 median');
    const e3 = metric('e3', 'duration_ms');
    assert.equal(e3.method, 'asymptotic');
    close(e3.p_value, 0.009108496398030965, 'e3 duration p (mannwhitneyu asymptotic)');
    close(e3.delta, -4500, 'e3 mean difference');
    // Every duration equal: nothing to compare, p = 1 (scipy gives nan).
    assert.equal(metric('e2', 'duration_ms').p_value, 1);
    close(metric('e1', 'skill_invoked').p_value, 0.007936507936507936, 'e1 skill_invoked');
    close(metric('e2', 'skill_invoked').p_value, 0.004761904761904762, 'e2 skill_invoked');
    close(metric('e3', 'skill_invoked').p_value, 1.082508822446903e-05, 'e3 skill_invoked');
  });
});
