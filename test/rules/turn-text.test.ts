import { turnText } from '../../src/checker/rules/turn-text.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events } from '../helpers/conversations.js';
import { turn } from '../helpers/evals-docs.js';
import { askedRound, fullRun, scheduleEvals, TURN_1, TURN_2 } from '../helpers/cross-cases.js';

runRuleTests('turn-text', turnText, {
  valid: [
    { name: 'follow-ups are the turn prompts, in order', code: fullRun, evals: scheduleEvals() },
    { name: 'a stop leaves later turns undelivered', code: completed(0, events(...askedRound)), evals: scheduleEvals() },
  ],
  invalid: [
    { name: 'turn prompt edited after the run', code: fullRun, evals: scheduleEvals({}, [turn('Use Paris time.', 'agent_asks', '(?i)time ?zone'), turn(TURN_2, 'always')]), errors: [{ messageId: 'mismatch', line: 21, column: 15, message: 'Follow-up 1 is not turns[0].prompt' }] },
    { name: 'turns swapped', code: fullRun, evals: scheduleEvals({}, [turn(TURN_2, 'agent_asks'), turn(TURN_1, 'always')]), errors: [{ messageId: 'mismatch', line: 21, column: 15 }, { messageId: 'mismatch', line: 33, column: 15, message: 'Follow-up 2' }] },
    { name: 'more follow-ups than turns', code: fullRun, evals: scheduleEvals({}, [turn(TURN_1, 'agent_asks')]), errors: [{ messageId: 'unscripted', line: 29, column: 5, message: 'has 1 turn(s) (evals.json:8:16)' }] },
  ],
});
