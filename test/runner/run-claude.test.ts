// End-to-end runs with the fake `claude`: verbatim prompts, gates, resumes, artifacts that pass the checker.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runEvals } from '../../src/runner/index.js';
import { claude, claudeRound, makeWorkspace, oneEval, readCheckedArtifact } from './run-helpers.js';

const trickyPrompt = `Fix "it" & 'that': $(rm -rf /) \`whoami\` $HOME\nsecond line 🚀 {session_id} {cwd}`;
const dashFollowup = '--help -p "quoted" and a newline\nhere';

describe('run with claude-code', () => {
  it('completes a two-follow-up conversation, passing every text verbatim on stdin', async () => {
    const ws = makeWorkspace(
      oneEval('tz', trickyPrompt, [
        { prompt: dashFollowup, deliver_when: 'agent_asks', agent_response_matches: '(?i)which\\s+ZONE' },
        { prompt: '-', deliver_when: 'always' },
      ]),
      [
        {
          stdout: [
            claude.init('sess-1'),
            claude.text('Looking.'),
            claude.toolUse('t1', 'Grep', { pattern: 'tz' }),
            claude.toolUse('t2', 'Read', { file: 'a.ts' }),
            claude.toolResult('t1', 'src/a.ts:1: tz'),
            claude.toolResult('t2', [{ type: 'text', text: 'line 1' }, { type: 'text', text: 'line 2' }]),
            claude.toolResult('t9', 'unknown id, dropped'),
            claude.text('Which zone?', 'Also locale.'),
            claude.result('Which zone?\nAlso locale.'),
            { type: 'rate_limit_event' },
          ],
          stderr: 'some warning\n',
        },
        { stdout: [claude.init('sess-1'), claude.text('UTC it is.'), claude.result('Done with UTC.')] },
        { stdout: [claude.text('Bye.'), claude.result('Bye.')] },
      ],
    );
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'tz', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, reporter: ws.reporter });
    assert.equal(result?.status, 'completed', JSON.stringify(result));

    const calls = ws.calls();
    assert.deepEqual(calls.map((c) => c.prompt), [trickyPrompt, dashFollowup, '-']);
    // On stdin, so no argument carries the text (and no argument limit applies).
    assert.ok(calls.every((c) => c.argv.at(-1) === 'bypassPermissions'), JSON.stringify(calls.map((c) => c.argv)));
    assert.deepEqual(calls.map((c) => c.session), [null, 'sess-1', 'sess-1']);
    assert.deepEqual(calls.map((c) => c.model), [null, null, null]);
    assert.ok(calls.every((c) => c.cwd === ws.task && !c.argv.includes('--model')));
    assert.deepEqual(calls[0]!.argv.slice(0, 6), ['-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions']);

    const { value } = readCheckedArtifact(join(ws.out, 'conversation.json'));
    assert.deepEqual(Object.keys(value), ['status', 'delivered_followups', 'events']);
    assert.equal(value.delivered_followups, 2);
    assert.deepEqual(value.events.map((e: any) => [e.ordinal, e.round, e.type, e.text ?? e.name]), [
      [0, 1, 'user_message', trickyPrompt],
      [1, 1, 'assistant_message', 'Looking.'],
      [2, 1, 'tool_invocation', 'Grep'],
      [3, 1, 'tool_invocation', 'Read'],
      [4, 1, 'assistant_message', 'Which zone?'],
      [5, 1, 'assistant_message', 'Also locale.'],
      // The Claude parser appends the result text because it differs from the last block.
      [6, 1, 'assistant_message', 'Which zone?\nAlso locale.'],
      [7, 2, 'user_message', dashFollowup],
      [8, 2, 'assistant_message', 'UTC it is.'],
      [9, 2, 'assistant_message', 'Done with UTC.'],
      [10, 3, 'user_message', '-'],
      [11, 3, 'assistant_message', 'Bye.'],
    ]);
    assert.equal(value.events[2].result, 'src/a.ts:1: tz');
    assert.equal(value.events[3].result, 'line 1\nline 2');
    assert.deepEqual(value.events[2].args, { pattern: 'tz' });
    assert.equal(readFileSync(join(ws.out, 'final-message.md'), 'utf8'), 'Bye.\n');
    assert.equal(readFileSync(join(ws.out, 'turn-1', 'claude-stderr.log'), 'utf8'), 'some warning\n');
    assert.deepEqual(ws.progress.map((p) => p.kind), ['round-started', 'round-finished', 'followup-delivered', 'round-started', 'round-finished', 'followup-delivered', 'round-started', 'round-finished']);
  });

  it('keeps the events file byte for byte (invalid UTF-8 and junk lines included)', async () => {
    const raw = Buffer.concat([
      Buffer.from(JSON.stringify(claude.init('s')) + '\nnot json\r\n\n'),
      Buffer.from([0xff, 0xfe, 0x0a]),
      Buffer.from(JSON.stringify(claude.result('Hi?')) + '\n'),
    ]);
    const ws = makeWorkspace(oneEval('bytes', 'go', [{ prompt: 'x', deliver_when: 'agent_asks', agent_response_matches: 'nope' }]), [{ stdoutBase64: raw.toString('base64') }]);
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'bytes', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env });
    assert.equal(result?.status, 'stopped');
    assert.deepEqual(readFileSync(join(ws.out, 'turn-1', 'claude-events.jsonl')), raw);
    readCheckedArtifact(join(ws.out, 'conversation.json'));
  });

  it('passes --model on every round when given', async () => {
    const ws = makeWorkspace(oneEval('m', 'go', [{ prompt: 'next', deliver_when: 'always' }]), [claudeRound('s', 'a'), claudeRound('s', 'b')]);
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'm', harness: 'claude-code', cwd: ws.task, out: ws.out, model: 'claude-x-1', env: ws.env });
    assert.equal(result?.status, 'completed');
    assert.deepEqual(ws.calls().map((c) => c.model), ['claude-x-1', 'claude-x-1']);
    readCheckedArtifact(join(ws.out, 'conversation.json'));
  });

  it('runs every eval, single-round ones included, into <out>/<eval-id>/ when no eval is named', async () => {
    const evals = {
      skill_name: 's',
      evals: [
        { id: 'one', prompt: 'p1', expected_output: 'o', turns: [{ prompt: 'f', deliver_when: 'always' }] },
        { id: 'no-turns', prompt: 'p2', expected_output: 'o' },
        { id: 'two', prompt: 'p3', expected_output: 'o', turns: [{ prompt: 'f', deliver_when: 'agent_asks' }] },
      ],
    };
    const ws = makeWorkspace(evals, [claudeRound('a', 'x'), claudeRound('a', 'y'), claudeRound('c', 'single reply'), claudeRound('b', 'no question')]);
    const results = await runEvals({ evals: ws.evalsPath, harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env });
    assert.deepEqual(results.map((r) => [r.evalId, r.status]), [['one', 'completed'], ['no-turns', 'completed'], ['two', 'stopped']]);
    readCheckedArtifact(join(ws.out, 'one', 'conversation.json'));
    readCheckedArtifact(join(ws.out, 'two', 'conversation.json'));
    const single = readCheckedArtifact(join(ws.out, 'no-turns', 'conversation.json')).value;
    assert.deepEqual(single, {
      status: 'completed',
      delivered_followups: 0,
      events: [
        { type: 'user_message', ordinal: 0, round: 1, text: 'p2' },
        { type: 'assistant_message', ordinal: 1, round: 1, text: 'single reply' },
      ],
    });
  });

  it('runs a named single-round eval: the prompt and the reply, completed with 0 follow-ups', async () => {
    const ws = makeWorkspace({ skill_name: 's', evals: [{ id: 'solo', prompt: 'just this', expected_output: 'o' }] }, [claudeRound('s1', 'the answer')]);
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'solo', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env });
    assert.equal(result?.status, 'completed');
    assert.equal(ws.calls().length, 1);
    const conversation = readCheckedArtifact(join(ws.out, 'conversation.json')).value as { delivered_followups: number; events: unknown[] };
    assert.equal(conversation.delivered_followups, 0);
    assert.equal(conversation.events.length, 2);
  });
});
