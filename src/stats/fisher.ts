import { assertTable, type TwoByTwo } from './validate.js';
import { smallestFisherP } from './attainable.js';
import { hypergeometricRow } from './hypergeometric.js';

/** A table counts as "as likely" as the observed one within this relative margin, as R's fisher.test does. */
const FISHER_RELATIVE_TOLERANCE = 1e-7;

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
  const row = fisherRow(a + b, c + d, a + c);
  return row.p[a - row.first]!;
}

/** The p of every table with one set of margins: `p[i]` is the table whose first arm passed `first + i` times. */
export interface FisherRow {
  first: number;
  p: Float64Array;
}

/**
 * The two-sided Fisher p of every 2×2 table with these margins (nA and nB runs, `passed` passes in
 * all), the one rule {@link fisherExact} and the power calculation share. A row or column that sums
 * to zero gives p = 1.
 *
 * Each p is the total of the probabilities no greater than its own (within the relative margin):
 * summed once, smallest first, over the sorted probabilities, so a whole row costs O(k log k)
 * rather than O(k²) — what keeps the power of 5,000 runs per arm from taking minutes.
 */
export function fisherRow(nA: number, nB: number, passed: number): FisherRow {
  const total = nA + nB;
  const first = Math.max(0, passed - nB);
  const size = Math.min(nA, passed) - first + 1;
  if (nA === 0 || nB === 0 || passed === 0 || passed === total) return { first, p: new Float64Array(size).fill(1) };
  const probabilities = hypergeometricRow(total, nA, passed, first, size);
  const sorted = probabilities.slice().sort();
  // below[j]: the total of the j smallest probabilities.
  const below = new Float64Array(size + 1);
  for (let j = 0; j < size; j++) below[j + 1] = below[j]! + sorted[j]!;
  // No table's p is below the smallest any table of these run counts can give; summed
  // probabilities rounded a few units in the last place under it (2/252 for 5 vs 5) would make a
  // p smaller than the minimum the same document reports, and a level set between them flip.
  const floor = smallestFisherP(nA, nB);
  const p = new Float64Array(size);
  // asLikely: how many sorted probabilities are ≤ this table's (within the margin), found by
  // moving on from the previous table's count rather than by bisection. Along a row the
  // probabilities rise to the mode and fall again, so the count moves ~2 × size steps in all;
  // the loops give the count for any order of values, only more slowly.
  let asLikely = 0;
  for (let i = 0; i < size; i++) {
    const limit = probabilities[i]! * (1 + FISHER_RELATIVE_TOLERANCE);
    while (asLikely < size && sorted[asLikely]! <= limit) asLikely++;
    while (asLikely > 0 && sorted[asLikely - 1]! > limit) asLikely--;
    // Every table counted (the observed one is a most likely table): p is the whole distribution,
    // 1 exactly, as scipy and R give it — not the sum's rounding (0.9999999999999981 for 3/5 vs 3/5).
    p[i] = asLikely === size ? 1 : Math.min(1, Math.max(floor, below[asLikely]!));
  }
  return { first, p };
}
