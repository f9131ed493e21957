// Properties every input must keep: p-values in [0, 1], the same answer with the arms swapped,
// intervals that contain the rate, Holm adjustments that keep order and never fall below the raw p,
// summaries that lie inside the data.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe as describeValues, exactConditionalTest, fisherExact, holm, mannWhitneyU, smallestFisherP, smallestConditionalP, smallestMannWhitneyP, wilsonInterval, type TwoByTwo } from '../../src/stats/index.js';

/** The seed every property runs with (override with PROPERTY_SEED to explore); fast-check prints it on failure. */
const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_201);
const check = <T>(property: fc.IProperty<T>, numRuns = 300) => fc.assert(property, { seed: SEED, numRuns });

/** An arm of up to `max` runs, as [passed, failed]. */
const arm = (max: number) =>
  fc.integer({ min: 0, max }).chain((n) => fc.integer({ min: 0, max: n }).map((k): [number, number] => [k, n - k]));
const table = (max = 60) => fc.tuple(arm(max), arm(max)).map((rows): TwoByTwo => rows);
const pValue = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, 0.05), fc.double({ min: 0, max: 1e-6, noNaN: true }));

describe('fisherExact properties', () => {
  it('is a probability', () => check(fc.property(table(), (t) => {
    const p = fisherExact(t);
    assert.ok(p >= 0 && p <= 1, `${JSON.stringify(t)} → ${p}`);
  })));

  it('does not depend on which arm comes first, or on calling passes failures', () => check(fc.property(table(), ([[a, b], [c, d]]) => {
    const p = fisherExact([[a, b], [c, d]]);
    for (const other of [fisherExact([[c, d], [a, b]]), fisherExact([[b, a], [d, c]]), fisherExact([[a, c], [b, d]])]) {
      assert.ok(Math.abs(other - p) <= 1e-12 * p, `${p} vs ${other}`);
    }
  })));

  it('never goes below the smallest attainable p for its run counts', () => check(fc.property(table(), (t) => {
    const [nA, nB] = [t[0][0] + t[0][1], t[1][0] + t[1][1]];
    assert.ok(fisherExact(t) >= smallestFisherP(nA, nB) * (1 - 1e-12));
  })));
});

describe('wilsonInterval properties', () => {
  const counts = fc.integer({ min: 1, max: 100_000 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));
  const confidence = fc.double({ min: 0.5, max: 0.999, noNaN: true });

  it('contains the rate and lies in [0, 1]', () => check(fc.property(counts, confidence, ([k, n], c) => {
    const [low, high] = wilsonInterval(k, n, c)!;
    assert.ok(low >= 0 && high <= 1 && low <= k / n && k / n <= high, `${k}/${n} at ${c}: [${low}, ${high}]`);
  })));

  it('mirrors under swapping passes and failures, and widens with confidence', () => check(fc.property(counts, ([k, n]) => {
    const [low, high] = wilsonInterval(k, n)!;
    const [mLow, mHigh] = wilsonInterval(n - k, n)!;
    assert.ok(Math.abs(low - (1 - mHigh)) < 1e-12 && Math.abs(high - (1 - mLow)) < 1e-12);
    const [wLow, wHigh] = wilsonInterval(k, n, 0.99)!;
    assert.ok(wLow <= low && wHigh >= high);
  })));
});

describe('holm properties', () => {
  it('is at least the raw p, at most 1, and keeps the raw order', () => check(fc.property(fc.array(pValue, { maxLength: 50 }), (p) => {
    const adjusted = holm(p);
    assert.equal(adjusted.length, p.length);
    p.forEach((raw, i) => {
      assert.ok(adjusted[i]! >= raw && adjusted[i]! <= 1, `${raw} → ${adjusted[i]}`);
      p.forEach((other, j) => {
        if (raw <= other) assert.ok(adjusted[i]! <= adjusted[j]!, `order: ${raw} ≤ ${other} but ${adjusted[i]} > ${adjusted[j]}`);
      });
    });
  })));

  it('does not depend on the order the family is listed in', () => check(fc.property(fc.array(pValue, { maxLength: 30 }), (p) => {
    const reversed = holm([...p].reverse()).reverse();
    assert.deepEqual(holm(p), reversed);
  })));
});

