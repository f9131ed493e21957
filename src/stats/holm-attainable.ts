import { countAtMost } from './sorted.js';

/**
 * The smallest Holm-adjusted p each test of a family could get, from each test's smallest
 * attainable raw p (what its run counts allow at best). For test i the best case puts before it
 * the k others with the smallest attainable p (no larger than its own) and leaves the rest at
 * p = 1: its adjusted p is then max(m·q₁, (m − 1)·q₂, …, (m − k + 1)·q_k, (m − k)·pᵢ), minimized
 * over k. Multiplying pᵢ by the family size m (Bonferroni) overstates it: with one eval of 10
 * runs per arm beside one of 4, the 4-run assertion's Holm p can be 0.0286, not 2 × 0.0286.
 *
 * The others no larger than pᵢ, in order, are the first c − 1 of all the tests' p in order (c:
 * how many are ≤ pᵢ, pᵢ's own copy last among its equals), so the running maximum of (m − k)·q
 * is one array for every test. Over k that maximum never falls and (m − k − 1)·pᵢ never rises,
 * so the larger of the two is least where they cross, found by bisection: a family of thousands
 * of assertions (a campaign of many evals) costs m log m, not m².
 *
 * @param smallest - each test's smallest attainable raw p
 * @returns per test, its smallest attainable Holm p (capped at 1)
 */
export function smallestHolmP(smallest: readonly number[]): number[] {
  const m = smallest.length;
  const sorted = [...smallest].sort((a, b) => a - b);
  // prefix[k]: max over t ≤ k of (m − t)·sorted[t].
  const prefix: number[] = [];
  sorted.forEach((q, k) => prefix.push(Math.max(k === 0 ? 0 : prefix[k - 1]!, (m - k) * q)));
  return smallest.map((own) => {
    const before = countAtMost(sorted, own) - 1;
    const bonferroni = Math.min(1, m * own);
    // The first k at which the running maximum reaches (m − k − 1)·own; the least is there or just before.
    let low = 0;
    let high = before;
    while (low < high) {
      const k = (low + high) >>> 1;
      if (prefix[k]! >= (m - k - 1) * own) high = k;
      else low = k + 1;
    }
    let best = bonferroni;
    for (const k of [low - 1, low]) if (k >= 0 && k < before) best = Math.min(best, Math.max(prefix[k]!, (m - k - 1) * own));
    return Math.min(1, best);
  });
}
