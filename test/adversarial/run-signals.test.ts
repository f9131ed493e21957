// Interrupts of the real binary: every signal takes one abort path, repeated ones escalate, and
// eval-magic exits (128 + signal) only once the agent's whole process group is gone.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { binPath } from '../helpers/cli.js';
import { LOCK_FILE, runEvals } from '../../src/runner/index.js';
import { claude, isRunning, makeWorkspace, oneEval, waitForCalls, type FakeRound, type ProcessMark } from '../runner/run-helpers.js';

/** Starts `eval-magic run` on a one-eval workspace whose agent plays `rounds`. */
function startRun(rounds: FakeRound[]) {
  const ws = makeWorkspace(oneEval('e1', 'go', [{ prompt: 'n', deliver_when: 'always' }]), rounds);
  const child = spawn(process.execPath, [binPath, 'run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', ws.out, '--overwrite'], {
    env: { ...ws.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  /** Resolves at the exit, with which of the agent's processes were still running at that moment. */
  const exited = new Promise<{ code: number | null; survivors: ProcessMark[] }>((resolve) =>
    child.on('exit', (code) => {
      const call = ws.calls()[0];
      const marks = call ? [call.mark, call.childMark].filter((m) => m !== undefined) : [];
      resolve({ code, survivors: marks.filter(isRunning) });
    }),
  );
  return { ws, child, exited, stderr: () => stderr };
}

/** An agent that has started, holds a grandchild in its group, ignores SIGTERM and never exits. */
const stubborn: FakeRound = { stdout: [claude.init('s')], hang: true, ignoreSigterm: true, spawnChild: true };
/** The same agent, but SIGTERM ends it (its grandchild still ignores nothing and sleeps). */
const polite: FakeRound = { stdout: [claude.init('s')], hang: true, spawnChild: true };

describe('signals during a round', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`${signal}: the agent group is stopped, exit ${128 + constants.signals[signal]} with the one-line summary, the old artifact and nothing else left`, { timeout: 60_000 }, async () => {
      const run = startRun([polite]);
      const previous = '{"kept": "byte for byte"}\n';
      mkdirSync(run.ws.out, { recursive: true });
      writeFileSync(join(run.ws.out, 'conversation.json'), previous);
      await waitForCalls(run.ws, 1);
      run.child.kill(signal);
      const { code, survivors } = await run.exited;
      assert.equal(code, 128 + constants.signals[signal], run.stderr());
      assert.deepEqual(survivors, [], 'an agent process outlived eval-magic');
      assert.match(run.stderr(), /^eval-magic: e1: aborted: Round 1: interrupted; the agent was stopped and no conversation\.json was written \(what the round streamed is kept beside it\)\.$/m);
      assert.equal(readFileSync(join(run.ws.out, 'conversation.json'), 'utf8'), previous);
      assert.equal(existsSync(join(run.ws.out, LOCK_FILE)), false, 'the lock is released');
    });
  }

  it('SIGHUP after the terminal is gone (stdout and stderr closed): writes fail, the cleanup still runs, exit 129', { timeout: 60_000 }, async () => {
    const run = startRun([polite]);
    await waitForCalls(run.ws, 1);
    run.child.stdout!.destroy();
    run.child.stderr!.destroy();
    run.child.kill('SIGHUP');
    const { code, survivors } = await run.exited;
    assert.equal(code, 129);
    assert.deepEqual(survivors, [], 'an agent process outlived eval-magic');
    assert.equal(existsSync(join(run.ws.out, LOCK_FILE)), false, 'the lock is released');
  });

  it('a signal storm (SIGINT, then 30 mixed signals) against an agent that ignores SIGTERM: escalates to SIGKILL, cleans up, exits 130 after the group is gone', { timeout: 60_000 }, async () => {
    const run = startRun([stubborn]);
    await waitForCalls(run.ws, 1);
    run.child.kill('SIGINT');
    // Let the first signal reach its handler, then keep firing while the agent is being stopped.
    await new Promise((r) => setTimeout(r, 100));
    const storm = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const;
    for (let i = 0; i < 30 && run.child.exitCode === null; i++) {
      try {
        run.child.kill(storm[i % 3]);
      } catch {
        break;
      }
      await new Promise((r) => setImmediate(r));
    }
    const { code, survivors } = await run.exited;
    assert.equal(code, 130, run.stderr());
    assert.deepEqual(survivors, [], 'an agent process outlived eval-magic');
    assert.match(run.stderr(), /SIGINT: stopping the agent/);
    assert.match(run.stderr(), /aborted: Round 1: interrupted/);
    assert.equal(existsSync(join(run.ws.out, 'conversation.json')), false);
    assert.equal(existsSync(join(run.ws.out, LOCK_FILE)), false, 'the lock is released');
  });

  it('signals that keep coming while eval-magic winds down after the run never end it by a signal: exit 130, the code the first one earned', { timeout: 60_000 }, async () => {
    const run = startRun([polite]);
    await waitForCalls(run.ws, 1);
    run.child.kill('SIGINT');
    // From the summary line on, the run is over and the process is on its way out: keep firing
    // until it is gone, so some signals land after the run's own handlers are done with.
    while (!/aborted:/.test(run.stderr())) await new Promise((r) => setTimeout(r, 5));
    const storm = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const;
    for (let i = 0; run.child.exitCode === null && run.child.signalCode === null; i++) {
      try {
        run.child.kill(storm[i % 3]);
      } catch {
        break;
      }
      await new Promise((r) => setImmediate(r));
    }
    const { code } = await run.exited;
    assert.equal(run.child.signalCode, null, `ended by ${run.child.signalCode}`);
    assert.equal(code, 130, run.stderr());
  });

  it('a second signal kills an agent that ignores SIGTERM at once: with a grace period of 10 minutes the run still ends', { timeout: 60_000 }, async () => {
    const ws = makeWorkspace(oneEval('e1', 'go', [{ prompt: 'n', deliver_when: 'always' }]), [stubborn]);
    const stop = new AbortController();
    const kill = new AbortController();
    const running = runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, killGraceMs: 600_000, signal: stop.signal, killSignal: kill.signal });
    const [call] = await waitForCalls(ws, 1);
    stop.abort();
    await new Promise((r) => setTimeout(r, 200));
    try {
      assert.ok(isRunning(call!.mark), 'the agent ignores SIGTERM, so only the escalation can end it');
    } finally {
      // Also when the assertion failed: the 10-minute grace would hold the test process.
      kill.abort();
    }
    const [result] = await running;
    assert.equal(result?.status === 'aborted' && result.reason, 'interrupted');
    assert.deepEqual([call!.mark, call!.childMark!].filter(isRunning), []);
  });
});

