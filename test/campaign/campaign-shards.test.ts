// How `campaign --shard k/n` splits the plan: by pairs, so every shard meets both arms alike
// (a drift in the model, a warm cache, a rate limit, the machine a CI shard runs on).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conditionsFor, interleave, shardRuns, type PlannedRun } from '../../src/campaign/plan.js';

const conditions = conditionsFor(false);
const key = (r: PlannedRun) => `${r.eval_id}/${r.condition}/${r.run}`;

describe('campaign shards', () => {
  it('for runs 1..6 and n 2..4, each share holds as many with-skill as without-skill runs of every eval, in the plan order; together the plan, disjoint', () => {
    for (const runsPerEval of [{ a: 1, b: 1, c: 1 }, { a: 1, b: 3 }, { a: 6, b: 2, c: 5 }]) {
      for (let runs = 1; runs <= 6; runs++) {
        const plan = Object.fromEntries(Object.entries(runsPerEval).map(([id, n]) => [id, Math.max(n, runs)]));
        const order = interleave(Object.keys(plan), plan, conditions);
        for (let count = 2; count <= 4; count++) {
          const shares = Array.from({ length: count }, (_, i) => shardRuns(order, { index: i + 1, count }, conditions));
          const at = `runs ${JSON.stringify(plan)}, ${count} shards`;
          assert.deepEqual(shares.flat().map(key).sort(), order.map(key).sort(), `${at}: together the plan, each run once`);
          for (const share of shares) {
            // Its pairs in the plan's order (the arm first in each is the share's own: below).
            const pair = (r: PlannedRun) => `${r.eval_id}/${r.run}`;
            const positions = share.map((r) => order.findIndex((o) => pair(o) === pair(r)));
            assert.deepEqual(positions, [...positions].sort((x, y) => x - y), `${at}: in the plan's order`);
            for (const id of Object.keys(plan)) {
              const [treated, control] = conditions.map((c) => share.filter((r) => r.eval_id === id && r.condition === c).length);
              assert.equal(treated, control, `${at}, eval ${id}: ${treated} ${conditions[0]} against ${control} ${conditions[1]}`);
            }
          }
          const sizes = shares.map((s) => s.length);
          assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 2, `${at}: shares differ by one pair at most (${sizes.join(', ')})`);
        }
      }
    }
  });

  it('within each share the arm first alternates too: with an odd number of evals and an even number of shards, no shard starts every pair with the same arm', () => {
    const firsts = (runs: readonly PlannedRun[]) => runs.filter((_, i) => i % 2 === 0).map((r) => r.condition);
    const spread = (runs: readonly PlannedRun[]) => Math.abs(firsts(runs).filter((f) => f === conditions[0]).length - firsts(runs).filter((f) => f === conditions[1]).length);
    for (const evals of [1, 2, 3, 5]) {
      for (let runs = 1; runs <= 6; runs++) {
        const ids = Array.from({ length: evals }, (_, i) => `e${i}`);
        const order = interleave(ids, Object.fromEntries(ids.map((id) => [id, runs])), conditions);
        for (let count = 2; count <= 4; count++) {
          const shares = Array.from({ length: count }, (_, i) => shardRuns(order, { index: i + 1, count }, conditions));
          for (const [i, share] of shares.entries()) {
            const at = `${evals} evals × ${runs} runs, shard ${i + 1}/${count}: ${firsts(share).join(' ')}`;
            assert.ok(spread(share) <= 1, at);
            for (const id of ids) assert.ok(spread(share.filter((r) => r.eval_id === id)) <= 1, `${at}, eval ${id}`);
          }
          // And the shards together (shards of one pair each start with either arm in turn).
          const together = shares.flatMap((share) => firsts(share));
          assert.ok(Math.abs(together.filter((f) => f === conditions[0]).length - together.filter((f) => f === conditions[1]).length) <= 1, `${evals} evals × ${runs} runs, ${count} shards together: ${together.join(' ')}`);
        }
      }
    }
  });

  it('--runs 1 --shard 1/2 of one eval takes its pair, not the skill arm alone', () => {
    const order = interleave(['a', 'b'], { a: 1, b: 1 }, conditions);
    assert.deepEqual(shardRuns(order, { index: 1, count: 2 }, conditions).map(key), ['a/without_skill/1', 'a/with_skill/1']);
    assert.deepEqual(shardRuns(order, { index: 2, count: 2 }, conditions).map(key), ['b/with_skill/1', 'b/without_skill/1']);
    assert.deepEqual(shardRuns(order, undefined, conditions), order);
  });
});

describe('campaign order', () => {
  /** Which arm starts each pair of the order (the two runs of one eval's run j are adjacent). */
  const firsts = (order: readonly PlannedRun[]) => order.filter((_, i) => i % 2 === 0).map((r) => r.condition);

  it('neither arm goes first in most pairs: with one run per eval (the default) as with any number, the arms start as many pairs each, give or take one', () => {
    for (const evals of [1, 2, 3, 4, 7]) {
      for (let runs = 1; runs <= 5; runs++) {
        const ids = Array.from({ length: evals }, (_, i) => `e${i}`);
        const order = interleave(ids, Object.fromEntries(ids.map((id) => [id, runs])), conditions);
        const [treated, control] = conditions.map((c) => firsts(order).filter((f) => f === c).length);
        assert.ok(Math.abs(treated! - control!) <= 1, `${evals} evals × ${runs} runs: ${conditions[0]} first in ${treated} pairs, ${conditions[1]} in ${control}`);
        // Each round of runs, too: a drift during the campaign meets both arms first alike.
        for (let run = 1; run <= runs; run++) {
          const round = firsts(order.filter((r) => r.run === run));
          const [t, c] = conditions.map((cond) => round.filter((f) => f === cond).length);
          assert.ok(Math.abs(t! - c!) <= 1, `${evals} evals × ${runs} runs, run ${run}: ${t} against ${c}`);
        }
        // And each eval over its runs.
        for (const id of ids) {
          const mine = firsts(order.filter((r) => r.eval_id === id));
          assert.ok(Math.abs(mine.filter((f) => f === conditions[0]).length - mine.filter((f) => f === conditions[1]).length) <= 1, `${evals} evals × ${runs} runs, eval ${id}`);
        }
      }
    }
  });
});
