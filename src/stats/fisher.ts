import hypergeometricPmf from '@stdlib/stats-base-dists-hypergeometric-pmf';
import { assertTable, type TwoByTwo } from './validate.js';

/** A table counts as "as likely" as the observed one within this relative margin, as R's fisher.test does. */
export const FISHER_RELATIVE_TOLERANCE = 1e-7;

/**
 * Two-sided Fisher exact test on a 2×2 table `[[passedA, failedA], [passedB, failedB]]`.
 *
 * With the margins fixed (runs per arm, passes in total), the first cell follows a hypergeometric
 * distribution under "both arms have the same pass rate". The p-value is the total probability of
 * every table whose probability is no greater than the observed one's (within a relative 1e-7, so
 * floating-point noise cannot split tables that are equally likely). A row or column that sums to
 * zero carries no evidence and gives p = 1.
 *
 * @param table - counts per arm, non-negative integers
 * @returns the two-sided p-value in [0, 1]
 * @throws RangeError when the table is not 2×2 non-negative integers
 */
export function fisherExact(table: TwoByTwo): number {
  assertTable(table);
  const [[a, b], [c, d]] = table;
  const nA = a + b;
  const nB = c + d;
  const passed = a + c;
  const total = nA + nB;
  if (nA === 0 || nB === 0 || passed === 0 || passed === total) return 1;
  const pmf = (x: number) => hypergeometricPmf(x, total, nA, passed);
  const limit = pmf(a) * (1 + FISHER_RELATIVE_TOLERANCE);
  let p = 0;
  for (let x = Math.max(0, passed - nB), last = Math.min(nA, passed); x <= last; x++) {
    const px = pmf(x);
    if (px <= limit) p += px;
  }
  return Math.min(1, p);
}
