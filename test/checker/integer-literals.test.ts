// What an integer is: plain digits within ±(2^53−1); 1.0, 1e-400, 1e400 and -0 are refused by integer-literal
// (not schema: JSON Schema counts 1.0 as an integer), each shown as written.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { checkSource } from '../../src/index.js';
import { resolveRuleSeverities } from '../../src/checker/rule-config.js';
import { DOCUMENT_KINDS } from '../../src/checker/document-kinds.js';

const conversation = (delivered: string, round = '1') =>
  `{"status": "completed", "delivered_followups": ${delivered}, "events": [{"type": "user_message", "ordinal": 0, "round": ${round}, "text": "go"}, {"type": "assistant_message", "ordinal": 1, "round": 1, "text": "Round 1.5 took 1e400 ms: -0"}]}`;
const evals = (runs: string, exit = '0') =>
  `{"skill_name": "s", "evals": [{"id": "a", "prompt": "p", "expected_output": "o", "runs": ${runs}, "assertions": [{"id": "c", "type": "command_check", "command": "true", "expect_exit_code": ${exit}}]}]}`;

const messages = (filePath: string, text: string, rules: Record<string, 'off'> = {}) => checkSource({ filePath, bytes: text }, { severities: resolveRuleSeverities(rules) }).messages;

