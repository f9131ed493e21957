// wilsonInterval against scipy 1.17.1 (binomtest) and statsmodels 0.13.5 (proportion_confint), and the spec's z.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { wilsonInterval } from '../../src/stats/index.js';
import { assertClose, loadCases } from './reference.js';

type Case = { k: number; n: number; confidence: number; ci: [number, number] };

describe('wilsonInterval', () => {
  for (const file of ['wilson-scipy.json', 'wilson-statsmodels.json']) {
    const cases = loadCases<Case>(file);
    it(`agrees with ${file} on ${cases.length} intervals to 1e-9`, () => {
      assert.ok(cases.length > 400);
      for (const { k, n, confidence, ci } of cases) {
        const got = wilsonInterval(k, n, confidence);
        assert.ok(got, `${k}/${n}`);
        // A bound at 0 or 1 is centre ∓ half-width, which the references leave a rounding error off.
        assertClose(got[0], ci[0], `${k}/${n} at ${confidence}: low`, 1e-15);
        assertClose(got[1], ci[1], `${k}/${n} at ${confidence}: high`, 1e-15);
      }
    });
  }

  it('uses z = 1.959963984540054 at 95 %, as the spec writes the formula', () => {
    const z = 1.959963984540054;
    const [k, n] = [3, 5];
    const centre = (k + (z * z) / 2) / (n + z * z);
    const half = (z * Math.sqrt((k * (n - k)) / n + (z * z) / 4)) / (n + z * z);
    const got = wilsonInterval(k, n)!;
    assertClose(got[0], centre - half, 'low');
    assertClose(got[1], centre + half, 'high');
  });

  it('ends exactly at 0 and 1 for none and all, and gives no interval for no runs', () => {
    assert.equal(wilsonInterval(0, 5)![0], 0);
    assert.equal(wilsonInterval(5, 5)![1], 1);
    assert.equal(wilsonInterval(0, 0), null);
  });

  it('rejects impossible counts and confidences', () => {
    assert.throws(() => wilsonInterval(6, 5), /k \(6\) must not exceed n \(5\)/);
    assert.throws(() => wilsonInterval(-1, 5), /k must be a non-negative integer/);
    assert.throws(() => wilsonInterval(1, 2.5), /n must be/);
    assert.throws(() => wilsonInterval(1, 5, 1), /confidence/);
    assert.throws(() => wilsonInterval(1, 5, Number.NaN), /confidence/);
  });
});
