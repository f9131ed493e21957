// holm against statsmodels 0.13.5 multipletests(method="holm").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { holm, reachesLevel, smallestFisherP, smallestHolmP } from '../../src/stats/index.js';
import { assertClose, loadCases } from './reference.js';

describe('holm', () => {
  const cases = loadCases<{ label: string; p: number[]; holm: number[] }>('holm.json');
  it(`agrees with statsmodels on ${cases.length} families to 1e-9`, () => {
    assert.ok(cases.length > 200);
    for (const { label, p, holm: expected } of cases) {
      const got = holm(p);
      assert.equal(got.length, expected.length, label);
      got.forEach((v, i) => assertClose(v, expected[i]!, `${label} #${i} of ${JSON.stringify(p)}`));
    }
  });

  it('follows the textbook example and keeps the input order', () => {
    // Sorted 0.005, 0.01, 0.03, 0.04 → ×4, ×3, ×2, ×1 → 0.02, 0.03, 0.06, 0.06 (running maximum).
    const got = holm([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((v, i) => assertClose(got[i], v, `#${i}`));
  });

  it('leaves an empty family empty and one test unchanged', () => {
    assert.deepEqual(holm([]), []);
    assert.deepEqual(holm([0.037]), [0.037]);
  });

  it('rejects what is not a p-value', () => {
    assert.throws(() => holm([0.1, 1.5]), /pValues\[1\] must be a p-value in \[0, 1\], got 1.5/);
    assert.throws(() => holm([Number.NaN]), /pValues\[0\]/);
    assert.throws(() => holm([-0.1]), RangeError);
  });
});

describe('smallestHolmP', () => {
  /** Brute force: every other test at its smallest attainable p or at 1 (the best cases), Holm on each. */
  function bruteForce(smallest: readonly number[], i: number): number {
    const others = smallest.map((_, j) => j).filter((j) => j !== i);
    let best = 1;
    for (let mask = 0; mask < 1 << others.length; mask++) {
      const p = smallest.map((q, j) => (j === i ? q : (mask >> others.indexOf(j)) & 1 ? q : 1));
      best = Math.min(best, holm(p)[i]!);
    }
    return best;
  }

  it('lets a 4/4 vs 0/4 assertion beside a 10/10 vs 0/10 one reach 0.0286, not 2 × 0.0286 (issue 36)', () => {
    const [big, small] = smallestHolmP([smallestFisherP(10), smallestFisherP(4)]);
    assert.equal(small!.toFixed(4), '0.0286');
    assert.ok(reachesLevel(small!, 0.05));
    assert.equal(big, 2 * smallestFisherP(10));
  });

  it('is what Holm gives in the best case, on random families', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let family = 0; family < 300; family++) {
      const m = 1 + Math.floor(random() * 7);
      const smallest = Array.from({ length: m }, () => (random() < 0.2 ? 1 : random() ** (1 + 4 * random())));
      const got = smallestHolmP(smallest);
      smallest.forEach((_, i) => assert.ok(Math.abs(got[i]! - bruteForce(smallest, i)) <= 1e-15, `${JSON.stringify(smallest)} [${i}]: ${got[i]} vs ${bruteForce(smallest, i)}`));
    }
  });

  it('is what Holm gives in the best case when tests share their smallest p (the usual case: evals of equal run counts)', () => {
    const values = [smallestFisherP(3), smallestFisherP(4), 0.05, 1];
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let family = 0; family < 200; family++) {
      const smallest = Array.from({ length: 1 + Math.floor(random() * 8) }, () => values[Math.floor(random() * values.length)]!);
      const got = smallestHolmP(smallest);
      smallest.forEach((_, i) => assert.ok(Math.abs(got[i]! - bruteForce(smallest, i)) <= 1e-15, `${JSON.stringify(smallest)} [${i}]: ${got[i]} vs ${bruteForce(smallest, i)}`));
    }
  });

  it('is m × p with equal run counts, and [] for an empty family', () => {
    assert.deepEqual(smallestHolmP([0.1, 0.1, 0.1]), [0.30000000000000004, 0.30000000000000004, 0.30000000000000004]);
    assert.deepEqual(smallestHolmP([]), []);
  });
});

describe('reachesLevel', () => {
  it('lets rounding noise reach the level, and nothing more', () => {
    assert.ok(reachesLevel(3 * (0.05 / 3), 0.05));
    assert.ok(reachesLevel(0.05 * (1 + 5e-8), 0.05));
    assert.ok(!reachesLevel(0.05 * (1 + 2e-7), 0.05));
  });
});
