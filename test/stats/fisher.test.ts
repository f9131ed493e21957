// fisherExact and smallestFisherP against scipy 1.17.1 (fixtures/make-fixtures.py) and published values.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fewestRunsPerArm, fisherExact, reachesLevel, smallestFisherP, smallestHolmP, type TwoByTwo } from '../../src/stats/index.js';
import { assertClose, loadCases } from './reference.js';

describe('fisherExact', () => {
  it('gives the published values', () => {
    // Fisher's lady tasting tea, and the 3/5 vs 1/5.
    assert.equal(fisherExact([[3, 1], [1, 3]]).toFixed(10), '0.4857142857');
    assert.equal(fisherExact([[3, 2], [1, 4]]).toFixed(10), '0.5238095238');
    assertClose(fisherExact([[3, 1], [1, 3]]), 34 / 70, 'tea tasting, exact fraction');
  });

  const cases = loadCases<{ label: string; table: TwoByTwo; p: number }>('fisher.json');
  it(`agrees with scipy.stats.fisher_exact on ${cases.length} tables to 1e-9`, () => {
    assert.ok(cases.length > 700);
    for (const { label, table, p } of cases) assertClose(fisherExact(table), p, `${label} ${JSON.stringify(table)}`);
  });

  it('gives 1 exactly where scipy does (the observed table is a most likely one), not the sum of every table rounded under it', () => {
    // 3/5 vs 3/5 summed to 0.9999999999999981: shown as 1.000, but written so in compare's JSON.
    const ones = cases.filter(({ p }) => p === 1);
    assert.ok(ones.length > 100);
    for (const { label, table } of ones) assert.equal(fisherExact(table), 1, `${label} ${JSON.stringify(table)}`);
    assert.equal(fisherExact([[3, 2], [3, 2]]), 1);
  });

  it('gives 1 when a row or a column is empty', () => {
    assert.equal(fisherExact([[0, 0], [0, 0]]), 1);
    assert.equal(fisherExact([[0, 0], [4, 1]]), 1);
    assert.equal(fisherExact([[0, 5], [0, 3]]), 1);
    assert.equal(fisherExact([[5, 0], [3, 0]]), 1);
  });

  it('counts equally likely tables together despite rounding (the relative tolerance)', () => {
    // Symmetric margins: the observed table and its mirror are equally likely, so both count.
    assertClose(fisherExact([[5, 0], [0, 5]]), 2 / 252, 'all vs none');
    assertClose(fisherExact([[7, 3], [3, 7]]), fisherExact([[3, 7], [7, 3]]), 'mirror');
  });

  it('rejects what is not a 2×2 table of counts', () => {
    assert.throws(() => fisherExact([[1.5, 1], [1, 1]]), /table\[0\]\[0\] must be a non-negative integer/);
    assert.throws(() => fisherExact([[1, -1], [1, 1]]), RangeError);
    assert.throws(() => fisherExact([[1, 1]] as unknown as TwoByTwo), /2×2/);
    assert.throws(() => fisherExact([[1, Number.NaN], [1, 1]]), RangeError);
  });
});

describe('smallestFisherP', () => {
  it('gives the published values: 2 / C(2n, n)', () => {
    assert.equal(smallestFisherP(3).toFixed(10), '0.1000000000');
    assert.equal(smallestFisherP(4).toFixed(4), '0.0286');
    assertClose(smallestFisherP(4), 2 / 70, 'n = 4');
    assert.equal(smallestFisherP(10).toExponential(2), '1.08e-5');
    assertClose(smallestFisherP(10), 2 / 184756, 'n = 10');
  });

  const cases = loadCases<{ nA: number; nB: number; p: number; how: string }>('smallest-fisher-p.json');
  it(`agrees with a search over every table (scipy) for ${cases.length} arm sizes`, () => {
    for (const { nA, nB, p, how } of cases) {
      assertClose(smallestFisherP(nA, nB), p, `nA ${nA}, nB ${nB} (${how})`);
      assertClose(smallestFisherP(nB, nA), p, `nA ${nB}, nB ${nA} (${how}, swapped)`);
    }
  });

  it('is reached by the all-pass vs all-fail table', () => {
    for (const [nA, nB] of [[1, 1], [3, 3], [4, 9], [12, 5]] as const) {
      assertClose(fisherExact([[nA, 0], [0, nB]]), smallestFisherP(nA, nB), `${nA} vs ${nB}`);
    }
  });

  it('is never above the p of any table of those run counts, not even by rounding (5 vs 5 summed 2/252 a few ulps under it)', () => {
    for (let nA = 1; nA <= 12; nA++) {
      for (let nB = 1; nB <= 12; nB++) {
        for (let a = 0; a <= nA; a++) for (let c = 0; c <= nB; c++) assert.ok(fisherExact([[a, nA - a], [c, nB - c]]) >= smallestFisherP(nA, nB), `${a}/${nA} vs ${c}/${nB}`);
      }
    }
    assert.equal(fisherExact([[5, 0], [0, 5]]), smallestFisherP(5, 5));
  });

  it('is 1 with an empty arm and does not overflow for many runs', () => {
    assert.equal(smallestFisherP(0, 5), 1);
    assert.equal(smallestFisherP(0), 1);
    const p = smallestFisherP(2000);
    assert.ok(p >= 0 && p < 1e-300 && Number.isFinite(p));
    assert.throws(() => smallestFisherP(-1), /nA must be a non-negative integer/);
    assert.throws(() => smallestFisherP(2, 2.5), /nB must be/);
  });
});

