// Processes that try to outlive their round: a job-control child in a process group of its own,
// a daemon that double-forks and calls setsid, and everything the agent started when eval-magic
// itself is killed with SIGKILL. In a PID namespace (Linux) none survives; the session fallback
// is held to what docs/run.md says it does.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEvals } from '../../src/runner/index.js';
import { runAgentRound } from '../../src/runner/agent-process.js';
import { agentContainment, type Containment } from '../../src/process/containment.js';
import { binPath } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { claude, claudeRound, FAKE_AGENTS, holdersOf, isRunning, makeWorkspace, oneEval, waitForCalls, type FakeRound, type ProcessMark } from '../runner/run-helpers.js';

const always = [{ prompt: 'next', deliver_when: 'always' }];
const namespaces = agentContainment();
const noNamespace = namespaces.kind === 'session' ? `no PID namespace here: ${namespaces.reason}` : false;

/** Polls (bounded) until the process `mark` is gone: SIGKILL and namespace teardown are delivered, not instant. */
async function goneSoon(mark: ProcessMark): Promise<boolean> {
  for (let i = 0; i < 150 && isRunning(mark); i++) await new Promise((done) => setTimeout(done, 20));
  return !isRunning(mark);
}

const escaping = (text: string): FakeRound => ({ ...claudeRound('s', text), spawnChild: true, jobControlChild: true, daemon: true });

describe('processes that escape the process group', () => {
  it('a job-control child and a double-forking setsid daemon do not outlive their round (PID namespace)', { skip: noNamespace }, async () => {
    const ws = makeWorkspace(oneEval('e1', 'start', always), [escaping('one'), escaping('two')]);
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env });
    assert.equal(result!.status, 'completed', JSON.stringify(result));
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    for (const call of calls) {
      for (const mark of [call.childMark!, call.jobMark!, call.daemonMark!]) assert.ok(await goneSoon(mark), `process ${mark} outlived its round`);
    }
  });

  it('the session fallback kills the job-control child; a setsid daemon is out of its reach (as documented)', async () => {
    const ws = makeWorkspace(oneEval('e1', 'start', always), [{ ...claudeRound('s', 'one'), jobControlChild: true, daemon: true }]);
    const dir = mkdtempSync(join(tmpdir(), 'em-escape-'));
    const outcome = await runAgentRound({
      executable: join(FAKE_AGENTS, 'claude'), args: ['-p', '--output-format', 'stream-json', '--verbose'], stdinText: 'go',
      cwd: ws.task, env: { ...ws.env, IS_SANDBOX: '1' }, stdoutPath: join(dir, 'out'), stderrPath: join(dir, 'err'),
      containment: { kind: 'session', reason: 'test' },
    });
    assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 });
    const [call] = ws.calls();
    assert.ok(await goneSoon(call!.jobMark!), 'the job-control child was swept with the session');
    const daemonAlive = isRunning(call!.daemonMark!);
    for (const pid of holdersOf(call!.daemonMark!)) process.kill(pid, 'SIGKILL');
    assert.equal(daemonAlive, true, 'a daemon that left the session is not found by the sweep (docs/run.md says so)');
  });
});

describe('eval-magic killed with SIGKILL', () => {
  it('no process of the agent survives: the agent, its child, its job-control child and its daemon', { skip: noNamespace, timeout: 60_000 }, async () => {
    const ws = makeWorkspace(oneEval('e1', 'start', always), [{ stdout: [claude.init('s')], hang: true, spawnChild: true, jobControlChild: true, daemon: true }]);
    const run = spawn(process.execPath, [binPath, 'run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', ws.out], { env: ws.env, stdio: 'ignore' });
    const [call] = await waitForCalls(ws, 1);
    const marks = [call!.mark, call!.childMark!, call!.jobMark!, call!.daemonMark!];
    for (const mark of marks) assert.ok(isRunning(mark), `process ${mark} runs while the round does`);
    run.kill('SIGKILL');
    await new Promise((done) => run.once('exit', done));
    for (const mark of marks) assert.ok(await goneSoon(mark), `process ${mark} outlived eval-magic`);
    // The lock of a SIGKILLed run stays, saying its agents were held in PID namespaces: the next
    // run takes it over (docs/run.md).
    assert.match(readFileSync(join(ws.out, '.eval-magic-run.lock'), 'utf8'), /"contained":true/);
  });
});

