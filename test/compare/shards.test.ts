// Shards of one campaign kept in separate workspaces and compared (or judged) together: one
// experiment's disjoint runs, counted against its plan once — not two experiments pooled.
import assert from 'node:assert/strict';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { compareIterations } from '../../src/compare/index.js';
import { makeCampaignWorkspace } from '../campaign/campaign-helpers.js';
import { runMain } from '../helpers/cli.js';

const evals = { skill_name: 'csv-reports', evals: [{ id: 'explain', prompt: 'What does the report export?', expected_output: 'An explanation.', assertions: [{ id: 'answers', type: 'transcript_check', check: 'assistant_message_matches', pattern: '.' }] }] };

/** One eval, 2 runs per arm, run as shard 1/2 into s1 (run 1 of each arm) and 2/2 into s2 (run 2). */
async function shardedWorkspaces() {
  const ws = makeCampaignWorkspace({ evals, });
  for (const k of [1, 2]) await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', runs: 2, shard: `${k}/2`, workspace: `s${k}`, baseDir: ws.root, env: ws.env });
  return ws;
}

describe('shards of one campaign in separate workspaces', () => {
  it('compare s1 s2 counts the plan once: no runs-missing, no iterations-pooled; a run number in both (a copy) is still said', async () => {
    const ws = await shardedWorkspaces();
    const { document } = await compareIterations(['s1', 's2'], { cwd: ws.root, writeGrading: false });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 2, without_skill: 2 });
    const codes = document.validity.map((v) => `${v.code}: ${v.message}`);
    assert.ok(!document.validity.some((v) => v.code === 'runs-missing' || v.code === 'iterations-pooled'), codes.join('\n'));

    // A run of s1 copied into s2 as well (the same run number in both): no longer disjoint shards.
    const run1 = join('csv-reports', 'iteration-1', 'eval-explain', 'with_skill', 'run-1');
    cpSync(join(ws.root, 's1', run1), join(ws.root, 's2', run1), { recursive: true });
    const overlapping = await compareIterations(['s1', 's2'], { cwd: ws.root, writeGrading: false });
    assert.ok(overlapping.document.validity.some((v) => v.code === 'runs-duplicated' || v.code === 'iterations-pooled'), overlapping.document.validity.map((v) => v.code).join());
    rmSync(join(ws.root, 's2', run1), { recursive: true });

    // A share short of a run is the plan short of it, said once against the plan's 2.
    rmSync(join(ws.root, 's2', 'csv-reports', 'iteration-1', 'eval-explain', 'with_skill', 'run-2'), { recursive: true });
    const short = await compareIterations(['s1', 's2'], { cwd: ws.root, writeGrading: false });
    const missing = short.document.validity.filter((v) => v.code === 'runs-missing').map((v) => v.message);
    assert.deepEqual(missing, ['Eval explain: with_skill counts 1 of the 2 runs campaign planned.'], missing.join('\n'));
    rmSync(ws.root, { recursive: true, force: true });
  });

  it('names the iteration of each run a message names: a run of each shard failing check is named with its folder', async () => {
    const ws = await shardedWorkspaces();
    for (const [shard, run] of [['s1', 1], ['s2', 2]] as const) writeFileSync(join(ws.root, shard, 'csv-reports', 'iteration-1', 'eval-explain', 'with_skill', `run-${run}`, 'conversation.json'), '{}\n');
    const { document } = await compareIterations(['s1', 's2'], { cwd: ws.root, writeGrading: false });
    const excluded = document.validity.filter((v) => v.code === 'artifacts-excluded').map((v) => v.message);
    assert.deepEqual(excluded, ['2 artifacts of eval explain failed check and are left out of the numbers: check found 3 errors in the conversation.json of each, in with_skill run 1 of s1/csv-reports/iteration-1 and run 2 of s2/csv-reports/iteration-1 (eval-magic check s1/csv-reports/iteration-1/eval-explain/with_skill/run-1/conversation.json s2/csv-reports/iteration-1/eval-explain/with_skill/run-2/conversation.json names them).'], excluded.join('\n'));
    rmSync(ws.root, { recursive: true, force: true });
  });

  it('runs-missing names the iteration of a run whose number another shard holds too: "with_skill run 1" alone could be either shard\'s', async () => {
    const ws = await shardedWorkspaces();
    // s2 holds an unfinished run 1 of with_skill (its conversation.json gone) beside s1's counted run 1.
    const run1 = join('csv-reports', 'iteration-1', 'eval-explain', 'with_skill', 'run-1');
    cpSync(join(ws.root, 's1', run1), join(ws.root, 's2', run1), { recursive: true });
    rmSync(join(ws.root, 's2', run1, 'conversation.json'));
    const compared = await runMain(['compare', 's1', 's2', '-f', 'json'], { cwd: ws.root, env: ws.env });
    const missing = JSON.parse(compared.stdout).validity.filter((v: { code: string }) => v.code === 'runs-missing').map((v: { message: string }) => v.message);
    assert.match(missing[0], /, in with_skill run 1 of s2\/csv-reports\/iteration-1\.$/, missing.join('\n'));
    rmSync(ws.root, { recursive: true, force: true });
  });
});
