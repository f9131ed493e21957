// The convolution under the exact conditional test (compare's overall p): the same numbers to the
// last bit as the plain double loop, and work that grows with the nonzero parts only.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { convolve } from '../../src/stats/convolve.js';

/** The plain double loop, in the order the test's numbers were checked against scipy with. */
function plain(x: readonly number[], y: readonly number[]): number[] {
  const out = new Array<number>(x.length + y.length - 1).fill(0);
  for (let i = 0; i < x.length; i++) for (let j = 0; j < y.length; j++) out[i + j]! += x[i]! * y[j]!;
  return out;
}

/** A distribution of `length` values, zero outside [from, to], tiny (down to underflow) towards the ends. */
function distribution(length: number, from: number, to: number, random: () => number): number[] {
  const middle = (from + to) / 2;
  const width = (to - from) / 2 || 1;
  return Array.from({ length }, (_, i) => (i < from || i > to ? 0 : random() * Math.exp(-700 * ((i - middle) / width) ** 2)));
}

function seeded(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}

/** `values` behind a proxy that counts how often an element is read. */
function counted(values: number[], reads: { n: number }): number[] {
  return new Proxy(values, { get: (target, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && reads.n++, Reflect.get(target, key, receiver)) });
}

describe('convolve', () => {
  it('gives every sum bit for bit as the plain double loop, tiny and underflowing products included', () => {
    const random = seeded(3);
    for (const [xLength, xFrom, xTo, yLength, yFrom, yTo] of [[1, 0, 0, 1, 0, 0], [5, 0, 4, 3, 0, 2], [40, 10, 30, 7, 1, 5], [300, 0, 299, 50, 20, 49], [500, 200, 260, 101, 0, 0], [64, 63, 63, 64, 0, 0]] as const) {
      const x = distribution(xLength, xFrom, xTo, random);
      const y = distribution(yLength, yFrom, yTo, random);
      const got = [...convolve(x, y)];
      const want = plain(x, y);
      assert.equal(got.length, want.length);
      got.forEach((v, k) => assert.ok(Object.is(v, want[k]), `out[${k}]: ${v} against ${want[k]}`));
    }
  });

  it('reads only the nonzero parts: a campaign of many evals or many runs left most of the distribution zero (50 evals × 2,000 runs per arm took 14 s)', () => {
    const random = seeded(5);
    // The shape after many strata: a long distribution whose tails underflowed to 0.
    const x = distribution(4_000, 1_900, 2_100, random);
    const y = distribution(400, 150, 250, random);
    const reads = { n: 0 };
    const out = convolve(counted(x, reads), counted(y, reads));
    assert.equal(out.length, 4_399);
    const nonzero = (v: number[]) => v.filter((q) => q !== 0).length;
    // The plain loop reads 4,000 × 400 products; what is needed is the nonzero x by the nonzero y, and one look at each.
    assert.ok(reads.n <= 2 * nonzero(x) * nonzero(y) + x.length + y.length, `${reads.n} reads for ${nonzero(x)} × ${nonzero(y)} nonzero values`);
  });
});
