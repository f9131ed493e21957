// Ctrl-C on the real binary: the agent's process group is stopped, the run aborts, nothing half-written.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { binPath } from '../helpers/cli.js';
import { claude, isRunning, makeWorkspace, oneEval, waitForCalls } from '../runner/run-helpers.js';

it('SIGINT during a round kills the agent group, exits 130, and leaves the old artifact byte-identical', async () => {
  const ws = makeWorkspace(oneEval('e1', 'go', [{ prompt: 'n', deliver_when: 'always' }]), [{ stdout: [claude.init('s')], hang: true, spawnChild: true }]);
  const previous = '{"kept": "byte for byte"}\n';
  mkdirSync(ws.out, { recursive: true });
  writeFileSync(join(ws.out, 'conversation.json'), previous);
  const child = spawn(process.execPath, [binPath, 'run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', ws.out, '--overwrite'], { env: { ...ws.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  // Interrupt once the agent is running (its round has started and it logged its call).
  const deadline = Date.now() + 20_000;
  while (ws.calls().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.equal(ws.calls().length, 1, 'the fake agent never started');
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.equal(code, 130, stderr);
  assert.match(stderr, /interrupt|Ctrl-C|SIGINT/i);
  assert.equal(readFileSync(join(ws.out, 'conversation.json'), 'utf8'), previous);
  assert.ok(!existsSync(join(ws.out, '.conversation.json.tmp')));
  // The agent's grandchild (same process group) is gone too.
  const grandchild = ws.calls()[0]!.childMark;
  assert.ok(grandchild !== undefined, 'the fake agent logged no child');
  for (let i = 0; i < 40 && isRunning(grandchild); i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(isRunning(grandchild), false, `agent child ${grandchild} survived Ctrl-C`);
});

it('SIGINT during the first eval of an all-evals run leaves no folder for the evals that never started', async () => {
  const evals = { skill_name: 'demo-skill', evals: ['e1', 'e2', 'e3'].map((id) => ({ id, prompt: 'go', expected_output: 'x' })) };
  const ws = makeWorkspace(evals, [{ stdout: [claude.init('s')], hang: true }]);
  const child = spawn(process.execPath, [binPath, 'run', '--evals', ws.evalsPath, '--harness', 'claude-code', '--cwd', ws.task, '--out', ws.out], { env: { ...ws.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  await waitForCalls(ws, 1);
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.equal(code, 130, stderr);
  assert.equal(ws.calls().length, 1);
  // e1 keeps its round's files (what the agent wrote before it was stopped); e2 and e3 have nothing.
  assert.deepEqual(readdirSync(ws.out), ['e1']);
});

// Every command that stops cleanly on an interrupt exits 128 + the signal's number (run above; campaign,
// judge and compare in their own tests): each one's --help says so, and never calls Ctrl-C exit 1.
for (const command of ['run', 'campaign', 'judge', 'compare']) {
  it(`${command} --help gives an interrupt's exit codes (130, 143, 129)`, () => {
    const help = spawnSync(process.execPath, [binPath, command, '--help'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.equal(help.status, 0, help.stderr);
    const codes = help.stdout.slice(help.stdout.indexOf('Exit codes:'));
    assert.match(codes, /^ {2}130, 143, 129 {2}stopped by SIGINT( \(Ctrl-C\))?, SIGTERM or SIGHUP/m);
    assert.doesNotMatch(codes, /^ {2}1 .*Ctrl-C/m, 'Ctrl-C is not exit 1');
  });
}