describe('as a regular user', () => {
  // The real-agent tier runs eval-magic as a regular user: there the namespace comes with a user namespace.
  const asRoot = process.getuid?.() === 0;
  it('the PID namespace comes from a user namespace, and a setsid daemon still does not outlive its round', { skip: noNamespace || (!asRoot && 'needs root to become a regular user with setpriv'), timeout: 60_000 }, async () => {
    const ws = makeWorkspace(oneEval('e1', 'start', always), [escaping('one'), escaping('two')]);
    // The regular user's, not world-writable: the run writes its --out there.
    giveToRegularUser(ws.root);
    const run = spawnAsRegularUser([process.execPath, binPath, 'run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', ws.out], { env: ws.env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    for (const call of calls) {
      assert.equal(statSync(join(ws.out, 'turn-1', 'claude-events.jsonl')).uid, 65534, 'the run wrote as the regular user');
      for (const mark of [call.childMark!, call.jobMark!, call.daemonMark!]) assert.ok(await goneSoon(mark), `process ${mark} outlived its round`);
    }
  });
});

describe('what the agent sees is unchanged under the namespace', () => {
  const contained: Containment | undefined = namespaces.kind === 'pid-namespace' ? namespaces : undefined;
  const roundWith = async (script: string, extra: { stdinText?: string; env?: NodeJS.ProcessEnv } = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'em-init-'));
    const outcome = await runAgentRound({
      executable: process.execPath, args: ['-e', script, '--', '-x', 'two words'], cwd: dir, env: { PATH: process.env.PATH, ...extra.env },
      stdoutPath: join(dir, 'out'), stderrPath: join(dir, 'err'), ...(extra.stdinText !== undefined ? { stdinText: extra.stdinText } : {}), ...(contained ? { containment: contained } : {}),
    });
    return { outcome, stdout: readFileSync(join(dir, 'out'), 'utf8'), stderr: readFileSync(join(dir, 'err'), 'utf8') };
  };

  it('stdin, argv, stdout, stderr and the environment (NODE_OPTIONS included) arrive as given', { skip: noNamespace }, async () => {
    const script = `process.stdout.write(JSON.stringify({ argv: process.argv.slice(1), stdin: require('fs').readFileSync(0, 'utf8'), env: process.env.MY_VAR, nodeOptions: process.env.NODE_OPTIONS, kept: Object.keys(process.env).filter((k) => k.startsWith('EVAL_MAGIC')) })); process.stderr.write('to stderr')`;
    const { outcome, stdout, stderr } = await roundWith(script, { stdinText: 'line 1\n$(x) "q"\n', env: { MY_VAR: 'a b', NODE_OPTIONS: '--no-warnings' } });
    assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 });
    assert.deepEqual(JSON.parse(stdout), { argv: ['-x', 'two words'], stdin: 'line 1\n$(x) "q"\n', env: 'a b', nodeOptions: '--no-warnings', kept: [] });
    assert.equal(stderr, 'to stderr');
  });

  it('a finished round leaves no timer behind (a pending drain timer kept every run alive 1 s after its last round)', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    assert.deepEqual((await roundWith('')).outcome, { kind: 'exited', exitCode: 0 });
    assert.equal(timers(), before);
  });

  it('exit codes and deaths by signal are reported as the agent had them', { skip: noNamespace }, async () => {
    assert.deepEqual((await roundWith('process.exit(7)')).outcome, { kind: 'exited', exitCode: 7 });
    assert.deepEqual((await roundWith(`process.kill(process.pid, 'SIGSEGV')`)).outcome, { kind: 'killed', signal: 'SIGSEGV' });
    assert.deepEqual((await roundWith(`process.kill(process.pid, 'SIGTERM')`)).outcome, { kind: 'killed', signal: 'SIGTERM' });
  });

  it("a death by signal leaves the agent's stderr as the agent wrote it (the init's shell adds no 'Killed' line)", { skip: noNamespace }, async () => {
    const { outcome, stderr } = await roundWith(`process.stderr.write('last words', () => process.kill(process.pid, 'SIGKILL'))`);
    assert.deepEqual(outcome, { kind: 'killed', signal: 'SIGKILL' });
    assert.equal(stderr, 'last words');
  });

  it('an agent whose program cannot be executed exits 126 or 127 with the reason on its stderr', { skip: noNamespace }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'em-init-'));
    const agent = join(dir, 'agent');
    writeFileSync(agent, '#!/nonexistent/interpreter\n', { mode: 0o755 });
    const outcome = await runAgentRound({ executable: agent, args: [], cwd: dir, env: { PATH: process.env.PATH }, stdoutPath: join(dir, 'out'), stderrPath: join(dir, 'err'), ...(contained ? { containment: contained } : {}) });
    assert.ok(outcome.kind === 'exited' && (outcome.exitCode === 126 || outcome.exitCode === 127), JSON.stringify(outcome));
    assert.match(readFileSync(join(dir, 'err'), 'utf8'), /agent/);
  });
});
