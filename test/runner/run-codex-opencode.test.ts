// End-to-end runs with the fake `codex` and `opencode`: their argv conventions, every codex item kind.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runEvals } from '../../src/runner/index.js';
import { makeWorkspace, oneEval, readCheckedArtifact } from './run-helpers.js';

const turns = [{ prompt: '-n "resume" `x`', deliver_when: 'agent_asks', agent_response_matches: '(?i)links\\?' }];

describe('run with codex', () => {
  it('records every item kind, resumes by positional session id, passes -m on every round', async () => {
    const item = (o: object) => ({ type: 'item.completed', item: o });
    const ws = makeWorkspace(oneEval('cx', 'resume', turns), [
      {
        stdout: [
          { type: 'thread.started', thread_id: 'th-1' },
          { type: 'turn.started' },
          { type: 'item.started', item: { id: 'i0', type: 'command_execution', command: 'ls', aggregated_output: '', status: 'in_progress' } },
          item({ id: 'i0', type: 'command_execution', command: 'ls', aggregated_output: 'a.md\n', exit_code: 0, status: 'completed' }),
          item({ id: 'i1', type: 'file_change', changes: [{ path: 'a.md', kind: 'update' }], status: 'completed' }),
          item({ id: 'i2', type: 'mcp_tool_call', server: 'docs', tool: 'search', arguments: { q: 'x' }, result: { content: [{ type: 'text', text: 'r' }] }, status: 'completed' }),
          item({ id: 'i3', type: 'web_search', query: 'codex' }),
          item({ id: 'i4', type: 'todo_list', items: [{ text: 'step', completed: true }] }),
          item({ id: 'i5', type: 'error', message: 'soft failure' }),
          item({ id: 'i6', type: 'reasoning', text: 'thinking' }),
          item({ id: 'i7', type: 'agent_message', text: 'Keep the old links?' }),
          { type: 'turn.completed', usage: { input_tokens: 100, cached_input_tokens: 40, output_tokens: 10 } },
        ],
        writeLastMessage: 'Keep the old links?',
      },
      { stdout: [{ type: 'thread.started', thread_id: 'th-1' }, item({ id: 'j1', type: 'agent_message', text: 'Kept.' })] },
    ]);
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'cx', harness: 'codex', cwd: ws.task, out: ws.out, model: 'gpt-x', env: ws.env, reporter: ws.reporter });
    assert.equal(result?.status, 'completed', JSON.stringify(result));
    const calls = ws.calls();
    assert.deepEqual(calls.map((c) => [c.prompt, c.session, c.model]), [['resume', null, 'gpt-x'], [turns[0]!.prompt, 'th-1', 'gpt-x']]);
    // The text goes on stdin: `-` is Codex's "read the prompt from stdin".
    assert.deepEqual(calls[1]!.argv.slice(-3), ['--', 'th-1', '-']);
    assert.ok(calls.every((c) => c.argv.includes('--skip-git-repo-check')));
    assert.equal(calls[0]!.argv[calls[0]!.argv.indexOf('--cd') + 1], ws.task);
    // Codex writes its own last message into the round folder.
    assert.equal(readFileSync(join(ws.out, 'turn-1', 'final-message.md'), 'utf8'), 'Keep the old links?');

    const { value } = readCheckedArtifact(join(ws.out, 'conversation.json'));
    const tools = value.events.filter((e: any) => e.type === 'tool_invocation').map(({ name, args, result }: any) => ({ name, args, result }));
    assert.deepEqual(tools, [
      { name: 'command_execution', args: { command: 'ls', exit_code: 0 }, result: 'a.md\n' },
      { name: 'file_change', args: { changes: [{ path: 'a.md', kind: 'update' }] }, result: undefined },
      { name: 'mcp_tool_call', args: { server: 'docs', tool: 'search', arguments: { q: 'x' } }, result: '{"content":[{"type":"text","text":"r"}]}' },
      { name: 'web_search', args: { query: 'codex' }, result: undefined },
      { name: 'todo_list', args: { items: [{ text: 'step', completed: true }] }, result: undefined },
    ]);
    // An `error` item is a notice, reported as progress and not recorded as a tool call.
    assert.deepEqual(ws.progress.filter((p) => p.kind === 'agent-notice'), [{ kind: 'agent-notice', evalId: 'cx', round: 1, text: 'codex: soft failure' }]);
    assert.equal(readFileSync(join(ws.out, 'final-message.md'), 'utf8'), 'Kept.\n');
  });
});

describe('run with opencode', () => {
  it('passes --dir and --session, the message on stdin (not quoted as an argument), and stops at an unmet gate', async () => {
    const line = (type: string, part: object, t: number) => ({ type, timestamp: t, sessionID: 'ses_1', part });
    const ws = makeWorkspace(oneEval('oc', '--version', [...turns, { prompt: 'more', deliver_when: 'agent_asks' }]), [
      {
        stdout: [
          line('step_start', { type: 'step-start' }, 1),
          line('tool_use', { tool: 'read', state: { status: 'completed', input: { filePath: 'a' }, output: 'x' } }, 2),
          line('tool_use', { tool: 'write', state: { status: 'error', input: { filePath: '/etc/hosts' }, error: 'denied' } }, 3),
          line('text', { type: 'text', text: 'Which LINKS?' }, 4),
          line('step_finish', { tokens: { input: 5, output: 1, reasoning: 0 } }, 5),
        ],
      },
      { stdout: [line('text', { type: 'text', text: 'Updated.' }, 6)] },
    ]);
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'oc', harness: 'opencode', cwd: ws.task, out: ws.out, env: ws.env });
    assert.equal(result?.status, 'stopped', JSON.stringify(result));
    const calls = ws.calls();
    assert.deepEqual(calls.map((c) => [c.prompt, c.session]), [['--version', null], [turns[0]!.prompt, 'ses_1']]);
    assert.equal(calls[0]!.argv[calls[0]!.argv.indexOf('--dir') + 1], ws.task);
    const { value } = readCheckedArtifact(join(ws.out, 'conversation.json'));
    assert.equal(value.stopped_before_followup, 2);
    assert.deepEqual(value.events.filter((e: any) => e.type === 'tool_invocation').map((e: any) => e.result), ['x', 'denied']);
  });
});
