// Hypergeometric probabilities of a whole row of 2×2 tables at once, bit for bit what
// @stdlib/stats-base-dists-hypergeometric-pmf gives one by one (test/stats/hypergeometric.test.ts
// holds the two together): its formula, exp of sums of log-factorials, with each log-factorial
// looked up rather than worked out again. The library's pmf computes nine log-gammas per table,
// and the power calculation asks it for every table of n1 × n2 runs: at 1,000 runs per arm two-thirds
// of a detectable_delta's time, paid again for every distinct pair of run counts.
import exp from '@stdlib/math-base-special-exp';
import factorialln from '@stdlib/math-base-special-factorialln';

/** ln k! for k = 0, 1, …, grown as larger tables come. */
let logFactorials = new Float64Array(0);

/** How many log-factorials have been worked out in this process: each k once (a test holds the work to that). */
export function logFactorialsWorkedOut(): number {
  return logFactorials.length;
}

function logFactorialsTo(n: number): Float64Array {
  if (logFactorials.length > n) return logFactorials;
  const grown = new Float64Array(Math.max(n + 1, 2 * logFactorials.length));
  grown.set(logFactorials);
  for (let k = logFactorials.length; k < grown.length; k++) grown[k] = factorialln(k);
  return (logFactorials = grown);
}

/**
 * P(X = first + i) for i < size, X hypergeometric: `drawn` of `total` items drawn, `marked` of
 * them marked (stdlib's `pmf(x, total, marked, drawn)`). Every x must be attainable:
 * max(0, drawn + marked − total) ≤ x ≤ min(marked, drawn).
 */
export function hypergeometricRow(total: number, marked: number, drawn: number, first: number, size: number): Float64Array {
  const f = logFactorialsTo(total);
  // The library's sums, term by term in its order: the same roundings.
  const numerator = f[drawn]! + f[marked]! + f[total - drawn]! + f[total - marked]!;
  const row = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const x = first + i;
    let denominator = f[total]! + f[x]! + f[drawn - x]!;
    denominator += f[marked - x]! + f[total - marked + x - drawn]!;
    row[i] = exp(numerator - denominator);
  }
  return row;
}
