/** A p counts as reaching a level within this relative margin, as R's fisher.test compares table probabilities: rounding cannot split a p that equals the level. */
const RELATIVE_MARGIN = 1e-7;

/**
 * Whether `p` is at or below `level`, allowing a relative 1e-7 for floating-point noise (a Holm
 * p of 3 × 0.016666… against 0.05 must not miss by a rounding error).
 */
export function reachesLevel(p: number, level: number): boolean {
  return p <= level * (1 + RELATIVE_MARGIN);
}
