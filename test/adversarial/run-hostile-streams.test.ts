// Streams built to cost eval-magic more than the agent: texts that would make a regex backtrack,
// nesting that would overflow a recursive walk, and millions of tiny events. Each is either
// recorded or ends in a clean abort that keeps the paid rounds' streams and releases the lock.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LOCK_FILE, runEvals } from '../../src/runner/index.js';
import { trimEndWhiteSpace } from '../../src/evals/blank.js';
import { bundledModule } from '../helpers/bundled-module.js';
import { runBin } from '../helpers/cli.js';
import { claude, claudeRound, makeWorkspace, oneEval, readCheckedArtifact, type FakeRound } from '../runner/run-helpers.js';

const always = [{ prompt: 'next', deliver_when: 'always' }];

async function runOne(rounds: FakeRound[], extra: Record<string, unknown> = {}) {
  const ws = makeWorkspace(oneEval('e1', 'start', always), rounds);
  const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, ...extra });
  return { ws, result: result! };
}

describe('texts that would cost more than linear time', () => {
  it('trimEndWhiteSpace strips exactly what Rust\'s trim_end strips (Unicode White_Space, not U+FEFF)', () => {
    assert.equal(trimEndWhiteSpace('a \t\n\u00a0\u2028\u3000'), 'a');
    assert.equal(trimEndWhiteSpace('a\ufeff '), 'a\ufeff');
    assert.equal(trimEndWhiteSpace(' \u0085 '), '');
    assert.equal(trimEndWhiteSpace('a  b'), 'a  b');
    assert.equal(trimEndWhiteSpace(''), '');
  });

  // Quadratic, this text took minutes after the agent exited (300,000² steps of a backtracking
  // trim); linear, it takes milliseconds. The test's timeout turns a hang into a failure.
  // A synchronous spin cannot be caught by a timer in this process: the run goes in a child,
  // killed (code null) after runBin's 60 s.
  it('a final text with 300,000 spaces in the middle is written at once', () => {
    const text = `start${' '.repeat(300_000)}end${' '.repeat(1000)}`;
    const ws = makeWorkspace(oneEval('e1', 'start', always), [claudeRound('s', 'one'), claudeRound('s', text)]);
    const run = runBin(['run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', ws.out], { env: ws.env });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(readFileSync(join(ws.out, 'final-message.md'), 'utf8'), `start${' '.repeat(300_000)}end\n`);
    readCheckedArtifact(join(ws.out, 'conversation.json'));
    assert.equal(existsSync(join(ws.out, LOCK_FILE)), false);
  });
});

