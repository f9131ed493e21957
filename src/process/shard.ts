// Shards: `--shard k/n` splits an ordered list of agent sessions (campaign's runs, judge's
// judgments) into n disjoint shares that together are the whole list.
import { UsageError } from '../errors.js';

/** A shard: the `index`-th (1-based) of `count` disjoint shares of the run list. */
export interface Shard {
  index: number;
  count: number;
}

/** `--shard k/n` → the shard; anything else is a usage error. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || !Number.isSafeInteger(index) || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard must be k/n with 1 ≤ k ≤ n (e.g. 1/4), got ${JSON.stringify(text)}`);
  }
  return { index, count };
}

/**
 * Shard k of n: every n-th item of the list, from the k-th. Deterministic, disjoint, together
 * the whole order, and each share keeps the list's order.
 */
export function shardShare<T>(order: readonly T[], shard: Shard | undefined): T[] {
  if (!shard) return [...order];
  return order.filter((_, i) => i % shard.count === shard.index - 1);
}
