// Table tests of the three stream parsers against the spec's examples (§1) and corner cases.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseClaudeStreamJson, parseCodexJson, parseOpencodeEvents } from '../../src/workspace/streams/index.js';
import type { ParsedRound, StreamParser } from '../../src/workspace/streams/types.js';

const lines = (...values: unknown[]): string => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\n');

interface Case {
  name: string;
  stdout: string;
  expected: ParsedRound;
}

function runTable(parser: StreamParser, cases: Case[]): void {
  assert.ok(cases.length > 0);
  for (const c of cases) it(c.name, () => assert.deepEqual(parser(c.stdout), c.expected));
}

const assistant = (...content: unknown[]) => ({ type: 'assistant', message: { role: 'assistant', content } });
const toolResults = (...content: unknown[]) => ({ type: 'user', message: { role: 'user', content } });

describe('claude-stream-json', () => {
  runTable(parseClaudeStreamJson, [
    {
      name: 'the spec example: tool result matched by id, unknown id dropped, final equals last text',
      stdout: [
        '{"type":"system","subtype":"init","session_id":"c1a7-demo-44","cwd":"/tmp/envA","tools":["Bash","Read"]}',
        '{"type":"assistant","message":{"id":"msg_q1","role":"assistant","content":[{"type":"text","text":"Is the API versioned?"}]}}',
        '{"type":"assistant","message":{"id":"msg_q2","role":"assistant","content":[{"type":"tool_use","id":"toolu_z7","name":"Grep","input":{"pattern":"v2","path":"src"}}]}}',
        '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_z7","content":"src/api.ts:3: v2"}]}}',
        '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_z8","content":[{"type":"text","text":"ok"},{"type":"text","text":"done"}]}]}}',
        '{"type":"result","subtype":"success","is_error":false,"result":"Is the API versioned?","duration_ms":4210,"total_cost_usd":0.0421,"usage":{"input_tokens":9,"output_tokens":120,"cache_creation_input_tokens":300,"cache_read_input_tokens":7000}}',
        '{"type":"rate_limit_event","rate_limit_info":{"status":"allowed"}}',
      ].join('\n'),
      expected: {
        events: [
          { type: 'assistant_message', text: 'Is the API versioned?' },
          { type: 'tool_invocation', name: 'Grep', args: { pattern: 'v2', path: 'src' }, result: 'src/api.ts:3: v2' },
        ],
        sessionId: 'c1a7-demo-44',
        finalText: 'Is the API versioned?',
        totalTokens: 7429,
        usage: { input: 9, output: 120, cache_read: 7000, cache_write: 300 },
        costUsd: 0.0421,
        durationMs: 4210,
      },
    },
    {
      name: 'array content joined by newline: strings as-is, text parts, other objects as compact JSON',
      stdout: lines(
        assistant({ type: 'tool_use', id: 't1', name: 'Read', input: { file: 'a' } }),
        toolResults({ type: 'tool_result', tool_use_id: 't1', content: ['plain', { type: 'text', text: 'part' }, { type: 'image', src: 'x' }, { text: 42 }] }),
        { type: 'result', is_error: false, result: 'done' },
      ),
      expected: {
        events: [
          { type: 'tool_invocation', name: 'Read', args: { file: 'a' }, result: 'plain\npart\n{"type":"image","src":"x"}\n42' },
          { type: 'assistant_message', text: 'done' },
        ],
        sessionId: undefined,
        finalText: 'done',
        totalTokens: 0,
        durationMs: null,
      },
    },
    {
      name: 'later result overwrites; absent content is ""; object content is compact JSON; missing name is ""',
      stdout: lines(
        assistant({ type: 'tool_use', id: 'a', name: 'Bash', input: { command: 'ls' } }, { type: 'tool_use', id: 'b', input: {} }, { type: 'tool_use', id: 'c', name: 'X' }),
        toolResults({ type: 'tool_result', tool_use_id: 'a', content: 'first' }, { type: 'tool_result', tool_use_id: 'b' }),
        toolResults({ type: 'tool_result', tool_use_id: 'a', content: 'second', is_error: true }, { type: 'tool_result', tool_use_id: 'c', content: { k: [1] } }),
        assistant({ type: 'text', text: 'ok' }),
      ),
      expected: {
        events: [
          { type: 'tool_invocation', name: 'Bash', args: { command: 'ls' }, result: 'second' },
          { type: 'tool_invocation', name: '', args: {}, result: '' },
          { type: 'tool_invocation', name: 'X', result: '{"k":[1]}' },
          { type: 'assistant_message', text: 'ok' },
        ],
        sessionId: undefined,
        finalText: 'ok',
        totalTokens: null,
        durationMs: null,
      },
    },
    {
      name: 'result text differing from the last text block is appended (even when it joins several blocks)',
      stdout: lines(
        { type: 'system', subtype: 'init', session_id: 's-1' },
        { type: 'system', subtype: 'other', session_id: 's-2' },
        assistant({ type: 'text', text: 'Which zone?' }, { type: 'thinking', thinking: 'hmm' }, { type: 'text', text: 'Also locale.' }),
        { type: 'result', is_error: false, result: 'Which zone?\nAlso locale.', session_id: 's-3', duration_ms: 5, usage: { input_tokens: 1, output_tokens: 2 } },
      ),
      expected: {
        events: [
          { type: 'assistant_message', text: 'Which zone?' },
          { type: 'assistant_message', text: 'Also locale.' },
          { type: 'assistant_message', text: 'Which zone?\nAlso locale.' },
        ],
        sessionId: 's-1',
        finalText: 'Which zone?\nAlso locale.',
        totalTokens: 3,
        usage: { input: 1, output: 2 },
        durationMs: 5,
      },
    },
    {
      name: 'an error result falls back to the last assistant line with text, but still gives tokens and duration; a cost that is not a number is no cost',
      stdout: lines(
        assistant({ type: 'text', text: 'one' }, { type: 'text', text: 'two' }),
        assistant({ type: 'tool_use', id: 'z', name: 'Edit', input: { p: 1 } }),
        { type: 'result', is_error: true, result: 'boom', duration_ms: 9, total_cost_usd: 'free', usage: { cache_read_input_tokens: 4 } },
      ),
      expected: {
        events: [
          { type: 'assistant_message', text: 'one' },
          { type: 'assistant_message', text: 'two' },
          { type: 'tool_invocation', name: 'Edit', args: { p: 1 } },
          { type: 'assistant_message', text: 'one\ntwo' },
        ],
        sessionId: undefined,
        finalText: 'one\ntwo',
        totalTokens: 4,
        usage: { input: 0, output: 0, cache_read: 4 },
        durationMs: 9,
      },
    },
    {
      name: 'bad lines, string content, non-object message and user text are ignored; no text → no final text',
      stdout: lines(
        '',
        '   ',
        'not json {',
        '[1,2]',
        { type: 'system', subtype: 'init' },
        { type: 'assistant', message: { content: 'just a string' } },
        { type: 'assistant', message: 'nope' },
        { type: 'user', message: { content: [{ type: 'text', text: 'user says hi' }] } },
        { type: 'result', is_error: false },
      ),
      expected: { events: [], sessionId: undefined, finalText: undefined, totalTokens: 0, durationMs: null },
    },
    {
      name: "the init event's skills are the session's roster (strings only, the first init event wins)",
      stdout: lines(
        { type: 'system', subtype: 'init', session_id: 's-r', skills: ['csv-reports', 7, 'update-config'] },
        { type: 'system', subtype: 'init', session_id: 's-r', skills: ['later'] },
        { type: 'result', is_error: false, result: 'ok' },
      ),
      expected: { events: [{ type: 'assistant_message', text: 'ok' }], sessionId: 's-r', finalText: 'ok', totalTokens: 0, durationMs: null, skills: ['csv-reports', 'update-config'] },
    },
  ]);
});

