/**
 * Holm–Bonferroni adjusted p-values, in the order given.
 *
 * Sort the m p-values ascending, multiply the i-th smallest (1-based) by m − i + 1, carry the
 * running maximum so the adjusted values keep the raw order, and cap at 1. Rejecting where the
 * adjusted p ≤ α controls the family-wise error rate at α under any dependence between the tests.
 *
 * @param pValues - raw p-values, each in [0, 1]
 * @returns the adjusted p-values, `result[i]` for `pValues[i]` (an empty family gives `[]`)
 * @throws RangeError when a value is not a number in [0, 1]
 */
export function holm(pValues: readonly number[]): number[] {
  pValues.forEach((p, i) => {
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) throw new RangeError(`pValues[${i}] must be a p-value in [0, 1], got ${String(p)}`);
  });
  const m = pValues.length;
  const order = pValues.map((_, i) => i).sort((a, b) => pValues[a]! - pValues[b]! || a - b);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}
