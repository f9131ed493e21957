import { turnsDelivered } from '../../src/checker/rules/turns-delivered.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events, stopped } from '../helpers/conversations.js';
import { evalCase, evalsOf } from '../helpers/evals-docs.js';
import { askedRound, fullRun, PROMPT, scheduleEvals, TURN_1 } from '../helpers/cross-cases.js';

runRuleTests('turns-delivered', turnsDelivered, {
  valid: [
    { name: 'completed after every turn', code: fullRun, evals: scheduleEvals() },
    { name: 'a single-round eval completes with none', code: completed(0, events(['u', 1, PROMPT], ['a', 1, 'Done.'])), evals: evalsOf(evalCase('one', PROMPT)) },
    { name: 'a stop is not a completion', code: stopped(0, 'agent_did_not_ask', 1, events(['u', 1, PROMPT], ['a', 1, 'Done.'])), evals: scheduleEvals() },
  ],
  invalid: [
    { name: 'completed before the last turn', code: completed(1, events(...askedRound, ['u', 2, TURN_1], ['a', 2, 'Booked.'])), evals: scheduleEvals(), errors: [{ messageId: 'count', line: 3, column: 26, message: 'completed with 1 follow-up(s), but eval "s" scripts 2 turn(s) (evals.json:8:16)' }] },
  ],
});
