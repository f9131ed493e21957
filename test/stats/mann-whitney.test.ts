// mannWhitneyU against scipy 1.17.1 mannwhitneyu (two-sided, method="auto", continuity on) where
// scipy's choice of method is eval-magic's: exact below 100,000 arrangements (ties included, see
// run-level.test.ts for those), the normal approximation above.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mannWhitneyU, smallestMannWhitneyP } from '../../src/stats/index.js';
import { assertClose, loadCases } from './reference.js';

type Case = { label: string; x: number[]; y: number[]; u: number; p: number; method: 'exact' | 'asymptotic' };

/** C(nx + ny, nx) ≤ 100,000: eval-magic's rule for the exact distribution. */
function exactHere(nx: number, ny: number): boolean {
  let count = 1;
  for (let i = 1; i <= Math.min(nx, ny); i++) count = (count * (nx + ny - Math.min(nx, ny) + i)) / i;
  return Math.round(count) <= 100_000;
}

describe('mannWhitneyU', () => {
  // scipy's exact (untied, ≤ 8 values) agrees where there are few arrangements; its asymptotic where there are many.
  const cases = loadCases<Case>('mann-whitney.json').filter((c) => exactHere(c.x.length, c.y.length) === (c.method === 'exact'));
  for (const method of ['exact', 'asymptotic'] as const) {
    const some = cases.filter((c) => c.method === method);
    it(`agrees with scipy on ${some.length} ${method} cases to 1e-9`, () => {
      assert.ok(some.length > 100, `${some.length} cases`);
      for (const { label, x, y, u, p } of some) {
        const got = mannWhitneyU(x, y);
        const what = `${label} (${x.length} vs ${y.length})`;
        assert.equal(got.method, method, what);
        assertClose(got.u, u, `${what}: U`);
        assertClose(got.p, p, `${what}: p`);
      }
    });
  }

  it('gives the exact p of the textbook case', () => {
    // scipy's docstring: males [19, 22, 16, 29, 24] vs females [20, 11, 17, 12]: U = 17, p = 2·P(U ≥ 17) = 2·7/126.
    const got = mannWhitneyU([19, 22, 16, 29, 24], [20, 11, 17, 12]);
    assert.equal(got.u, 17);
    assert.equal(got.method, 'exact');
    assertClose(got.p, (2 * 7) / 126, 'p');
  });

  it('stays exact with ties in small samples, switches to the normal approximation past 100,000 arrangements, and gives p = 1 when every value is equal', () => {
    assert.equal(mannWhitneyU([1, 2, 3], [3, 4, 5]).method, 'exact');
    assert.equal(mannWhitneyU(Array.from({ length: 9 }, (_, i) => i), Array.from({ length: 9 }, (_, i) => i + 0.5)).method, 'exact');
    assert.equal(mannWhitneyU(Array.from({ length: 10 }, (_, i) => i), Array.from({ length: 10 }, (_, i) => i + 0.5)).method, 'asymptotic');
    assert.deepEqual(mannWhitneyU([7, 7], [7, 7, 7]), { u: 3, p: 1, method: 'exact' });
    assert.deepEqual(mannWhitneyU(Array.from({ length: 12 }, () => 7), Array.from({ length: 12 }, () => 7)), { u: 72, p: 1, method: 'asymptotic' });
  });

  it('enumerates the splits by the smaller sample: 99,999 values against 1 are 100,000 splits, not 100,000 × 99,999 steps', () => {
    // Exact (C(100000, 1) = 100,000 splits): the lone value's rank is uniform on 1..100,000 under
    // the null; 70000.5 above 0..99,998 has rank 70,002, so p = 2 · P(rank ≥ 70,002) = 2 · 29,999 /
    // 100,000 = 0.59998 (scipy 1.17.1 mannwhitneyu(x, y, method="exact"): 0.5999800000003185).
    // Enumerating the subsets of the larger sample took ~20 s here; either order gives the same p.
    const x = Array.from({ length: 99_999 }, (_, i) => i);
    for (const got of [mannWhitneyU(x, [70000.5]), mannWhitneyU([70000.5], x)]) {
      assert.equal(got.method, 'exact');
      assertClose(got.p, 0.59998, 'p');
    }
    assert.equal(mannWhitneyU(x, [70000.5]).u, 99_999 - 70_001);
  });

  it('rejects empty samples and values that are not finite numbers', () => {
    assert.throws(() => mannWhitneyU([], [1]), /x must hold at least one value/);
    assert.throws(() => mannWhitneyU([1], []), /y must hold at least one value/);
    assert.throws(() => mannWhitneyU([1, Number.NaN], [2]), /x\[1\] must be a finite number, got NaN/);
    assert.throws(() => mannWhitneyU([1], [Number.POSITIVE_INFINITY]), /y\[0\]/);
  });

  it('gives the smallest attainable p scipy gives for completely separated samples', () => {
    const separated = cases.filter((c) => c.label === 'smallest attainable p');
    assert.ok(separated.length >= 10);
    for (const { x, y, p } of separated) {
      assertClose(smallestMannWhitneyP(x.length, y.length), p, `${x.length} vs ${y.length}`);
      assertClose(smallestMannWhitneyP(y.length, x.length), p, `${y.length} vs ${x.length}`);
    }
    assertClose(smallestMannWhitneyP(3), 0.1, '3 vs 3: 2 / C(6, 3)');
    assertClose(smallestMannWhitneyP(3, 5), 2 / 56, '3 vs 5: 2 / C(8, 3)');
    assert.equal(smallestMannWhitneyP(0, 4), 1);
  });
});
