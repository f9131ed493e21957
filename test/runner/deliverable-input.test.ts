// Texts that cannot reach the agent as written are refused before round 1, naming eval, turn and
// limit; the limits are this system's own (checked against a real exec at the boundary).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findUndeliverableTexts, type DeliveryContext } from '../../src/runner/deliverable-input.js';
import { execLimits, type ExecLimits } from '../../src/runner/exec-limits.js';
import { loadHarness, runEvals } from '../../src/runner/index.js';
import { UsageError } from '../../src/errors.js';
import { shownPath } from '../../src/fs/shown-path.js';
import { claudeRound, makeWorkspace, oneEval } from './run-helpers.js';

/** "line:column" (1-based) of the first `needle` in `text`. */
function place(text: string, needle: string): string {
  const lines = text.slice(0, text.indexOf(needle)).split('\n');
  return `${lines.length}:${lines.at(-1)!.length + 1}`;
}

const limits: ExecLimits = { maxArgBytes: 1024, maxTotalBytes: 8192, pointerBytes: 8, source: 'test limits' };
const claudeHarness = loadHarness('claude-code');
// The built-ins take the text on stdin; the argument limits are checked on a descriptor that passes it as the last argument.
const argvHarness = { ...claudeHarness, prompt_via: 'argv' as const, argv: [...claudeHarness.argv, '--', '{prompt}'], resume_argv: [...claudeHarness.resume_argv, '--', '{prompt}'] };
const ctx: DeliveryContext = { harness: argvHarness, program: '/usr/bin/claude', cwd: '/task', outDir: '/out', env: { PATH: '/usr/bin' } };
const evalWith = (prompt: string, ...followups: string[]) => ({ id: 'e1', prompt, turns: followups.map((p) => ({ prompt: p, deliver_when: 'always' as const })) });

describe('findUndeliverableTexts', () => {
  const cases: { name: string; evalCase: ReturnType<typeof evalWith>; context?: Partial<DeliveryContext>; expect: RegExp[] }[] = [
    { name: 'plain texts, an emoji (a valid surrogate pair), quotes and a leading --', evalCase: evalWith('go 🦀 "$(x)"', '-- UTC, please'), expect: [] },
    // Positions are characters (code points) counted from 1, as check's "they differ at character N".
    { name: 'a NUL in the second follow-up', evalCase: evalWith('go', 'a', 'b\u0000c'), expect: [/^eval "e1" turns\[1\]\.prompt \(follow-up 2\), round 3: contains a NUL character \(\\u0000\) at character 2,/] },
    { name: 'a NUL after an emoji: one character, not two UTF-16 units', evalCase: evalWith('🦀\u0000'), expect: [/^eval "e1" prompt, round 1: contains a NUL character \(\\u0000\) at character 2,/] },
    { name: 'a lone high surrogate in the prompt', evalCase: evalWith('ab\uD83E', 'a'), expect: [/^eval "e1" prompt, round 1: contains a lone surrogate \(\\uD83E\) at character 3, which UTF-8 cannot encode/] },
    { name: 'a lone low surrogate in a follow-up', evalCase: evalWith('go', '\uDC00x'), expect: [/turns\[0\]\.prompt \(follow-up 1\), round 2: contains a lone surrogate \(\\uDC00\) at character 1,/] },
    { name: 'a lone surrogate after an emoji', evalCase: evalWith('🦀🦀\uDC00'), expect: [/prompt, round 1: contains a lone surrogate \(\\uDC00\) at character 3,/] },
    { name: 'an argument one byte under the limit (1023 bytes + NUL)', evalCase: evalWith('x'.repeat(1023), 'a'), expect: [] },
    { name: 'an argument at the limit (1024 bytes + NUL)', evalCase: evalWith('go', 'x'.repeat(1024)), expect: [/turns\[0\]\.prompt \(follow-up 1\), round 2: is 1024 bytes, over the largest command-line argument this system takes \(1023 bytes; test limits\)/] },
    { name: 'multi-byte text counts in UTF-8 bytes (512 × é = 1024 bytes)', evalCase: evalWith('é'.repeat(512), 'a'), expect: [/prompt, round 1: is 1024 bytes/] },
    { name: 'the whole command line with the environment over the total', evalCase: evalWith('go', 'a'), context: { env: { BIG: 'v'.repeat(8000) } }, expect: [/round 1: its command line and environment take \d+ bytes, over this system's exec limit \(ARG_MAX\) of 8192 bytes/, /round 2: its command line/] },
    { name: 'prompt_via stdin: no size limit, but NUL and lone surrogates still refused', evalCase: evalWith('x'.repeat(50_000), 'a\u0000', '\uD800'), context: { harness: { ...claudeHarness, prompt_via: 'stdin' } }, expect: [/follow-up 1\), round 2: contains a NUL/, /follow-up 2\), round 3: contains a lone surrogate/] },
  ];
  it('each problem names its text by a pointer below the eval, for run and campaign to place it in evals.json', () => {
    const problems = findUndeliverableTexts(evalWith('a\u0000', 'b', 'c\u0000'), ctx, limits);
    assert.deepEqual(problems.map((p) => p.pointer), ['/prompt', '/turns/1/prompt']);
  });
  for (const c of cases) {
    it(c.name, () => {
      const problems = findUndeliverableTexts(c.evalCase, { ...ctx, ...c.context }, limits).map((p) => p.message);
      assert.equal(problems.length, c.expect.length, problems.join('\n'));
      c.expect.forEach((pattern, i) => assert.match(problems[i]!, pattern));
    });
  }
});

