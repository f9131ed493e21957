import { stopGate } from '../../src/checker/rules/stop-gate.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { events, stopped } from '../helpers/conversations.js';
import { turn } from '../helpers/evals-docs.js';
import { askedRound, PROMPT, scheduleEvals, TURN_1 } from '../helpers/cross-cases.js';

const said = (text: string) => events(['u', 1, PROMPT], ['a', 1, text]);

runRuleTests('stop-gate', stopGate, {
  valid: [
    { name: 'no question: agent_did_not_ask', code: stopped(0, 'agent_did_not_ask', 1, said('Booked Tuesday.')), evals: scheduleEvals() },
    { name: 'a question without the pattern: agent_response_mismatch', code: stopped(0, 'agent_response_mismatch', 1, said('Tuesday?')), evals: scheduleEvals() },
    { name: 'full-width question mark does not count', code: stopped(0, 'agent_did_not_ask', 1, said('Which time zone？')), evals: scheduleEvals() },
  ],
  invalid: [
    { name: 'forged stop: the gate delivers on the recorded text', code: stopped(0, 'agent_did_not_ask', 1, events(...askedRound)), evals: scheduleEvals(), errors: [{ messageId: 'delivers', line: 4, column: 18, message: 'delivers follow-up 1' }] },
    { name: 'wrong reason', code: stopped(0, 'agent_did_not_ask', 1, said('Tuesday?')), evals: scheduleEvals(), errors: [{ messageId: 'reason', line: 4, column: 18, message: 'gives agent_response_mismatch' }] },
    { name: 'stop at an always turn', code: stopped(1, 'agent_did_not_ask', 2, events(...askedRound, ['u', 2, TURN_1], ['a', 2, 'Booked.'])), evals: scheduleEvals(), errors: [{ messageId: 'always', line: 5, column: 30, message: 'turns[1]' }] },
    { name: 'stop beyond the last turn', code: stopped(1, 'agent_did_not_ask', 2, events(...askedRound, ['u', 2, TURN_1], ['a', 2, 'Booked.'])), evals: scheduleEvals({}, [turn(TURN_1, 'agent_asks')]), errors: [{ messageId: 'noTurn', line: 5, column: 30, message: 'has only 1 turn(s)' }] },
    { name: 'gate regex that does not compile', code: stopped(0, 'agent_response_mismatch', 1, said('Tuesday?')), evals: scheduleEvals({}, [turn(TURN_1, 'agent_asks', '(?<=a)b')]), errors: [{ messageId: 'unreplayable', line: 4, column: 18, message: 'look-around' }] },
  ],
});