describe('codex-json', () => {
  runTable(parseCodexJson, [
    {
      name: 'the spec example with v0.9.0 results and v0.6.1 tokens',
      stdout: [
        '{"type":"thread.started","thread_id":"0199f0aa-demo-7e"}',
        `{"type":"item.started","item":{"id":"item_5","type":"command_execution","command":"bash -lc 'ls docs'","aggregated_output":"","exit_code":null,"status":"in_progress"}}`,
        `{"type":"item.completed","item":{"id":"item_5","type":"command_execution","command":"bash -lc 'ls docs'","aggregated_output":"guide.md\\n","exit_code":0,"status":"completed"}}`,
        '{"type":"item.completed","item":{"id":"item_6","type":"file_change","changes":[{"path":"docs/guide.md","kind":"update"}],"status":"completed"}}',
        '{"type":"item.completed","item":{"id":"item_7","type":"reasoning","text":"**Scanning docs**"}}',
        '{"type":"item.completed","item":{"id":"item_8","type":"agent_message","text":"Should I keep the old links?"}}',
        '{"type":"turn.completed","usage":{"input_tokens":6100,"cached_input_tokens":5200,"output_tokens":310}}',
      ].join('\n'),
      expected: {
        events: [
          { type: 'tool_invocation', name: 'command_execution', args: { command: "bash -lc 'ls docs'", exit_code: 0 }, result: 'guide.md\n' },
          { type: 'tool_invocation', name: 'file_change', args: { changes: [{ path: 'docs/guide.md', kind: 'update' }] } },
          { type: 'assistant_message', text: 'Should I keep the old links?' },
        ],
        sessionId: '0199f0aa-demo-7e',
        finalText: 'Should I keep the old links?',
        totalTokens: 1210,
        usage: { input: 6100, output: 310, cache_read: 5200 },
        durationMs: null,
      },
    },
    {
      name: 'every item kind; result order aggregated_output, output, result, error; null counts; error items are notices',
      stdout: lines(
        { type: 'thread.started', thread_id: 'first' },
        { type: 'item.completed', item: { id: '1', type: 'mcp_tool_call', server: 's', tool: 't', arguments: { q: 1 }, result: { content: [] }, error: null, status: 'completed' } },
        { type: 'item.completed', item: { id: '2', type: 'web_search', query: 'rust regex' } },
        { type: 'item.completed', item: { id: '3', type: 'todo_list', items: [{ text: 'a', completed: false }] } },
        { type: 'item.completed', item: { id: '4', type: 'error', message: 'oops' } },
        { type: 'item.completed', item: { id: '5', type: 'command_execution', output: 'o', aggregated_output: null, status: 'failed' } },
        { type: 'item.completed', item: { id: '6', type: 'custom', error: 'bad' } },
        { type: 'item.completed', item: { id: '7', type: 'plan_update', plan: [] } },
        { type: 'item.completed', item: { id: '8', text: 'no type' } },
        { type: 'item.updated', item: { id: '9', type: 'agent_message', text: 'partial' } },
        { type: 'item.completed', item: { id: '10', type: 'agent_message', text: 'first answer' } },
        { type: 'item.completed', item: { id: '11', type: 'agent_message', text: 'last answer' } },
        { type: 'thread.started', thread_id: 'second' },
        { type: 'turn.failed', error: { message: 'x' } },
        { type: 'error', message: 'y' },
      ),
      expected: {
        events: [
          { type: 'tool_invocation', name: 'mcp_tool_call', args: { server: 's', tool: 't', arguments: { q: 1 } }, result: '{"content":[]}' },
          { type: 'tool_invocation', name: 'web_search', args: { query: 'rust regex' } },
          { type: 'tool_invocation', name: 'todo_list', args: { items: [{ text: 'a', completed: false }] } },
          { type: 'tool_invocation', name: 'command_execution', result: 'null' },
          { type: 'tool_invocation', name: 'custom', result: 'bad' },
          { type: 'assistant_message', text: 'first answer' },
          { type: 'assistant_message', text: 'last answer' },
        ],
        sessionId: 'second',
        finalText: 'last answer',
        totalTokens: null,
        durationMs: null,
        notices: ['codex: oops'],
      },
    },
    {
      // As Codex 0.171 wrote it in the real-agent tier, two sessions racing on /tmp's mount points.
      name: "a command its sandbox could not start is a sandbox failure; bwrap's name in a command's own output, or a file-change error, is not",
      stdout: lines(
        { type: 'thread.started', thread_id: 't' },
        { type: 'item.completed', item: { id: '1', type: 'command_execution', command: "/bin/bash -lc \"printf 'Version 2\\n' > notes.txt\"", aggregated_output: 'bwrap: Can\'t remount readonly on /newroot/tmp/.codex: Unable to find "/newroot/tmp/.codex" in mount table\n', exit_code: 1, status: 'failed' } },
        { type: 'item.completed', item: { id: '2', type: 'command_execution', command: 'man bwrap', aggregated_output: 'BWRAP(1)\nbwrap: a sandbox, e.g. /newroot/x\n', exit_code: 0, status: 'completed' } },
        { type: 'item.completed', item: { id: '3', type: 'command_execution', command: 'bwrap --help', aggregated_output: 'bwrap: Unknown option --x\n', exit_code: 1, status: 'failed' } },
        { type: 'item.completed', item: { id: '4', type: 'file_change', changes: [], error: 'bwrap: Can\'t mkdir /newroot/x' } },
        { type: 'item.completed', item: { id: '5', type: 'agent_message', text: 'Wrote notes.txt.' } },
      ),
      expected: {
        events: [
          { type: 'tool_invocation', name: 'command_execution', args: { command: "/bin/bash -lc \"printf 'Version 2\\n' > notes.txt\"", exit_code: 1 }, result: 'bwrap: Can\'t remount readonly on /newroot/tmp/.codex: Unable to find "/newroot/tmp/.codex" in mount table\n' },
          { type: 'tool_invocation', name: 'command_execution', args: { command: 'man bwrap', exit_code: 0 }, result: 'BWRAP(1)\nbwrap: a sandbox, e.g. /newroot/x\n' },
          { type: 'tool_invocation', name: 'command_execution', args: { command: 'bwrap --help', exit_code: 1 }, result: 'bwrap: Unknown option --x\n' },
          { type: 'tool_invocation', name: 'file_change', args: { changes: [] }, result: "bwrap: Can't mkdir /newroot/x" },
          { type: 'assistant_message', text: 'Wrote notes.txt.' },
        ],
        sessionId: 't',
        finalText: 'Wrote notes.txt.',
        totalTokens: null,
        durationMs: null,
        sandboxFailures: ['bwrap: Can\'t remount readonly on /newroot/tmp/.codex: Unable to find "/newroot/tmp/.codex" in mount table'],
      },
    },
    {
      name: 'tokens per turn clamp at 0 and sum; a turn with no integer counter is skipped; timestamps give duration',
      stdout: lines(
        { type: 'turn.started', timestamp: '2026-01-01T00:00:00Z' },
        { type: 'turn.completed', usage: { input_tokens: 10, output_tokens: 5, cached_input_tokens: 100 } },
        { type: 'turn.completed', usage: { input_tokens: 10, output_tokens: 5, cached_input_tokens: 3, reasoning_output_tokens: 99 } },
        { type: 'turn.completed', usage: { input_tokens: 'many' } },
        { type: 'turn.completed', timestamp: 'yesterday' },
        { type: 'turn.completed', timestamp: '2026-01-01T00:00:02.500+00:00' },
      ),
      expected: { events: [], sessionId: undefined, finalText: undefined, totalTokens: 12, durationMs: 2500, usage: { input: 20, output: 10, cache_read: 103, reasoning: 99 } },
    },
  ]);
});

