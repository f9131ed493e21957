// Artifacts built the way the reference runner builds them (spec §1–3: parse each round's stream,
// assemble, gate, lay out as JSON.stringify(·, null, 2) + "\n") pass check; forging one field fails it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSource } from '../../src/index.js';
import { assembleConversation } from '../../src/runner/conversation.js';
import { streamParsers } from '../../src/workspace/streams/index.js';
import type { ScriptedTurn } from '../../src/evals/types.js';

const lines = (...values: unknown[]) => values.map((v) => JSON.stringify(v)).join('\n') + '\n';

// The spec's own synthetic streams (§1.1–1.3), one round each, plus a resumed round.
const claudeRound1 = lines(
  { type: 'system', subtype: 'init', session_id: 'c1a7-demo-44', cwd: '/tmp/envA', tools: ['Bash', 'Read'] },
  { type: 'assistant', message: { id: 'msg_q1', role: 'assistant', content: [{ type: 'text', text: 'Is the API versioned?' }] } },
  { type: 'assistant', message: { id: 'msg_q2', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_z7', name: 'Grep', input: { pattern: 'v2', path: 'src' } }] } },
  { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_z7', content: 'src/api.ts:3: v2' }] } },
  { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_z8', content: [{ type: 'text', text: 'ok' }] }] } },
  { type: 'result', subtype: 'success', is_error: false, result: 'Is the API versioned?', duration_ms: 4210, usage: { input_tokens: 9, output_tokens: 120 } },
  { type: 'rate_limit_event', rate_limit_info: { status: 'allowed' } },
);
const claudeRound2 = lines(
  { type: 'system', subtype: 'init', session_id: 'c1a7-demo-44' },
  { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Bumped to v3.' }, { type: 'text', text: 'Anything else?' }] } },
  { type: 'result', subtype: 'success', is_error: false, result: 'Bumped to v3.\nAnything else?' },
);
const codexRound1 = lines(
  { type: 'thread.started', thread_id: '0199f0aa-demo-7e' },
  { type: 'item.started', item: { id: 'item_5', type: 'command_execution', command: "bash -lc 'ls docs'", aggregated_output: '', exit_code: null, status: 'in_progress' } },
  { type: 'item.completed', item: { id: 'item_5', type: 'command_execution', command: "bash -lc 'ls docs'", aggregated_output: 'guide.md\n', exit_code: 0, status: 'completed' } },
  { type: 'item.completed', item: { id: 'item_6', type: 'file_change', changes: [{ path: 'docs/guide.md', kind: 'update' }], status: 'completed' } },
  { type: 'item.completed', item: { id: 'item_7', type: 'reasoning', text: '**Scanning docs**' } },
  { type: 'item.completed', item: { id: 'item_8', type: 'agent_message', text: 'Should I keep the old links?' } },
  { type: 'turn.completed', usage: { input_tokens: 6100, cached_input_tokens: 5200, output_tokens: 310 } },
);
const opencodeRound1 = lines(
  { type: 'step_start', timestamp: 1767000000000, sessionID: 'ses_demo9Q', part: { id: 'prt_1', type: 'step-start' } },
  { type: 'tool_use', timestamp: 1767000001200, sessionID: 'ses_demo9Q', part: { id: 'prt_2', type: 'tool', callID: 'call_a', tool: 'read', state: { status: 'completed', input: { filePath: '/tmp/envB/main.go' }, output: 'package main' } } },
  { type: 'tool_use', timestamp: 1767000001900, sessionID: 'ses_demo9Q', part: { id: 'prt_3', type: 'tool', tool: 'write', state: { status: 'error', input: { filePath: '/etc/hosts', content: 'x' }, error: 'denied by rule' } } },
  { type: 'text', timestamp: 1767000002500, sessionID: 'ses_demo9Q', part: { id: 'prt_4', type: 'text', text: 'Tabs or spaces?' } },
  { type: 'step_finish', timestamp: 1767000002600, sessionID: 'ses_demo9Q', part: { id: 'prt_5', type: 'step-finish', reason: 'stop', tokens: { input: 1800, output: 70, reasoning: 5 } } },
);

const asks = (prompt: string, pattern?: string): ScriptedTurn => ({ prompt, deliver_when: 'agent_asks', ...(pattern ? { agent_response_matches: pattern } : {}) });

const cases: Array<{ name: string; parser: keyof typeof streamParsers; rounds: string[]; turns: ScriptedTurn[]; status: string }> = [
  { name: 'claude, one follow-up delivered, completed', parser: 'claude-stream-json', rounds: [claudeRound1, claudeRound2], turns: [asks('Yes, bump it.', '(?i)versioned')], status: 'completed' },
  { name: 'claude, stopped: no match', parser: 'claude-stream-json', rounds: [claudeRound1], turns: [asks('x', '(?i)\\btimezone\\b')], status: 'stopped' },
  { name: 'codex, stopped before the second follow-up', parser: 'codex-json', rounds: [codexRound1, codexRound1.replace('Should I keep the old links?', 'Removed them.')], turns: [asks('No.'), asks('Thanks.')], status: 'stopped' },
  { name: 'opencode, always', parser: 'opencode-events', rounds: [opencodeRound1, opencodeRound1], turns: [{ prompt: 'Tabs.', deliver_when: 'always' }], status: 'completed' },
];

describe('artifacts built like the reference runner', () => {
  for (const c of cases) {
    const assembled = assembleConversation('Fix the docs.', c.turns, c.rounds.map((stream) => streamParsers[c.parser](stream)));
    assert.ok(assembled.ok);
    const text = JSON.stringify(assembled.conversation, null, 2) + '\n';

    it(`${c.name}: passes every check`, () => {
      assert.equal(assembled.conversation.status, c.status);
      assert.deepEqual(checkSource({ filePath: 'conversation.json', bytes: text }).messages, []);
    });

    it(`${c.name}: a forged follow-up count is caught`, () => {
      const forged = text.replace(/"delivered_followups": (\d+)/, (_, n) => `"delivered_followups": ${Number(n) + 1}`);
      const ids = checkSource({ filePath: 'conversation.json', bytes: forged }).messages.map((m) => m.ruleId);
      assert.ok(ids.includes('followup-count'), ids.join(','));
    });
  }
});
