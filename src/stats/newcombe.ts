import { wilsonInterval } from './wilson.js';
import { assertCount } from './validate.js';

/**
 * k1/n1 − k2/n2 in one division, (k1·n2 − k2·n1) / (n1·n2): subtracting the two rounded rates gave
 * 4/5 − 1/5 = 0.6000000000000001 beside 5/5 − 2/5 = 0.6, so equal changes sorted and compared apart.
 * Exact in the numerator for counts below 2^26 each, and a correctly rounded quotient: equal
 * differences are equal numbers. Assumes n1, n2 > 0.
 */
export function rateDifference(k1: number, n1: number, k2: number, n2: number): number {
  return (k1 * n2 - k2 * n1) / (n1 * n2);
}

/**
 * Newcombe's hybrid score interval for a difference of two rates, k1/n1 − k2/n2 (Newcombe 1998,
 * method 10; statsmodels' confint_proportions_2indep(method="newcomb")). Built from each rate's
 * Wilson interval [l, u]: the difference minus √((p1 − l1)² + (u2 − p2)²), plus √((u1 − p1)² + (p2 − l2)²).
 * It stays inside [−1, 1] and is not a single point when both rates are 0 or 1, unlike the Wald
 * interval; its coverage is close to nominal even with a handful of runs per arm.
 *
 * @param k1 - successes of the first arm (treatment)
 * @param n1 - trials of the first arm
 * @param k2 - successes of the second arm (control)
 * @param n2 - trials of the second arm
 * @param confidence - coverage, strictly between 0 and 1 (default 0.95)
 * @returns `[low, high]` of the difference, or `null` when an arm has no trials
 * @throws RangeError for counts that are not integers, or k > n
 */
export function newcombeInterval(k1: number, n1: number, k2: number, n2: number, confidence = 0.95): [number, number] | null {
  [k1, n1, k2, n2].forEach((v, i) => assertCount(v, ['k1', 'n1', 'k2', 'n2'][i]!));
  const first = wilsonInterval(k1, n1, confidence);
  const second = wilsonInterval(k2, n2, confidence);
  if (first === null || second === null) return null;
  const [p1, p2] = [k1 / n1, k2 / n2];
  const delta = rateDifference(k1, n1, k2, n2);
  const low = delta - Math.hypot(p1 - first[0], second[1] - p2);
  const high = delta + Math.hypot(first[1] - p1, p2 - second[0]);
  return [Math.max(-1, low), Math.min(1, high)];
}
