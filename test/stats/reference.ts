// Loads the reference tables in fixtures/ (made by the scripts there, which say how) and compares
// numbers to them: relative 1e-9, so a p-value of 1e-40 is held to its own digits, not to zero.
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';

/** The cases of one fixture file, as the generator wrote them. */
export function loadCases<T>(name: string): T[] {
  const url = new URL(`./fixtures/${name}`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { cases: T[] }).cases;
}

/** Relative tolerance every number is held to. */
export const TOLERANCE = 1e-9;
// Below this both sides are double-precision noise (or an underflow to 0), not a value to compare.
const FLOOR = 1e-300;

/**
 * Asserts |actual − expected| ≤ 1e-9·|expected| (or both below 1e-300). `absolute` widens that for
 * values that are differences of nearly equal numbers, where a reference's exact 0 comes out as 5e-17.
 */
export function assertClose(actual: number | null | undefined, expected: number | null, what: string, absolute = FLOOR): void {
  if (expected === null) {
    assert.equal(actual, null, what);
    return;
  }
  assert.equal(typeof actual, 'number', `${what}: expected a number, got ${String(actual)}`);
  const error = Math.abs((actual as number) - expected);
  assert.ok(error <= TOLERANCE * Math.abs(expected) || error <= absolute, `${what}: got ${String(actual)}, reference ${expected} (relative error ${(error / Math.abs(expected)).toExponential(2)})`);
}
