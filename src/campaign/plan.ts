// What a campaign runs, in which order, and which share of it one shard takes. Pure.
import { readShard, shardShare, type Shard } from '../process/shard.js';

export { readShard, type Shard };

import { runPath, WORKSPACE_DIR, type Condition } from '../workspace/layout.js';
import type { PlannedRun } from '../workspace/campaign-record.js';

export type { Condition, PlannedRun };

/** The workspace unless --workspace names one (relative to the base folder). */
export const DEFAULT_WORKSPACE = WORKSPACE_DIR;

/** The arms: the skill against none, or (with a baseline) the skill against the baseline. */
export function conditionsFor(withBaseline: boolean): [Condition, Condition] {
  return withBaseline ? ['new_skill', 'old_skill'] : ['with_skill', 'without_skill'];
}

/**
 * The run order: round j of every eval (that has a j-th run) before round j + 1 of any, each
 * eval's pair of runs counterbalanced — the arm that goes first alternates from run to run of an
 * eval (ABBA) and from eval to eval within a round: treatment first when j plus the eval's
 * position (0 for the first) is even. So the arms meet drift in the model, caches or rate limits
 * alike: with as many runs for every eval, each arm starts as many pairs as the other, give or
 * take one — also with one run per eval (the default), where alternating by j alone put the
 * treatment first in every pair.
 */
export function interleave(evalIds: readonly string[], runs: Readonly<Record<string, number>>, conditions: readonly [Condition, Condition]): PlannedRun[] {
  const order: PlannedRun[] = [];
  const most = Math.max(0, ...evalIds.map((id) => runs[id] ?? 0));
  for (let run = 1; run <= most; run++) {
    for (const [position, eval_id] of evalIds.entries()) {
      if ((runs[eval_id] ?? 0) < run) continue;
      const pair = (run + position) % 2 === 0 ? conditions : ([conditions[1], conditions[0]] as const);
      for (const condition of pair) order.push({ eval_id, condition, run });
    }
  }
  return order;
}

/** The folder of a run below the iteration folder: `eval-<id>/<condition>/run-<j>`. */
export function runFolder(run: PlannedRun): string {
  return runPath(run);
}

/**
 * Shard k of n of the order: every n-th pair of it — the two arms of one eval's run j — so each
 * shard holds as many runs of one arm as of the other, eval by eval, in the plan's order.
 */
export function shardRuns(order: readonly PlannedRun[], shard: Shard | undefined): PlannedRun[] {
  return shardShare(order, shard, (run) => JSON.stringify([run.eval_id, run.run]));
}