describe('opencode-events', () => {
  runTable(parseOpencodeEvents, [
    {
      name: 'the spec example',
      stdout: [
        '{"type":"step_start","timestamp":1767000000000,"sessionID":"ses_demo9Q","part":{"id":"prt_1","type":"step-start"}}',
        '{"type":"tool_use","timestamp":1767000001200,"sessionID":"ses_demo9Q","part":{"id":"prt_2","type":"tool","callID":"call_a","tool":"read","state":{"status":"completed","input":{"filePath":"/tmp/envB/main.go"},"output":"package main","time":{"start":1767000001000,"end":1767000001200}}}}',
        '{"type":"tool_use","timestamp":1767000001900,"sessionID":"ses_demo9Q","part":{"id":"prt_3","type":"tool","tool":"write","state":{"status":"error","input":{"filePath":"/etc/hosts","content":"x"},"error":"denied by rule"}}}',
        '{"type":"text","timestamp":1767000002500,"sessionID":"ses_demo9Q","part":{"id":"prt_4","type":"text","text":"Tabs or spaces?"}}',
        '{"type":"step_finish","timestamp":1767000002600,"sessionID":"ses_demo9Q","part":{"id":"prt_5","type":"step-finish","reason":"stop","cost":0.0031,"tokens":{"input":1800,"output":70,"reasoning":5,"cache":{"read":900,"write":0}}}}',
      ].join('\n'),
      expected: {
        events: [
          { type: 'tool_invocation', name: 'read', args: { filePath: '/tmp/envB/main.go' }, result: 'package main' },
          { type: 'tool_invocation', name: 'write', args: { filePath: '/etc/hosts', content: 'x' }, result: 'denied by rule' },
          { type: 'assistant_message', text: 'Tabs or spaces?' },
        ],
        sessionId: 'ses_demo9Q',
        finalText: 'Tabs or spaces?',
        totalTokens: 1875,
        usage: { input: 1800, output: 70, cache_read: 900, cache_write: 0, reasoning: 5 },
        costUsd: 0.0031,
        durationMs: 2600,
      },
    },
    {
      name: 'first session id wins; tool without state or with non-string output; steps without tokens add nothing',
      stdout: lines(
        'garbage',
        { type: 'error', sessionID: 'ses_A', error: { name: 'x' } },
        { type: 'text', sessionID: 'ses_B', part: { text: 'Hello' } },
        { type: 'tool_use', part: { tool: 'bash' } },
        { type: 'tool_use', part: { tool: 'edit', state: { input: ['not', 'object'], output: 7, error: 'ignored' } } },
        { type: 'tool_use', part: { state: { input: {} } } },
        { type: 'reasoning', part: { text: 'thinking' } },
        { type: 'step_finish', timestamp: 1.5, part: { reason: 'stop' } },
        { type: 'text', timestamp: 100, part: { text: 'Bye?' } },
      ),
      expected: {
        events: [
          { type: 'assistant_message', text: 'Hello' },
          { type: 'tool_invocation', name: 'bash' },
          { type: 'tool_invocation', name: 'edit' },
          { type: 'assistant_message', text: 'Bye?' },
        ],
        sessionId: 'ses_A',
        finalText: 'Bye?',
        totalTokens: null,
        durationMs: null,
      },
    },
  ]);
});
