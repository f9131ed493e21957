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
 * eval's pair of runs counterbalanced ({@link alternated}) — the arm that goes first alternates
 * from run to run of an eval (ABBA) and from eval to eval within a round: treatment first when j
 * plus the eval's position (0 for the first) is even. So the arms meet drift in the model, caches
 * or rate limits alike: with as many runs for every eval, each arm starts as many pairs as the
 * other, give or take one — also with one run per eval (the default), where alternating by j
 * alone put the treatment first in every pair.
 */
export function interleave(evalIds: readonly string[], runs: Readonly<Record<string, number>>, conditions: readonly [Condition, Condition]): PlannedRun[] {
  const order: PlannedRun[] = [];
  const most = Math.max(0, ...evalIds.map((id) => runs[id] ?? 0));
  for (let run = 1; run <= most; run++) {
    for (const eval_id of evalIds) {
      if ((runs[eval_id] ?? 0) < run) continue;
      for (const condition of conditions) order.push({ eval_id, condition, run });
    }
  }
  return alternated(order, conditions);
}

/**
 * The pairs of `runs` (the two arms of one eval's run j, adjacent) in their order, the arm first
 * in each alternated over what is run: treatment first when the pair's number among its eval's
 * pairs here (1 for the first) plus the eval's position among the evals here (0 for the first),
 * plus `offset`, is even. Over the whole plan that number is j; over a shard's share, the share's
 * own, so a shard too starts as many pairs with each arm, give or take one — taking every n-th
 * pair of the plan's order, it would otherwise take pairs that all start with the same arm (one
 * eval, or any odd number, and an even n) — and the offset, k - 1 for shard k, has shards of one
 * pair each start with either arm in turn.
 */
function alternated(runs: readonly PlannedRun[], conditions: readonly [Condition, Condition], offset = 0): PlannedRun[] {
  const positions = new Map<string, number>();
  const numbers = new Map<string, number>();
  const out: PlannedRun[] = [];
  for (let i = 0; i < runs.length; i += 2) {
    const { eval_id, run } = runs[i]!;
    if (!positions.has(eval_id)) positions.set(eval_id, positions.size);
    const number = (numbers.get(eval_id) ?? 0) + 1;
    numbers.set(eval_id, number);
    const pair = (number + positions.get(eval_id)! + offset) % 2 === 0 ? conditions : ([conditions[1], conditions[0]] as const);
    for (const condition of pair) out.push({ eval_id, condition, run });
  }
  return out;
}

/** The folder of a run below the iteration folder: `eval-<id>/<condition>/run-<j>`. */
export function runFolder(run: PlannedRun): string {
  return runPath(run);
}

/**
 * Shard k of n of the order: every n-th pair of it — the two arms of one eval's run j — so each
 * shard holds as many runs of one arm as of the other, eval by eval, its pairs in the plan's
 * order, the arm first in each alternated over the share ({@link alternated}).
 */
export function shardRuns(order: readonly PlannedRun[], shard: Shard | undefined, conditions: readonly [Condition, Condition]): PlannedRun[] {
  const share = shardShare(order, shard, (run) => JSON.stringify([run.eval_id, run.run]));
  return shard === undefined ? share : alternated(share, conditions, shard.index - 1);
}
