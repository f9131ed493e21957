/**
 * A sum or mean of decimal amounts (dollars a CLI reported, milliseconds, token counts) to the 15
 * significant digits a double holds of any decimal (DBL_DIG). Summed in floating point, the last
 * digit or two are noise that depends on the order and the split: $0.10 + $0.20 twice over four
 * runs had the mean 0.15000000000000002, runs of $0.15 the mean 0.15, and the reports read a cost
 * delta of "+$0.000000000000000028" between two arms that spent the same.
 */
export function decimalDigits(value: number): number {
  return Number(value.toPrecision(15));
}
