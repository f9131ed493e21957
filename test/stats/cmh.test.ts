// cochranMantelHaenszel against statsmodels 0.13.5 StratifiedTable (see the generator for the
// correction below |deviation| 0.5, where eval-magic follows R) and R's published outputs.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cochranMantelHaenszel, type TwoByTwo } from '../../src/stats/index.js';
import { assertClose, loadCases } from './reference.js';

type Result = { statistic: number; p: number; statsmodels_p: number; commonOddsRatio: number | null; statsmodels_corrected?: number };
type Case = { label: string; tables: TwoByTwo[]; result: Result | null };

describe('cochranMantelHaenszel', () => {
  const cases = loadCases<Case>('cmh.json');
  it(`agrees with statsmodels on ${cases.length} sets of strata to 1e-9`, () => {
    assert.ok(cases.length > 300);
    for (const { label, tables, result } of cases) {
      const got = cochranMantelHaenszel(tables);
      const what = `${label} ${JSON.stringify(tables)}`;
      if (result === null) {
        assert.equal(got, null, what);
        continue;
      }
      assert.ok(got, what);
      assertClose(got.statistic, result.statistic, `${what}: statistic`, 1e-12);
      assertClose(got.p, result.p, `${what}: p`);
      // statsmodels' own p is 1 − cdf: equal to ours but for its rounding near 0.
      assert.ok(Math.abs(got.p - result.statsmodels_p) < 1e-12, `${what}: statsmodels p`);
      assertClose(got.commonOddsRatio, result.commonOddsRatio, `${what}: common odds ratio`);
    }
  });

  it('reproduces R\'s mantelhaen.test on its documented data sets', () => {
    // R: Rabbits — X-squared = 3.9286, p-value = 0.04747; UCBAdmissions — X-squared = 1.4269, p-value = 0.2323, common odds ratio 0.9046968.
    const rabbits = cases.find((c) => c.label.includes('Rabbits'))!;
    const r = cochranMantelHaenszel(rabbits.tables)!;
    assert.equal(r.statistic.toFixed(4), '3.9286');
    assert.equal(r.p.toFixed(5), '0.04747');
    assert.equal(r.strata, 3);
    const ucb = cochranMantelHaenszel(cases.find((c) => c.label.includes('UCB'))!.tables)!;
    assert.equal(ucb.statistic.toFixed(4), '1.4269');
    assert.equal(ucb.p.toFixed(4), '0.2323');
    assert.equal(ucb.commonOddsRatio!.toFixed(7), '0.9046968');
  });

  it('does not raise the statistic of a near-perfect match, as statsmodels does', () => {
    const balanced = cochranMantelHaenszel([[[1, 1], [1, 1]]])!;
    assert.equal(balanced.statistic, 0);
    assert.equal(balanced.p, 1);
    const adjusted = cases.filter((c) => c.result?.statsmodels_corrected !== undefined);
    assert.ok(adjusted.length > 20, 'the fixture holds cases below 0.5');
  });

  it('corrects a deviation of exactly 0.5 that rounding leaves just short of it', () => {
    // Deviations −1/3 and 5/6 add up to 1/2; in floating point to 0.4999999999999997.
    const result = cochranMantelHaenszel([[[0, 1], [1, 1]], [[5, 0], [0, 1]]])!;
    assert.equal(result.statistic, 0);
    assert.equal(result.p, 1);
  });

  it('is null with no informative stratum, and skips the uninformative ones', () => {
    assert.equal(cochranMantelHaenszel([]), null);
    assert.equal(cochranMantelHaenszel([[[0, 0], [0, 0]], [[3, 0], [2, 0]]]), null);
    assert.deepEqual(cochranMantelHaenszel([[[4, 1], [1, 4]], [[0, 0], [2, 2]]]), cochranMantelHaenszel([[[4, 1], [1, 4]]]));
  });

  it('rejects strata that are not 2×2 tables of counts', () => {
    assert.throws(() => cochranMantelHaenszel([[[1, 1], [1, 1]], [[1, 0.5], [1, 1]]]), /tables\[1\]\[0\]\[1\] must be a non-negative integer/);
  });
});
