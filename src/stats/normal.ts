import normalCdf from '@stdlib/stats-base-dists-normal-cdf';

/** P(Z ≥ z) for a standard normal Z, accurate far into the upper tail (stdlib's cdf is built on erfc). */
export function normalUpperTail(z: number): number {
  return normalCdf(-z, 0, 1);
}

