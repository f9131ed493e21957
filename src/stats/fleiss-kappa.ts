// Fleiss' kappa: how far repeated judgments of the same items agree beyond chance. For compare,
// the items are runs and the raters are a judge's k repeats (docs/judge.md, "Agreement").

/**
 * κ of a table with one row per item and one column per category, each cell the judgments of that
 * item in that category. Rows with fewer than 2 judgments are left out (they cannot agree or
 * disagree). Rows may have different totals (P_i uses each row's own k_i); with equal totals this
 * is statsmodels' `fleiss_kappa(table, method="fleiss")`. Null when no row is left or every
 * judgment falls in one category (P̄_e = 1: κ is undefined).
 */
export function fleissKappa(table: readonly (readonly number[])[]): number | null {
  const rows = table.filter((row) => row.reduce((a, b) => a + b, 0) >= 2);
  if (rows.length === 0) return null;
  const categories = Math.max(...rows.map((r) => r.length));
  let agreement = 0;
  let total = 0;
  const perCategory = new Array<number>(categories).fill(0);
  for (const row of rows) {
    const k = row.reduce((a, b) => a + b, 0);
    agreement += (row.reduce((sum, n) => sum + n * n, 0) - k) / (k * (k - 1));
    total += k;
    row.forEach((n, j) => (perCategory[j]! += n));
  }
  const observed = agreement / rows.length;
  const chance = perCategory.reduce((sum, n) => sum + (n / total) ** 2, 0);
  if (chance >= 1 - 1e-12) return null;
  return (observed - chance) / (1 - chance);
}

/** The share of items (with ≥ 2 judgments) whose judgments all fall in one category; null when there is none. */
export function unanimousShare(table: readonly (readonly number[])[]): number | null {
  const rows = table.filter((row) => row.reduce((a, b) => a + b, 0) >= 2);
  if (rows.length === 0) return null;
  return rows.filter((row) => row.filter((n) => n > 0).length === 1).length / rows.length;
}
