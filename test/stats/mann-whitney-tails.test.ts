// The exact Mann–Whitney p counts the splits of the pooled ranks whose rank sum is at most and at
// least the observed one: the same whole numbers whether splits are enumerated or counted by sum.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { permutationTails } from '../../src/stats/mann-whitney.js';

/** Every nx-subset of `values`, its sum tallied: the definition. */
function naive(values: readonly number[], nx: number, observed: number) {
  const tails = { below: 0, above: 0, total: 0 };
  const visit = (from: number, left: number, sum: number): void => {
    if (left === 0) {
      tails.total++;
      if (sum <= observed) tails.below++;
      if (sum >= observed) tails.above++;
      return;
    }
    for (let i = from; i <= values.length - left; i++) visit(i + 1, left - 1, sum + values[i]!);
  };
  visit(0, nx, 0);
  return tails;
}

/** Doubled average ranks of n pooled values drawn from `levels` distinct ones (ties when few). */
function doubledRanks(n: number, levels: number, random: () => number): number[] {
  const values = Array.from({ length: n }, () => Math.floor(random() * levels));
  const sorted = [...values].sort((a, b) => a - b);
  return values.map((v) => sorted.indexOf(v) + sorted.lastIndexOf(v) + 2);
}

/** `values` behind a proxy that counts how often an element is read. */
function counted(values: number[], reads: { n: number }): number[] {
  return new Proxy(values, { get: (target, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && reads.n++, Reflect.get(target, key, receiver)) });
}

describe('permutationTails', () => {
  it('counts what enumerating every split counts, ties included, for sample sizes either way is chosen for', () => {
    let seed = 17;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const [nx, n] of [[1, 2], [1, 40], [2, 5], [3, 6], [5, 10], [4, 13], [8, 16], [9, 18], [6, 20], [2, 300]] as const) {
      for (const levels of [2, 3, 7, 1000]) {
        const doubled = doubledRanks(n, levels, random);
        const sums = naive(doubled, nx, -1).total;
        for (const observed of [0, doubled.slice(0, nx).reduce((a, b) => a + b, 0), nx * (n + 1), 2 * n * nx]) {
          assert.deepEqual({ ...permutationTails(doubled, nx, observed) }, naive(doubled, nx, observed), `${nx} of ${n}, ${levels} levels, observed ${observed}`);
        }
        assert.equal(permutationTails(doubled, nx, 0).total, sums);
      }
    }
  });

  it('does not walk every split of 9 runs per arm (48,620 per metric per eval: 14 s of compare for 3,000 evals)', () => {
    const doubled = Array.from({ length: 18 }, (_, i) => 2 * (i + 1));
    const reads = { n: 0 };
    const tails = permutationTails(counted(doubled, reads), 9, 2 * 45);
    assert.deepEqual(tails, { below: 1, above: 48_620, total: 48_620 });
    assert.ok(reads.n <= 4 * doubled.length, `${reads.n} reads of ${doubled.length} ranks`);
  });
});
