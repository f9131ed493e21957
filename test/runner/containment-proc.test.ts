// A contained agent sees the /proc of its own PID namespace. With the host's /proc (unshare --pid
// without --mount-proc), Codex CLI 0.171.0's sandboxed commands never finish: each tool call
// yields after 10 s and is killed at the end of the turn, so nothing it runs takes effect (found
// by the real-agent tier, `npm run test:agents`). These hold the runner to a private /proc, as
// the user eval-magic runs as and as a regular user (PID namespace inside a user namespace).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runAgentRound } from '../../src/runner/agent-process.js';
import { agentContainment, containedCommand } from '../../src/process/containment.js';
import { bundledModule } from '../helpers/bundled-module.js';
import { binPath } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { claudeRound, FAKE_AGENTS, makeWorkspace, oneEval, type AgentCall } from './run-helpers.js';

const containment = agentContainment();
const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;
const asRoot = process.getuid?.() === 0;

/** The agent's /proc is its namespace's: /proc/self is the agent's own pid there, and PID 1 is eval-magic's init. */
function assertPrivateProc(proc: AgentCall['proc']): void {
  assert.ok(proc, 'the fake agent logged no view of /proc');
  assert.equal(proc.self, proc.pid, `the agent is pid ${proc.pid} in its namespace, but /proc/self says ${proc.self}: /proc is the host's`);
  const shell = containment.kind === 'pid-namespace' ? containment.shell : 'sh';
  assert.deepEqual(proc.init.slice(0, 2), [shell, '-c'], `PID 1 is ${JSON.stringify(proc.init)}, not the init`);
}

describe('the PID namespace has a /proc of its own', () => {
  it('a shell under containedCommand finds itself at /proc/self', { skip: noNamespace }, () => {
    // `read` is a builtin: the shell opens /proc/self/stat itself, so the pid in it is the shell's as /proc sees it.
    const command = containedCommand(containment, '/bin/sh', ['-c', 'read -r pid rest < /proc/self/stat; echo "$$ $pid"'], process.env);
    const r = spawnSync(command.file, command.args, { env: command.env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'], encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 0, r.stderr);
    const [own, seen] = r.stdout.trim().split(' ');
    assert.equal(seen, own, `the shell is pid ${own} in its namespace, but /proc/self says ${seen}: /proc is the host's`);
  });

  it('an agent run by runAgentRound sees its namespace in /proc, PID 1 being the init', { skip: noNamespace }, async () => {
    const ws = makeWorkspace(oneEval('e1', 'start', [{ prompt: 'next', deliver_when: 'always' }]), [{ ...claudeRound('s', 'one'), procView: true }]);
    const dir = mkdtempSync(join(tmpdir(), 'em-proc-'));
    const outcome = await runAgentRound({
      executable: join(FAKE_AGENTS, 'claude'), args: ['-p', '--output-format', 'stream-json', '--verbose'], stdinText: 'go',
      cwd: ws.task, env: { ...ws.env, IS_SANDBOX: '1' }, stdoutPath: join(dir, 'out'), stderrPath: join(dir, 'err'), containment,
    });
    assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 });
    assertPrivateProc(ws.calls()[0]?.proc);
  });

  // The real-agent tier runs eval-magic as a regular user: there /proc is mounted from inside a user namespace.
  it('as a regular user too (eval-magic run, user namespace)', { skip: noNamespace || (!asRoot && 'needs root to become a regular user with setpriv'), timeout: 60_000 }, () => {
    const viewing = (text: string) => ({ ...claudeRound('s', text), procView: true });
    const ws = makeWorkspace(oneEval('e1', 'start', [{ prompt: 'next', deliver_when: 'always' }]), [viewing('one'), viewing('two')]);
    // The regular user's, not world-writable: the run writes its --out there.
    giveToRegularUser(ws.root);
    const run = spawnAsRegularUser([process.execPath, binPath, 'run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', ws.out], { env: ws.env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    for (const call of calls) assertPrivateProc(call.proc);
  });
});

describe('where no private /proc can be mounted', () => {
  it('the probe falls back to the session sweep, saying why', { skip: noNamespace }, () => {
    // An unshare that makes namespaces but cannot mount /proc in them, like a container that masks parts of its /proc.
    const bin = mkdtempSync(join(tmpdir(), 'em-no-mount-proc-'));
    writeFileSync(join(bin, 'unshare'), `#!/bin/sh\nfor a; do [ "$a" = --mount-proc ] && { echo 'unshare: mount /proc failed: Permission denied' >&2; exit 1; }; done\nexec ${containment.kind === 'pid-namespace' ? containment.unshare : 'unshare'} "$@"\n`, { mode: 0o755 });
    const module = bundledModule(fileURLToPath(new URL('../../src/process/containment.ts', import.meta.url)));
    const probe = `import(${JSON.stringify(module)}).then((m) => process.stdout.write(JSON.stringify(m.agentContainment())))`;
    const r = spawnSync(process.execPath, ['-e', probe], { env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` }, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { kind: 'session', reason: 'this system refused a new PID namespace with its own /proc (no root, and unprivileged user namespaces or their proc mounts are off)' });
  });
});
