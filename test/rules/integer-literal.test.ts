import { integerLiteral } from '../../src/checker/rules/integer-literal.js';
import { runRuleTests, layout } from '../helpers/rule-tester.js';
import { completed, twoRounds } from '../helpers/conversations.js';

const base = layout(completed(1, twoRounds));
/** The two-round conversation with `delivered_followups` written as `literal`. */
const delivered = (literal: string) => base.replace('"delivered_followups": 1,', `"delivered_followups": ${literal},`);
/** … with the third event's ordinal written as `literal`. */
const thirdOrdinal = (literal: string) => base.replace('"ordinal": 2,', `"ordinal": ${literal},`);

runRuleTests('integer-literal', integerLiteral, {
  valid: [
    { name: 'plain digits', code: base },
    { name: 'the largest integer a double holds exactly', code: thirdOrdinal('9007199254740991') },
    { name: 'a number in a text is nobody\'s business', code: base.replace('"Done."', '"Took 1.0e3 ms, or -0"') },
  ],
  invalid: [
    { name: '1.0, which JSON Schema calls an integer', code: delivered('1.0'), errors: [{ messageId: 'fraction', line: 3, column: 26, endColumn: 29, message: 'delivered_followups must be an integer written as plain digits' }] },
    { name: '1E0 with an exponent', code: delivered('1E0'), errors: [{ messageId: 'exponent', line: 3, column: 26, message: 'found 1E0: an exponent' }] },
    { name: '20e-1 as an ordinal', code: thirdOrdinal('20e-1'), errors: [{ messageId: 'exponent', line: 19, column: 18, message: 'events[2].ordinal must be' }] },
    { name: 'a negative zero', code: base.replace('"ordinal": 0,', '"ordinal": -0,'), errors: [{ messageId: 'negative-zero', line: 7, column: 18 }] },
    {
      name: '2^53+1, which JSON.parse reads as 2^53: shown as written, and no other finding quotes 2^53',
      code: thirdOrdinal('9007199254740993'),
      errors: [{ messageId: 'inexact', line: 19, column: 18, message: 'found 9007199254740993: too large' }],
    },
  ],
});
