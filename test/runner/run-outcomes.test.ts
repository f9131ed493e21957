// Every gate outcome and every abort of `run`, with the fake agents; overwrite and interrupt behaviour.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ROUND_TIMEOUT_MS, loadHarness, runEval, runEvals } from '../../src/runner/index.js';
import { UsageError } from '../../src/errors.js';
import { shownPath } from '../../src/fs/shown-path.js';
import { claude, claudeRound, isRunning, makeWorkspace, oneEval, readCheckedArtifact, type FakeRound, type ProcessMark } from './run-helpers.js';

async function runOne(turns: unknown[], rounds: FakeRound[], extra: Record<string, unknown> = {}) {
  const ws = makeWorkspace(oneEval('e1', 'start', turns), rounds);
  const results = await runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, reporter: ws.reporter, ...extra });
  assert.equal(results.length, 1);
  return { ws, result: results[0]! };
}

describe('gates', () => {
  const cases: { name: string; turns: unknown[]; texts: string[]; expect: Record<string, unknown> }[] = [
    { name: 'agent_asks without a "?" stops with agent_did_not_ask', turns: [{ prompt: 'a', deliver_when: 'agent_asks' }], texts: ['All done．？'], expect: { status: 'stopped', stop_reason: 'agent_did_not_ask', stopped_before_followup: 1, delivered_followups: 0 } },
    { name: 'agent_asks with a non-matching regex stops with agent_response_mismatch', turns: [{ prompt: 'a', deliver_when: 'agent_asks', agent_response_matches: '\\AWhich' }], texts: ['So, which one?'], expect: { status: 'stopped', stop_reason: 'agent_response_mismatch', stopped_before_followup: 1, delivered_followups: 0 } },
    { name: 'a matching regex delivers; the first unmet later gate stops; later always-turns are not reached', turns: [{ prompt: 'a', deliver_when: 'agent_asks', agent_response_matches: '(?P<q>zone)\\?\\z' }, { prompt: 'b', deliver_when: 'agent_asks' }, { prompt: 'c', deliver_when: 'always' }], texts: ['Which zone?', 'Fine.'], expect: { status: 'stopped', stop_reason: 'agent_did_not_ask', stopped_before_followup: 2, delivered_followups: 1 } },
    { name: 'always delivers even without a question', turns: [{ prompt: 'a', deliver_when: 'always' }], texts: ['No question.', 'Still none.'], expect: { status: 'completed', delivered_followups: 1 } },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { ws, result } = await runOne(c.turns, c.texts.map((t) => claudeRound('s1', t)));
      assert.equal(result.status, c.expect.status, JSON.stringify(result));
      assert.equal(ws.calls().length, c.texts.length);
      const { value } = readCheckedArtifact(join(ws.out, 'conversation.json'));
      const { events, ...head } = value;
      assert.deepEqual(head, c.expect);
      assert.equal(readFileSync(join(ws.out, 'final-message.md'), 'utf8'), `${c.texts.at(-1)}\n`);
    });
  }
});

