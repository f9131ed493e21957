// prompt_via and env: texts on stdin arrive whole (no argument limit), an agent that never reads
// its stdin does not upset the run, and a descriptor's env reaches the agent over the caller's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runEvals } from '../../src/runner/index.js';
import { claudeRound, makeWorkspace, oneEval, readCheckedArtifact } from './run-helpers.js';

const stream = (session: string, text: string) =>
  [{ type: 'system', subtype: 'init', session_id: session }, { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text }] } }]
    .map((l) => JSON.stringify(l))
    .join('\n');

/** A descriptor whose agent is `node -e <script>`: the script gets the environment as `process.env`. */
function nodeDescriptor(dir: string, script: string, extra: object = {}): string {
  const file = join(dir, 'node-agent.json');
  writeFileSync(file, JSON.stringify({
    name: 'node-agent',
    executable: process.execPath,
    prompt_via: 'stdin',
    argv: ['-e', script],
    resume_argv: ['-e', script, '{session_id}'],
    model_args: [],
    events_file: 'events.jsonl',
    stderr_file: 'stderr.log',
    parser: 'claude-stream-json',
    ...extra,
  }));
  return file;
}

describe('prompt_via "stdin"', () => {
  it('a text far over the per-argument limit (128 KiB) arrives whole, byte for byte', async () => {
    const big = `-- ${'héllo "world" $(x) `y`\n'.repeat(40_000)}`; // ~1 MiB
    const ws = makeWorkspace(oneEval('big', 'start', [{ prompt: big, deliver_when: 'always' }]), [claudeRound('s1', 'Go on.'), claudeRound('s1', 'Read it all.')]);
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'big', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env });
    assert.equal(result?.status, 'completed', JSON.stringify(result));
    assert.equal(ws.calls()[1]!.prompt, big);
    readCheckedArtifact(join(ws.out, 'conversation.json'));
  });

  it('an agent that exits without reading its stdin: the run goes on (the broken pipe is not an error)', async () => {
    const ws = makeWorkspace(oneEval('deaf', 'x'.repeat(1 << 20), [{ prompt: 'y'.repeat(1 << 20), deliver_when: 'always' }]), []);
    const script = `process.stdout.write(${JSON.stringify(stream('s1', 'Not listening.'))} + '\\n')`;
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'deaf', harness: nodeDescriptor(ws.root, script), cwd: ws.task, out: ws.out, env: ws.env });
    assert.equal(result?.status, 'completed', JSON.stringify(result));
  });
});

describe('env', () => {
  it("the descriptor's variables reach the agent on every round, over the caller's", async () => {
    const ws = makeWorkspace(oneEval('env', 'start', [{ prompt: 'again', deliver_when: 'always' }]), []);
    const script = `process.stdout.write(${JSON.stringify(stream('s1', ''))}.replace('"text":""', '"text":' + JSON.stringify(process.env.EM_MODE + '/' + process.env.EM_KEEP)) + '\\n')`;
    const harness = nodeDescriptor(ws.root, script, { env: { EM_MODE: 'from-descriptor' } });
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'env', harness, cwd: ws.task, out: ws.out, env: { ...ws.env, EM_MODE: 'from-caller', EM_KEEP: 'kept' } });
    assert.equal(result?.status, 'completed', JSON.stringify(result));
    const { value } = readCheckedArtifact(join(ws.out, 'conversation.json'));
    assert.deepEqual(value.events.filter((e: any) => e.type === 'assistant_message').map((e: any) => e.text), ['from-descriptor/kept', 'from-descriptor/kept']);
  });
});