/** A sample as metrics come: small integers (many ties), or spread-out reals. */
const sample = fc.oneof(
  fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 25 }),
  fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 40 }),
);

describe('mannWhitneyU properties', () => {
  it('is a probability, and the same test with the samples swapped', () => check(fc.property(sample, sample, (x, y) => {
    const forward = mannWhitneyU(x, y);
    const backward = mannWhitneyU(y, x);
    assert.ok(forward.p >= 0 && forward.p <= 1, `p = ${forward.p}`);
    assert.ok(forward.u >= 0 && forward.u <= x.length * y.length);
    assert.ok(Math.abs(forward.p - backward.p) <= 1e-12, `${forward.p} vs ${backward.p}`);
    assert.equal(forward.u + backward.u, x.length * y.length);
    assert.equal(forward.method, backward.method);
    // Only untied data is bound by it: ties move small samples to the (rough) normal approximation.
    if (new Set([...x, ...y]).size === x.length + y.length) {
      assert.ok(forward.p >= smallestMannWhitneyP(x.length, y.length) * (1 - 1e-12), 'not below the smallest attainable p');
    }
  })));
});

describe('exactConditionalTest properties', () => {
  it('is a probability, unchanged by swapping the arms, with the odds ratio inverted', () => check(fc.property(fc.array(table(30), { maxLength: 12 }), (tables) => {
    const result = exactConditionalTest(tables);
    const swapped = exactConditionalTest(tables.map(([a, b]): TwoByTwo => [b, a]));
    if (result === null) return assert.equal(swapped, null);
    assert.ok(swapped && result.p >= 0 && result.p <= 1, JSON.stringify(result));
    assert.ok(Math.abs(result.p - swapped.p) <= 1e-12 + 1e-9 * result.p, `${result.p} vs ${swapped.p}`);
    if (result.commonOddsRatio !== null && result.commonOddsRatio > 0) {
      assert.ok(swapped.commonOddsRatio !== null && Math.abs(swapped.commonOddsRatio * result.commonOddsRatio - 1) < 1e-12);
    }
  })));

  it("with one stratum, is Fisher's exact test, and null exactly when a row or a column is empty", () => check(fc.property(table(30), (t) => {
    const [[a, b], [c, d]] = t;
    const empty = Math.min(a + b, c + d, a + c, b + d) === 0;
    const result = exactConditionalTest([t]);
    assert.equal(result === null, empty, JSON.stringify(t));
    if (result) assert.ok(Math.abs(result.p - fisherExact(t)) <= 1e-12 + 1e-9 * result.p, JSON.stringify(t));
  })));

  it('never gives a p below what the most one-sided outcome of these runs gives', () => check(fc.property(fc.array(table(8), { minLength: 1, maxLength: 5 }), (tables) => {
    const result = exactConditionalTest(tables);
    const floor = smallestConditionalP(tables.map(([[a, b], [c, d]]) => [a + b, c + d] as const));
    if (result) assert.ok(floor !== null && result.p >= floor * (1 - 1e-9), `${JSON.stringify(tables)}: ${result.p} < ${floor}`);
  })));
});

describe('describe properties', () => {
  it('puts the mean and median inside the data and the sd at zero or above', () => check(fc.property(sample, (values) => {
    const { n, mean, sd, median } = describeValues(values);
    const [low, high] = [Math.min(...values), Math.max(...values)];
    assert.equal(n, values.length);
    for (const v of [mean!, median!]) assert.ok(v >= low - 1e-9 * Math.abs(low) && v <= high + 1e-9 * Math.abs(high), `${v} outside [${low}, ${high}]`);
    assert.ok(n < 2 ? sd === null : sd! >= 0);
  })));
});
