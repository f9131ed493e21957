/**
 * The smallest Holm-adjusted p each test of a family could get, from each test's smallest
 * attainable raw p (what its run counts allow at best). For test i the best case puts before it
 * the k others with the smallest attainable p (no larger than its own) and leaves the rest at
 * p = 1: its adjusted p is then max(m·q₁, (m − 1)·q₂, …, (m − k + 1)·q_k, (m − k)·pᵢ), minimized
 * over k. Multiplying pᵢ by the family size m (Bonferroni) overstates it: with one eval of 10
 * runs per arm beside one of 4, the 4-run assertion's Holm p can be 0.0286, not 2 × 0.0286.
 *
 * @param smallest - each test's smallest attainable raw p
 * @returns per test, its smallest attainable Holm p (capped at 1)
 */
export function smallestHolmP(smallest: readonly number[]): number[] {
  const m = smallest.length;
  return smallest.map((own, i) => {
    const before = smallest.filter((q, j) => j !== i && q <= own).sort((a, b) => a - b);
    let best = Math.min(1, m * own);
    let prefix = 0;
    before.forEach((q, k) => {
      prefix = Math.max(prefix, (m - k) * q);
      best = Math.min(best, Math.max(prefix, (m - k - 1) * own));
    });
    return Math.min(1, best);
  });
}