describe('aborts', () => {
  const always = [{ prompt: 'next', deliver_when: 'always' }];
  const cases: { name: string; rounds: FakeRound[]; reason: string; round: number; file?: string; message: RegExp; turns?: unknown[] }[] = [
    { name: 'agent exits non-zero', rounds: [{ stdout: [claude.init('s')], stderr: 'api down\n', exit: 3 }], reason: 'agent-failed', round: 1, file: 'turn-1/claude-stderr.log', message: /Round 1: claude exited with status 3; see .*turn-1\/claude-stderr\.log/ },
    { name: 'round 1 has no session id', rounds: [{ stdout: [claude.text('hi'), claude.result('hi')] }], reason: 'missing-session-id', round: 1, file: 'turn-1/claude-events.jsonl', message: /Round 1: .*no session id/ },
    { name: 'round 1 has a whitespace session id', rounds: [claudeRound(' \t', 'hi')], reason: 'missing-session-id', round: 1, file: 'turn-1/claude-events.jsonl', message: /Round 1/ },
    { name: 'a resume reports another session id', rounds: [claudeRound('s-1', 'a'), claudeRound('s-2', 'b')], reason: 'session-id-mismatch', round: 2, file: 'turn-2/claude-events.jsonl', message: /Round 2: .*"s-2".*"s-1"/ },
    { name: 'a round has no final text', rounds: [claudeRound('s', 'a'), { stdout: [claude.init('s'), claude.toolUse('t', 'Bash', { c: 'ls' })] }], reason: 'missing-final-text', round: 2, file: 'turn-2/claude-events.jsonl', message: /Round 2: .*no final text/ },
    { name: 'a round whose final text is whitespace', rounds: [{ stdout: [claude.init('s'), claude.result('  \n')] }], reason: 'missing-final-text', round: 1, file: 'turn-1/claude-events.jsonl', message: /Round 1/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { ws, result } = await runOne(c.turns ?? always, c.rounds);
      assert.equal(result.status, 'aborted');
      if (result.status !== 'aborted') return;
      assert.equal(result.reason, c.reason);
      assert.equal(result.round, c.round);
      assert.match(result.message, c.message);
      if (c.file) assert.equal(result.file, join(ws.out, c.file));
      assert.equal(existsSync(join(ws.out, 'conversation.json')), false);
      assert.equal(existsSync(join(ws.out, 'final-message.md')), false);
      assert.ok(existsSync(join(ws.out, 'turn-1', 'claude-events.jsonl')), 'raw round output stays for debugging');
    });
  }

  const badRegexTurns = [{ prompt: 'a', deliver_when: 'agent_asks' as const, agent_response_matches: '(?=x)' }];

  it('a gate regex that does not compile is refused with evals.json, before anything runs', async () => {
    const ws = makeWorkspace(oneEval('e1', 'go', badRegexTurns), [claudeRound('s', 'x?')]);
    await assert.rejects(
      runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env }),
      (e: Error) => e instanceof UsageError && e.message.startsWith(`${shownPath(process.cwd(), ws.evalsPath)} is not a valid evals.json; nothing ran:`) && /\n {2}\d+:\d+ +error +.*look-around.* {2}gate-regex\n/.test(e.message),
    );
    assert.equal(ws.calls().length, 0);
  });

  it('a gate regex that does not compile at gate time aborts (runEval without the evals.json check)', async () => {
    const ws = makeWorkspace({}, [claudeRound('s', 'x?')]);
    const result = await runEval({ evalCase: { id: 'e1', prompt: 'go', turns: badRegexTurns }, harness: loadHarness('claude-code'), cwd: ws.task, outDir: ws.out, env: ws.env });
    assert.equal(result.status === 'aborted' && result.reason, 'invalid-gate-regex');
    assert.match(result.status === 'aborted' ? result.message : '', /Follow-up 1/);
    assert.equal(existsSync(join(ws.out, 'conversation.json')), false);
  });

  it('an executable missing from PATH is a usage error naming it, found before --out is made', async () => {
    const ws = makeWorkspace(oneEval('e1', 'go', always), []);
    const descriptor = join(ws.root, 'ghost.json');
    const builtIn = JSON.parse(readFileSync(new URL('../../harnesses/claude-code.json', import.meta.url), 'utf8'));
    writeFileSync(descriptor, JSON.stringify({ ...builtIn, $schema: undefined, name: 'ghost', executable: 'no-such-agent-cli' }));
    await assert.rejects(runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: descriptor, cwd: ws.task, out: ws.out, env: ws.env }), (e: Error) => e instanceof UsageError && /harness ghost: the executable "no-such-agent-cli" is not on PATH/.test(e.message));
    assert.equal(existsSync(ws.out), false);
  });

  it('a hung agent hits --round-timeout; its whole process group is killed', async () => {
    const { ws, result } = await runOne(always, [{ stdout: [claude.init('s')], hang: true, ignoreSigterm: true, spawnChild: true }], { roundTimeoutSeconds: 1, killGraceMs: 200 });
    assert.equal(result.status, 'aborted');
    if (result.status !== 'aborted') return;
    assert.equal(result.reason, 'timed-out');
    assert.match(result.message, /Round 1: .*--round-timeout \(1 s\)/);
    const childMark = ws.calls()[0]!.childMark!;
    assert.ok(childMark !== undefined, 'the fake agent logged no child');
    await waitUntilGone(childMark);
    assert.equal(existsSync(join(ws.out, 'conversation.json')), false);
  });

  it('an interrupt (Ctrl-C) stops the agent and writes nothing', async () => {
    const controller = new AbortController();
    const ws = makeWorkspace(oneEval('e1', 'go', always), [{ stdout: [claude.init('s')], hang: true }]);
    const running = runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, signal: controller.signal, reporter: (p) => p.kind === 'round-started' && setTimeout(() => controller.abort(), 300) });
    const [result] = await running;
    assert.equal(result?.status, 'aborted');
    assert.equal(result?.status === 'aborted' && result.reason, 'interrupted');
    assert.equal(existsSync(join(ws.out, 'conversation.json')), false);
  });
});

