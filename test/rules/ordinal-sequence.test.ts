import { ordinalSequence } from '../../src/checker/rules/ordinal-sequence.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events, twoRounds } from '../helpers/conversations.js';

const renumber = (...ordinals: number[]) => completed(1, twoRounds.map((e, i) => ({ ...e, ordinal: ordinals[i]! })));

runRuleTests('ordinal-sequence', ordinalSequence, {
  valid: [
    { name: 'consecutive from 0', code: completed(1, twoRounds) },
    { name: 'tool calls count too', code: completed(0, events(['u', 1, 'Go.'], ['t', 1, 'Bash', { command: 'ls' }, 'a.txt\n'], ['a', 1, 'Listed.'])) },
  ],
  invalid: [
    { name: 'starts at 1', code: renumber(1, 2, 3, 4), errors: [{ messageId: 'firstNotZero', line: 7, column: 18, endLine: 7, endColumn: 19 }] },
    { name: 'gap', code: renumber(0, 1, 3, 4), errors: [{ messageId: 'notNext', line: 19, column: 18, message: 'Expected ordinal 2' }] },
    { name: 'repeat', code: renumber(0, 1, 1, 2), errors: [{ messageId: 'notNext', line: 19, column: 18 }] },
    {
      name: 'an event after a missing ordinal is not compared to it',
      code: renumber(0, Number.NaN, 2, 2),
      schemaInvalid: true,
      errors: [{ messageId: 'notNext', line: 25, column: 18, message: 'found 2' }],
    },
  ],
});