describe('fewestRunsPerArm', () => {
  it('is the first n whose smallest attainable p reaches alpha', () => {
    assert.equal(fewestRunsPerArm(0.05), 4);
    assert.equal(fewestRunsPerArm(0.1), 3);
    assert.equal(fewestRunsPerArm(0.01), 5);
    assert.equal(fewestRunsPerArm(0.05 / 12), 6);
    assert.equal(fewestRunsPerArm(1), 1);
    for (const alpha of [0.2, 0.05, 1e-3, 1e-6, 1e-12]) {
      const n = fewestRunsPerArm(alpha);
      assert.ok(smallestFisherP(n) <= alpha && (n === 1 || smallestFisherP(n - 1) > alpha), `alpha ${alpha}: n ${n}`);
    }
  });

  it('takes any alpha above 0, however small, and a Holm family size, where alpha / m underflows', () => {
    for (const [alpha, m] of [[1e-300, 1], [1e-299, 4], [1e-295, 1e6], [5e-324, 1], [5e-324, 1000]] as const) {
      const n = fewestRunsPerArm(alpha, m);
      // log(2 / C(2k, k)), C(2k, k) as the product of (k + i) / i: no factor underflows.
      const logP = (k: number) => Math.log(2) - Array.from({ length: k }, (_, i) => Math.log((k + i + 1) / (i + 1))).reduce((a, b) => a + b, 0);
      const target = Math.log(alpha) - Math.log(m);
      assert.ok(Number.isSafeInteger(n) && logP(n) <= target + 1e-9 && logP(n - 1) > target - 1e-9, `alpha ${alpha}, m ${m}: n ${n}`);
    }
    assert.equal(fewestRunsPerArm(0.05, 12), fewestRunsPerArm(0.05 / 12));
    assert.throws(() => fewestRunsPerArm(0.05, 0), /familySize must be a positive integer/);
  });

  it('says the n at which compare would call the strongest assertion significant, when alpha / m rounds below 2 / C(2n, n)', () => {
    // Exact rational arithmetic (python3 fractions, math.comb): 3 × 2 / C(6, 3) = 3/10 and
    // 2431 × 2 / C(18, 9) = 1/10, so 3 runs reach alpha 0.3 in a family of 3, and 9 reach 0.1 in a
    // family of 2,431; 2 and 8 runs do not (3 × 2 / C(4, 2) = 1 > 3/10, 2431 × 2 / C(16, 8) > 1/10).
    // In floating point 0.3 / 3 is 0.09999999999999999, a hair below smallestFisherP(3) = 0.1.
    assert.equal(fewestRunsPerArm(0.3, 3), 3);
    assert.equal(fewestRunsPerArm(0.1, 2431), 9);
    // The same verdict as compare's: the Holm p of that best outcome reaches alpha (reachesLevel).
    for (const [alpha, m] of [[0.3, 3], [0.1, 2431], [0.05, 12], [0.2, 7]] as const) {
      const n = fewestRunsPerArm(alpha, m);
      const holmBest = (k: number) => smallestHolmP(new Array<number>(m).fill(smallestFisherP(k)))[0]!;
      assert.ok(reachesLevel(holmBest(n), alpha) && (n === 1 || !reachesLevel(holmBest(n - 1), alpha)), `alpha ${alpha}, m ${m}: n ${n}`);
    }
  });

  it('rejects an alpha outside (0, 1]', () => {
    assert.throws(() => fewestRunsPerArm(0), /alpha must be in/);
    assert.throws(() => fewestRunsPerArm(1.5), /alpha must be in/);
    assert.throws(() => fewestRunsPerArm(Number.NaN), /alpha must be in/);
  });
});
