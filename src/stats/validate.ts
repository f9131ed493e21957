// Argument checks shared by the statistical functions: a count or table that is not what the caller
// meant is a bug upstream, so it throws a RangeError naming the argument, never a plausible number.

/** A 2×2 table of counts: one row per arm, `[passed, failed]`. */
export type TwoByTwo = readonly [readonly [number, number], readonly [number, number]];

/** Throws unless `value` is a non-negative safe integer. */
export function assertCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
}

/** Throws unless `table` is 2×2 with non-negative integer cells. */
export function assertTable(table: TwoByTwo, name = 'table'): void {
  if (!Array.isArray(table) || table.length !== 2 || !table.every((row) => Array.isArray(row) && row.length === 2)) {
    throw new RangeError(`${name} must be a 2×2 table [[passed, failed], [passed, failed]]`);
  }
  table.forEach((row, i) => row.forEach((cell, j) => assertCount(cell, `${name}[${i}][${j}]`)));
}

/** Throws unless `values` is a non-empty list of finite numbers. */
export function assertSample(values: readonly number[], name: string): void {
  if (!Array.isArray(values) || values.length === 0) throw new RangeError(`${name} must hold at least one value`);
  values.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new RangeError(`${name}[${i}] must be a finite number, got ${String(v)}`);
  });
}