describe('this system\'s exec limits', { skip: process.platform !== 'linux' && 'Linux only' }, () => {
  const system = execLimits();

  it('the per-argument limit is the kernel\'s: one byte under it execs, at it fails with E2BIG', () => {
    const max = system.maxArgBytes!;
    const page = Number(spawnSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).stdout.trim()) || 4096;
    assert.equal(max, 32 * page);
    const fits = spawnSync(process.execPath, ['-e', '0', 'x'.repeat(max - 1)]);
    assert.equal(fits.error, undefined);
    assert.equal(fits.status, 0);
    const tooLong = spawnSync(process.execPath, ['-e', '0', 'x'.repeat(max)]);
    assert.equal((tooLong.error as NodeJS.ErrnoException | undefined)?.code, 'E2BIG');
    assert.equal(findUndeliverableTexts(evalWith('x'.repeat(max - 1)), ctx).length, 0);
    assert.equal(findUndeliverableTexts(evalWith('x'.repeat(max)), ctx).length, 1);
  });

  it('a command line the check calls too big for the total is one the kernel refuses', () => {
    const chunk = 'v'.repeat(100_000);
    const env: NodeJS.ProcessEnv = {};
    for (let i = 0; Object.keys(env).length * 100_000 < system.maxTotalBytes! + 200_000; i++) env[`BIG_${i}`] = chunk;
    const problems = findUndeliverableTexts(evalWith('go'), { ...ctx, program: process.execPath, env });
    assert.match(problems[0]?.message ?? '', /ARG_MAX/);
    const refused = spawnSync(process.execPath, ['-e', '0', 'go'], { env });
    assert.equal((refused.error as NodeJS.ErrnoException | undefined)?.code, 'E2BIG');
  });
});

describe('run refuses undeliverable texts before round 1', () => {
  it('a follow-up over the per-argument limit in round 3: exit 2 naming eval, turn and limit; no round runs', { skip: process.platform !== 'linux' && 'Linux only' }, async () => {
    const huge = 'y'.repeat(200 * 1024);
    const ws = makeWorkspace(oneEval('long-followup', 'go', [{ prompt: 'a', deliver_when: 'always' }, { prompt: huge, deliver_when: 'always' }]), [claudeRound('s', 'a'), claudeRound('s', 'b'), claudeRound('s', 'c')]);
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const descriptor = `${mkdtempSync(`${tmpdir()}/em-argv-harness-`)}/claude-argv.json`;
    const { source: _source, ...fields } = argvHarness;
    writeFileSync(descriptor, JSON.stringify({ ...fields, name: 'claude-argv' }));
    await assert.rejects(
      runEvals({ evals: ws.evalsPath, evalId: 'long-followup', harness: descriptor, cwd: ws.task, out: ws.out, env: ws.env }),
      (e: Error) => e instanceof UsageError && e.message.startsWith(`${shownPath(process.cwd(), ws.evalsPath)}:${place(readFileSync(ws.evalsPath, 'utf8'), '"yyy')}: `) && /eval "long-followup" turns\[1\]\.prompt \(follow-up 2\), round 3: is 204800 bytes, over the largest command-line argument this system takes \(131071 bytes/.test(e.message) && /nothing was run/.test(e.message),
    );
    assert.deepEqual(ws.calls(), []);
  });

  it('a lone surrogate in a follow-up: refused, so the artifact never records text that was not sent', async () => {
    const ws = makeWorkspace({ skill_name: 's', evals: [] }, []);
    const { writeFileSync } = await import('node:fs');
    // Written as a JSON escape: the file itself is valid UTF-8.
    writeFileSync(ws.evalsPath, '{"skill_name": "s", "evals": [{"id": "e1", "prompt": "go", "expected_output": "x", "turns": [{"prompt": "which \\ud800 one", "deliver_when": "always"}]}]}');
    // Refused as check refuses it (the prompt-characters rule), placed at the text.
    const column = readFileSync(ws.evalsPath, 'utf8').indexOf('"which') + 1;
    await assert.rejects(
      runEvals({ evals: 'evals.json', baseDir: ws.root, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env }),
      (e: Error) => e instanceof UsageError && new RegExp(`^ {2}1:${column} {2}error {2}eval "e1": turns\\[0\\]\\.prompt contains a lone surrogate \\(\\\\uD800\\) at character 7, .* {2}prompt-characters$`, 'm').test(e.message),
    );
    assert.deepEqual(ws.calls(), []);
  });
});
