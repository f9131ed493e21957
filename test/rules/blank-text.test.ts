import { blankText } from '../../src/checker/rules/blank-text.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events, twoRounds } from '../helpers/conversations.js';

runRuleTests('blank-text', blankText, {
  valid: [
    { name: 'texts with content', code: completed(1, twoRounds) },
    { name: 'a zero-width no-break space is not whitespace', code: completed(1, events(['u', 1, 'a'], ['a', 1, '\uFEFF?'], ['u', 2, 'c'], ['a', 2, '\uFEFF'])) },
    { name: 'tool results may be empty', code: completed(1, events(['u', 1, 'a'], ['t', 1, 'Bash', { command: 'true' }, ''], ['a', 1, 'b?'], ['u', 2, 'c'], ['a', 2, 'd'])) },
  ],
  invalid: [
    { name: 'empty assistant text', code: completed(1, events(['u', 1, 'a'], ['a', 1, ''], ['u', 2, 'c'], ['a', 2, 'd'])), errors: [{ messageId: 'empty', line: 15, column: 15, endColumn: 17, message: 'assistant_message' }] },
    { name: 'whitespace user follow-up', code: completed(1, events(['u', 1, 'a'], ['a', 1, 'b?'], ['u', 2, ' \n\t\u3000'], ['a', 2, 'd'])), errors: [{ messageId: 'whitespace', line: 21, column: 15, message: 'user_message' }] },
  ],
});
