// What a resumed campaign counts as done: only a run its own record says ended well, never one
// that an agent or a killed command left looking finished.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { compareIterations } from '../../src/compare/index.js';
import { agentContainment } from '../../src/process/containment.js';
import { runMain } from '../helpers/cli.js';
import { isRunning } from '../runner/run-helpers.js';
import { defaultEvals, letAgentsReachWorkspace, makeCampaignWorkspace, readJson, SKILL_NAME } from './campaign-helpers.js';
import { start, until } from './campaign-processes-helpers.js';

const namespaces = agentContainment().kind === 'pid-namespace';

describe('campaign resume', () => {
  it('two commands at once on one workspace: a run the other finished is "done before" in this one, not its completed run or its cost', async () => {
    const ws = makeCampaignWorkspace({ respond: { latencyMs: 150 } });
    const options = { evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 3, jobs: 1, baseDir: ws.root, env: ws.env };
    const both = await Promise.all([runCampaign(options), runCampaign(options)]);
    const mine = both.map((r) => r.records.filter((record) => record.status === 'completed').length);
    // Every one of the 6 runs completed once, by one of the two: never counted by both.
    // On failure, say enough to tell a race apart: each command's iteration, plan and runs.
    const said = JSON.stringify(both.map((r) => ({ iteration: r.plan.iteration, continuing: r.plan.continuing, done: r.plan.done, pending: r.plan.pending, skipped: r.skipped.length, underWay: r.underWay.length, runs: r.records.map((x) => [x.condition, x.run, x.status, x.abort_reason, x.started_at, x.ended_at]) })));
    assert.equal(mine[0]! + mine[1]!, 6, said);
    // Each planned run said once by each command: one the other is making when this one comes to it is left to it (underWay).
    for (const result of both) assert.equal(result.records.length + result.skipped.length + result.underWay.length + result.notStarted.length, 6);
    // One experiment: the second command took the iteration the first was claiming, not the next number.
    assert.deepEqual(both.map((r) => r.plan.iteration), [1, 1]);
  });
  it('a re-run with nothing left to run exits as its recorded runs warrant: 1 when one of them had broken isolation, as the command that ran them did', async () => {
    const ws = makeCampaignWorkspace({ respond: { rosterAdd: [SKILL_NAME] } });
    const args = ['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain'];
    const first = await runMain(args, { cwd: ws.root, env: ws.env });
    assert.equal(first.code, 1, first.stderr);
    const again = await runMain(args, { cwd: ws.root, env: ws.env });
    assert.match(again.stdout, /all 2 done already: nothing to run/);
    assert.equal(again.code, 1, again.stderr);
    assert.match(again.stderr, /explain without_skill run-1: done before with broken isolation/);
    // The same workspace without the leak: a re-run with nothing to do exits 0.
    const clean = makeCampaignWorkspace();
    const cleanArgs = ['campaign', '--evals', clean.evalsPath, '--harness', 'claude-code', '--eval', 'explain'];
    assert.equal((await runMain(cleanArgs, { cwd: clean.root, env: clean.env })).code, 0);
    const cleanAgain = await runMain(cleanArgs, { cwd: clean.root, env: clean.env });
    assert.deepEqual([cleanAgain.code, cleanAgain.stderr], [0, '']);
  });
  it('a run that aborted is run again even when its agent left a conversation.json that passes check in the run folder', async () => {
    const ws = makeCampaignWorkspace();
    letAgentsReachWorkspace(ws);
    const options = { evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env, jobs: 1 };
    // Conversations that pass check for this eval, from a campaign into another workspace.
    await runCampaign({ ...options, workspace: 'earlier' });
    const earlier = (condition: string) => join(ws.root, 'earlier/csv-reports/iteration-1/eval-explain', condition, 'run-1/conversation.json');
    copyFileSync(earlier('with_skill'), join(ws.root, 'with.json'));
    copyFileSync(earlier('without_skill'), join(ws.root, 'without.json'));
    // Each agent writes one into its run folder (it is never told where that is; these know), then fails.
    rmSync(join(ws.root, 'agent-log.jsonl'));
    const runDir = (condition: string) => join(ws.iteration(), 'eval-explain', condition, 'run-1');
    writeFileSync(join(ws.root, 'agent-script.json'), JSON.stringify({ rounds: [
      { plant: [{ path: join(runDir('with_skill'), 'conversation.json'), copyFrom: join(ws.root, 'with.json') }], exit: 1 },
      { plant: [{ path: join(runDir('without_skill'), 'conversation.json'), copyFrom: join(ws.root, 'without.json') }], exit: 1 },
    ] }));
    const failed = await runCampaign(options);
    assert.deepEqual(failed.records.map((r) => [r.status, r.abort_reason]), [['aborted', 'agent-failed'], ['aborted', 'agent-failed']]);
    for (const condition of ['with_skill', 'without_skill']) {
      assert.equal(existsSync(join(runDir(condition), 'conversation.json')), false, 'an aborted run\'s folder holds no conversation.json');
      assert.equal(readJson(join(runDir(condition), 'run.json')).conversation_sha256, undefined, 'an aborted run records no conversation digest');
      assert.ok(existsSync(join(runDir(condition), 'attempt-1', 'conversation.json')), 'what the agent left is set aside');
    }

    ws.respond({ ask: true });
    const again = await runCampaign(options);
    assert.equal(again.plan.done, 0, 'an aborted run is not done, whatever lies beside its run.json');
    assert.deepEqual(again.records.map((r) => r.status), ['completed', 'completed']);
    assert.equal(readJson(join(ws.iteration(), 'eval-explain/with_skill/run-1/run.json')).attempts, 2);
    // The run made again records the digest of the conversation.json it wrote.
    for (const condition of ['with_skill', 'without_skill']) {
      const digest = readJson(join(runDir(condition), 'run.json')).conversation_sha256;
      assert.equal(digest, createHash('sha256').update(readFileSync(join(runDir(condition), 'conversation.json'))).digest('hex'), condition);
    }
  });

  it('an attempt cut short by SIGKILL of eval-magic counts in attempts and failures, the earlier failed attempt keeps its own attempt-<k>/, and half-written temp files go', { skip: namespaces ? false : 'no PID namespaces here: a killed campaign leaves its runs locked' }, async () => {
    const ws = makeCampaignWorkspace({ respond: { failAlways: true } });
    const args = ['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain'];
    const options = { evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env };
    const failed = await runCampaign(options);
    assert.deepEqual(failed.records.map((r) => [r.abort_reason, r.attempts]), [['agent-failed', 1], ['agent-failed', 1]]);

    ws.respond({ hang: true });
    const killed = start(args, ws.root, ws.env);
    try {
      await until('both second attempts hung', () => ws.calls().length === 4);
    } finally {
      killed.child.kill('SIGKILL');
      await killed.done;
    }
    await until("the killed command's agents gone", () => ws.calls().slice(2).every((c) => !isRunning(c.mark)), 10_000);
    // What a kill in the middle of an atomic write leaves: the temp file, never renamed into place.
    const runDir = join(ws.iteration(), 'eval-explain/with_skill/run-1');
    const temps = ['.run.json.q0Xv3-Zk_Lm9.tmp', '.final-message.md.Rt5uV2wXyZ01.tmp'].map((name) => join(runDir, name));
    for (const temp of temps) writeFileSync(temp, '{"half":');

    ws.respond({ ask: true });
    const finished = await runCampaign(options);
    assert.deepEqual(finished.records.map((r) => [r.status, r.attempts, r.failures.map((f) => [f.attempt, f.reason])]), [
      ['completed', 3, [[1, 'agent-failed'], [2, 'interrupted']]],
      ['completed', 3, [[1, 'agent-failed'], [2, 'interrupted']]],
    ]);
    assert.ok(existsSync(join(runDir, 'attempt-1/turn-1/claude-stderr.log')), 'the first failure keeps its logs');
    assert.ok(existsSync(join(runDir, 'attempt-2/turn-1')), "the killed attempt's round is kept as attempt 2");
    for (const temp of temps) assert.equal(existsSync(temp), false, `${temp}: a killed write's temp file is cleared with the attempt`);
  });

  it('a run folder copied by hand over another run of the plan (its run.json edited to fit) is not done: the next command runs that run afresh, and compare counts every run once', async () => {
    const evals = defaultEvals();
    const assertions = [{ id: 'explains', type: 'transcript_check', check: 'assistant_message_matches', pattern: '.' }];
    const ws = makeCampaignWorkspace({ evals: { ...evals, evals: evals.evals.map((e) => (e.id === 'explain' ? { ...e, assertions } : e)) } });
    const options = { evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 2, baseDir: ws.root, env: ws.env, jobs: 1 };
    await runCampaign(options);
    const runDir = (j: number) => join(ws.iteration(), 'eval-explain/with_skill', `run-${j}`);
    // run-1 was judged and graded; then it is copied over run-2, its record's number edited.
    mkdirSync(join(runDir(1), 'judge/explains/1'), { recursive: true });
    writeFileSync(join(runDir(1), 'judge/explains/1/judgment.json'), '{}\n');
    writeFileSync(join(runDir(1), 'grading.json'), '{}\n');
    rmSync(runDir(2), { recursive: true });
    cpSync(runDir(1), runDir(2), { recursive: true });
    writeFileSync(join(runDir(2), 'run.json'), JSON.stringify({ ...readJson(join(runDir(2), 'run.json')), run: 2 }, null, 2) + '\n');
    const copied = await compareIterations([ws.iteration()], { cwd: ws.root, writeGrading: false });
    assert.ok(copied.document.validity.some((v) => v.code === 'runs-duplicated'), 'compare takes run-2 for a copy of run-1');

    const again = await runCampaign(options);
    assert.equal(again.plan.done, 3);
    // Its own run, with its own history: not the copied run's attempts, judgments or grading.
    assert.deepEqual(again.records.map((r) => [r.condition, r.run, r.status, r.attempts, r.failures.length]), [['with_skill', 2, 'completed', 1, 0]]);
    assert.deepEqual([existsSync(join(runDir(2), 'judge')), existsSync(join(runDir(2), 'grading.json'))], [false, false]);
    const after = await compareIterations([ws.iteration()], { cwd: ws.root, writeGrading: false });
    assert.deepEqual(after.document.evals.find((e) => e.id === 'explain')!.runs, { with_skill: 2, without_skill: 2 });
    // Of eval explain, the one this campaign runs (--eval explain): add-column, of the plan too, is said as never run.
    assert.deepEqual(after.document.validity.filter((v) => (v.code === 'runs-duplicated' || v.code === 'runs-missing') && !v.message.startsWith('Eval add-column: campaign.json plans 2 runs per arm, but ')), []);
    assert.equal((await runCampaign(options)).plan.done, 4);
  });
  it("an agent that leaves a folder where run.json goes: the run aborts as unsafe output, and the next command clears it and runs the run", async () => {
    const ws = makeCampaignWorkspace();
    letAgentsReachWorkspace(ws);
    const round = (session: string, plant?: unknown) => ({
      ...(plant ? { plant } : {}),
      stdout: [{ type: 'system', subtype: 'init', session_id: session, skills: [] }, { type: 'assistant', message: { content: [{ type: 'text', text: 'Done.' }] } }, { type: 'result', subtype: 'success', session_id: session, result: 'Done.' }],
    });
    // The agent is never told its run folder (it works in a neutral one); this one knows it anyway.
    writeFileSync(join(ws.root, 'agent-script.json'), JSON.stringify({ rounds: [round('s1', [{ path: join(ws.iteration(), 'eval-explain/with_skill/run-1/run.json'), folder: true }]), round('s2')] }));
    const options = { evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env, jobs: 1 };
    const first = await runCampaign(options);
    assert.deepEqual(first.records.map((r) => [r.condition, r.status, r.abort_reason]), [['with_skill', 'aborted', 'unsafe-output'], ['without_skill', 'completed', null]]);
    assert.match(first.records[0]!.message!, /run\.json/);

    ws.respond({ ask: true });
    const again = await runCampaign(options);
    assert.deepEqual(again.records.map((r) => [r.condition, r.status]), [['with_skill', 'completed']]);
    assert.equal(readJson(join(ws.iteration(), 'eval-explain/with_skill/run-1/run.json')).status, 'completed');
  });
});
