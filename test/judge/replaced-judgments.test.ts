// The plan says which judgments to make replace an earlier one that no longer stands, and why:
// an edited rubric re-judged every run with no word before anything was spent (each earlier verdict
// overwritten, told only by docs/judge.md). A packet changed alone replaces nothing: its verdict
// stands, as compare counts it (packet-alone.test.ts).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { describePlan } from '../../src/cli/judge.js';
import { judgedCampaign, judgedEvals, verdict } from './judge-helpers.js';

const JUDGE = '# Grade one assertion';

describe('judge: earlier judgments replaced', () => {
  it('the plan counts the judgments to make that replace an earlier one, by why (an edited rubric; an older packet alone is none)', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    await c.judge();
    let plan = (await c.plan()).plan;
    assert.deepEqual([plan.done, plan.pending, plan.replacesEarlier, plan.replacesEarlierBecause], [6, 0, undefined, undefined]);
    // An older eval-magic's packet (the next release's packet has two new lines), its inputs the same: it stands.
    const file = join(c.ws.iteration(), 'eval-explain', 'with_skill', 'run-1', 'judge', 'short', '1', 'judgment.json');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...record, packet_sha256: '0'.repeat(64) }, null, 2));
    plan = (await c.plan()).plan;
    assert.deepEqual([plan.done, plan.pending, plan.replacesEarlier, plan.replacesEarlierBecause], [6, 0, undefined, undefined]);
    // A rubric edited after judging: each run's judgment of that assertion.
    writeFileSync(c.ws.evalsPath, JSON.stringify(judgedEvals('The agent says why UTC matters for exports.'), null, 2));
    plan = (await c.plan({ evals: c.ws.evalsPath })).plan;
    assert.deepEqual([plan.pending, plan.replacesEarlier, plan.replacesEarlierBecause], [2, 2, { criteria: 2 }]);
    assert.match(describePlan(plan), /\n {2}2 to make, 4 made already, 2 at a time\n {2}2 of them replace earlier judgments no longer of this run's inputs \(the rubric or expected output changed: 2\): their verdicts are overwritten/);
    // Made, the new judgments stand: nothing is said to be replaced again.
    await c.judge({ evals: c.ws.evalsPath });
    plan = (await c.plan({ evals: c.ws.evalsPath })).plan;
    assert.deepEqual([plan.pending, plan.replacesEarlier], [0, undefined]);
  });

  it('a judgment whose session never answered is made again, not said to replace a verdict', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    await c.judge();
    const file = join(c.ws.iteration(), 'eval-explain', 'with_skill', 'run-1', 'judge', 'short', '1', 'judgment.json');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...record, verdict: null, reason: 'judge-timed-out', message: 'timed out', packet_sha256: '0'.repeat(64) }, null, 2));
    const plan = (await c.plan()).plan;
    assert.deepEqual([plan.pending, plan.replacesEarlier], [1, undefined]);
  });
});

describe('judge: the replaced line of the plan', () => {
  it('names each reason with its count, the inputs the user edits first', () => {
    const said = describePlan({ harness: 'claude-code', runs: 4, repeats: 1, judgments: 8, done: 0, pending: 8, sessionsPerRun: { e1: 2 }, shard: undefined, jobs: 1, replacesEarlier: 6, replacesEarlierBecause: { diff: 1, conversation: 1, prompts: 1, criteria: 1, 'task-folder': 2 } });
    assert.equal(said.split('\n')[2], "  6 of them replace earlier judgments no longer of this run's inputs (the rubric or expected output changed: 1; the eval's prompt or turns changed: 1; the run's conversation.json changed: 1; the run's diff changed: 1; the run's task folder broke, or was mended, since: 2): their verdicts are overwritten");
  });
});
