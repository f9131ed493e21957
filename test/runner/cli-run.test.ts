// `eval-magic run` and `harness` through the CLI entry (in-process): exit codes and output lines.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli } from '../../src/cli/index.js';
import { claudeRound, makeWorkspace, oneEval, readCheckedArtifact } from './run-helpers.js';

async function cli(argv: string[], ws: { root: string; env: NodeJS.ProcessEnv }) {
  let stdout = '';
  let stderr = '';
  const io = { cwd: ws.root, env: ws.env, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, readStdin: async () => Buffer.alloc(0) };
  let code: number;
  try {
    code = await runCli(argv, io);
  } catch (error) {
    // src/bin.ts turns known errors into exit 2.
    code = 2;
    stderr += (error as Error).message;
  }
  return { code, stdout, stderr };
}

const runArgs = ['run', '--evals', 'evals.json', '--eval', 'e1', '--harness', 'claude-code', '--cwd', 'task', '--out', 'out'];

describe('eval-magic run (CLI)', () => {
  it('exit 0 with a one-line summary on stdout when stopped at a gate; progress on stderr', async () => {
    const ws = makeWorkspace(oneEval('e1', 'go', [{ prompt: 'n', deliver_when: 'agent_asks' }]), [claudeRound('s', 'No question.')]);
    const r = await cli(runArgs, ws);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `e1: stopped before follow-up 1 (agent_did_not_ask); wrote ${join(ws.out, 'conversation.json')}\n`);
    assert.match(r.stderr, /\[e1\] round 1: starting claude-code/);
    readCheckedArtifact(join(ws.out, 'conversation.json'));
  });

  it('exit 1 when the agent fails, naming the round and the stderr file', async () => {
    const ws = makeWorkspace(oneEval('e1', 'go', [{ prompt: 'n', deliver_when: 'always' }]), [{ exit: 7, stderr: 'boom' }]);
    const r = await cli(runArgs, ws);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /Round 1: claude exited with status 7; see .*turn-1\/claude-stderr\.log/);
    assert.equal(r.stdout, '');
  });

  it('exit 2 for an unknown eval id, a missing flag, an invalid evals.json — and nothing runs', async () => {
    const ws = makeWorkspace({ skill_name: 's', evals: [{ id: 'e1', prompt: 'go', turns: [] }] }, []);
    const invalid = await cli(runArgs, ws);
    assert.equal(invalid.code, 2);
    assert.match(invalid.stderr, /evals\.json is not a valid evals\.json; nothing ran:\n/);
    assert.match(invalid.stderr, /\n  4:5   error  evals\[0\] is missing required property "expected_output"\.  schema\n/);
    const unknown = await cli([...runArgs.slice(0, 3), '--eval', 'zzz', ...runArgs.slice(5)], makeWorkspace(oneEval('e1', 'go', [{ prompt: 'n', deliver_when: 'always' }]), []));
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no eval has id "zzz"/);
    const missing = await cli(runArgs.slice(0, -2), ws);
    assert.equal(missing.code, 2);
    assert.deepEqual(ws.calls(), []);
  });

  it('harness list names the three built-ins', async () => {
    const r = await cli(['harness', 'list'], makeWorkspace({}, []));
    assert.equal(r.code, 0);
    assert.deepEqual(r.stdout.trim().split('\n').map((l) => l.split(/\s+/)[0]), ['claude-code', 'codex', 'opencode']);
  });

  it('harness show prints the descriptor with its prompt_via and env', async () => {
    const r = await cli(['harness', 'show', 'claude-code'], makeWorkspace({}, []));
    assert.equal(r.code, 0);
    const shown = JSON.parse(r.stdout);
    assert.equal(shown.prompt_via, 'stdin');
    assert.deepEqual(shown.env, { IS_SANDBOX: '1' });
    assert.equal(shown.source, undefined);
  });
});
