import { evalIdUnique } from '../../src/checker/rules/eval-id-unique.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { evalCase, evalsOf } from '../helpers/evals-docs.js';

runRuleTests('eval-id-unique', evalIdUnique, {
  valid: [
    { name: 'distinct ids', code: evalsOf(evalCase('a', 'p'), evalCase('b', 'p')) },
    { name: 'one eval', code: evalsOf(evalCase('only', 'p')) },
  ],
  invalid: [
    { name: 'second eval repeats the first id', code: evalsOf(evalCase('a', 'p'), evalCase('a', 'q')), errors: [{ messageId: 'duplicate', line: 10, column: 13, message: 'evals[1] repeats evals[0]' }] },
    { name: 'each repeat is reported once, at its id', code: evalsOf(evalCase('a', 'p'), evalCase('b', 'p'), evalCase('a', 'q'), evalCase('a', 'r')), errors: [{ messageId: 'duplicate', line: 15, column: 13 }, { messageId: 'duplicate', line: 20, column: 13, message: 'evals[3] repeats evals[0]' }] },
  ],
});
