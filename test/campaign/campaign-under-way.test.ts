// A run another eval-magic command that may still run is making (its run folder's lock held): campaign
// leaves it to that command, as judge leaves a judgment under way elsewhere and compare says it is
// still under way — never planned, then reported aborted (locked) with exit 1 (review47).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { processStartTicks } from '../../src/process/lock-record.js';
import { RUN_LOCK_FILE } from '../../src/workspace/layout.js';
import { runCampaign } from '../../src/campaign/index.js';
import { runMain } from '../helpers/cli.js';
import { makeCampaignWorkspace } from './campaign-helpers.js';

describe('a run whose folder a live command holds (review47)', () => {
  it('is left out of the plan in the words judge says a judgment under way elsewhere in, not counted as aborted: exit 0', async () => {
    const ws = makeCampaignWorkspace();
    const args = ['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '1'];
    assert.equal((await runMain(args, { cwd: ws.root, env: ws.env })).code, 0);
    // with_skill run-1 cut short and taken up again by another command that still runs (this test's process).
    const runDir = join(ws.iteration(), 'eval-explain/with_skill/run-1');
    rmSync(join(runDir, 'run.json'));
    const lock = JSON.stringify({ pid: process.pid, host: hostname(), proc_start: processStartTicks(process.pid), started: '2026-12-07T14:02:11.000Z', token: 'abc', contained: true }) + '\n';
    writeFileSync(join(runDir, RUN_LOCK_FILE), lock);
    const calls = () => readFileSync(join(ws.root, 'agent-log.jsonl'), 'utf8').split('\n').filter(Boolean).length;
    const before = calls();

    const again = await runMain(args, { cwd: ws.root, env: ws.env });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /1 done already, 1 under way in another command: nothing to run now/);
    assert.match(again.stdout, /1 under way in another command, left to it: \S*eval-explain\/with_skill\/run-1\/ is still under way \(eval-magic pid \d+ holds its lock, since 2026-12-07T14:02:11\.000Z\): wait for its campaign to end/);
    assert.doesNotMatch(again.stdout + again.stderr, /aborted|locked/);
    assert.equal(calls(), before, 'no agent started for it');
    assert.equal(readFileSync(join(runDir, RUN_LOCK_FILE), 'utf8'), lock, 'its lock is the holder\'s');

    // Every run of the share under way elsewhere and none done: nothing to compare yet, so exit 1 as
    // judge's (review49 F5: exit 0, then compare exit 2 "no run can be counted").
    const other = join(ws.iteration(), 'eval-explain/without_skill/run-1');
    rmSync(join(other, 'run.json'));
    writeFileSync(join(other, RUN_LOCK_FILE), lock);
    const none = await runMain(args, { cwd: ws.root, env: ws.env });
    assert.equal(none.code, 1, none.stdout + none.stderr);
    assert.match(none.stdout, /0 done already, 2 under way in another command: nothing to run now/);
    assert.match(none.stderr, /^eval-magic: nothing was run and no run of this campaign is done: the 2 runs to make are under way in another command; run the same command again after it ends$/m);
    assert.equal(calls(), before, 'no agent started for them');
  });
});