describe('help pages that would make a regex backtrack (harness check reads them)', () => {
  // In a child, killed after 60 s as runBin's are (a quadratic scan of these 100,000-character
  // lines takes minutes; linear, the child takes well under a second).
  it('option heads full of "<" or "[" are read in linear time', () => {
    const script = `import { parseHelp } from ${JSON.stringify(bundledModule(new URL('../../src/runner/cli-help.ts', import.meta.url).pathname))};
      const lines = ['--a <' + '<'.repeat(100000), '--b [' + '['.repeat(100000), 'x' + ': '.repeat(50000) + 'y'];
      const page = parseHelp(lines.join('\\n'), 'p');
      process.stdout.write(JSON.stringify([...page.options.keys()]));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(child.status, 0, `killed or failed: ${child.signal ?? ''} ${child.stderr}`);
    assert.deepEqual(JSON.parse(child.stdout), ['--a', '--b']);
  });
});

describe('deep nesting in tool input and results', () => {
  const depth = 10_000;
  // Built as text: JSON.stringify itself overflows at this depth.
  const deepArray = `${'['.repeat(depth)}"core"${']'.repeat(depth)}`;
  const deepObject = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const toolUse = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"deep":${deepObject}}}]}}`;
  const toolResult = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":[${deepArray}]}]}}`;

  it(`a tool input and a tool result nested ${depth.toLocaleString('en')} levels deep are recorded, and the artifact passes check`, { timeout: 120_000 }, async () => {
    const deepRound: FakeRound = { stdout: [claude.init('s'), toolUse, toolResult, claude.text('done'), claude.result('done')] };
    const { ws, result } = await runOne([claudeRound('s', 'one'), deepRound]);
    assert.equal(result.status, 'completed', JSON.stringify(result).slice(0, 500));
    const text = readFileSync(join(ws.out, 'conversation.json'), 'utf8');
    const tool = (JSON.parse(text) as { events: Array<Record<string, unknown>> }).events.find((e) => e.type === 'tool_invocation')!;
    let level: unknown = (tool.args as { deep: unknown }).deep;
    let levels = 0;
    while (typeof level === 'object' && level !== null) [level, levels] = [(level as { a: unknown }).a, levels + 1];
    assert.equal(levels, depth);
    assert.equal(tool.result, deepArray, 'a non-text result part is recorded as its compact JSON');
    readCheckedArtifact(join(ws.out, 'conversation.json'));
    assert.equal(existsSync(join(ws.out, LOCK_FILE)), false);
    // The layout makes this artifact ~200 MB: not left in the temp folder.
    rmSync(ws.root, { recursive: true, force: true });
  });
});

describe('nesting too deep for the artifact layout', () => {
  it('a tool input nested 40,000 levels deep aborts artifact-too-large, naming the depth; the paid rounds\' streams stay', { timeout: 120_000 }, async () => {
    const depth = 40_000;
    const input = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const line = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":${input}}]}}`;
    const { ws, result } = await runOne([claudeRound('s', 'one'), { stdout: [claude.init('s'), line, claude.text('done'), claude.result('done')] }]);
    assert.equal(result.status, 'aborted', JSON.stringify(result).slice(0, 500));
    if (result.status !== 'aborted') return;
    assert.equal(result.reason, 'artifact-too-large');
    assert.match(result.message, /longer than 536,870,888 characters: .* nested 40,000 levels deep; the rounds' streams are kept/);
    for (const r of [1, 2]) assert.ok(existsSync(join(ws.out, `turn-${r}`, 'claude-events.jsonl')));
    assert.equal(existsSync(join(ws.out, 'conversation.json')), false);
    assert.equal(existsSync(join(ws.out, LOCK_FILE)), false);
  });
});

describe('millions of tiny events', () => {
  // The attack had ~12 M blocks in 230 MB; the same shape against lowered limits.
  const tinyBlocks = (count: number) => `{"type":"assistant","message":{"role":"assistant","content":[${'{"type":"tool_use"},'.repeat(count - 1)}{"type":"tool_use"}]}}`;

  it('a round with more events than --max-events aborts events-too-large, keeps the stream and releases the lock', async () => {
    const { ws, result } = await runOne([claudeRound('s', 'one'), { stdout: [claude.init('s'), tinyBlocks(5000), claude.result('done')] }], { maxEvents: 1000 });
    assert.equal(result.status, 'aborted', JSON.stringify(result).slice(0, 300));
    if (result.status !== 'aborted') return;
    assert.equal(result.reason, 'events-too-large');
    assert.equal(result.round, 2);
    const events = join(ws.out, 'turn-2', 'claude-events.jsonl');
    assert.match(result.message, /^Round 2: the agent's stream holds more than 1,000 events \(--max-events\)/);
    assert.equal(result.file, events);
    assert.ok(readFileSync(events, 'utf8').includes('tool_use'), 'the stream stays for debugging');
    assert.equal(existsSync(join(ws.out, 'conversation.json')), false);
    assert.equal(existsSync(join(ws.out, LOCK_FILE)), false);
  });

  it('a line of a million empty objects that are no events is refused before it is parsed (JSON values are bounded too)', async () => {
    const line = `{"type":"system","junk":[${'{},'.repeat(999_999)}{}]}`;
    const { result } = await runOne([{ stdout: [claude.init('s'), line, claude.text('done'), claude.result('done')] }], { maxEvents: 1000 });
    assert.equal(result.status === 'aborted' && result.reason, 'events-too-large', JSON.stringify(result).slice(0, 300));
    if (result.status === 'aborted') assert.match(result.message, /more than 20,000 JSON objects and arrays \(20 per event of --max-events\)/);
  });

  it('the limit is exact: a round of exactly --max-events events is recorded', async () => {
    // 999 tool invocations + one text (the final text is the same) = 1000 events.
    const { result } = await runOne([claudeRound('s', 'one'), { stdout: [claude.init('s'), tinyBlocks(999), claude.text('done'), claude.result('done')] }], { maxEvents: 1000 });
    assert.equal(result.status, 'completed', JSON.stringify(result).slice(0, 300));
  });
});
