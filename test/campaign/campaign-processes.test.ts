// The binary as separate processes: Ctrl-C with several agents running, and shards run apart then
// merged into one folder, as CI's download-artifact with merge-multiple does.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { runBin, runMain } from '../helpers/cli.js';
import { describeRun, runCampaign } from '../../src/campaign/index.js';
import { agentContainment } from '../../src/process/containment.js';
import { FAKE_AGENTS, isRunning } from '../runner/run-helpers.js';
import { makeCampaignWorkspace, readJson, SKILL_NAME } from './campaign-helpers.js';
import { start, until } from './campaign-processes-helpers.js';

/** Every file below `dir`, relative, with its size class (conversation texts differ by session id). */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

/** Whether a run's run.json (written when the run starts, replaced when it ends) says completed. */
const completed = (path: string) => existsSync(path) && readJson(path).status === 'completed';

describe('campaign as processes', () => {
  it('Ctrl-C with several agents running stops every agent and its children, keeps finished runs, exits 130; the same command finishes the rest', async () => {
    // add-column hangs (its prompt names created_at), explain answers at once. The order is
    // add-column ×2 (control first), explain ×2, add-column ×2 (treatment first), explain ×2: with 3
    // jobs, two add-column runs hang, the third job does both explain runs, then add-column's
    // with_skill run-2 hangs too.
    const ws = makeCampaignWorkspace({ respond: { ask: true, hangWhen: 'created_at', spawnChild: true } });
    const args = ['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--runs', '2', '--jobs', '3'];
    const run = start(args, ws.root, ws.env);
    const explained = ['with_skill/run-1', 'without_skill/run-1'];
    try {
      await until('three hung agents and two explain runs done', () => {
        const calls = ws.calls();
        // run.json is there from the start of a run: done is when it says completed.
        return calls.filter((c) => c.prompt.includes('created_at')).length === 3 && explained.every((r) => completed(join(ws.iteration(), 'eval-explain', r, 'run.json')));
      });
    } catch (error) {
      // Stopped the way users stop it, so no agent outlives a failing test.
      run.child.kill('SIGINT');
      await run.done;
      throw error;
    }
    run.child.kill('SIGINT');
    const { code, stdout, stderr } = await run.done;
    assert.equal(code, 130, stderr);
    assert.match(stderr, /SIGINT: stopping every agent/);
    const hung = ws.calls().filter((c) => c.prompt.includes('created_at'));
    for (const call of hung) {
      assert.equal(isRunning(call.mark), false, `agent ${call.mark} survived`);
      assert.ok(call.childMark !== undefined && !isRunning(call.childMark), `agent child ${call.childMark} survived`);
    }
    // Finished runs kept; interrupted ones recorded, without an artifact; the rest never started.
    for (const r of explained) assert.ok(existsSync(join(ws.iteration(), 'eval-explain', r, 'conversation.json')), r);
    assert.equal(existsSync(join(ws.iteration(), 'eval-explain/with_skill/run-2')), false);
    const interrupted = ['with_skill/run-1', 'without_skill/run-1', 'with_skill/run-2'].map((r) => readJson(join(ws.iteration(), 'eval-add-column', r, 'run.json')));
    assert.deepEqual(interrupted.map((r) => [r.status, r.abort_reason]), [['aborted', 'interrupted'], ['aborted', 'interrupted'], ['aborted', 'interrupted']]);
    assert.equal(existsSync(join(ws.iteration(), 'eval-add-column/without_skill/run-2')), false);
    // Under "interrupted", not "aborted" (completed, stopped, aborted, interrupted, isolation invalid, done before, not run): the Ctrl-C was the user's.
    assert.match(stdout, /completed\s+stopped\s+aborted\s+interrupted\s+isolation invalid\s+done before\s+not run\n/);
    assert.match(stdout, /add-column\s+without_skill\s+0\s+0\s+0\s+1\s+0\s+0\s+1\n/);

    ws.respond({ ask: true });
    const rest = await runMain(args, { cwd: ws.root, env: ws.env });
    assert.equal(rest.code, 0, rest.stderr);
    assert.match(rest.stdout, /2 done already, 6 to run/);
    const resumed = readJson(join(ws.iteration(), 'eval-add-column/with_skill/run-1/run.json'));
    assert.deepEqual([resumed.status, resumed.attempts, resumed.failures.map((f: { reason: string }) => f.reason)], ['completed', 2, ['interrupted']]);
    const report = await runMain(['check', ws.workspace, '--evals', ws.evalsPath], { cwd: ws.root, env: ws.env });
    assert.equal(report.code, 0, report.stdout + report.stderr);
    assert.match(report.stdout, /8 files checked, no problems/);
  });

  const namespaces = agentContainment().kind === 'pid-namespace';
  it('killed with SIGKILL, its agents die with it, and the same command takes over the stale locks and finishes', { skip: namespaces ? false : 'no PID namespaces here: a killed campaign\'s locks stay, as documented' }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, hangWhen: 'created_at', spawnChild: true } });
    const args = ['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--runs', '1', '--jobs', '4'];
    const run = start(args, ws.root, ws.env);
    // Killed once both explain runs are recorded as completed (run.json exists from the start of a
    // run): a kill between a run's conversation.json and its final run.json would leave that
    // attempt's artifact for the next command to keep beside its own.
    const explained = ['with_skill', 'without_skill'].map((arm) => join(ws.iteration(), 'eval-explain', arm, 'run-1', 'run.json'));
    try {
      await until('both add-column agents hung and both explain runs recorded', () => ws.calls().filter((c) => c.prompt.includes('created_at')).length === 2 && explained.every(completed));
    } finally {
      run.child.kill('SIGKILL');
      await run.done;
    }
    const hung = ws.calls().filter((c) => c.prompt.includes('created_at'));
    await until('the killed campaign\'s agents gone', () => hung.every((c) => !isRunning(c.mark) && (c.childMark === undefined || !isRunning(c.childMark))));
    const locked = ['with_skill', 'without_skill'].map((arm) => join(ws.iteration(), 'eval-add-column', arm, 'run-1', '.eval-magic-run.lock'));
    assert.ok(locked.every((l) => existsSync(l)), 'SIGKILL left the runs locked');

    ws.respond({ ask: true });
    const rest = await runMain(args, { cwd: ws.root, env: ws.env });
    assert.equal(rest.code, 0, rest.stdout + rest.stderr);
    assert.ok(locked.every((l) => !existsSync(l)));
    const report = await runMain(['check', ws.workspace, '--evals', ws.evalsPath], { cwd: ws.root, env: ws.env });
    assert.match(report.stdout, /4 files checked, no problems/, files(ws.workspace).join('\n'));
  });

  it("an agent CLI whose --version leaves a daemon holding its output neither stalls the campaign nor outlives the version check", async () => {
    const ws = makeCampaignWorkspace();
    const bin = join(ws.root, 'bin');
    mkdirSync(bin);
    const mark = join(ws.root, 'version-daemon.mark');
    writeFileSync(mark, '');
    // Its daemon holds the marker on fd 9 and the CLI's stdout and stderr, as a self-updater might.
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nif [ "$1" = "--version" ]; then\n  setsid sh -c 'exec 9<"$0"; exec sleep 1000' '${mark}' &\n  echo "2.1.197 (Claude Code)"\n  exit 0\nfi\nexec '${join(FAKE_AGENTS, 'claude')}' "$@"\n`, { mode: 0o755 });
    const env = { ...ws.env, PATH: `${bin}${delimiter}${ws.env.PATH}` };
    const run = start(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain'], ws.root, env);
    let ended = false;
    void run.done.then(() => (ended = true));
    try {
      await until('the campaign ended', () => ended, 15_000);
    } finally {
      run.child.kill('SIGKILL');
    }
    const { code, stderr } = await run.done;
    assert.equal(code, 0, stderr);
    assert.equal(readJson(join(ws.iteration(), 'eval-explain/with_skill/run-1/run.json')).harness.version, '2.1.197 (Claude Code)');
    await until('the daemon gone', () => !isRunning(mark), 5_000);
  });

  it("Ctrl-C while the agent CLI's --version hangs: stopped at once (it waited out the 20 s read, then wrote campaign.json with no version), exit 130, nothing written, the CLI not left running", async () => {
    const ws = makeCampaignWorkspace();
    const bin = join(ws.root, 'bin');
    mkdirSync(bin);
    const [started, mark] = [join(ws.root, 'version-started'), join(ws.root, 'version.mark')];
    writeFileSync(mark, '');
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec 3<'${mark}'\ntouch '${started}'\nsleep 30\n`, { mode: 0o755 });
    const run = start(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain'], ws.root, { ...ws.env, PATH: `${bin}${delimiter}${ws.env.PATH}` });
    try {
      await until('the --version read started', () => existsSync(started), 15_000);
    } finally {
      run.child.kill('SIGINT');
    }
    const { code, stdout, stderr } = await run.done;
    assert.equal(code, 130, stderr);
    assert.match(stderr, /SIGINT: stopping/);
    assert.match(stderr, /to finish, run the same command again: 2 runs left/);
    assert.match(stdout, /explain  with_skill .* 1\n/);
    // No campaign.json of a plan whose version was never read: the next command reads it afresh.
    assert.equal(existsSync(ws.workspace), false, 'the workspace was written');
    assert.equal(isRunning(mark), false, 'the CLI outlived eval-magic');
  });

  it('a run another command finished after this one made its plan is not run again (nor its conversation replaced)', async () => {
    const ws = makeCampaignWorkspace();
    const args = ['--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain'];
    let other: ReturnType<typeof runBin> | undefined;
    const lines: string[] = [];
    // Between this command's plan and its first run, a second command does the whole share.
    const result = await runCampaign({
      evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env,
      reporter: (p) => {
        if (p.kind === 'plan') other = runBin(['campaign', ...args], { cwd: ws.root, env: ws.env });
        if (p.kind === 'run-finished') lines.push(describeRun(p.run, p.record, p.doneElsewhere));
      },
    });
    // Its progress lines say so, as its summary does: not "completed", as if this command had run them.
    assert.deepEqual(lines.sort(), ['explain with_skill run-1: done by another command meanwhile (completed with 0 follow-up(s)), not run again', 'explain without_skill run-1: done by another command meanwhile (completed with 0 follow-up(s)), not run again']);
    assert.equal(other?.code, 0, other?.stderr);
    assert.equal(ws.calls().length, 2, 'each run was run once, by the other command');
    // Not this command's runs: done before, in its summary as in its cost.
    assert.deepEqual(result.records, []);
    assert.equal(result.skipped.length, 2);
    const again = await runMain(['campaign', ...args], { cwd: ws.root, env: ws.env });
    assert.match(again.stdout, /all 2 done already: nothing to run/);
  });

  it('two commands with different plans starting together never share an iteration', async () => {
    const ws = makeCampaignWorkspace();
    let other: ReturnType<typeof runBin> | undefined;
    // After this command (3 runs) chose the new iteration-1, another (1 run) takes it first.
    const mine = runCampaign({
      evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 3, baseDir: ws.root, env: ws.env,
      reporter: (p) => {
        if (p.kind === 'plan') other = runBin(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain'], { cwd: ws.root, env: ws.env });
      },
    });
    await assert.rejects(mine, /iteration-1\/campaign\.json was written meanwhile by another campaign command with another plan/);
    assert.equal(other?.code, 0, other?.stderr);
    assert.deepEqual(readJson(join(ws.iteration(), 'campaign.json')).runs, { 'add-column': 1, explain: 1 });
    assert.equal(existsSync(join(ws.iteration(), 'eval-explain/with_skill/run-2')), false, 'no run of the other plan in it');
  });

  it('shards run as separate processes and merged into one folder are the unsharded iteration', async () => {
    const ws = makeCampaignWorkspace();
    const root = mkdtempSync(join(tmpdir(), 'eval-magic-shards-'));
    // 2 runs per arm: 4 (eval, run) pairs, which no shard splits, over 3 shards (2, 1 and 1).
    const args = (workspace: string, ...more: string[]) => ['campaign', '--evals', ws.evalsPath, '--harness', 'codex', '--runs', '2', '--jobs', '2', '--workspace', workspace, ...more];
    // Three machines, started together, each with a fresh workspace.
    const shards = [1, 2, 3].map((k) => start(args(join(root, `shard-${k}`), '--shard', `${k}/3`), ws.root, ws.env));
    const results = await Promise.all(shards.map((s) => s.done));
    for (const r of results) assert.equal(r.code, 0, r.stderr);
    const whole = await runMain(args(join(root, 'whole')), { cwd: ws.root, env: ws.env });
    assert.equal(whole.code, 0, whole.stderr);

    const merged = join(root, 'merged');
    for (const k of [1, 2, 3]) {
      // A merge never overwrites a file with different bytes: only campaign.json is in every shard, identical.
      cpSync(join(root, `shard-${k}`), merged, { recursive: true, force: false, errorOnExist: false });
    }
    const iteration = (w: string) => join(root, w, SKILL_NAME, 'iteration-1');
    const campaignBytes = [1, 2, 3].map((k) => readFileSync(join(iteration(`shard-${k}`), 'campaign.json'), 'utf8'));
    assert.ok(campaignBytes.every((b) => b === readFileSync(join(iteration('whole'), 'campaign.json'), 'utf8')));
    // Disjoint: no run folder in two shards.
    const runsOf = (w: string) => files(iteration(w)).filter((f) => f.endsWith('/run.json'));
    const shardRuns = [1, 2, 3].flatMap((k) => runsOf(`shard-${k}`));
    assert.equal(new Set(shardRuns).size, shardRuns.length);
    assert.deepEqual(files(iteration('merged')), files(iteration('whole')));
    assert.equal(runsOf('whole').length, 8);
    for (const k of [1, 2, 3]) assert.ok(runsOf(`shard-${k}`).length > 0, `shard ${k}/3 ran a share`);

    const report = await runMain(['check', merged, '--evals', ws.evalsPath], { cwd: ws.root, env: ws.env });
    assert.equal(report.code, 0, report.stdout + report.stderr);
    // The unsharded command on the merged workspace finds everything done.
    const again = await runMain(args(merged), { cwd: ws.root, env: ws.env });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /all 8 done already: nothing to run/);
  });
});
