import { convolve, nonzeroSpan } from './convolve.js';
import { hypergeometricRow } from './hypergeometric.js';
import { assertTable, type TwoByTwo } from './validate.js';

/** Outcomes count as "as likely" as the observed one within this relative margin, as R's mantelhaen.test does. */
const RELATIVE_TOLERANCE = 1e-7;

/** The result of {@link exactConditionalTest}. */
export interface ConditionalTestResult {
  /** Two-sided exact p of "the odds ratio is 1 in every stratum". */
  p: number;
  /** Σ of each stratum's first cell (passes in the first arm): the test's statistic. */
  statistic: number;
  /**
   * Mantel–Haenszel estimate of the odds ratio shared by the strata, Σ(a·d/n) / Σ(b·c/n): above 1
   * when the first arm passes more often; `null` when it is infinite (Σ(b·c/n) = 0).
   */
  commonOddsRatio: number | null;
  /** Strata that carried information (both arms ran, some passed and some failed); the others are left out. */
  strata: number;
}

/**
 * Exact conditional test that the odds ratio is 1 in every stratum, from one 2×2 table per stratum
 * (`[[passedA, failedA], [passedB, failedB]]`), as R's `mantelhaen.test(exact = TRUE)`. With each
 * stratum's margins fixed, its first cell follows a hypergeometric distribution under the null;
 * their sum's distribution is the convolution of those. The two-sided p adds the probabilities of
 * every sum no more likely than the observed one (within a relative 1e-7). Strata with an empty
 * row or column have no variance and are left out. With one stratum this is Fisher's exact test.
 *
 * @param tables - one 2×2 table of non-negative integer counts per stratum
 * @returns the test, or `null` when no stratum carries information
 * @throws RangeError when a table is not 2×2 non-negative integers
 */
export function exactConditionalTest(tables: readonly TwoByTwo[]): ConditionalTestResult | null {
  tables.forEach((table, i) => assertTable(table, `tables[${i}]`));
  const informative = tables.filter(([[a, b], [c, d]]) => Math.min(a + b, c + d, a + c, b + d) > 0);
  if (informative.length === 0) return null;
  // distribution[s − low] = P(Σ a = s), built one stratum at a time.
  let distribution: Float64Array = Float64Array.of(1);
  let low = 0;
  let observed = 0;
  let concordant = 0;
  let discordant = 0;
  for (const [[a, b], [c, d]] of informative) {
    const [rowA, rowB, passed, total] = [a + b, c + d, a + c, a + b + c + d];
    const first = Math.max(0, passed - rowB);
    const last = Math.min(rowA, passed);
    const stratum = hypergeometricRow(total, rowA, passed, first, last - first + 1);
    // Held to its nonzero span: past a few hundred strata the tails underflow to 0, and those
    // zeros (each adds +0 to a sum) were most of every convolution after, and of its memory.
    const convolved = convolve(distribution, stratum);
    const [start, end] = nonzeroSpan(convolved);
    distribution = convolved.subarray(start, end + 1);
    low += first + start;
    observed += a;
    concordant += (a * d) / total;
    discordant += (b * c) / total;
  }
  // An observed sum outside the span underflowed to 0, as it would be in the whole distribution.
  const limit = (distribution[observed - low] ?? 0) * (1 + RELATIVE_TOLERANCE);
  // Every sum counted (the observed one is a most likely sum): p is the whole distribution, 1
  // exactly, as fisherExact gives it — not the convolution's rounding of it.
  const p = distribution.every((q) => q <= limit) ? 1 : Math.min(1, distribution.reduce((sum, q) => (q <= limit ? sum + q : sum), 0));
  return { p, statistic: observed, commonOddsRatio: discordant > 0 ? concordant / discordant : null, strata: informative.length };
}

/**
 * The p {@link exactConditionalTest} gives for the most one-sided outcome these run counts allow —
 * every run of the first arm passing and every run of the second failing, in every stratum: what
 * "not significant" can mean with so few runs. Strata where an arm has no runs are left out.
 *
 * @param arms - per stratum, `[runs of the first arm, runs of the second]`
 * @returns that p, or `null` when no stratum has runs in both arms
 */
export function smallestConditionalP(arms: ReadonlyArray<readonly [number, number]>): number | null {
  return exactConditionalTest(arms.map(([nA, nB]) => [[nA, 0], [0, nB]] as const))?.p ?? null;
}
