// transcript_check, with the reference's test cases (src/pipeline/grade/transcript_check.rs) as a table,
// plus the rendering of args in file order and the per-harness write vocabulary.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gradeTranscriptCheck } from '../../src/compare/graders/transcript-check.js';
import { ArgsSource, compactJson, renderInvocation } from '../../src/compare/graders/render-invocation.js';
import { writeTools } from '../../src/compare/graders/vocabulary.js';
import type { TranscriptCheckAssertion } from '../../src/compare/graders/types.js';
import type { Conversation } from '../../src/types.js';
import { conversation, type EventSpec } from './workspace.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRunnableEvals } from '../../src/runner/evals-input.js';
import { evalCase, evalsOf, transcriptCheck } from '../helpers/evals-docs.js';

const grade = (assertion: Partial<TranscriptCheckAssertion>, events: EventSpec[], harness = 'claude-code') => {
  const conv = conversation({ events }) as unknown as Conversation;
  const text = JSON.stringify(conv, null, 2);
  return gradeTranscriptCheck({ id: 't1', type: 'transcript_check', check: 'tool_invocation_matches', ...assertion }, { conversation: conv, args: new ArgsSource(text), writeTools: writeTools(harness) });
};

/** The reference's timezone conversation: ask, answer, Write, done. */
const TIMEZONE: EventSpec[] = [
  { user: 'Fix it' },
  { assistant: 'Which timezone?' },
  { user: 'US timezones' },
  { tool: 'Write', args: { file_path: 'date.rs' } },
  { assistant: 'Done.' },
];

