// Where a campaign writes, when the workspace sits next to or around what it copies: the folder of
// iterations is never part of the skill or the task it stages, and nothing goes through a link
// below the workspace to a folder outside it.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { makeCampaignWorkspace, SKILL_NAME } from './campaign-helpers.js';

describe('campaign workspace placement', () => {
  it('a workspace whose iterations land inside the skill folder (--workspace . beside it) leaves them out of the staged skill, so the same command resumes', async () => {
    const ws = makeCampaignWorkspace();
    const options = { evals: ws.evalsPath, harness: 'claude-code', workspace: '.', evalIds: ['explain'], baseDir: ws.root, env: ws.env };
    const first = await runCampaign(options);
    assert.equal(first.plan.iteration, 1);
    assert.equal(first.records.length, 2);
    // <workspace>/<skill_name> is the skill folder itself here.
    const iteration = join(ws.skillDir, 'iteration-1');
    assert.ok(existsSync(join(iteration, 'campaign.json')));

    const again = await runCampaign(options);
    assert.equal(again.plan.iteration, 1, 'the same plan: the iteration is continued, not a new one');
    assert.equal(again.records.length, 0);
    assert.equal(again.skipped.length, 2);
    const staged = join(iteration, 'eval-explain/with_skill/run-1/task/.claude/skills', SKILL_NAME);
    assert.deepEqual(readdirSync(staged).sort(), ['SKILL.md', 'scripts']);
  });

  it('a task template that holds the workspace leaves its iterations out of every run', async () => {
    const ws = makeCampaignWorkspace();
    ws.write('task/README.md', 'the repository\n');
    const options = { evals: ws.evalsPath, harness: 'claude-code', task: 'task', workspace: 'task', evalIds: ['explain'], baseDir: ws.root, env: ws.env };
    await runCampaign(options);
    // A second plan (other runs) is a new iteration, staged from a template that now holds iteration-1.
    const second = await runCampaign({ ...options, runs: 2 });
    assert.equal(second.plan.iteration, 2);
    const task = join(ws.root, 'task', SKILL_NAME, 'iteration-2/eval-explain/without_skill/run-1/task');
    assert.deepEqual(readdirSync(task), ['README.md']);
  });
});