describe('integers', () => {
  // [literal, accepted?]
  const literals: Array<[string, boolean]> = [
    ['0', true], ['7', true], ['9007199254740991', true],
    ['1.0', false], ['0.0', false], ['1.0000000000000000001', false], ['1e-400', false], ['1e400', false], ['1E2', false], ['-0', false],
    ['9007199254740993', false], ['18446744073709551615', false],
  ];
  for (const [literal, accepted] of literals) {
    it(`${literal} ${accepted ? 'is' : 'is not'} an integer, in a conversation and in evals.json, and is shown as written`, () => {
      for (const [filePath, text, pointer] of [['conversation.json', conversation(literal), '/delivered_followups'], ['evals.json', evals(literal), '/evals/0/runs']] as const) {
        const found = messages(filePath, text).filter((m) => m.pointer === pointer);
        if (accepted) {
          assert.deepEqual(found.filter((m) => m.ruleId === 'integer-literal'), [], `${filePath}`);
          continue;
        }
        assert.equal(found.length, 1, `${filePath}: ${JSON.stringify(found)}`);
        assert.equal(found[0]!.ruleId, 'integer-literal');
        assert.ok(found[0]!.message.includes(`found ${literal}:`), found[0]!.message);
        assert.ok(!/found null|9007199254740992/.test(found[0]!.message), found[0]!.message);
      }
    });
  }
  it('2.5, 25e-1 and 1.5 are no integers at all: the schema reports them and integer-literal does not (issue 36)', () => {
    for (const literal of ['2.5', '25e-1', '1.5']) {
      for (const [filePath, text, pointer] of [['conversation.json', conversation('0', literal), '/events/0/round'], ['evals.json', evals(literal), '/evals/0/runs']] as const) {
        const found = messages(filePath, text).filter((m) => m.pointer === pointer);
        assert.deepEqual(found.map((m) => m.ruleId), ['schema'], `${filePath} ${literal}: ${JSON.stringify(found)}`);
      }
    }
  });
  it('-5 in a field that may be negative is an integer; numbers in text are nobody\'s business', () => {
    assert.deepEqual(messages('evals.json', evals('1', '-5')), []);
    assert.deepEqual(messages('conversation.json', conversation('0')), []);
  });
  it('a rule never quotes a number the file does not hold (2^53+1 is not read as 2^53)', () => {
    const found = messages('conversation.json', conversation('0', '9007199254740993'));
    assert.deepEqual(found.map((m) => m.ruleId), ['integer-literal']);
    assert.match(found[0]!.message, /events\[0\]\.round .* found 9007199254740993: too large/);
  });
  it('with integer-literal off, the schema alone decides, as JSON Schema does: 1.0, 4E0 and 50e-1 are integers', () => {
    const off = { 'integer-literal': 'off' } as const;
    for (const literal of ['1.0', '4E0', '50e-1', '9007199254740993']) {
      assert.deepEqual(messages('evals.json', evals(literal), off), [], literal);
      assert.deepEqual(messages('evals.json', evals(literal)).map((m) => m.ruleId), ['integer-literal'], literal);
    }
    // What is no integer to the schema stays a schema finding either way.
    assert.deepEqual(messages('evals.json', evals('1.5'), off).map((m) => m.ruleId), ['schema']);
  });
  it('1e400 where a string belongs is described, not shown as null', () => {
    const found = messages('evals.json', '{"skill_name": 1e400, "evals": []}');
    assert.ok(found.some((m) => /skill_name/.test(m.message) && /too large for a double/.test(m.message)), JSON.stringify(found));
    assert.ok(!found.some((m) => /found null/.test(m.message)));
  });
  it('a repeated integer key keeps its duplicate-key finding, and a value JSON.parse kept is still judged when the odd literal was the one dropped', () => {
    const events = (second: string) =>
      `{"status": "completed", "delivered_followups": 0, "events": [{"type": "user_message", "ordinal": 0, "round": 1, "text": "go"}, {"type": "assistant_message", ${second}, "round": 1, "text": "ok"}]}`;
    const found = (text: string) => messages('conversation.json', text).map((m) => [m.ruleId, m.column, m.message.slice(0, 40)]);
    // 1.0 first: JSON.parse keeps 7, which the file holds; both repeat and sequence are told.
    assert.deepEqual(found(events('"ordinal": 1.0, "ordinal": 7')), [
      ['integer-literal', 169, 'events[1].ordinal must be an integer wri'],
      ['duplicate-key', 174, 'Duplicate key "ordinal": it also appears'],
      ['ordinal-sequence', 185, 'Expected ordinal 1 (previous event + 1),'],
    ]);
    // 1.0 last: JSON.parse kept 1 from 1.0, so the sequence says nothing of it; the repeat is still told.
    assert.deepEqual(found(events('"ordinal": 1, "ordinal": 1.0')), [
      ['duplicate-key', 172, 'Duplicate key "ordinal": it also appears'],
      ['integer-literal', 183, 'events[1].ordinal must be an integer wri'],
    ]);
    // An odd literal inside a whole earlier "events" that JSON.parse dropped: the kept one's findings stay.
    const dropped = `{"status": "completed", "delivered_followups": 0, "events": [{"type": "user_message", "ordinal": 0, "round": 1, "text": "go"}, {"type": "assistant_message", "ordinal": 1.0, "round": 1, "text": "ok"}], "events": [{"type": "user_message", "ordinal": 3, "round": 1, "text": "go"}, {"type": "assistant_message", "ordinal": 4, "round": 1, "text": "ok"}]}`;
    assert.deepEqual(messages('conversation.json', dropped).map((m) => [m.ruleId, m.pointer]), [
      ['integer-literal', '/events/1/ordinal'],
      ['duplicate-key', '/events'],
      ['ordinal-sequence', '/events/0/ordinal'],
    ]);
  });
  it('judgment.json: the run judged is an integer field too (1.0 there was let through)', () => {
    const judgment = (run: string) =>
      `{"schema_version": 1, "eval_magic_version": "0.1.0", "eval_id": "a", "assertion_id": "j", "condition": "with_skill", "run": ${run}, "repeat": 1, "verdict": {"passed": true, "evidence": "e", "confidence": 0.9}, "reason": null, "message": null, "harness": {"name": "claude-code", "version": "2"}, "model": null, "started_at": "2026-12-02T13:00:00.000Z", "ended_at": "2026-12-02T13:00:05.000Z", "duration_ms": 5000, "tokens": {"input": 1, "output": 2}, "packet_sha256": "${'a'.repeat(64)}", "attempts": 1, "failures": []}`;
    assert.deepEqual(messages('judgment.json', judgment('2')), []);
    const found = messages('judgment.json', judgment('2.0'));
    assert.deepEqual(found.map((m) => [m.ruleId, m.pointer]), [['integer-literal', '/run']]);
    assert.match(found[0]!.message, /^run must be an integer .* found 2\.0: a fraction/);
  });
  it('the integer fields are exactly the schemas\' integer properties', () => {
    for (const [kind, file] of [['conversation', 'conversation'], ['evals', 'evals'], ['grading', 'grading'], ['comparison', 'comparison'], ['harness', 'harness'], ['run', 'run'], ['judgment', 'judgment']] as const) {
      const schema = readFileSync(new URL(`../../schemas/${file}.schema.json`, import.meta.url), 'utf8');
      const names = new Set<string>();
      JSON.parse(schema, function (key, value) {
        if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'integer') names.add(key);
        return value;
      });
      const covered = DOCUMENT_KINDS[kind].integerFields.source;
      assert.deepEqual([...names].filter((name) => !covered.includes(name)), [], kind);
      // A harness descriptor has no integer field; the other kinds have some.
      assert.ok(kind === 'harness' ? names.size === 0 : names.size >= 2, kind);
    }
  });
});
