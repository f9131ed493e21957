import { roundOpener } from '../../src/checker/rules/round-opener.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events, stopped, twoRounds } from '../helpers/conversations.js';

runRuleTests('round-opener', roundOpener, {
  valid: [
    { name: 'each round opened by its user message', code: completed(1, twoRounds) },
    { name: 'tool calls after the opener', code: stopped(0, 'agent_did_not_ask', 1, events(['u', 1, 'Go.'], ['t', 1, 'Bash'], ['a', 1, 'Done.'], ['t', 1, 'Bash'])) },
  ],
  invalid: [
    { name: 'opens with the agent', code: stopped(0, 'agent_did_not_ask', 1, events(['a', 1, 'Hello.'], ['u', 1, 'Go.'], ['a', 1, 'Done.'])), errors: [
      { messageId: 'notOpenedByUser', line: 8, column: 15, endColumn: 34 },
      { messageId: 'secondUserMessage', line: 14, column: 15, message: 'Round 1 already began at event 0' },
    ] },
    { name: 'two user messages in one round', code: completed(1, events(['u', 1, 'a'], ['u', 1, 'again'], ['a', 1, 'b?'], ['u', 2, 'c'], ['a', 2, 'd'])), errors: [{ messageId: 'secondUserMessage', line: 12, column: 15 }] },
    { name: 'user message mid-round after tool calls', code: completed(1, events(['u', 1, 'a'], ['t', 1, 'Read'], ['a', 1, 'b?'], ['u', 2, 'c'], ['t', 2, 'Edit'], ['u', 2, 'c2'], ['a', 2, 'd'])), errors: [{ messageId: 'secondUserMessage', line: 36, column: 15 }] },
  ],
});
