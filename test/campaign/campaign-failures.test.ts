// Failures say why and stop early: the agent's own error text reaches run.json and the progress
// line, and when the first runs all fail with the same agent error no new run starts.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { describeRun } from '../../src/campaign/report-text.js';
import { makeCampaignWorkspace, readJson } from './campaign-helpers.js';

const ERROR = 'Not logged in · Please run /login';

describe('campaign: agent failures', () => {
  for (const harness of ['claude-code', 'codex', 'opencode'] as const) {
    it(`${harness}: the agent's own error text is the run's message and agent_error, and the campaign stops starting runs after the first two fail alike`, async () => {
      const ws = makeCampaignWorkspace({ respond: { failWithError: ERROR } });
      const result = await runCampaign({ evals: ws.evalsPath, harness, runs: 2, jobs: 1, baseDir: ws.root, env: ws.env });
      assert.equal(result.records.length, 2, 'two runs failed alike; the other six were not started');
      assert.equal(result.notStarted.length, 6);
      assert.deepEqual(result.stoppedEarly, { kind: 'same-agent-error', reason: ERROR, failed: 2 });
      for (const record of result.records) {
        assert.equal(record.agent_error, ERROR);
        assert.ok(record.message!.includes(ERROR), record.message!);
        assert.ok(describeRun({ eval_id: record.eval_id, condition: record.condition, run: record.run }, record).includes(ERROR));
        const runDir = join(ws.iteration(), `eval-${record.eval_id}/${record.condition}/run-${record.run}`);
        assert.equal(readJson(join(runDir, 'run.json')).agent_error, ERROR);
        assert.equal(existsSync(join(runDir, 'conversation.json')), false);
      }
      assert.equal(ws.calls().length, 2);
    });
  }

  it('--keep-going (keepGoing) starts every run anyway; runs that fail differently never stop a campaign', async () => {
    const ws = makeCampaignWorkspace({ respond: { failWithError: ERROR } });
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', jobs: 1, keepGoing: true, baseDir: ws.root, env: ws.env });
    assert.equal(result.records.length, 4);
    assert.equal(result.stoppedEarly, undefined);

    const other = makeCampaignWorkspace({ respond: { failAlways: true } });
    const plain = await runCampaign({ evals: other.evalsPath, harness: 'claude-code', jobs: 1, baseDir: other.root, env: other.env });
    assert.equal(plain.records.length, 4, 'an exit without an error event gives no reason to stop early');
    assert.ok(plain.records.every((r) => r.agent_error === null && /see .*claude-stderr\.log/.test(r.message!)));
  });
});
