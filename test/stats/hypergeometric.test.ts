// A whole row of hypergeometric probabilities at once: bit for bit stdlib's pmf (which every
// number of Fisher's test and the overall test was checked against scipy with), for a fraction of
// the work — the power calculation asks for every table of n1 × n2 runs.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import hypergeometricPmf from '@stdlib/stats-base-dists-hypergeometric-pmf';
import { hypergeometricRow, logFactorialsWorkedOut } from '../../src/stats/hypergeometric.js';
import { detectableDelta } from '../../src/stats/index.js';

/** Every row of tables with nA and nB runs: the probabilities of each, both ways. */
function assertRowsIdentical(nA: number, nB: number, everyPassed = 1): void {
  const total = nA + nB;
  for (let passed = 0; passed <= total; passed += everyPassed) {
    const first = Math.max(0, passed - nB);
    const size = Math.min(nA, passed) - first + 1;
    const row = hypergeometricRow(total, nA, passed, first, size);
    assert.equal(row.length, size);
    for (let i = 0; i < size; i++) {
      const want = hypergeometricPmf(first + i, total, nA, passed);
      if (!Object.is(row[i], want)) assert.fail(`${nA} vs ${nB} runs, ${passed} passed, ${first + i} in the first arm: ${row[i]} against stdlib's ${want}`);
    }
  }
}

describe('hypergeometricRow', () => {
  it("is stdlib's pmf bit for bit, from 1 run per arm to thousands, unequal arms and underflowing tails included", () => {
    for (const [nA, nB] of [[1, 1], [1, 7], [5, 5], [3, 20], [20, 3], [50, 47], [300, 290]] as const) assertRowsIdentical(nA, nB);
    assertRowsIdentical(3_000, 2_990, 397);
  });

  it('works each log-factorial out once, not nine per table (detectable_delta of 1,000 runs per arm, distinct run counts, took ~0.7 s each)', () => {
    const before = logFactorialsWorkedOut();
    // Every table of 400 vs 399 runs: 160,000 tables, which stdlib's pmf costs 9 log-gammas each.
    detectableDelta({ treatmentRuns: 400, controlRuns: 399, controlRate: 0.5, level: 0.05 });
    assert.ok(logFactorialsWorkedOut() - before <= 800, `${logFactorialsWorkedOut() - before} log-factorials worked out`);
  });
});