describe('an existing conversation.json', () => {
  const old = '{"old": "artifact, not even valid"}\n';
  const prepare = (rounds: FakeRound[]) => {
    const ws = makeWorkspace(oneEval('e1', 'go', [{ prompt: 'n', deliver_when: 'always' }]), rounds);
    mkdirSync(ws.out, { recursive: true });
    writeFileSync(join(ws.out, 'conversation.json'), old);
    return ws;
  };
  const run = (ws: ReturnType<typeof prepare>, overwrite: boolean) =>
    runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, overwrite });

  it('without --overwrite: refused before anything runs', async () => {
    const ws = prepare([claudeRound('s', 'a'), claudeRound('s', 'b')]);
    await assert.rejects(run(ws, false), (e: Error) => e instanceof UsageError && /--overwrite/.test(e.message));
    assert.equal(ws.calls().length, 0);
    assert.equal(readFileSync(join(ws.out, 'conversation.json'), 'utf8'), old);
  });

  it('without --overwrite, several evals: refused before anything is made — no folder for the evals before the one refused', async () => {
    const evals = { skill_name: 's', evals: ['first', 'second'].map((id) => ({ id, prompt: 'p', expected_output: 'o' })) };
    const ws = makeWorkspace(evals, [claudeRound('s', 'a'), claudeRound('s', 'b')]);
    mkdirSync(join(ws.out, 'second'), { recursive: true });
    writeFileSync(join(ws.out, 'second', 'conversation.json'), old);
    await assert.rejects(runEvals({ evals: ws.evalsPath, harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env }), (e: Error) => e instanceof UsageError && /second.*--overwrite/.test(e.message));
    assert.equal(ws.calls().length, 0);
    assert.deepEqual(readdirSync(ws.out), ['second']);
  });

  it('with --overwrite and an aborted run: left byte-identical', async () => {
    const ws = prepare([claudeRound('s', 'a'), { exit: 1 }]);
    const [result] = await run(ws, true);
    assert.equal(result?.status, 'aborted');
    assert.equal(readFileSync(join(ws.out, 'conversation.json'), 'utf8'), old);
  });

  it('with --overwrite and a completed run: replaced', async () => {
    const ws = prepare([claudeRound('s', 'a'), claudeRound('s', 'b')]);
    const [result] = await run(ws, true);
    assert.equal(result?.status, 'completed');
    readCheckedArtifact(join(ws.out, 'conversation.json'));
  });

  it("with --overwrite and a completed run: what the old run left that the new one did not make goes (its later rounds' folders, a rejected artifact)", async () => {
    // The old run went one round further and was once refused by the checker: nothing of it may pass for the new run's.
    const ws = prepare([claudeRound('s', 'a'), claudeRound('s', 'b')]);
    for (const round of ['turn-3', 'turn-12']) {
      mkdirSync(join(ws.out, round));
      writeFileSync(join(ws.out, round, 'claude-events.jsonl'), '{"old": true}\n');
    }
    writeFileSync(join(ws.out, 'rejected-conversation.json'), old);
    mkdirSync(join(ws.out, 'notes'));
    writeFileSync(join(ws.out, 'turn-3.txt'), 'the user\'s own file');
    const [result] = await run(ws, true);
    assert.equal(result?.status, 'completed');
    assert.deepEqual(readdirSync(ws.out).sort(), ['conversation.json', 'final-message.md', 'notes', 'turn-1', 'turn-2', 'turn-3.txt']);
  });

  it('with --overwrite and an aborted run: the old run\'s later rounds stay beside the old conversation.json', async () => {
    const ws = prepare([claudeRound('s', 'a'), { exit: 1 }]);
    mkdirSync(join(ws.out, 'turn-3'));
    const [result] = await run(ws, true);
    assert.equal(result?.status, 'aborted');
    assert.ok(existsSync(join(ws.out, 'turn-3')));
  });
});

/** Waits (bounded) until a process a fake agent logged no longer runs; fails if it survives. */
async function waitUntilGone(mark: ProcessMark): Promise<void> {
  for (let i = 0; i < 50 && isRunning(mark); i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(isRunning(mark), false, `process ${mark} is still running`);
}

describe('--round-timeout', () => {
  it('0 means no limit (not an instant timeout); a negative value is a usage error; the default is 30 minutes', async () => {
    const { result } = await runOne([{ prompt: 'n', deliver_when: 'always' }], [claudeRound('s', 'a'), claudeRound('s', 'b')], { roundTimeoutSeconds: 0 });
    assert.equal(result.status, 'completed', JSON.stringify(result));
    const ws = makeWorkspace(oneEval('e1', 'go', [{ prompt: 'n', deliver_when: 'always' }]), []);
    await assert.rejects(
      runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, roundTimeoutSeconds: -1 }),
      (e: Error) => e instanceof UsageError && /--round-timeout must be a number of seconds \(0 for no limit\), got -1/.test(e.message),
    );
    assert.equal(DEFAULT_ROUND_TIMEOUT_MS, 30 * 60 * 1000);
  });
});
