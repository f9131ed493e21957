import hypergeometricPmf from '@stdlib/stats-base-dists-hypergeometric-pmf';
import { assertCount, assertTable, type TwoByTwo } from './validate.js';

/** A table counts as "as likely" as the observed one within this relative margin, as R's fisher.test does. */
const RELATIVE_TOLERANCE = 1e-7;

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
  const limit = pmf(a) * (1 + RELATIVE_TOLERANCE);
  let p = 0;
  for (let x = Math.max(0, passed - nB), last = Math.min(nA, passed); x <= last; x++) {
    const px = pmf(x);
    if (px <= limit) p += px;
  }
  return Math.min(1, p);
}

/**
 * The smallest two-sided Fisher p any outcome could give with these run counts: what "not
 * significant" can mean at this n. With equal arms it is 2 / C(2n, n) (all pass vs all fail);
 * with unequal arms 1 / C(nA + nB, nA). Why: a table's probability is C(m, a)·C(N − m, nA − a)
 * / C(N, nA) for m passes in all, whose numerator is a whole number ≥ 1, and only the all-pass vs
 * all-fail tables reach 1 (two of them, with the same margins, only when nA = nB).
 *
 * @param nA - runs in the first arm
 * @param nB - runs in the second arm (default: as many as the first)
 * @returns the smallest attainable p; 1 when either arm has no runs
 * @throws RangeError when a count is not a non-negative integer
 */
export function smallestFisherP(nA: number, nB: number = nA): number {
  assertCount(nA, 'nA');
  assertCount(nB, 'nB');
  if (nA === 0 || nB === 0) return 1;
  // 1 / C(nA + nB, nA) as a product of ratios below 1: no overflow, and it underflows gracefully.
  let inverse = 1;
  const small = Math.min(nA, nB);
  const large = Math.max(nA, nB);
  for (let i = 1; i <= small; i++) inverse *= i / (large + i);
  return nA === nB ? 2 * inverse : inverse;
}

/**
 * The fewest runs per condition (the same number in each) with which Fisher's test could reach
 * `alpha` at all: the smallest n with {@link smallestFisherP}(n) ≤ alpha. 4 at 0.05, 5 at 0.01.
 * For a family of m assertions adjusted by Holm, ask with alpha / m: the strongest one must clear it.
 *
 * @param alpha - the significance level, in (0, 1]
 * @throws RangeError when alpha is not in (0, 1] or is too small for any practical n (below 1e-300)
 */
export function fewestRunsPerArm(alpha: number): number {
  if (!(alpha > 1e-300 && alpha <= 1)) throw new RangeError(`alpha must be in (1e-300, 1], got ${String(alpha)}`);
  let n = 1;
  while (smallestFisherP(n) > alpha) n++;
  return n;
}
