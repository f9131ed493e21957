import { test } from 'node:test';
import assert from 'node:assert/strict';
import validateConversation from '../../src/validators/conversation.generated.cjs';
import {
  appendRound,
  assembleConversation,
  finishConversation,
  nextFollowup,
  startConversation,
  type ConversationAbort,
} from '../../src/runner/conversation.js';
import type { ParsedRound, RoundEvent } from '../../src/workspace/streams/types.js';
import type { ScriptedTurn } from '../../src/evals/types.js';
import type { Conversation } from '../../src/types.js';

const say = (text: string): RoundEvent => ({ type: 'assistant_message', text });
const tool = (name: string, args?: unknown, result?: unknown): RoundEvent =>
  ({ type: 'tool_invocation', name, ...(args !== undefined ? { args } : {}), ...(result !== undefined ? { result } : {}) }) as RoundEvent;
/** One parsed round; `sessionId` null = the stream reported none. */
const round = (events: RoundEvent[], finalText?: string, sessionId: string | null = 's-1'): ParsedRound => ({
  events,
  ...(finalText !== undefined ? { finalText } : {}),
  ...(sessionId !== null ? { sessionId } : {}),
});

const asks: ScriptedTurn = { prompt: 'Europe/Berlin', deliver_when: 'agent_asks' };
const always: ScriptedTurn = { prompt: 'Thanks, go on.', deliver_when: 'always' };

function assembled(prompt: string, turns: ScriptedTurn[], rounds: ParsedRound[]): Conversation {
  const result = assembleConversation(prompt, turns, rounds);
  if (!result.ok) assert.fail(result.abort.message);
  assert.ok(validateConversation(result.conversation), JSON.stringify(validateConversation.errors));
  return result.conversation;
}

function aborted(prompt: string, turns: ScriptedTurn[], rounds: ParsedRound[]): ConversationAbort {
  const result = assembleConversation(prompt, turns, rounds);
  if (result.ok) assert.fail('expected an abort');
  return result.abort;
}

/** [type, round, text-or-name] of each event; checks ordinals are 0..n-1 on the way. */
function shape(c: Conversation): Array<[string, number, string]> {
  c.events.forEach((e, i) => assert.equal(e.ordinal, i));
  return c.events.map((e) => [e.type, e.round, e.type === 'tool_invocation' ? e.name : e.text]);
}

test('the suffix-join rule: final text equal to the joined last messages adds nothing', () => {
  const c = assembled('Add a clock.', [], [round([say('Which zone?'), say('Also locale.')], 'Which zone?\nAlso locale.')]);
  assert.deepEqual(shape(c), [
    ['user_message', 1, 'Add a clock.'],
    ['assistant_message', 1, 'Which zone?'],
    ['assistant_message', 1, 'Also locale.'],
  ]);
  assert.deepEqual([c.status, c.delivered_followups], ['completed', 0]);
});

// [name, round-1 messages, final text, appended?]
const finalTextCases: Array<[string, RoundEvent[], string, boolean]> = [
  ['equal to the last message', [say('a'), say('b')], 'b', false],
  ['equal to the whole join', [say('a'), say('b')], 'a\nb', false],
  ['a non-suffix join', [say('a'), say('b')], 'a', true],
  ['no trimming', [say('done')], 'done\n', true],
  ['no messages at all', [tool('Read')], 'done', true],
  ['join across a tool call still counts', [say('a'), tool('Read'), say('b')], 'a\nb', false],
];
for (const [name, events, finalText, appended] of finalTextCases) {
  test(`final-text rule: ${name}`, () => {
    const c = assembled('p', [], [round(events, finalText)]);
    const last = c.events.at(-1)!;
    assert.equal(c.events.length, events.length + 1 + (appended ? 1 : 0));
    if (appended) assert.deepEqual(last, { type: 'assistant_message', ordinal: c.events.length - 1, round: 1, text: finalText });
  });
}

test('the extra final message comes after trailing tool calls, and feeds the next gate', () => {
  const c = assembled(
    'Add a clock.',
    [asks],
    [
      round([say('Looking.'), tool('Bash', { command: 'ls' }, 'a.txt'), tool('Read', { path: 'a.txt' })], 'Which zone?'),
      round([say('Done.')], 'Done.'),
    ],
  );
  assert.deepEqual(shape(c), [
    ['user_message', 1, 'Add a clock.'],
    ['assistant_message', 1, 'Looking.'],
    ['tool_invocation', 1, 'Bash'],
    ['tool_invocation', 1, 'Read'],
    ['assistant_message', 1, 'Which zone?'],
    ['user_message', 2, 'Europe/Berlin'],
    ['assistant_message', 2, 'Done.'],
  ]);
  assert.deepEqual([c.status, c.delivered_followups], ['completed', 1]);
});

test('stop: agent_did_not_ask before follow-up 1, later turns never evaluated', () => {
  const bad: ScriptedTurn = { prompt: 'x', deliver_when: 'agent_asks', agent_response_matches: '(' };
  const c = assembled('p', [asks, bad], [round([say('I picked UTC.')], 'I picked UTC.')]);
  assert.deepEqual(Object.keys(c), ['status', 'delivered_followups', 'stop_reason', 'stopped_before_followup', 'events']);
  assert.deepEqual([c.status, c.delivered_followups, c.stop_reason, c.stopped_before_followup], ['stopped', 0, 'agent_did_not_ask', 1]);
  assert.equal(c.events.length, 2);
});