describe('transcript_check (the reference\'s cases)', () => {
  const cases: Array<{ name: string; assertion: Partial<TranscriptCheckAssertion>; events: EventSpec[]; passed: boolean; evidence: string }> = [
    { name: 'no invocations fails with the count', assertion: { pattern: 'Bash' }, events: [{ user: 'go' }, { assistant: 'ok' }], passed: false, evidence: 'across 0 tool invocation(s)' },
    { name: 'a missing pattern fails', assertion: {}, events: [{ user: 'go' }, { tool: 'Bash', args: { command: 'ls' } }, { assistant: 'ok' }], passed: false, evidence: 'needs a `pattern`' },
    { name: 'an unsupported kind fails', assertion: { check: 'something_else', pattern: 'x' }, events: [{ user: 'go' }, { tool: 'Bash', args: {} }, { assistant: 'ok' }], passed: false, evidence: 'unsupported transcript_check kind' },
    { name: 'a matching pattern passes with the ordinal', assertion: { pattern: 'bun test' }, events: [{ user: 'go' }, { tool: 'Read', args: { file_path: '/x' } }, { tool: 'Bash', args: { command: 'bun test' } }, { assistant: 'ok' }], passed: true, evidence: 'matched ordinal 2: Bash {"command":"bun test"}' },
    { name: 'no match fails with the count', assertion: { pattern: 'npm install' }, events: [{ user: 'go' }, { tool: 'Read', args: { file_path: '/x' } }, { assistant: 'ok' }], passed: false, evidence: 'across 1 tool invocation(s)' },
    { name: 'an invalid regex fails', assertion: { pattern: '(unclosed' }, events: [{ user: 'go' }, { tool: 'Bash', args: { command: 'ls' } }, { assistant: 'ok' }], passed: false, evidence: 'invalid regex' },
    { name: 'assistant_message_matches across rounds, before the first write', assertion: { check: 'assistant_message_matches', pattern: '(?i)time ?zone', must_precede: 'first_write' }, events: TIMEZONE, passed: true, evidence: 'matched ordinal 1: Which timezone?' },
    { name: 'an assistant message after the first write fails the ordering', assertion: { check: 'assistant_message_matches', pattern: 'Done', must_precede: 'first_write' }, events: TIMEZONE, passed: false, evidence: 'none before the first write' },
    // Beyond the reference's cases: the other orderings and the Rust dialect.
    { name: 'completion_claim: a match in the last message is too late', assertion: { check: 'assistant_message_matches', pattern: 'Done', must_precede: 'completion_claim' }, events: TIMEZONE, passed: false, evidence: 'none before the final completion claim' },
    { name: 'completion_claim: a tool before the last message passes', assertion: { pattern: '^Write ', must_precede: 'completion_claim' }, events: TIMEZONE, passed: true, evidence: 'matched ordinal 3' },
    { name: 'any: no limit', assertion: { check: 'assistant_message_matches', pattern: 'Done', must_precede: 'any' }, events: TIMEZONE, passed: true, evidence: 'matched ordinal 4' },
    { name: 'first_write with no write at all has no limit', assertion: { pattern: 'Read', must_precede: 'first_write' }, events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'ok' }], passed: true, evidence: 'matched ordinal 1' },
    { name: 'the name alone when args are absent', assertion: { pattern: '^TodoWrite$' }, events: [{ user: 'go' }, { tool: 'TodoWrite' }, { assistant: 'ok' }], passed: true, evidence: 'matched ordinal 1: TodoWrite' },
    { name: 'Rust classes: \\d and \\p{Greek}', assertion: { pattern: '\\d{3} \\p{Greek}' }, events: [{ user: 'go' }, { tool: 'Bash', args: { command: 'echo 123 λ' } }, { assistant: 'ok' }], passed: true, evidence: 'matched ordinal 1' },
    { name: 'lookahead is not Rust: invalid', assertion: { pattern: 'a(?=b)' }, events: [{ user: 'go' }, { tool: 'Bash', args: { command: 'ab' } }, { assistant: 'ok' }], passed: false, evidence: 'invalid regex' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const result = grade(c.assertion, c.events);
      assert.equal(result.passed, c.passed, result.evidence);
      assert.ok(result.evidence.includes(c.evidence), `${result.evidence} should include ${c.evidence}`);
      assert.equal(result.grader, 'transcript_check');
    });
  }

  it('quotes at most 200 characters of the match', () => {
    const long = 'x'.repeat(500);
    const result = grade({ check: 'assistant_message_matches', pattern: 'x' }, [{ user: 'go' }, { assistant: long }]);
    assert.equal(result.evidence, `matched ordinal 1: ${'x'.repeat(200)}`);
  });

  it('counts characters as code points: an emoji is one, never cut in half', () => {
    const long = 'a' + '😀'.repeat(300);
    const result = grade({ check: 'assistant_message_matches', pattern: 'a' }, [{ user: 'go' }, { assistant: long }]);
    assert.equal(result.evidence, `matched ordinal 1: a${'😀'.repeat(199)}`);
  });

  it('first_write follows the harness: Codex\'s file_change, OpenCode\'s edit', () => {
    const events: EventSpec[] = [{ user: 'go' }, { tool: 'file_change', args: { path: 'a' } }, { assistant: 'Plan: rename.' }, { tool: 'edit', args: {} }, { assistant: 'done' }];
    const early = { check: 'assistant_message_matches', pattern: 'Plan', must_precede: 'first_write' } as const;
    assert.equal(grade(early, events, 'codex').passed, false);
    assert.equal(grade(early, events, 'claude-code').passed, true);
    assert.equal(grade({ ...early, pattern: 'Plan' }, events, 'opencode').passed, true);
  });
});

