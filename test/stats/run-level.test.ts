// The run-level statistics against make-exact-fixtures.py (statsmodels 0.13.5, scipy 1.10.1, exact
// rational enumeration): Newcombe's interval, the exact conditional test, Fisher's power and the
// detectable change, the exact Mann–Whitney test with ties (Fleiss' kappa: fleiss-kappa.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import binomialPmf from '@stdlib/stats-base-dists-binomial-pmf';
import { detectableDelta, exactConditionalTest, fisherExact, fisherPower, mannWhitneyU, newcombeInterval, reachesLevel, smallestConditionalP, type TwoByTwo } from '../../src/stats/index.js';
import { convolve } from '../../src/stats/convolve.js';
import { hypergeometricRow } from '../../src/stats/hypergeometric.js';
import { assertClose, loadCases } from './reference.js';

describe('newcombeInterval', () => {
  type Case = { k1: number; n1: number; k2: number; n2: number; ci: [number, number] };
  const cases = loadCases<Case>('newcombe.json');
  it(`agrees with statsmodels' confint_proportions_2indep(method="newcomb") on ${cases.length} cases`, () => {
    assert.ok(cases.length > 300);
    for (const { k1, n1, k2, n2, ci } of cases) {
      const got = newcombeInterval(k1, n1, k2, n2);
      const what = `${k1}/${n1} vs ${k2}/${n2}`;
      assert.ok(got, what);
      assertClose(got[0], ci[0], `${what}: low`, 1e-15);
      assertClose(got[1], ci[1], `${what}: high`, 1e-15);
    }
  });

  it('is null when an arm has no runs, and rejects counts that are not counts', () => {
    assert.equal(newcombeInterval(0, 0, 3, 5), null);
    assert.equal(newcombeInterval(3, 5, 0, 0), null);
    assert.throws(() => newcombeInterval(6, 5, 0, 5), /k \(6\) must not exceed n \(5\)/);
    assert.throws(() => newcombeInterval(1.5, 5, 0, 5), /k1 must be a non-negative integer/);
  });
});

describe('exactConditionalTest', () => {
  type Case = { label: string; tables: TwoByTwo[]; result: { p: number; statistic: number; strata: number; commonOddsRatio: number | null } | null };
  const cases = loadCases<Case>('conditional.json');
  it(`agrees with the exact rational enumeration on ${cases.length} sets of strata`, () => {
    assert.ok(cases.length > 250);
    for (const { label, tables, result } of cases) {
      const got = exactConditionalTest(tables);
      const what = `${label} ${JSON.stringify(tables)}`;
      if (result === null) {
        assert.equal(got, null, what);
        continue;
      }
      assert.ok(got, what);
      assertClose(got.p, result.p, `${what}: p`);
      assert.equal(got.statistic, result.statistic, what);
      assert.equal(got.strata, result.strata, what);
      assertClose(got.commonOddsRatio, result.commonOddsRatio, `${what}: common odds ratio`);
    }
  });

  it('gives 1 exactly where the exact enumeration does (the observed sum is a most likely one), as fisherExact does', () => {
    const ones = cases.filter(({ result }) => result?.p === 1);
    assert.ok(ones.length > 40);
    for (const { label, tables } of ones) assert.equal(exactConditionalTest(tables)?.p, 1, `${label} ${JSON.stringify(tables)}`);
  });

  it("reproduces R's mantelhaen.test(Rabbits, exact = TRUE): S = 16, p-value = 0.03994", () => {
    const rabbits = cases.find((c) => c.label.includes('Rabbits'))!;
    const got = exactConditionalTest(rabbits.tables)!;
    // R's S = 16 also counts the strata without variance (their first cells, 0 and 2, are fixed).
    assert.equal(got.statistic, 14);
    assert.equal(got.strata, 3);
    assert.equal(got.p.toFixed(5), '0.03994');
  });

  it('gives 3/3 vs 0/3 the p the runs support, however many assertions agree (issue 36: 1.1e-5)', () => {
    // One eval, 3 runs per arm: whatever the assertions, one 2×2 of runs, Fisher's 0.1.
    assert.equal(exactConditionalTest([[[3, 0], [0, 3]]])!.p.toFixed(10), '0.1000000000');
    assert.equal(smallestConditionalP([[3, 3]])!.toFixed(10), '0.1000000000');
    assert.equal(smallestConditionalP([[0, 3]]), null);
  });
});

/**
 * The whole distributions of the sum made so far, by the strata's margins: the one-sided tables of
 * a size share theirs (every table 3 + 3 by 3 + 3), made once (the test 0.31 → 0.21 s).
 */
