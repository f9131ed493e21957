// The limits of `eval-magic run` through the CLI: what a bad value is told, and that a timer
// cannot overflow into killing every round at once.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../src/cli/index.js';
import { runEvals } from '../../src/runner/index.js';
import { claudeRound, makeWorkspace, oneEval } from './run-helpers.js';

async function cli(argv: string[], ws: { root: string; env: NodeJS.ProcessEnv }) {
  let stdout = '';
  let stderr = '';
  const io = { cwd: ws.root, env: ws.env, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, readStdin: async () => Buffer.alloc(0) };
  let code: number;
  try {
    code = await runCli(argv, io);
  } catch (error) {
    code = 2;
    stderr += (error as Error).message;
  }
  return { code, stdout, stderr };
}

const runArgs = ['run', '--evals', 'evals.json', '--eval', 'e1', '--harness', 'claude-code', '--cwd', 'task', '--out', 'out'];
const workspace = () => makeWorkspace(oneEval('e1', 'go', [{ prompt: 'n', deliver_when: 'always' }]), [claudeRound('s', 'one'), claudeRound('s', 'two')]);

describe('run limits', () => {
  for (const [flag, given, message] of [
    ['--round-timeout', 'soon', /--round-timeout must be a number, got "soon"/],
    ['--round-timeout', '0x10', /--round-timeout must be a number, got "0x10"/],
    ['--round-timeout', '-5', /--round-timeout must be a number of seconds \(0 for no limit\), got -5/],
    ['--round-timeout', '2147484', /--round-timeout may be at most 2147483 seconds \(about 24\.8 days, the longest a timer can wait\), got 2147484; use 0 for no limit/],
    ['--max-events-mb', 'lots', /--max-events-mb must be a number, got "lots"/],
    // Under half a byte: said as given, never as the 0 it would round to.
    ['--max-events-mb', '0.0000001', /--max-events-mb must be at least one byte \(about 0\.000001 MiB\), got 0\.0000001 MiB \(0\.1048576 bytes\)/],
    ['--max-events-mb', '1e10', /--max-events-mb may be at most 8589934591 MiB \(about 2\^53 bytes\), got 10000000000 MiB \(10485760000000000 bytes\)/],
    // Past what a double holds exactly, every flag's one refusal, as typed.
    ['--max-events-mb', '1e300', /^--max-events-mb "1e300" is too large: no flag takes a number past 9007199254740991 \(2\^53 − 1\)$/],
    ['--max-events', '1.5', /--max-events must be a positive whole number, got 1\.5/],
    ['--max-events', 'many', /--max-events must be a number, got "many"/],
  ] as const) {
    it(`${flag} ${given}: exit 2 saying what was given; nothing runs`, async () => {
      const ws = workspace();
      const r = await cli([...runArgs, flag, given], ws);
      assert.equal(r.code, 2);
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /got null/);
      assert.equal(ws.calls().length, 0);
      assert.equal(existsSync(join(ws.out, 'turn-1')), false);
    });
  }

  it('the longest --round-timeout a timer can hold (2147483 s) lets the rounds run', async () => {
    const ws = workspace();
    const r = await cli([...runArgs, '--round-timeout', '2147483'], ws);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(ws.calls().length, 2);
  });

  it('the library says the same for numbers: NaN is named, not shown as null', async () => {
    const ws = workspace();
    const run = (extra: object) => runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, ...extra });
    await assert.rejects(run({ roundTimeoutSeconds: Number.NaN }), /--round-timeout must be a number of seconds \(0 for no limit\), got NaN/);
    await assert.rejects(run({ roundTimeoutSeconds: 1e10 }), /at most 2147483 seconds/);
    await assert.rejects(run({ maxEvents: 0 }), /--max-events must be a positive whole number, got 0/);
  });
});