describe('rendering an invocation', () => {
  it('keeps keys in file order, also the integer-like ones JSON.parse moves first', () => {
    const text = '{"events":[{"type":"tool_invocation","ordinal":0,"round":1,"name":"Edit","args":{"b": 1, "10": [1.50, "x\\u0041"], "a": {"2": true, "1": null}}}]}';
    const conv = JSON.parse(text) as Conversation;
    assert.deepEqual(Object.keys(conv.events[0]!.type === 'tool_invocation' ? (conv.events[0] as { args: object }).args : {}), ['10', 'b', 'a']);
    assert.equal(renderInvocation(conv.events[0] as never, 0, new ArgsSource(text)), 'Edit {"b":1,"10":[1.5,"xA"],"a":{"2":true,"1":null}}');
  });
  it('writes args without integer-like keys as JSON.stringify does', () => {
    assert.equal(renderInvocation({ type: 'tool_invocation', ordinal: 0, round: 1, name: 'Bash', args: { command: 'ls "a b"', z: 1 } }, 0, new ArgsSource('')), 'Bash {"command":"ls \\"a b\\"","z":1}');
    assert.equal(renderInvocation({ type: 'tool_invocation', ordinal: 0, round: 1, name: 'Shell', args: 'ls -la' }, 0, new ArgsSource('')), 'Shell "ls -la"');
    assert.equal(renderInvocation({ type: 'tool_invocation', ordinal: 0, round: 1, name: 'Noop', args: null }, 0, new ArgsSource('')), 'Noop');
  });
  it('finds each event\'s args in the text, whatever comes around them (one walk of the file, no syntax tree of it)', () => {
    const text = `\uFEFF{ "status": "completed", "args": {"9": 0}, "events": [
      {"type": "user_message", "ordinal": 0, "round": 1, "text": "{\\"args\\": {\\"5\\": 1}}"},
      {"args": {"2": {"args": {"1": "inner"}}, "a": [ ]}, "type": "tool_invocation", "ordinal": 1, "round": 1, "name": "A"},
      {"type": "tool_invocation", "ordinal": 2, "round": 1, "name": "B"},
      {"type": "tool_invocation", "ordinal": 3, "round": 1, "name": "C", "args": [{"1": true}, "x"], "result": "{\\"3\\": 3}"}
    ], "delivered_followups": 0 }`;
    const conv = JSON.parse(text.slice(1)) as Conversation;
    const source = new ArgsSource(text);
    const rendered = conv.events.map((e, i) => (e.type === 'tool_invocation' ? renderInvocation(e as never, i, source) : null));
    assert.deepEqual(rendered, [null, 'A {"2":{"args":{"1":"inner"}},"a":[]}', 'B', 'C [{"1":true},"x"]']);
  });
  it('renders args nested 100,000 deep, as check accepts them, without overflowing the stack', () => {
    const depth = 100_000;
    for (const [open, close] of [['{"a":', '}'], ['[', ']']] as const) {
      const args = `${open.repeat(depth)}1${close.repeat(depth)}`;
      const text = `{"events":[{"type":"tool_invocation","ordinal":0,"round":1,"name":"Bash","args":${args}}]}`;
      const conv = JSON.parse(text) as Conversation;
      assert.equal(renderInvocation(conv.events[0] as never, 0, new ArgsSource(text)), `Bash ${args}`);
    }
  });
  it('compacts whitespace away and normalizes escapes', () => {
    assert.equal(compactJson('{ "a" : [ 1e2 , "\\u00e9\\/" ] }'), '{"a":[100,"é/"]}');
  });
});

describe('assistant_message_matches on a single-round eval (issue 36)', () => {
  it('is runnable (a portability warning, not an error) and grades the one recorded reply', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-magic-single-round-'));
    const path = join(dir, 'evals.json');
    writeFileSync(path, JSON.stringify(evalsOf(evalCase('a', 'Fix it', undefined, { assertions: [transcriptCheck('assistant_message_matches', '(?i)time ?zone')] }))));
    assert.equal(readRunnableEvals(path, 'evals.json', dir).evals.length, 1);
    const passed = grade({ check: 'assistant_message_matches', pattern: '(?i)time ?zone' }, [{ user: 'Fix it' }, { assistant: 'Which timezone?' }]);
    assert.deepEqual([passed.passed, passed.evidence], [true, 'matched ordinal 1: Which timezone?']);
    assert.equal(grade({ check: 'assistant_message_matches', pattern: 'never' }, [{ user: 'Fix it' }, { assistant: 'Done.' }]).passed, false);
  });
});