const wholeDistributions = new Map<string, { distribution: Float64Array; low: number }>();

/** The exact conditional test's p from the whole distribution of the sum, every underflowed 0 kept: what it gives with its distribution held to the nonzero span. */
function wholeDistributionP(tables: readonly TwoByTwo[]): number {
  const strata = tables.filter(([[a, b], [c, d]]) => Math.min(a + b, c + d, a + c, b + d) > 0);
  const observed = strata.reduce((sum, [[a]]) => sum + a, 0);
  const margins = JSON.stringify(strata.map(([[a, b], [c, d]]) => [a + b, c + d, a + c]));
  let whole = wholeDistributions.get(margins);
  if (whole === undefined) {
    let distribution: Float64Array = Float64Array.of(1);
    let low = 0;
    for (const [[a, b], [c, d]] of strata) {
      const first = Math.max(0, a + c - (c + d));
      const last = Math.min(a + b, a + c);
      distribution = convolve(distribution, hypergeometricRow(a + b + c + d, a + b, a + c, first, last - first + 1));
      low += first;
    }
    whole = { distribution, low };
    wholeDistributions.set(margins, whole);
  }
  const { distribution, low } = whole;
  const limit = distribution[observed - low]! * (1 + 1e-7);
  return distribution.every((q) => q <= limit) ? 1 : Math.min(1, distribution.reduce((sum, q) => (q <= limit ? sum + q : sum), 0));
}

describe('exactConditionalTest over many evals', () => {
  it('gives the p of the whole distribution bit for bit, its tails underflowed to 0 (compare\'s overall test of 1,667 evals spent 60 ms on those zeros)', () => {
    // Past a few hundred strata of 3 + 3 runs the tails of the sum's distribution underflow: the
    // observed sum inside the span, at its edge, and out in the zeros (the smallest p of 1,667 evals is 0).
    const extreme = (n: number): TwoByTwo[] => Array.from({ length: n }, (_, i) => [[i % 5 === 0 ? 2 : 3, 0], [0, 3]]);
    // `better` evals all one way, the rest a little the other: p from 1 (balanced) down to 1e-186.
    const oneSided = (n: number, better: number): TwoByTwo[] => Array.from({ length: n }, (_, i) => (i < better ? [[3, 0], [0, 3]] : [[1, 2], [2, 1]]));
    for (const tables of [oneSided(800, 200), oneSided(800, 195), oneSided(800, 185), oneSided(1_667, 300), oneSided(1_667, 20), oneSided(800, 400), extreme(300), extreme(1_667)]) {
      const got = exactConditionalTest(tables)!.p;
      const want = wholeDistributionP(tables);
      assert.ok(Object.is(got, want), `${tables.length} strata: ${got} against ${want}`);
    }
    assert.equal(smallestConditionalP(Array.from({ length: 1_667 }, () => [3, 3] as const)), 0);
  });
});

describe('smallestConditionalP', () => {
  it('is the smallest p of any outcome of these run counts, over several evals too (overall.min_attainable_p: "above alpha, no outcome could have been significant")', () => {
    // [runs per arm of each eval, the extreme outcome's p, the smallest p of a search over every
    // outcome]: both in exact integers under R's rule, fixtures/make-audit-references.py.
    const cases: Array<[Array<[number, number]>, number, number]> = [
      [[[1, 1], [3, 3]], 0.05, 0.05],
      [[[2, 3], [4, 1]], 0.02, 0.02],
      [[[1, 2], [2, 1], [3, 3]], 0.005555555555555556, 0.005555555555555556],
      [[[4, 4], [1, 3], [2, 2]], 0.0005952380952380953, 0.0005952380952380953],
      [[[5, 2], [1, 1]], 0.023809523809523808, 0.023809523809523808],
      [[[6, 1], [1, 6], [2, 2]], 0.003401360544217687, 0.003401360544217687],
    ];
    for (const [arms, extreme, searched] of cases) {
      assertClose(smallestConditionalP(arms), extreme, JSON.stringify(arms));
      assertClose(smallestConditionalP(arms), searched, `${JSON.stringify(arms)} (search)`);
    }
  });
});

