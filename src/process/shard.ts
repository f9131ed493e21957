// Shards: `--shard k/n` splits an ordered list of agent sessions (campaign's runs, judge's
// judgments) into n disjoint shares that together are the whole list, pair by pair.
import { rejectInexact, UsageError } from '../errors.js';

/** A shard: the `index`-th (1-based) of `count` disjoint shares of the run list. */
export interface Shard {
  index: number;
  count: number;
}

/** `--shard k/n` → the shard; anything else is a usage error naming `name` (the flag, or a library's option). */
function parseShard(text: string, name: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (match) for (const [value, literal] of [[index, match[1]!], [count, match[2]!]] as const) rejectInexact(name, text, value, literal);
  if (!match || !Number.isSafeInteger(index) || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new UsageError(`${name} must be k/n with 1 ≤ k ≤ n (e.g. 1/4), got ${JSON.stringify(text)}`);
  }
  return { index, count };
}

/**
 * A shard as a flag or a library's option gives it, `k/n` text or `{ index, count }`: the object
 * is checked as its k/n is, by {@link parseShard}, so campaign and judge refuse the same shards.
 */
export function readShard(given: string | Shard | undefined, name = '--shard'): Shard | undefined {
  if (typeof given === 'string') return parseShard(given, name);
  return given ? parseShard(`${given.index}/${given.count}`, name) : undefined;
}

/**
 * Shard k of n: every n-th unit of the list, from the k-th, where a unit is the items with the
 * same `unitOf` (numbered in order of first appearance). Deterministic, disjoint, together the
 * whole list, a unit never split (the two arms of a pair meet the same shard), and each share
 * keeps the list's order.
 */
export function shardShare<T>(order: readonly T[], shard: Shard | undefined, unitOf: (item: T) => string): T[] {
  if (!shard) return [...order];
  const units = new Map<string, number>();
  return order.filter((item) => {
    const unit = unitOf(item);
    if (!units.has(unit)) units.set(unit, units.size);
    return units.get(unit)! % shard.count === shard.index - 1;
  });
}
