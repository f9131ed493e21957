import { stopPosition } from '../../src/checker/rules/stop-position.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events, stopped, twoRounds } from '../helpers/conversations.js';

runRuleTests('stop-position', stopPosition, {
  valid: [
    { name: 'stopped right after the delivered follow-ups', code: stopped(1, 'agent_did_not_ask', 2, twoRounds) },
    { name: 'completed has no stop position', code: completed(1, twoRounds) },
  ],
  invalid: [
    { name: 'stop index equals delivered count', code: stopped(1, 'agent_did_not_ask', 1, twoRounds), errors: [{ messageId: 'mismatch', line: 5, column: 30, message: 'before follow-up 2' }] },
    { name: 'stop index too far', code: stopped(0, 'agent_response_mismatch', 3, events(['u', 1, 'a'], ['a', 1, 'b?'])), errors: [{ messageId: 'mismatch', line: 5, column: 30 }] },
  ],
});