describe('fisherPower and detectableDelta', () => {
  type PowerCase = { kind: 'power'; n1: number; n2: number; p1: number; p2: number; level: number; power: number };
  type DetectableCase = { kind: 'detectable'; n1: number; n2: number; c: number; level: number; d: number | null };
  const cases = loadCases<PowerCase | DetectableCase>('power.json');
  it('agrees with the exact enumeration on the power of Fisher\'s test', () => {
    const some = cases.filter((c): c is PowerCase => c.kind === 'power');
    assert.ok(some.length > 100);
    for (const { n1, n2, p1, p2, level, power } of some) {
      assertClose(fisherPower({ treatmentRuns: n1, controlRuns: n2, treatmentRate: p1, controlRate: p2, level }), power, `${n1} at ${p1} vs ${n2} at ${p2}, level ${level}`, 1e-15);
    }
  });

  it('agrees with the exact enumeration on the smallest change detected with power 0.8', () => {
    const some = cases.filter((c): c is DetectableCase => c.kind === 'detectable');
    assert.ok(some.length > 60);
    for (const { n1, n2, c, level, d } of some) {
      assert.equal(detectableDelta({ treatmentRuns: n1, controlRuns: n2, controlRate: c, level }), d, `${n1} vs ${n2} runs, control at ${c}, level ${level}`);
    }
  });

  it('finds a 50 % → 80 % change 7 % of the time with 5 runs per arm (issue 36)', () => {
    const power = fisherPower({ treatmentRuns: 5, controlRuns: 5, treatmentRate: 0.8, controlRate: 0.5, level: 0.05 });
    assert.equal(power.toFixed(2), '0.07');
  });

  it('is 0 with an arm without runs, null when nothing is detected, and rejects bad input', () => {
    assert.equal(fisherPower({ treatmentRuns: 0, controlRuns: 5, treatmentRate: 1, controlRate: 0, level: 0.05 }), 0);
    assert.equal(detectableDelta({ treatmentRuns: 3, controlRuns: 3, controlRate: 0, level: 0.05 }), null);
    assert.throws(() => fisherPower({ treatmentRuns: 5, controlRuns: 5, treatmentRate: 1.2, controlRate: 0, level: 0.05 }), /treatmentRate must be a rate/);
    assert.throws(() => detectableDelta({ treatmentRuns: 5, controlRuns: 5, controlRate: 0.5, level: -0.1 }), /level must be in/);
    // alpha / family size can underflow to 0 (compare --alpha 5e-324): nothing is detected, no error.
    assert.equal(detectableDelta({ treatmentRuns: 50, controlRuns: 50, controlRate: 0.5, level: 5e-324 / 4 }), null);
  });
});

describe('mannWhitneyU, exact with ties', () => {
  type Case = { label: string; x: number[]; y: number[]; u: number; p: number; method: 'exact' | 'asymptotic' };
  const cases = loadCases<Case>('mann-whitney-exact.json');
  it(`agrees with scipy's exhaustive permutation_test (or asymptotic mannwhitneyu) on ${cases.length} cases`, () => {
    assert.ok(cases.length > 250);
    for (const { label, x, y, u, p, method } of cases) {
      const got = mannWhitneyU(x, y);
      const what = `${label} ${JSON.stringify(x)} vs ${JSON.stringify(y)}`;
      assert.equal(got.method, method, what);
      assertClose(got.u, u, `${what}: U`);
      assertClose(got.p, p, `${what}: p`);
    }
  });

  it('gives 3 + 3 tied runs the exact 0.1, not the normal approximation\'s 0.047 (issue 36)', () => {
    const got = mannWhitneyU([1, 1, 1], [0, 0, 0]);
    assert.equal(got.method, 'exact');
    assert.equal(got.p.toFixed(10), '0.1000000000');
  });
});



describe('fisherPower against fisherExact', () => {
  it('sums the binomial probabilities of exactly the tables fisherExact puts at or below the level', () => {
    for (const [n1, n2, p1, p2, level] of [[7, 5, 0.9, 0.3, 0.05], [12, 12, 0.6, 0.4, 0.01], [3, 9, 0.5, 0.5, 0.2], [4, 4, 0.7, 0.1, 1], [15, 2, 0.2, 0.8, 0.05 / 7]] as const) {
      let expected = 0;
      for (let x1 = 0; x1 <= n1; x1++) {
        for (let x2 = 0; x2 <= n2; x2++) {
          if (reachesLevel(fisherExact([[x1, n1 - x1], [x2, n2 - x2]]), level)) expected += binomialPmf(x1, n1, p1) * binomialPmf(x2, n2, p2);
        }
      }
      assertClose(fisherPower({ treatmentRuns: n1, controlRuns: n2, treatmentRate: p1, controlRate: p2, level }), Math.min(1, expected), `${n1} vs ${n2} at ${level}`, 1e-15);
    }
  });
});
