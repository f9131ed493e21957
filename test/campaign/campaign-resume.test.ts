// What a resumed campaign counts as done: only a run its own record says ended well, never one
// that an agent or a killed command left looking finished.
import assert from 'node:assert/strict';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { makeCampaignWorkspace, readJson } from './campaign-helpers.js';

describe('campaign resume', () => {
  it('a run that aborted is run again even when its agent left a conversation.json that passes check in the run folder', async () => {
    const ws = makeCampaignWorkspace();
    const options = { evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env, jobs: 1 };
    // Conversations that pass check for this eval, from a campaign into another workspace.
    await runCampaign({ ...options, workspace: 'earlier' });
    const earlier = (condition: string) => join(ws.root, 'earlier/csv-reports/iteration-1/eval-explain', condition, 'run-1/conversation.json');
    copyFileSync(earlier('with_skill'), join(ws.root, 'with.json'));
    copyFileSync(earlier('without_skill'), join(ws.root, 'without.json'));
    // Each agent writes one beside its task folder, then fails.
    rmSync(join(ws.root, 'agent-log.jsonl'));
    writeFileSync(join(ws.root, 'agent-script.json'), JSON.stringify({ rounds: [
      { plant: [{ path: '../conversation.json', copyFrom: join(ws.root, 'with.json') }], exit: 1 },
      { plant: [{ path: '../conversation.json', copyFrom: join(ws.root, 'without.json') }], exit: 1 },
    ] }));
    const failed = await runCampaign(options);
    assert.deepEqual(failed.records.map((r) => [r.status, r.abort_reason]), [['aborted', 'agent-failed'], ['aborted', 'agent-failed']]);

    ws.respond({ ask: true });
    const again = await runCampaign(options);
    assert.equal(again.plan.done, 0, 'an aborted run is not done, whatever lies beside its run.json');
    assert.deepEqual(again.records.map((r) => r.status), ['completed', 'completed']);
    assert.equal(readJson(join(ws.iteration(), 'eval-explain/with_skill/run-1/run.json')).attempts, 2);
  });
});
