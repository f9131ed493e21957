// What Fisher's test could reach at all with so many runs: plain arithmetic, kept apart from
// fisher.ts so that campaign, which warns with it before any run starts, never loads the
// distribution library at start-up (docs/performance.md).
import { reachesLevel } from './level.js';
import { assertCount } from './validate.js';

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
 * `alpha` at all: the smallest n whose {@link smallestFisherP}(n) reaches alpha as compare's
 * significance does ({@link reachesLevel}). 4 at 0.05, 5 at 0.01. For a family of m assertions
 * adjusted by Holm, pass m: the strongest one's Holm p, m × smallestFisherP(n), must reach alpha —
 * compared as alpha / m with the same relative margin, so that a quotient rounded a hair low
 * (0.3 / 3 = 0.09999999999999999) does not ask for a run more than compare needs.
 *
 * @param alpha - the significance level, in (0, 1]; any positive number, however small
 * @param familySize - the Holm family size m (default 1)
 * @throws RangeError when alpha is not in (0, 1] or familySize is not a positive integer
 */
export function fewestRunsPerArm(alpha: number, familySize = 1): number {
  if (!(alpha > 0 && alpha <= 1)) throw new RangeError(`alpha must be in (0, 1], got ${String(alpha)}`);
  if (!Number.isSafeInteger(familySize) || familySize < 1) throw new RangeError(`familySize must be a positive integer, got ${String(familySize)}`);
  const perAssertion = alpha / familySize;
  if (perAssertion >= 1e-300) {
    let n = 1;
    while (!reachesLevel(smallestFisherP(n), perAssertion)) n++;
    return n;
  }
  // Below 1e-300 the products underflow (alpha / m may even be 0): the same p(n) = 2 / C(2n, n) in
  // logarithms, from p(1) = 1 by p(n + 1) = p(n)·(n + 1) / (2(2n + 1)).
  const target = Math.log(alpha) - Math.log(familySize);
  let n = 1;
  for (let logP = 0; logP > target; n++) logP += Math.log((n + 1) / (2 * (2 * n + 1)));
  return n;
}
