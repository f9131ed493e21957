// What a campaign runs, in which order, and which share of it one shard takes. Pure.
import { UsageError } from '../errors.js';

import { runPath, WORKSPACE_DIR, type Condition } from '../workspace/layout.js';
import type { PlannedRun } from '../workspace/campaign-record.js';

export type { Condition, PlannedRun };

/** The workspace unless --workspace names one (relative to the base folder). */
export const DEFAULT_WORKSPACE = WORKSPACE_DIR;

/** A shard: the `index`-th (1-based) of `count` disjoint shares of the run list. */
export interface Shard {
  index: number;
  count: number;
}

/** The arms: the skill against none, or (with a baseline) the skill against the baseline. */
export function conditionsFor(withBaseline: boolean): [Condition, Condition] {
  return withBaseline ? ['new_skill', 'old_skill'] : ['with_skill', 'without_skill'];
}

/**
 * The run order: round j of every eval (that has a j-th run) before round j + 1 of any, each
 * eval's pair of runs counterbalanced — treatment first on odd j, control first on even j
 * (ABBA) — so the arms meet drift in the model, caches or rate limits alike and neither goes first.
 */
export function interleave(evalIds: readonly string[], runs: Readonly<Record<string, number>>, conditions: readonly [Condition, Condition]): PlannedRun[] {
  const order: PlannedRun[] = [];
  const most = Math.max(0, ...evalIds.map((id) => runs[id] ?? 0));
  for (let run = 1; run <= most; run++) {
    for (const eval_id of evalIds) {
      if ((runs[eval_id] ?? 0) < run) continue;
      const pair = run % 2 === 1 ? conditions : ([conditions[1], conditions[0]] as const);
      for (const condition of pair) order.push({ eval_id, condition, run });
    }
  }
  return order;
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
 * Shard k of n: every n-th run of the order, from the k-th. Deterministic, disjoint, together
 * the whole order, and each share interleaves both arms as the order does.
 */
export function shardShare<T>(order: readonly T[], shard: Shard | undefined): T[] {
  if (!shard) return [...order];
  return order.filter((_, i) => i % shard.count === shard.index - 1);
}

/** The folder of a run below the iteration folder: `eval-<id>/<condition>/run-<j>`. */
export function runFolder(run: PlannedRun): string {
  return runPath(run);
}
