import normalCdf from '@stdlib/stats-base-dists-normal-cdf';

/** P(Z ≥ z) for a standard normal Z, accurate far into the upper tail (stdlib's cdf is built on erfc). */
export function normalUpperTail(z: number): number {
  return normalCdf(-z, 0, 1);
}

/**
 * P(X ≥ x) for X chi-square with one degree of freedom: X is Z², so it is 2·P(Z ≥ √x). Computed
 * this way rather than as 1 − cdf, which rounds every p below ~1e-16 to 0.
 */
export function chiSquare1UpperTail(x: number): number {
  return x <= 0 ? 1 : Math.min(1, 2 * normalUpperTail(Math.sqrt(x)));
}
