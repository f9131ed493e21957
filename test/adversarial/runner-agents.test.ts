// Adversarial agents: ones that flood stdout or stderr, one that never exits, one whose forked child outlives it,
// one that writes invalid UTF-8. Each ends in a defined way: a clean abort with no artifact, or a checked artifact.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runEvals } from '../../src/runner/index.js';
import { claude, isRunning, makeWorkspace, oneEval, readCheckedArtifact, type FakeRound, type ProcessMark } from '../runner/run-helpers.js';

const MiB = 1024 * 1024;
const always = [{ prompt: 'next', deliver_when: 'always' }];

async function runOne(rounds: FakeRound[], extra: Record<string, unknown> = {}) {
  const ws = makeWorkspace(oneEval('e1', 'start', always), rounds);
  const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, ...extra });
  return { ws, result: result! };
}

/** Waits (a bounded number of short polls) for a killed process to be gone: SIGKILL is delivered, not instant. */
async function isGoneSoon(mark: ProcessMark): Promise<boolean> {
  for (let i = 0; i < 100 && isRunning(mark); i++) await new Promise((done) => setTimeout(done, 20));
  return !isRunning(mark);
}

describe('agents that misbehave', () => {
  it('an agent flooding stdout without end is killed at --max-events-mb; the events file ends exactly at the limit', { timeout: 120_000 }, async () => {
    const { ws, result } = await runOne([{ stdout: [claude.init('s')], flood: { bytes: 1e15 }, spawnChild: true }], { maxEventsBytes: 64 * MiB });
    assert.equal(result.status, 'aborted');
    if (result.status !== 'aborted') return;
    assert.equal(result.reason, 'events-too-large');
    const events = join(ws.out, 'turn-1', 'claude-events.jsonl');
    assert.match(result.message, new RegExp(`Round 1: the agent wrote more than the limit of 67108864 bytes \\(--max-events-mb\\) to ${events}`));
    assert.equal(result.file, events);
    assert.equal(statSync(events).size, 64 * MiB, 'the disk use is bounded by the limit');
    assert.equal(isRunning(ws.calls()[0]!.childMark!), false, 'the flooding agent\'s group is gone when the round returns');
    assert.equal(existsSync(join(ws.out, 'conversation.json')), false);
  });

  it('an agent flooding stderr without end is stopped the same way; the stderr log ends at the limit', { timeout: 120_000 }, async () => {
    const { ws, result } = await runOne([{ stdout: [claude.init('s')], flood: { bytes: 1e15, fd: 2 } }], { maxEventsBytes: 8 * MiB });
    assert.equal(result.status === 'aborted' && result.reason, 'events-too-large');
    assert.equal(statSync(join(ws.out, 'turn-1', 'claude-stderr.log')).size, 8 * MiB);
  });

  it('an agent that never exits is stopped at --round-timeout with its whole group', async () => {
    const { ws, result } = await runOne([{ stdout: [claude.init('s')], hang: true, ignoreSigterm: true, spawnChild: true }], { roundTimeoutSeconds: 1, killGraceMs: 200 });
    assert.equal(result.status, 'aborted');
    if (result.status === 'aborted') assert.equal(result.reason, 'timed-out');
    assert.equal(existsSync(join(ws.out, 'conversation.json')), false);
    const childMark = ws.calls()[0]!.childMark!;
    assert.ok(await isGoneSoon(childMark), 'the hung agent\'s child was killed too');
  });

  it('a child forked by an agent that exits normally is killed when the round ends', async () => {
    const round = (text: string): FakeRound => ({ stdout: [claude.init('s'), claude.text(text), claude.result(text)], spawnChild: true });
    const { ws, result } = await runOne([round('one'), round('two')]);
    assert.equal(result.status, 'completed', JSON.stringify(result));
    const marks = ws.calls().map((c) => c.childMark!);
    assert.equal(marks.length, 2);
    for (const mark of marks) assert.ok(await isGoneSoon(mark), `leftover process ${mark} still runs`);
    readCheckedArtifact(join(ws.out, 'conversation.json'));
  });

  it('an agent writing invalid UTF-8: the bytes become U+FFFD in the artifact, which passes check; the raw bytes stay', async () => {
    const bad = Buffer.from([0x66, 0xff, 0xfe, 0x6f, 0xc3, 0x28]); // "f", two invalid bytes, "o", a broken 2-byte sequence
    const line = (text: Buffer) => Buffer.concat([Buffer.from('{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"'), text, Buffer.from('"}]}}\n')]);
    const stream = Buffer.concat([Buffer.from(JSON.stringify(claude.init('s')) + '\n'), line(bad), Buffer.from(JSON.stringify(claude.result('done')) + '\n')]);
    const { ws, result } = await runOne([{ stdoutBase64: stream.toString('base64') }, { stdout: [claude.init('s'), claude.text('ok'), claude.result('ok')] }]);
    assert.equal(result.status, 'completed', JSON.stringify(result));
    const { value } = readCheckedArtifact(join(ws.out, 'conversation.json'));
    assert.equal(value.events[1].text, 'f\ufffd\ufffdo\ufffd(');
    assert.deepEqual(readFileSync(join(ws.out, 'turn-1', 'claude-events.jsonl')), stream);
  });
});