describe('a run another live command takes only after this one planned (the last stop\'s not-done list)', () => {
  // The holder's lock, written as the plan is printed: after the plan, before any session starts.
  const holderLock = () => JSON.stringify({ pid: process.pid, host: hostname(), proc_start: processStartTicks(process.pid), started: '2026-12-07T14:02:11.000Z', token: 'abc', contained: true }) + '\n';
  const takeLocks = (runDirs: string[]) => {
    for (const runDir of runDirs) {
      mkdirSync(runDir, { recursive: true });
      writeFileSync(join(runDir, RUN_LOCK_FILE), holderLock());
    }
  };
  const lockAfterPlan = (runDirs: string[]) => (text: string) => void (/ to run, \d+ at a time/.test(text) && takeLocks(runDirs));

  it('is left to its holder, said as the plan says one whose lock it saw, not aborted (locked): exit 0 as at plan time', async () => {
    const ws = makeCampaignWorkspace();
    const args = ['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '2'];
    const taken = ['with_skill', 'without_skill'].map((arm) => join(ws.iteration(), `eval-explain/${arm}/run-2`));
    const result = await runMain(args, { cwd: ws.root, env: ws.env, onStdout: lockAfterPlan(taken) });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /  4 to run, /, 'the plan saw no lock');
    for (const arm of ['with_skill', 'without_skill']) {
      const line = new RegExp(`^explain ${arm} run-2: under way in another command, left to it: \\S*eval-explain/${arm}/run-2/ is still under way \\(eval-magic pid \\d+ holds its lock, since 2026-12-07T14:02:11\\.000Z\\): wait for its campaign to end$`, 'm');
      assert.match(result.stderr, line);
    }
    assert.doesNotMatch(result.stderr, /aborted|locked/);
    assert.match(result.stdout, /^explain  with_skill +1 +0 +0 /m, 'the summary counts no run aborted');
    for (const runDir of taken) {
      assert.equal(existsSync(join(runDir, 'run.json')), false, 'nothing written in the holder\'s folder');
      assert.equal(readFileSync(join(runDir, RUN_LOCK_FILE), 'utf8'), holderLock(), 'its lock is the holder\'s');
    }
  });

  it('every run to make taken so and none done: exit 1, in the words of the plan-time case', async () => {
    const ws = makeCampaignWorkspace();
    const args = ['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '1'];
    const taken = ['with_skill', 'without_skill'].map((arm) => join(ws.iteration(), `eval-explain/${arm}/run-1`));
    const result = await runMain(args, { cwd: ws.root, env: ws.env, onStdout: lockAfterPlan(taken) });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /^eval-magic: nothing was run and no run of this campaign is done: the 2 runs to make are under way in another command; run the same command again after it ends$/m);
    assert.doesNotMatch(result.stdout + result.stderr, /aborted|locked/);
    assert.equal(existsSync(join(ws.root, 'agent-log.jsonl')), false, 'no agent started');
  });

  it('a lock no command holds met so (a dead holder whose agents may still run) is still refused: aborted (locked), exit 1, as at plan time', async () => {
    const ws = makeCampaignWorkspace();
    const args = ['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '1'];
    const runDir = join(ws.iteration(), 'eval-explain/without_skill/run-1');
    const dead = spawnSync('true').pid!;
    const stale = JSON.stringify({ pid: dead, host: hostname(), started: '2026-12-07T14:02:11.000Z', token: 'abc' }) + '\n';
    const result = await runMain(args, { cwd: ws.root, env: ws.env, onStdout: (text) => void (/ to run, /.test(text) && (mkdirSync(runDir, { recursive: true }), writeFileSync(join(runDir, RUN_LOCK_FILE), stale))) });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /explain without_skill run-1: aborted \(locked\): the run folder \S+ has a stale lock/);
    assert.doesNotMatch(result.stderr, /under way in another command/);
  });

  it('the library: result.underWay and a run-under-way event, in the plan\'s words; not a record', async () => {
    const ws = makeCampaignWorkspace();
    const taken = join(ws.iteration(), 'eval-explain/without_skill/run-1');
    const events: string[] = [];
    const result = await runCampaign({
      evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 1, baseDir: ws.root, env: ws.env,
      reporter: (p) => {
        events.push(p.kind);
        if (p.kind === 'plan') takeLocks([taken]);
      },
    });
    assert.deepEqual(result.records.map((r) => [r.condition, r.status]), [['with_skill', 'completed']]);
    assert.deepEqual(result.underWay.map((u) => [u.run.condition, u.run.run]), [['without_skill', 1]]);
    assert.match(result.underWay[0]!.underWay, /^\S*eval-explain\/without_skill\/run-1\/ is still under way \(eval-magic pid \d+ holds its lock, since 2026-12-07T14:02:11\.000Z\): wait for its campaign to end$/);
    assert.ok(events.includes('run-under-way'), events.join());
  });
});

describe("a run the config's ignore leaves out (review49 F2)", () => {
  it('is not made again: compare does not count it, and made again it would be left out again, each command spending its agent sessions anew', async () => {
    const ws = makeCampaignWorkspace();
    const args = ['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '2'];
    assert.equal((await runMain(args, { cwd: ws.root, env: ws.env })).code, 0);
    writeFileSync(join(ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/run-2/**'] }));
    const calls = () => readFileSync(join(ws.root, 'agent-log.jsonl'), 'utf8').split('\n').filter(Boolean).length;
    const before = calls();
    const again = await runMain(args, { cwd: ws.root, env: ws.env });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /all 4 done already: nothing to run/);
    assert.equal(calls(), before, 'no agent started');
  });
});