test('stop: agent_response_mismatch before follow-up 2, after one delivered', () => {
  const locale: ScriptedTurn = { prompt: 'de-DE', deliver_when: 'agent_asks', agent_response_matches: '(?i)locale' };
  const c = assembled('p', [always, locale, always], [round([], 'Hi.'), round([say('Which zone?')], 'Which zone?')]);
  assert.deepEqual([c.status, c.delivered_followups, c.stop_reason, c.stopped_before_followup], ['stopped', 1, 'agent_response_mismatch', 2]);
  assert.deepEqual(shape(c).at(-1), ['assistant_message', 2, 'Which zone?']);
});

test('completed: key order, no stop fields, tool keys omitted when absent, null kept', () => {
  const c = assembled('p', [always], [round([tool('A'), tool('B', null, null)], 'ok'), round([], 'fine', null)]);
  assert.deepEqual(Object.keys(c), ['status', 'delivered_followups', 'events']);
  assert.deepEqual(Object.keys(c.events[1]!), ['type', 'ordinal', 'round', 'name']);
  assert.deepEqual(c.events[2], { type: 'tool_invocation', ordinal: 2, round: 1, name: 'B', args: null, result: null });
});

test('the artifact serializes to the reference layout', () => {
  const c = assembled('Add a clock.', [asks], [round([say('Which zone?')], 'Which zone?'), round([tool('Edit', { path: 'c.ts' }, 'ok')], 'Done.')]);
  const expected = `{
  "status": "completed",
  "delivered_followups": 1,
  "events": [
    {
      "type": "user_message",
      "ordinal": 0,
      "round": 1,
      "text": "Add a clock."
    },
    {
      "type": "assistant_message",
      "ordinal": 1,
      "round": 1,
      "text": "Which zone?"
    },
    {
      "type": "user_message",
      "ordinal": 2,
      "round": 2,
      "text": "Europe/Berlin"
    },
    {
      "type": "tool_invocation",
      "ordinal": 3,
      "round": 2,
      "name": "Edit",
      "args": {
        "path": "c.ts"
      },
      "result": "ok"
    },
    {
      "type": "assistant_message",
      "ordinal": 4,
      "round": 2,
      "text": "Done."
    }
  ]
}
`;
  assert.equal(JSON.stringify(c, null, 2) + '\n', expected);
});

// [name, rounds, expected abort kind, round, message fragment]
const abortCases: Array<[string, ParsedRound[], ConversationAbort['kind'], number, RegExp]> = [
  ['round 1 without a session id', [round([], 'ok', null)], 'missing-session-id', 1, /Round 1: .*no session id/],
  ['round 1 with a blank session id', [round([], 'ok', ' \t')], 'missing-session-id', 1, /only whitespace/],
  ['session check comes before the final text', [round([], undefined, null)], 'missing-session-id', 1, /session id/],
  ['round 1 without final text', [round([say('hi?')], undefined)], 'missing-final-text', 1, /Round 1: .*no final text/],
  ['a resumed round with an empty final text', [round([], 'Q?'), round([say('x')], '')], 'missing-final-text', 2, /Round 2: .*only whitespace/],
  ['a resumed round with a whitespace final text', [round([], 'Q?'), round([], '\u2003\n')], 'missing-final-text', 2, /Round 2/],
  ['a resumed round in another session', [round([], 'Q?'), round([], 'ok', 's-2')], 'session-id-mismatch', 2, /"s-2".*"s-1"/],
  ['session ids compare byte for byte', [round([], 'Q?'), round([], 'ok', 's-1 ')], 'session-id-mismatch', 2, /"s-1 "/],
];
for (const [name, rounds, kind, atRound, message] of abortCases) {
  test(`abort: ${name}`, () => {
    const abort = aborted('p', [asks], rounds);
    assert.deepEqual([abort.kind, abort.round], [kind, atRound]);
    assert.match(abort.message, message);
  });
}

test('abort: a gate regex that does not compile names the follow-up and round', () => {
  const bad: ScriptedTurn = { prompt: 'x', deliver_when: 'agent_asks', agent_response_matches: '(?<=a)b' };
  const abort = aborted('p', [always, bad], [round([], 'ok'), round([], 'Q?')]);
  assert.equal(abort.kind, 'invalid-gate-regex');
  assert.equal(abort.round, 2);
  assert.match(abort.message, /^Follow-up 2 \(after round 2\): .*"\(\?<=a\)b" does not compile as a Rust regex: look-around/);
});

test('a resumed round reporting no session id is accepted, and round 1 keeps the id', () => {
  let state = startConversation('p');
  const first = appendRound(state, 1, round([], 'Q?'));
  assert.ok(first.ok);
  const decision = nextFollowup(first.state, [asks]);
  assert.equal(decision.kind, 'deliver');
  if (decision.kind !== 'deliver') return;
  assert.deepEqual([decision.round, decision.prompt], [2, 'Europe/Berlin']);
  const second = appendRound(decision.state, 2, round([], 'ok', null));
  assert.ok(second.ok);
  assert.equal(second.state.sessionId, 's-1');
  state = second.state;
  assert.equal(state.precedingAssistantText, 'ok');
  const done = nextFollowup(state, [asks]);
  assert.equal(done.kind, 'completed');
  assert.equal(finishConversation(done.state).delivered_followups, 1);
});

test('misuse throws: wrong round, wrong phase, unfinished', () => {
  const state = startConversation('p');
  assert.throws(() => appendRound(state, 2, round([], 'x')), /expected round 1/);
  assert.throws(() => nextFollowup(state, []), /between-rounds/);
  assert.throws(() => finishConversation(state), /not finished/);
});
