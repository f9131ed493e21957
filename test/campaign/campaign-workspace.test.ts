// Where a campaign writes, when the workspace sits next to or around what it copies: the folder of
// iterations is never part of the skill or the task it stages, and nothing goes through a link
// below the workspace to a folder outside it.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { letAgentsReachWorkspace, makeCampaignWorkspace, SKILL_NAME } from './campaign-helpers.js';

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

  it("a skill folder holding the default workspace of a campaign run from inside it never stages it (earlier runs' transcripts) from any other workspace", async () => {
    const ws = makeCampaignWorkspace();
    const inside = await runCampaign({ evals: 'evals/evals.json', harness: 'claude-code', evalIds: ['explain'], baseDir: ws.skillDir, env: ws.env });
    assert.equal(inside.records.length, 2);
    // From the folder above, with its own default workspace: csv-reports/.eval-magic is not the workspace now.
    const above = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env });
    const digest = (records: typeof above.records) => records.find((r) => r.condition === 'with_skill')!.skill!.sha256;
    assert.equal(digest(above.records), digest(inside.records), 'the same skill, the same digest');
    const staged = join(ws.iteration(), 'eval-explain/with_skill/run-1/task/.claude/skills', SKILL_NAME);
    assert.deepEqual(readdirSync(staged).sort(), ['SKILL.md', 'scripts']);
  });

  it('a task template that holds the workspace leaves its iterations out of every run', async () => {
    const ws = makeCampaignWorkspace();
    ws.write('task/README.md', 'the repository\n');
    const options = { evals: ws.evalsPath, harness: 'claude-code', task: 'task', workspace: 'task', evalIds: ['explain'], baseDir: ws.root, env: ws.env };
    await runCampaign(options);
    // A second plan (another model) is a new iteration, staged from a template that now holds iteration-1.
    const second = await runCampaign({ ...options, model: 'other-model' });
    assert.equal(second.plan.iteration, 2);
    const run = join(ws.root, 'task', SKILL_NAME, 'iteration-2/eval-explain/without_skill/run-1');
    assert.deepEqual(readdirSync(join(run, 'staged')), ['README.md']);
    // The task besides: the control arm's empty skills folder, as the skill arm has it.
    assert.deepEqual(readdirSync(join(run, 'task')).sort(), ['.claude', 'README.md']);
    assert.deepEqual(readdirSync(join(run, 'task', '.claude', 'skills')), []);
  });

  it('an agent that leaves a link where its working folder was: no task/ link out of the workspace, and no diff read through it (a grader that needs the task fails the run, as for a removed one)', async () => {
    const ws = makeCampaignWorkspace({ respond: { replaceWorkWithLink: '/etc' } });
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env });
    for (const record of result.records) {
      const run = join(ws.iteration(), `eval-explain/${record.condition}/run-1`);
      assert.equal(lstatSync(join(run, 'task'), { throwIfNoEntry: false }), undefined, `${record.condition}: no task folder, and no link`);
      assert.equal(existsSync(join(run, 'diff.patch')), false);
    }
  });

  it('an iteration folder that is a link out of the workspace is refused before anything is written through it', async () => {
    const ws = makeCampaignWorkspace();
    const outside = join(ws.root, 'outside');
    mkdirSync(outside);
    mkdirSync(join(ws.workspace, SKILL_NAME), { recursive: true });
    symlinkSync(outside, join(ws.workspace, SKILL_NAME, 'iteration-1'));
    await assert.rejects(runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env }), /iteration-1 is a link/);
    assert.deepEqual(readdirSync(outside), []);
    assert.equal(ws.calls().length, 0);
  });

  it('an eval folder that is a link out of the iteration: its runs abort and nothing is made through it', async () => {
    const ws = makeCampaignWorkspace();
    const outside = join(ws.root, 'outside');
    mkdirSync(outside);
    const options = { evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env };
    await runCampaign(options);
    // The same plan again continues iteration-1, whose eval folder is now a link.
    rmSync(join(ws.iteration(), 'eval-explain'), { recursive: true });
    symlinkSync(outside, join(ws.iteration(), 'eval-explain'));
    const calls = ws.calls().length;
    const result = await runCampaign(options);
    assert.equal(result.plan.iteration, 1);
    assert.deepEqual(result.records.map((r) => r.status), ['aborted', 'aborted']);
    assert.match(result.records[0]!.message!, /eval-explain is a symbolic link/);
    assert.deepEqual(result.records.map((r) => r.abort_reason), ['unsafe-output', 'unsafe-output'], 'not "locked": no other process holds these runs');
    assert.deepEqual(readdirSync(outside), []);
    assert.equal(ws.calls().length, calls);
  });

  it('a workspace that is a link the user named is followed', async () => {
    const ws = makeCampaignWorkspace();
    mkdirSync(join(ws.root, 'real-runs'));
    symlinkSync(join(ws.root, 'real-runs'), join(ws.root, 'runs'));
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', workspace: 'runs', evalIds: ['explain'], baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.records.map((r) => r.status), ['completed', 'completed']);
    assert.ok(existsSync(join(ws.root, 'real-runs', SKILL_NAME, 'iteration-1/campaign.json')));
  });

  it('a file where campaign makes a folder (<workspace>/<skill_name>, iteration-<n>) is refused before the plan, not an internal error', async () => {
    const ws = makeCampaignWorkspace();
    mkdirSync(ws.workspace);
    writeFileSync(join(ws.workspace, SKILL_NAME), 'notes\n');
    const options = { evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env, reporter: () => assert.fail('no plan') };
    await assert.rejects(runCampaign(options), new RegExp(`\\.eval-magic/${SKILL_NAME} is a file, not a folder; campaign makes its own folders below workspace "\\.eval-magic": move it away`));
    rmSync(join(ws.workspace, SKILL_NAME));
    mkdirSync(join(ws.workspace, SKILL_NAME));
    writeFileSync(join(ws.workspace, SKILL_NAME, 'iteration-3'), 'notes\n');
    await assert.rejects(runCampaign({ ...options, iteration: 3 }), /iteration-3 is a file, not a folder/);
  });

  it('a workspace that is a dangling link is refused before the plan', async () => {
    const ws = makeCampaignWorkspace();
    symlinkSync(join(ws.root, 'nowhere'), join(ws.root, 'runs'));
    await assert.rejects(runCampaign({ evals: ws.evalsPath, harness: 'claude-code', workspace: 'runs', evalIds: ['explain'], baseDir: ws.root, env: ws.env, reporter: () => assert.fail('no plan') }), /^UsageError: workspace "runs" is a link to .*nowhere, which does not exist/);
  });

  it("a task template whose .claude is a link out of it is refused before anything runs: the skill is never staged through it", async () => {
    const ws = makeCampaignWorkspace();
    // A home-made setup that links a project's .claude to a shared folder of the user's.
    const shared = join(ws.root, 'shared-claude');
    mkdirSync(join(shared, 'skills', 'other-skill'), { recursive: true });
    mkdirSync(join(ws.root, 'task'));
    symlinkSync(shared, join(ws.root, 'task', '.claude'));
    const options = { evals: ws.evalsPath, harness: 'claude-code', task: 'task', evalIds: ['explain'], baseDir: ws.root, env: ws.env, reporter: () => assert.fail('no plan') };
    await assert.rejects(runCampaign(options), /^UsageError: task "task" holds the link \.claude \(to .*shared-claude\), and the skill is staged at \.claude\/skills\/csv-reports: it would be copied through it, out of the task/);
    assert.deepEqual(readdirSync(join(shared, 'skills')), ['other-skill']);
    assert.equal(ws.calls().length, 0);
  });

  it("an eval's files path that goes through a link of the task template is refused before anything runs: nothing is written through it", async () => {
    const ws = makeCampaignWorkspace({ evals: { skill_name: SKILL_NAME, evals: [{ id: 'explain', prompt: 'What does the report export?', expected_output: 'An explanation.', files: ['data/orders.csv'] }] } });
    ws.write(`${SKILL_NAME}/evals/data/orders.csv`, 'id,total\n1,9.50\n');
    const outside = join(ws.root, 'outside');
    mkdirSync(outside);
    mkdirSync(join(ws.root, 'task'));
    symlinkSync(outside, join(ws.root, 'task', 'data'));
    const options = { evals: ws.evalsPath, harness: 'claude-code', task: 'task', baseDir: ws.root, env: ws.env, reporter: () => assert.fail('no plan') };
    await assert.rejects(runCampaign(options), /eval "explain" files\[0\] "data\/orders\.csv" would be copied through the link data \(to .*outside\) of the task, which task "task" puts there/);
    assert.deepEqual(readdirSync(outside), []);
    assert.equal(ws.calls().length, 0);
  });

  it("an agent that swaps its arm's folder for a link out of the workspace: its run aborts as unsafe output, nothing is written through the link, the next command runs it again", async () => {
    const ws = makeCampaignWorkspace();
    letAgentsReachWorkspace(ws);
    const outside = join(ws.root, 'outside');
    mkdirSync(outside);
    const round = (session: string, plant?: unknown) => ({
      ...(plant ? { plant } : {}),
      stdout: [{ type: 'system', subtype: 'init', session_id: session, skills: [] }, { type: 'assistant', message: { content: [{ type: 'text', text: 'Done.' }] } }, { type: 'result', subtype: 'success', session_id: session, result: 'Done.' }],
    });
    // The agent works in a neutral folder and is never told where its run folder is; one that finds
    // it anyway (the arm's folder, run-1's parent) and swaps it for a link gets nothing written through it.
    writeFileSync(join(ws.root, 'agent-script.json'), JSON.stringify({ rounds: [round('s1', [{ path: join(ws.iteration(), 'eval-explain/with_skill'), symlinkTo: outside }]), round('s2')] }));
    const options = { evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env, jobs: 1 };
    const result = await runCampaign(options);
    assert.deepEqual(result.records.map((r) => [r.condition, r.status, r.abort_reason]), [['with_skill', 'aborted', 'unsafe-output'], ['without_skill', 'completed', null]]);
    assert.match(result.records[0]!.message!, /with_skill is a symbolic link/);
    assert.deepEqual(readdirSync(outside), []);

    rmSync(join(ws.iteration(), 'eval-explain/with_skill'));
    ws.respond({ ask: true });
    const again = await runCampaign(options);
    assert.deepEqual(again.records.map((r) => [r.condition, r.status]), [['with_skill', 'completed']]);
  });
});

describe('campaign workspace named through a link', () => {
  it('--task . with the workspace named by a linked path (a linked checkout\'s $PWD): the iterations are left out of every later run by real path', async () => {
    const ws = makeCampaignWorkspace();
    const linked = join(ws.root, 'linked-checkout');
    symlinkSync(ws.root, linked);
    ws.write('README.md', 'the repository\n');
    const options = { evals: ws.evalsPath, harness: 'claude-code', task: '.', skill: ws.skillDir, workspace: join(linked, '.eval-magic'), evalIds: ['explain'], baseDir: ws.root, env: ws.env };
    await runCampaign(options);
    // A second plan (another model): a new iteration.
    const second = await runCampaign({ ...options, model: 'other-model' });
    assert.equal(second.plan.iteration, 2);
    const staged = join(ws.iteration(2), 'eval-explain/without_skill/run-1/staged');
    assert.ok(existsSync(join(staged, 'README.md')));
    assert.deepEqual(readdirSync(join(staged, '.eval-magic')), [], 'no earlier iteration (its staged SKILL.md, its transcripts) reaches a control run');
  });
});
