import { chiSquare1UpperTail } from './normal.js';
import { assertTable, type TwoByTwo } from './validate.js';

/** The result of {@link cochranMantelHaenszel}. */
export interface CmhResult {
  /** The continuity-corrected Mantel–Haenszel chi-square statistic (one degree of freedom). */
  statistic: number;
  /** Two-sided p-value: P(χ²₁ ≥ statistic). */
  p: number;
  /**
   * Mantel–Haenszel estimate of the odds ratio shared by the strata, Σ(a·d/n) / Σ(b·c/n): above 1
   * when the first arm passes more often. `null` when Σ(b·c/n) is 0: the ratio is infinite, no
   * stratum having both a failure in the first arm and a pass in the second.
   */
  commonOddsRatio: number | null;
  /** How many strata carried information (both arms ran, and some runs passed and some failed). */
  strata: number;
}

/**
 * Cochran–Mantel–Haenszel test that the odds ratio is 1 in every stratum, from one 2×2 table per
 * stratum (per eval: `[[passedA, failedA], [passedB, failedB]]`). It adds up each stratum's
 * passes-in-arm-A minus their expectation under "no difference", so strata are never pooled as
 * one sample, and compares that sum's square with its variance (statsmodels'
 * StratifiedTable.test_null_odds). The continuity correction takes 0.5 off |Σ(a − E a)| — only
 * when that is at least 0.5, as R's mantelhaen.test does; statsmodels subtracts it even below 0.5,
 * which *raises* the statistic of a near-perfect match. Strata with an empty row or column add
 * nothing to the sum or its variance and are skipped.
 *
 * The test has power against a difference in the same direction in most strata; differences
 * that cancel out (better in one eval, worse in another) can leave it near 1.
 *
 * @param tables - one 2×2 table of non-negative integer counts per stratum
 * @returns the test, or `null` when no stratum carries information (nothing to test)
 * @throws RangeError when a table is not 2×2 non-negative integers
 */
export function cochranMantelHaenszel(tables: readonly TwoByTwo[]): CmhResult | null {
  tables.forEach((table, i) => assertTable(table, `tables[${i}]`));
  let deviation = 0;
  let variance = 0;
  let concordant = 0;
  let discordant = 0;
  let strata = 0;
  for (const [[a, b], [c, d]] of tables) {
    const n = a + b + c + d;
    const [rowA, rowB, passed, failed] = [a + b, c + d, a + c, b + d];
    if (Math.min(rowA, rowB, passed, failed) === 0) continue;
    strata++;
    deviation += a - (rowA * passed) / n;
    variance += (rowA * rowB * passed * failed) / (n * n * (n - 1));
    concordant += (a * d) / n;
    discordant += (b * c) / n;
  }
  if (strata === 0) return null;
  const distance = Math.abs(deviation);
  // The sum is a multiple of 1/n per stratum, so a true 0.5 may arrive a rounding error short of it.
  const corrected = distance >= 0.5 * (1 - 1e-12) ? Math.max(0, distance - 0.5) : distance;
  const statistic = (corrected * corrected) / variance;
  return {
    statistic,
    p: chiSquare1UpperTail(statistic),
    commonOddsRatio: discordant > 0 ? concordant / discordant : null,
    strata,
  };
}
