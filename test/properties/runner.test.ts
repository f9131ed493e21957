// Property of the runner: fed random well-formed (and sometimes faulty) streams from the fake agents and
// random turn scripts, it either writes an artifact that passes `check` or aborts cleanly with none.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { check, UsageError } from '../../src/index.js';
import { runEvals } from '../../src/runner/index.js';
import { makeWorkspace, oneEval, type FakeRound } from '../runner/run-helpers.js';
import { anyText, assertProperty, jsonValue, spokenText } from './conversation-arbitraries.js';

type Harness = 'claude-code' | 'codex' | 'opencode';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
type Item = { kind: 'text'; text: string } | { kind: 'tool'; name: string; input: unknown; output: string };

const item: fc.Arbitrary<Item> = fc.oneof(
  anyText.map((text): Item => ({ kind: 'text', text })),
  fc.record({ name: fc.constantFrom('Bash', 'Read', 'grep'), input: fc.dictionary(fc.string({ maxLength: 5 }), jsonValue, { maxKeys: 3 }), output: anyText }).map((t): Item => ({ kind: 'tool', ...t })),
);

/** What can go wrong in a round, mostly nothing. */
const fault = fc.constantFrom('none', 'none', 'none', 'none', 'none', 'no-session', 'other-session', 'no-final', 'exit-1', 'garbage', 'invalid-utf8');

const round = fc.record({ items: fc.array(item, { maxLength: 4 }), final: spokenText, fault });
type RoundSpec = { items: Item[]; final: string; fault: string };

/** One round's stdout in the harness's own stream format (spec §1), as lines. */
function streamLines(harness: Harness, spec: RoundSpec, session: string): unknown[] {
  const { items, final } = spec;
  const noFinal = spec.fault === 'no-final';
  if (harness === 'claude-code') {
    const lines: unknown[] = [{ type: 'system', subtype: 'init', session_id: session, cwd: '/tmp', tools: ['Bash'] }];
    items.forEach((it, i) => {
      if (it.kind === 'text') lines.push({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: it.text }] } });
      else {
        lines.push({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id: `t${i}`, name: it.name, input: it.input }] } });
        lines.push({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: i % 2 ? it.output : [{ type: 'text', text: it.output }] }] } });
      }
    });
    if (!noFinal) lines.push({ type: 'result', subtype: 'success', is_error: false, result: final, duration_ms: 5, usage: { input_tokens: 1, output_tokens: 1 } });
    return lines;
  }
  if (harness === 'codex') {
    const lines: unknown[] = [{ type: 'thread.started', thread_id: session }, { type: 'turn.started' }];
    items.forEach((it, i) => {
      if (it.kind === 'text') lines.push({ type: 'item.completed', item: { id: `i${i}`, type: 'agent_message', text: it.text } });
      else lines.push({ type: 'item.completed', item: { id: `i${i}`, type: 'command_execution', command: it.name, aggregated_output: it.output, exit_code: 0, status: 'completed' } });
    });
    if (!noFinal) lines.push({ type: 'item.completed', item: { id: 'last', type: 'agent_message', text: final } });
    lines.push({ type: 'turn.completed', usage: { input_tokens: 3, cached_input_tokens: 0, output_tokens: 1 } });
    return lines;
  }
  const line = (type: string, part: object, t: number) => ({ type, timestamp: t, sessionID: session, part });
  const lines: unknown[] = [line('step_start', { type: 'step-start' }, 0)];
  items.forEach((it, i) => {
    if (it.kind === 'text') lines.push(line('text', { type: 'text', text: it.text }, i + 1));
    else lines.push(line('tool_use', { tool: it.name, state: { status: 'completed', input: it.input, output: it.output } }, i + 1));
  });
  if (!noFinal) lines.push(line('text', { type: 'text', text: final }, 99));
  lines.push(line('step_finish', { tokens: { input: 1, output: 1, reasoning: 0 } }, 100));
  return lines;
}

/** The fake agent's script for one round, faults applied. */
function fakeRound(harness: Harness, spec: RoundSpec): FakeRound {
  const session = spec.fault === 'other-session' ? 'sess-other' : spec.fault === 'no-session' ? '' : 'sess-1';
  let lines = streamLines(harness, spec, session);
  if (spec.fault === 'no-session') lines = lines.map((l) => JSON.parse(JSON.stringify(l).replace(/"(session_id|thread_id|sessionID)":""/g, '"x":0')));
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  const bytes = Buffer.from(spec.fault === 'garbage' ? `not json\n{"type":\n${text}\u0000\n` : text);
  const raw = spec.fault === 'invalid-utf8' ? Buffer.concat([bytes, Buffer.from([0xff, 0xfe, 0x0a, 0xc3, 0x28, 0x0a])]) : bytes;
  return { stdoutBase64: raw.toString('base64'), exit: spec.fault === 'exit-1' ? 1 : 0, ...(harness === 'codex' && spec.fault !== 'no-final' ? { writeLastMessage: spec.final } : {}) };
}

const turn = fc.oneof(
  fc.record({ prompt: spokenText, deliver_when: fc.constant('always') }),
  fc.record({ prompt: spokenText, deliver_when: fc.constant('agent_asks'), agent_response_matches: fc.constantFrom('\\?', '(?i)which', '\\A.', 'x{2}', '\\p{L}') }, { requiredKeys: ['prompt', 'deliver_when'] }),
);

describe('run on random streams', () => {
  it('writes an artifact that passes check, or aborts with none', { timeout: 240_000 }, async () => {
    const seen = new Map<string, number>();
    const tally = (outcome: string) => seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
    await assertProperty(
      fc.asyncProperty(fc.constantFrom<Harness>('claude-code', 'codex', 'opencode'), spokenText, fc.array(turn, { maxLength: 2 }), fc.array(round, { minLength: 3, maxLength: 3 }), async (harness, prompt, turns, rounds) => {
        const ws = makeWorkspace(oneEval('e', prompt, turns.length > 0 ? turns : [{ prompt: 'next', deliver_when: 'agent_asks' }]), rounds.map((r) => fakeRound(harness, r)));
        try {
          const artifact = join(ws.out, 'conversation.json');
          const run = runEvals({ evals: ws.evalsPath, evalId: 'e', harness, cwd: ws.task, out: ws.out, env: ws.env, roundTimeoutSeconds: 30 });
          if ([prompt, ...turns.map((t) => t.prompt)].some((p) => p.includes('\u0000') || LONE_SURROGATE.test(p))) {
            // No argv can carry a NUL, and UTF-8 has no lone surrogate: refused before anything runs (exit 2).
            await assert.rejects(run, (e) => e instanceof UsageError && /NUL|lone surrogate/.test(e.message));
            assert.equal(existsSync(artifact), false);
            assert.deepEqual(ws.calls(), []);
            tally('refused');
            return;
          }
          const [result] = await run;
          tally(result!.status === 'aborted' ? `aborted:${result!.reason}` : result!.status);
          if (result!.status === 'aborted') {
            assert.equal(existsSync(artifact), false, 'an aborted run leaves no artifact');
            assert.match(result!.message, /Round \d+|conversation/, result!.message);
            return;
          }
          const report = await check([artifact], { cwd: ws.root });
          assert.equal(report.errorCount, 0, JSON.stringify(report.results[0]?.messages));
        } finally {
          rmSync(ws.root, { recursive: true, force: true });
        }
      }),
      30,
    );
    // The generators must reach both sides of the property, or it proves little.
    const written = (seen.get('completed') ?? 0) + (seen.get('stopped') ?? 0);
    assert.ok(written >= 5 && written < 30, JSON.stringify([...seen]));
  });
});
