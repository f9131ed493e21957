import { followupCount } from '../../src/checker/rules/followup-count.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events, stopped, twoRounds } from '../helpers/conversations.js';

runRuleTests('followup-count', followupCount, {
  valid: [
    { name: 'one follow-up delivered', code: completed(1, twoRounds) },
    { name: 'stopped before the first follow-up', code: stopped(0, 'agent_did_not_ask', 1, events(['u', 1, 'a'], ['a', 1, 'b'])) },
  ],
  invalid: [
    { name: 'claims two, recorded one', code: completed(2, twoRounds), errors: [{ messageId: 'mismatch', line: 3, column: 26, endColumn: 27, message: 'so 1 follow-up(s)' }] },
    { name: 'claims none after a follow-up', code: stopped(0, 'agent_did_not_ask', 1, twoRounds), errors: [{ messageId: 'mismatch', line: 3, column: 26 }] },
  ],
});