/** Waits for `child` to exit and returns its code. */
function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));
}

describe('two runs on one --out', () => {
  it('started together: one runs, the other exits 2 at once naming the holder; the first is untouched', { timeout: 60_000 }, async () => {
    const ws = makeWorkspace(oneEval('e1', 'go', [{ prompt: 'n', deliver_when: 'always' }]), [stubborn, stubborn]);
    const start = () => {
      const child = spawn(process.execPath, [binPath, 'run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', ws.out], { env: { ...ws.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      return { child, stderr: () => stderr };
    };
    const runs = [start(), start()];
    const loser = await Promise.race(runs.map((r) => exitOf(r.child).then(() => r)));
    const winner = runs.find((r) => r !== loser)!;
    assert.equal(loser.child.exitCode, 2, loser.stderr());
    assert.match(loser.stderr(), new RegExp(`is in use by another eval-magic run \\(pid ${winner.child.pid}, started [^;]+; lock file ${join(ws.out, LOCK_FILE).replace(/[.]/g, '\\.')}\\)`));
    await waitForCalls(ws, 1);
    assert.equal(ws.calls().length, 1, 'only the winner started an agent');
    winner.child.kill('SIGINT');
    winner.child.kill('SIGINT');
    assert.equal(await exitOf(winner.child), 130, winner.stderr());
    assert.equal(existsSync(join(ws.out, LOCK_FILE)), false);
  });
});
