import quantile from '@stdlib/stats-base-dists-normal-quantile';
import { assertCount } from './validate.js';

/**
 * Wilson score interval for a binomial rate: k successes of n trials.
 *
 * Centre (k + z²/2)/(n + z²), half-width z·√(k(n−k)/n + z²/4)/(n + z²), with z the two-sided
 * normal quantile for `confidence` (1.959963984540054 at 0.95). Unlike the Wald interval it stays
 * inside [0, 1] and is not a single point at k = 0 or k = n.
 *
 * @param k - successes, an integer 0 ≤ k ≤ n
 * @param n - trials
 * @param confidence - coverage, strictly between 0 and 1 (default 0.95)
 * @returns `[low, high]`, or `null` when n = 0 (no runs: no rate, no interval)
 * @throws RangeError for counts that are not integers, k > n, or a confidence outside (0, 1)
 */
export function wilsonInterval(k: number, n: number, confidence = 0.95): [number, number] | null {
  assertCount(k, 'k');
  assertCount(n, 'n');
  if (k > n) throw new RangeError(`k (${k}) must not exceed n (${n})`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be between 0 and 1, got ${String(confidence)}`);
  if (n === 0) return null;
  const z = quantile(0.5 + confidence / 2, 0, 1);
  const z2 = z * z;
  const centre = (k + z2 / 2) / (n + z2);
  const half = (z * Math.sqrt((k * (n - k)) / n + z2 / 4)) / (n + z2);
  // At k = 0 and k = n the bound is exactly 0 or 1; rounding would leave it a hair off.
  const low = k === 0 ? 0 : Math.max(0, centre - half);
  const high = k === n ? 1 : Math.min(1, centre + half);
  return [low, high];
}
