import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateGate, GateRegexError, replayGates } from '../../src/evals/gates.js';
import type { GateVerdict, ScriptedTurn } from '../../src/evals/types.js';

const deliver: GateVerdict = { deliver: true };
const didNotAsk: GateVerdict = { deliver: false, reason: 'agent_did_not_ask' };
const mismatch: GateVerdict = { deliver: false, reason: 'agent_response_mismatch' };

const cases: Array<[string, ScriptedTurn, string, GateVerdict]> = [
  ['always delivers without a question', { prompt: 'go', deliver_when: 'always' }, 'Done.', deliver],
  ['always delivers on empty text', { prompt: 'go', deliver_when: 'always' }, '', deliver],
  ['agent_asks delivers on a question', { prompt: 'UTC', deliver_when: 'agent_asks' }, 'Which zone?', deliver],
  ['agent_asks stops without a question', { prompt: 'UTC', deliver_when: 'agent_asks' }, 'I used UTC.', didNotAsk],
  ['any ASCII ? counts, even in a URL', { prompt: 'x', deliver_when: 'agent_asks' }, 'See https://x.test/?q=1', deliver],
  ['a full-width ？ does not count', { prompt: 'x', deliver_when: 'agent_asks' }, 'どのゾーン？', didNotAsk],
  [
    'a matching regex delivers',
    { prompt: 'UTC', deliver_when: 'agent_asks', agent_response_matches: '(?i)time ?zone' },
    'Which Timezone?',
    deliver,
  ],
  [
    'a non-matching regex stops with a mismatch',
    { prompt: 'UTC', deliver_when: 'agent_asks', agent_response_matches: '(?i)locale' },
    'Which zone?',
    mismatch,
  ],
  [
    'the question check comes before the regex',
    { prompt: 'UTC', deliver_when: 'agent_asks', agent_response_matches: 'zone' },
    'Zone set: zone.',
    didNotAsk,
  ],
  [
    'the search is unanchored over the whole joined text',
    { prompt: 'UTC', deliver_when: 'agent_asks', agent_response_matches: 'locale' },
    'Which zone?\nAlso locale.',
    deliver,
  ],
];

for (const [name, turn, text, expected] of cases) {
  test(name, () => assert.deepEqual(evaluateGate(turn, text), expected));
}

test('a regex that does not compile throws GateRegexError naming the pattern', () => {
  const turn: ScriptedTurn = { prompt: 'x', deliver_when: 'agent_asks', agent_response_matches: '(?=a)' };
  assert.throws(() => evaluateGate(turn, 'a?'), (error: unknown) => {
    assert.ok(error instanceof GateRegexError);
    assert.equal(error.pattern, '(?=a)');
    assert.match(error.message, /"\(\?=a\)" does not compile as a Rust regex: look-around/);
    return true;
  });
});

test('an invalid regex is not compiled when the question check already stopped', () => {
  const turn: ScriptedTurn = { prompt: 'x', deliver_when: 'agent_asks', agent_response_matches: '(' };
  assert.deepEqual(evaluateGate(turn, 'no question'), didNotAsk);
});

const turns: ScriptedTurn[] = [
  { prompt: 'UTC', deliver_when: 'agent_asks' },
  { prompt: 'thanks', deliver_when: 'always' },
];

test('replayGates: all delivered → completed', () => {
  assert.deepEqual(replayGates(turns, ['Which zone?', 'Done.', 'Bye.']), {
    status: 'completed',
    delivered_followups: 2,
  });
});

test('replayGates: the first unmet gate stops, later turns are never evaluated', () => {
  const later: ScriptedTurn = { prompt: 'x', deliver_when: 'agent_asks', agent_response_matches: '(' };
  assert.deepEqual(replayGates([turns[0]!, later], ['I picked UTC.']), {
    status: 'stopped',
    delivered_followups: 0,
    stop_reason: 'agent_did_not_ask',
    stopped_before_followup: 1,
  });
});

test('replayGates: a delivered follow-up without its round is incomplete', () => {
  assert.deepEqual(replayGates(turns, ['Which zone?']), { status: 'incomplete', delivered_followups: 1 });
  assert.deepEqual(replayGates(turns, ['Which zone?', 'ok']), { status: 'incomplete', delivered_followups: 2 });
});
