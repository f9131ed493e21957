import { assertCount } from './validate.js';

/** The result of {@link fleissKappa}. */
export interface FleissKappaResult {
  /** Fleiss' kappa: agreement beyond what the raters' overall category shares give by chance; `null` when every rating is in one category (chance agreement is 1). */
  kappa: number | null;
  /** The share of items on which every rater gave the same category. */
  unanimous: number;
  /** Items rated. */
  items: number;
}

/**
 * Fleiss' kappa for several raters putting items into categories (statsmodels'
 * `fleiss_kappa(table, method="fleiss")`), from a table of counts: one row per item, one column per
 * category, each row summing to the same number of raters (at least 2). 1 is perfect agreement,
 * 0 what chance gives, below 0 less. With few items it moves a lot: read it with `unanimous`.
 *
 * @param counts - per item, how many raters chose each category
 * @returns kappa and the share of unanimous items, or `null` when there are no items
 * @throws RangeError when a count is not a non-negative integer, rows differ in length or raters, or fewer than 2 raters
 */
export function fleissKappa(counts: ReadonlyArray<readonly number[]>): FleissKappaResult | null {
  if (!Array.isArray(counts as unknown)) throw new RangeError('counts must be a table of counts, one row per item');
  if (counts.length === 0) return null;
  const categories = counts[0]!.length;
  const raters = counts[0]!.reduce((s, c) => s + c, 0);
  counts.forEach((row, i) => {
    if (!Array.isArray(row as unknown) || row.length !== categories) throw new RangeError(`counts[${i}] must have ${categories} categories`);
    row.forEach((c, j) => assertCount(c, `counts[${i}][${j}]`));
    const sum = row.reduce((s, c) => s + c, 0);
    if (sum !== raters) throw new RangeError(`counts[${i}] sums to ${sum} raters, counts[0] to ${raters}: every item needs the same number of ratings`);
  });
  if (raters < 2) throw new RangeError(`Fleiss' kappa needs at least 2 raters per item, got ${raters}`);
  const items = counts.length;
  const shares = Array.from({ length: categories }, (_, j) => counts.reduce((s, row) => s + row[j]!, 0) / (items * raters));
  const observed = counts.reduce((s, row) => s + (row.reduce((t, c) => t + c * c, 0) - raters) / (raters * (raters - 1)), 0) / items;
  const chance = shares.reduce((s, q) => s + q * q, 0);
  const unanimous = counts.filter((row) => row.some((c) => c === raters)).length / items;
  return { kappa: chance >= 1 ? null : (observed - chance) / (1 - chance), unanimous, items };
}
