import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateAgainstSchema } from '../../src/checker/schema.js';
import { DOCUMENT_KINDS } from '../../src/checker/document-kinds.js';

const ok = { status: 'completed', delivered_followups: 1, events: [
  { type: 'user_message', ordinal: 0, round: 1, text: 'a' },
  { type: 'assistant_message', ordinal: 1, round: 1, text: 'b?' },
] };
const withEvent = (event: unknown) => ({ ...ok, events: [...ok.events, event] });
const summary = (value: unknown) => validateAgainstSchema(value).map((f) => [f.messageId, f.pointer, f.target ?? 'value', f.message]);

describe('schema findings', () => {
  it('a valid conversation has none', () => assert.deepEqual(summary(ok), []));

  it('an event with a known type is judged against that branch only', () => {
    assert.deepEqual(summary(withEvent({ type: 'tool_invocation', ordinal: 2, round: 1, name: 'Bash', args: 5, text: 'x' })), [
      ['additionalProperties', '/events/2/text', 'key', 'events[2] has unexpected property "text".'],
      ['type', '/events/2/args', 'value', 'events[2].args must be one of object, string, array, null, found integer 5.'],
    ]);
  });

  it('an unknown type gets one finding, not one per branch', () => {
    assert.deepEqual(summary(withEvent({ type: 'tool_result', ordinal: 2, round: 1 })), [
      ['event-type-unknown', '/events/2/type', 'value', 'Unknown event type: expected one of "user_message", "assistant_message", "tool_invocation", found string "tool_result".'],
    ]);
  });

  it('a missing type and a non-object event each get one finding', () => {
    assert.deepEqual(summary(withEvent({ ordinal: 2 })).map((s) => s[0]), ['event-type-missing']);
    assert.deepEqual(summary(withEvent('text')).map((s) => s[0]), ['event-not-object']);
    assert.deepEqual(summary(withEvent(null)).map((s) => s[3]), ['Event 2 must be an object, found null.']);
  });

  it('a missing property points at the object lacking it', () => {
    assert.deepEqual(summary(withEvent({ type: 'user_message', ordinal: 2, round: 2 })), [
      ['required', '/events/2', 'value', 'events[2] is missing required property "text".'],
    ]);
  });

  it('stop fields: required when stopped, forbidden when completed', () => {
    assert.deepEqual(summary({ ...ok, status: 'stopped' }).map((s) => s[3]), [
      'The conversation is missing required property "stop_reason" (required when status is "stopped").',
      'The conversation is missing required property "stopped_before_followup" (required when status is "stopped").',
    ]);
    assert.deepEqual(summary({ ...ok, stop_reason: 'agent_did_not_ask', stopped_before_followup: 2 }).map((s) => [s[1], s[2]]), [
      ['/stop_reason', 'key'],
      ['/stopped_before_followup', 'key'],
    ]);
  });

  it('says what was expected and what was found', () => {
    assert.deepEqual(summary({ ...ok, status: 'done', delivered_followups: 1.5 }).map((s) => s[3]), [
      'status must be one of "completed", "stopped", found string "done".',
      'delivered_followups must be integer, found number 1.5.',
    ]);
    assert.deepEqual(summary([]).map((s) => s[3]), ['The conversation must be object, found array.']);
  });

  it('an empty text where one is required says so in words, not in the schema\'s ("must NOT have fewer than 1 characters")', () => {
    const evals = { skill_name: 's', evals: [{ id: 'a', prompt: '', expected_output: 'x' }] };
    assert.deepEqual(validateAgainstSchema(evals, DOCUMENT_KINDS.evals).map((f) => [f.messageId, f.message]), [['minLength', 'evals[0].prompt must not be empty, found string "".']]);
  });

  it('a value of the wrong type where a list of values is allowed is one finding, naming the values (not also "must be string")', () => {
    assert.deepEqual(summary({ ...ok, status: 42 }).map((s) => [s[0], s[3]]), [['enum', 'status must be one of "completed", "stopped", found integer 42.']]);
  });

  it('long found values are cut and control characters escaped', () => {
    const [finding] = validateAgainstSchema({ ...ok, status: '\u001b[31m' + 'x'.repeat(200) });
    assert.ok(finding!.message.length < 140, finding!.message);
    assert.ok(!finding!.message.includes('\u001b'));
  });
});
