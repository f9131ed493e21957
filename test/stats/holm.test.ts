// holm against statsmodels 0.13.5 multipletests(method="holm").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { holm } from '../../src/stats/index.js';
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
