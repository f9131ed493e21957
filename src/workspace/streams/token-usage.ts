// Token counts by kind, read from whichever counters a stream has, and summed across rounds.
import type { TokenUsage } from './types.js';
import { isJsonObject, type JsonObject } from './json-lines.js';

/** Where each kind of count sits in one stream's usage object (a path of keys). */
export type UsageFields = { [K in keyof TokenUsage]-?: readonly string[] | null };

/**
 * The counts `fields` names in `usage`, or undefined when not one of them is a finite number.
 * Kinds whose counter is missing are left out, except `input` and `output` (then 0).
 */
export function readUsage(usage: JsonObject, fields: UsageFields): TokenUsage | undefined {
  const read = (path: readonly string[] | null): number | undefined => {
    let value: unknown = usage;
    for (const key of path ?? []) value = isJsonObject(value) ? value[key] : undefined;
    return path && typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  };
  const counts = Object.fromEntries(Object.entries(fields).map(([kind, path]) => [kind, read(path)]).filter(([, n]) => n !== undefined));
  if (Object.keys(counts).length === 0) return undefined;
  return { input: 0, output: 0, ...counts };
}

/** `a + b`, kind by kind (a kind present in either is present in the sum). */
export function addUsage(a: TokenUsage | undefined, b: TokenUsage | undefined): TokenUsage | undefined {
  if (!a || !b) return a ?? b;
  const sum: TokenUsage = { input: a.input + b.input, output: a.output + b.output };
  for (const kind of ['cache_read', 'cache_write', 'reasoning'] as const) {
    if (a[kind] !== undefined || b[kind] !== undefined) sum[kind] = (a[kind] ?? 0) + (b[kind] ?? 0);
  }
  return sum;
}
