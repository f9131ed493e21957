// fleissKappa against statsmodels' fleiss_kappa (fixtures/make-fleiss-fixtures.py), and the share of unanimous runs.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fleissKappa, unanimousShare } from '../../src/stats/index.js';
import { assertClose, loadCases } from './reference.js';

type Case = { label: string; table: number[][]; kappa: number | null };

describe('fleissKappa', () => {
  const cases = loadCases<Case>('fleiss-kappa.json');
  it(`agrees with statsmodels on ${cases.length} tables to 1e-9 (null where it gives nan)`, () => {
    assert.ok(cases.length > 300);
    for (const { label, table, kappa } of cases) assertClose(fleissKappa(table), kappa, `${label} ${JSON.stringify(table)}`, 1e-12);
  });

  it('takes runs with different numbers of verdicts (a repeat that gave none) by their own counts, as the formula in docs/statistics.md', () => {
    // statsmodels needs every run judged alike; these are the formula in fractions, from
    // fixtures/make-audit-references.py: P_i with each run's own k_i, p_j over every verdict.
    const cases: Array<[number[][], number | null]> = [
      [[[3, 0], [2, 0], [1, 1], [0, 2]], 0.4375],
      [[[2, 1], [1, 0], [0, 3], [2, 0], [1, 2]], 0.3277777777777778],
      [[[4, 1], [3, 0], [0, 2], [2, 2], [5, 0]], 0.4499047619047619],
      [[[2, 0], [0, 3]], 1],
      [[[1, 1], [2, 1]], -0.7361111111111112],
      [[[3, 0], [2, 0]], null],
    ];
    for (const [table, kappa] of cases) assertClose(fleissKappa(table), kappa, JSON.stringify(table), 1e-12);
  });

  it('leaves out runs with fewer than 2 judgments, and is null with none left', () => {
    assert.equal(fleissKappa([[3, 0], [0, 3], [1, 0]]), fleissKappa([[3, 0], [0, 3]]));
    assert.equal(fleissKappa([[1, 0], [0, 1]]), null);
  });
});

describe('unanimousShare', () => {
  it('is the share of runs whose judgments all agree', () => {
    assert.equal(unanimousShare([[3, 0], [2, 1], [0, 3], [1, 0]]), 2 / 3);
    assert.equal(unanimousShare([]), null);
  });
});
