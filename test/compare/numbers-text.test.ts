// How rates and deltas read as whole percentages: a half rounds up, whether or not its binary
// fraction lands a hair below it (23/40 is 0.575, and 0.575 × 100 is 57.49999999999999 in doubles).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { armText, deltaPoints } from '../../src/compare/formats/numbers.js';
import { rateDifference } from '../../src/stats/index.js';
import type { ArmCount } from '../../src/compare/model.js';

const arm = (passed: number, n: number): ArmCount => ({ passed, failed: n - passed, n, ungraded: 0, rate: passed / n, ci95: null });

describe('whole percentages', () => {
  const rates: Array<[number, number, string]> = [
    [1, 8, '13%'], // 12.5, exact in binary
    [23, 40, '58%'], // 57.5, a hair below it in binary
    [7, 40, '18%'], // 17.5, a hair above it
    [1, 3, '33%'],
    [2, 3, '67%'],
  ];
  for (const [passed, n, shown] of rates) {
    it(`${passed}/${n} reads ${shown}`, () => assert.equal(armText(arm(passed, n)), `${passed}/${n} ${shown}`));
  }

  const deltas: Array<[number, number, number, number, string]> = [
    [23, 40, 0, 1, '+58 pp'], // 57.5
    [1, 1, 27, 40, '+33 pp'], // 32.5
    [0, 1, 23, 40, '−58 pp'],
    [8, 8, 1, 8, '+88 pp'], // 87.5
    [3, 5, 3, 5, '±0 pp'],
  ];
  for (const [k1, n1, k2, n2, shown] of deltas) {
    it(`${k1}/${n1} vs ${k2}/${n2} reads ${shown}`, () => assert.equal(deltaPoints(rateDifference(k1, n1, k2, n2)), shown));
  }
});
