// campaign --max-cost: no run starts once this command's recorded cost reaches the cap; runs under
// way finish; the same command again continues under a new cap; a harness without cost is refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { runCampaign } from '../../src/campaign/index.js';
import { makeCampaignWorkspace } from './campaign-helpers.js';
import { runMain } from '../helpers/cli.js';

// The fake claude reports total_cost_usd 0.0125 per round; eval "explain" is one round, "add-column" two.
describe('campaign --max-cost', () => {
  it('stops starting runs once the recorded cost reaches the cap, and a second command continues under a new cap', async () => {
    const ws = makeCampaignWorkspace();
    const first = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 3, jobs: 1, maxCostUsd: 0.02, baseDir: ws.root, env: ws.env });
    // One at a time: run 1 costs 0.0125 (< 0.02), run 2 brings it to 0.025 (≥ 0.02), then none starts.
    assert.equal(first.records.length, 2);
    assert.equal(first.notStarted.length, 4);
    assert.deepEqual(first.cost, { spentUsd: 0.025, maxUsd: 0.02, capReached: true });

    const second = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 3, jobs: 1, maxCostUsd: 1, baseDir: ws.root, env: ws.env });
    assert.equal(second.skipped.length, 2, 'what the first command ran is kept');
    assert.equal(second.records.length, 4);
    assert.deepEqual(second.notStarted, []);
    assert.equal(second.cost.capReached, false);
    assert.ok(Math.abs(second.cost.spentUsd! - 0.05) < 1e-12);
  });

  it('lets runs under way finish: with 4 at once, all four started before the first cost was known', async () => {
    const ws = makeCampaignWorkspace();
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 4, jobs: 4, maxCostUsd: 0.001, baseDir: ws.root, env: ws.env });
    assert.equal(result.records.length, 4);
    assert.ok(result.records.every((r) => r.status === 'completed'));
    assert.equal(result.notStarted.length, 4);
    assert.equal(result.cost.capReached, true);
  });

  it('is refused for a harness that reports no cost, and for a cap that is not a positive number', async () => {
    const ws = makeCampaignWorkspace();
    await assert.rejects(runCampaign({ evals: ws.evalsPath, harness: 'codex', maxCostUsd: 5, baseDir: ws.root, env: ws.env }), (e: Error) => e instanceof UsageError && /^maxCostUsd needs a harness that reports what a run costs, and codex \(parser codex-json\) reports none, so the cap could never be reached; run without maxCostUsd and cap runs instead/.test(e.message));
    for (const bad of [0, -1, Number.NaN]) {
      await assert.rejects(runCampaign({ evals: ws.evalsPath, harness: 'claude-code', maxCostUsd: bad, baseDir: ws.root, env: ws.env }), /^UsageError: maxCostUsd must be a positive number of US dollars/);
    }
    assert.deepEqual(ws.calls(), [], 'no agent started');
  });

  it('the CLI exits 1 with the figure, and 2 for a harness without cost', async () => {
    const ws = makeCampaignWorkspace();
    const capped = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '2', '--jobs', '1', '--max-cost', '0.01'], { cwd: ws.root, env: ws.env });
    assert.equal(capped.code, 1, capped.stderr);
    assert.match(capped.stderr, /--max-cost \$0\.0100 reached: this command's runs cost \$0\.0125 \(runs under way finished\); 3 run\(s\) not started\. Run the same command again with a new --max-cost to continue\./);
    const refused = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'codex', '--max-cost', '1'], { cwd: ws.root, env: ws.env });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--max-cost needs a harness that reports what a run costs/);
    assert.doesNotMatch(refused.stderr, /\n\s+at /, 'no stack trace');
  });
});
