import { normalUpperTail } from './normal.js';
import { assertCount, assertSample } from './validate.js';

/** The result of {@link mannWhitneyU}. */
export interface MannWhitneyResult {
  /** U of the first sample: how many (x, y) pairs have x > y, ties counting one half (scipy's `statistic`). */
  u: number;
  /** Two-sided p-value. */
  p: number;
  /** `exact`: the null distribution of U itself; `asymptotic`: the normal approximation. */
  method: 'exact' | 'asymptotic';
}

/** Samples at most this large (the smaller one) with no ties get the exact distribution, as scipy's method="auto". */
const EXACT_MAX_N = 8;

/**
 * Two-sided Mann–Whitney U (Wilcoxon rank-sum) test of whether values in `x` tend to be larger or
 * smaller than values in `y`, with scipy.stats.mannwhitneyu's defaults (method="auto",
 * use_continuity=True): when the smaller sample has at most 8 values and no value occurs twice in
 * the pooled data, p comes from the exact distribution of U; otherwise from the normal
 * approximation with the tie correction to the variance and a continuity correction of 0.5.
 * Ties get average ranks. A pooled sample of one repeated value gives p = 1.
 *
 * @param x - the first sample (treatment), finite numbers
 * @param y - the second sample (control), finite numbers
 * @throws RangeError when a sample is empty or holds a value that is not a finite number
 */
export function mannWhitneyU(x: readonly number[], y: readonly number[]): MannWhitneyResult {
  assertSample(x, 'x');
  assertSample(y, 'y');
  const nx = x.length;
  const ny = y.length;
  const { rankSumX, tieSizes } = rankPooled(x, y);
  const u = rankSumX - (nx * (nx + 1)) / 2;
  // Both tails are read from the upper one: U's distribution is symmetric about nx·ny/2.
  const upper = Math.max(u, nx * ny - u);
  if (Math.min(nx, ny) <= EXACT_MAX_N && tieSizes.length === 0) {
    return { u, p: Math.min(1, 2 * exactLowerTail(nx * ny - upper, Math.min(nx, ny), Math.max(nx, ny))), method: 'exact' };
  }
  const n = nx + ny;
  const tieTerm = tieSizes.reduce((sum, t) => sum + (t * t * t - t), 0);
  const sd = Math.sqrt(((nx * ny) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  // Every value equal: no spread to compare, nothing against the null.
  if (sd === 0) return { u, p: 1, method: 'asymptotic' };
  const z = (upper - (nx * ny) / 2 - 0.5) / sd;
  return { u, p: Math.min(1, 2 * normalUpperTail(z)), method: 'asymptotic' };
}

/** Sum of x's ranks in the pooled sample (ties get their average rank) and the size of each tie group. */
function rankPooled(x: readonly number[], y: readonly number[]): { rankSumX: number; tieSizes: number[] } {
  const pooled = [...x.map((value) => ({ value, fromX: true })), ...y.map((value) => ({ value, fromX: false }))];
  pooled.sort((a, b) => a.value - b.value);
  let rankSumX = 0;
  const tieSizes: number[] = [];
  for (let start = 0; start < pooled.length; ) {
    let end = start;
    while (end + 1 < pooled.length && pooled[end + 1]!.value === pooled[start]!.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let i = start; i <= end; i++) if (pooled[i]!.fromX) rankSumX += rank;
    if (end > start) tieSizes.push(end - start + 1);
    start = end + 1;
  }
  return { rankSumX, tieSizes };
}

/**
 * P(U ≤ k) under the null for samples of m ≤ n values without ties. The number of arrangements
 * with U = u is the coefficient of qᵘ in the Gaussian binomial ∏ᵢ₌₁..ₘ (1 − qⁿ⁺ⁱ)/(1 − qⁱ);
 * multiplying and dividing those factors term by term, truncated at degree k, costs O(m·k), and
 * BigInt keeps the counts exact (they pass 2⁵³ long before m + n is large).
 */
function exactLowerTail(k: number, m: number, n: number): number {
  const counts = new Array<bigint>(k + 1).fill(0n);
  counts[0] = 1n;
  for (let i = 1; i <= m; i++) {
    for (let j = k; j >= n + i; j--) counts[j]! -= counts[j - n - i]!;
    for (let j = i; j <= k; j++) counts[j]! += counts[j - i]!;
  }
  let below = 0n;
  for (const c of counts) below += c;
  let arrangements = 1n; // C(m + n, m), built so every step divides exactly
  for (let i = 1; i <= m; i++) arrangements = (arrangements * BigInt(n + i)) / BigInt(i);
  return Number(below) / Number(arrangements);
}

/**
 * The smallest two-sided p {@link mannWhitneyU} can give with these sample sizes when no value is
 * tied: every value of one sample above every value of the other. With the exact distribution
 * that is 2 / C(nA + nB, nA); with the normal approximation, its value at complete separation.
 * Tied data can go below it in small samples: ties switch them to the normal approximation,
 * which is rough there ([0] vs [6, 6] gives 0.48, against 0.67 for any untied outcome).
 *
 * @param nA - values in the first sample
 * @param nB - values in the second sample (default: as many as the first)
 * @returns the smallest attainable p; 1 when either sample is empty
 * @throws RangeError when a size is not a non-negative integer
 */
export function smallestMannWhitneyP(nA: number, nB: number = nA): number {
  assertCount(nA, 'nA');
  assertCount(nB, 'nB');
  if (nA === 0 || nB === 0) return 1;
  const x = Array.from({ length: nA }, (_, i) => i);
  const y = Array.from({ length: nB }, (_, i) => nA + i);
  return mannWhitneyU(x, y).p;
}
