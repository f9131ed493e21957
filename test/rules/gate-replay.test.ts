import { gateReplay } from '../../src/checker/rules/gate-replay.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events } from '../helpers/conversations.js';
import { turn } from '../helpers/evals-docs.js';
import { fullRun, PROMPT, scheduleEvals, TURN_1, TURN_2 } from '../helpers/cross-cases.js';

const run = (firstReply: string) => completed(2, events(['u', 1, PROMPT], ['a', 1, firstReply], ['u', 2, TURN_1], ['a', 2, 'Booked.'], ['u', 3, TURN_2], ['a', 3, 'Sent.']));

runRuleTests('gate-replay', gateReplay, {
  valid: [
    { name: 'each gated follow-up came after a matching question', code: fullRun, evals: scheduleEvals() },
    { name: 'always turns need no question', code: run('Booked.'), evals: scheduleEvals({}, [turn(TURN_1, 'always'), turn(TURN_2, 'always')]) },
    { name: 'the gate reads every assistant message of the round, joined', code: completed(2, events(['u', 1, PROMPT], ['a', 1, 'Which time'], ['t', 1, 'Bash', { c: 'ls' }], ['a', 1, 'zone?'], ['u', 2, TURN_1], ['a', 2, 'ok'], ['u', 3, TURN_2], ['a', 3, 'ok'])), evals: scheduleEvals({}, [turn(TURN_1, 'agent_asks', 'time\\nzone'), turn(TURN_2, 'always')]) },
  ],
  invalid: [
    { name: 'delivered although the agent did not ask', code: run('I will use UTC.'), evals: scheduleEvals(), errors: [{ messageId: 'blocked', line: 17, column: 5, message: 'agent_did_not_ask' }] },
    { name: 'delivered although the pattern does not match', code: run('Tuesday?'), evals: scheduleEvals(), errors: [{ messageId: 'blocked', line: 17, column: 5, message: 'agent_response_mismatch' }] },
    { name: 'gate regex that does not compile', code: run('Tuesday?'), evals: scheduleEvals({}, [turn(TURN_1, 'agent_asks', '(a)\\1'), turn(TURN_2, 'always')]), errors: [{ messageId: 'unreplayable', line: 17, column: 5, message: 'backreferences' }] },
  ],
});
