// describe against numpy 2.4.6: mean, std(ddof=1), median.
import { describe as suite, it } from 'node:test';
import assert from 'node:assert/strict';
import { describe } from '../../src/stats/index.js';
import { assertClose, loadCases } from './reference.js';

type Case = { label: string; values: number[]; n: number; mean: number; sd: number | null; median: number };

suite('describe', () => {
  const cases = loadCases<Case>('describe.json');
  it(`agrees with numpy on ${cases.length} samples to 1e-9`, () => {
    for (const { label, values, n, mean, sd, median } of cases) {
      const got = describe(values);
      assert.equal(got.n, n, label);
      assertClose(got.mean, mean, `${label}: mean`);
      assertClose(got.sd, sd, `${label}: sd`);
      assertClose(got.median, median, `${label}: median`);
    }
  });

  it('gives nulls where a number does not exist', () => {
    assert.deepEqual(describe([]), { n: 0, mean: null, sd: null, median: null });
    assert.deepEqual(describe([4]), { n: 1, mean: 4, sd: null, median: 4 });
  });

  it('gives equal values their own mean and an sd of exactly 0: summed in floating point, five runs of $0.0073 had mean 0.007299999999999999 and sd 9.7e-19, shown as "sd $0.00000000000000000097"', () => {
    assert.deepEqual(describe([0.0073, 0.0073, 0.0073, 0.0073, 0.0073]), { n: 5, mean: 0.0073, sd: 0, median: 0.0073 });
    assert.deepEqual(describe([0.1, 0.1, 0.1]), { n: 3, mean: 0.1, sd: 0, median: 0.1 });
    const spread = describe([0.1, 0.2, 0.3]);
    assert.ok(spread.mean! >= 0.1 && spread.mean! <= 0.3 && spread.sd! > 0);
  });

  it('gives a mean to the 15 significant digits a double holds of a decimal: runs of $0.10 and $0.20 have the mean of runs of $0.15 (summed in floating point it was 0.15000000000000002, and the arms\' cost delta read "+$0.000000000000000028")', () => {
    assert.equal(describe([0.1, 0.2, 0.1, 0.2]).mean, 0.15);
    assert.equal(describe([0.1, 0.2]).median, 0.15);
    assert.equal(describe([0.1, 0.2, 0.1, 0.2]).mean! - describe([0.15, 0.15, 0.15, 0.15]).mean!, 0);
    // Integers keep every digit a double holds of them; a third keeps 15 of its digits.
    assert.equal(describe([1_000_000_000_000, 1_000_000_000_001]).mean, 1_000_000_000_000.5);
    assert.equal(describe([1, 2, 2]).mean, 1.66666666666667);
  });

  it('does not reorder its input, and rejects values that are not finite numbers', () => {
    const values = [3, 1, 2];
    describe(values);
    assert.deepEqual(values, [3, 1, 2]);
    assert.throws(() => describe([1, Number.NaN]), /values\[1\] must be a finite number/);
  });
});
