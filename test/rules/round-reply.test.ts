import { roundReply } from '../../src/checker/rules/round-reply.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events, twoRounds } from '../helpers/conversations.js';

runRuleTests('round-reply', roundReply, {
  valid: [
    { name: 'every round answered', code: completed(1, twoRounds) },
    { name: 'tool calls after the last reply are legal', code: completed(1, events(['u', 1, 'a'], ['a', 1, 'b?'], ['u', 2, 'c'], ['a', 2, 'd'], ['t', 2, 'Write', { path: 'x' }, 'ok'])) },
  ],
  invalid: [
    { name: 'round 2 only has tool calls', code: completed(1, events(['u', 1, 'a'], ['a', 1, 'b?'], ['u', 2, 'c'], ['t', 2, 'Bash'])), errors: [{ messageId: 'noReply', line: 17, column: 5, endLine: 22, endColumn: 6, message: 'Round 2' }] },
    { name: 'round 1 unanswered', code: completed(1, events(['u', 1, 'a'], ['t', 1, 'Read'], ['u', 2, 'c'], ['a', 2, 'd'])), errors: [{ messageId: 'noReply', line: 5, column: 5 }] },
  ],
});
