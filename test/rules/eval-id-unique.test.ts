import { evalIdUnique } from '../../src/checker/rules/eval-id-unique.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { evalCase, evalsOf } from '../helpers/evals-docs.js';

// eval-<id> is one folder name: at most 255 bytes, so an id of 250 bytes is the longest that fits.
const longest = 'a'.repeat(250);
const tooLong = 'a'.repeat(251);

runRuleTests('eval-id-unique', evalIdUnique, {
  valid: [
    { name: 'distinct ids', code: evalsOf(evalCase('a', 'p'), evalCase('b', 'p')) },
    { name: 'one eval', code: evalsOf(evalCase('only', 'p')) },
    { name: 'an id of 250 bytes: eval-<id> is 255, a folder name', code: evalsOf(evalCase(longest, 'p')) },
  ],
  invalid: [
    { name: 'second eval repeats the first id', code: evalsOf(evalCase('a', 'p'), evalCase('a', 'q')), errors: [{ messageId: 'duplicate', line: 10, column: 13, message: 'evals[1] repeats evals[0]' }] },
    { name: 'each repeat is reported once, at its id', code: evalsOf(evalCase('a', 'p'), evalCase('b', 'p'), evalCase('a', 'q'), evalCase('a', 'r')), errors: [{ messageId: 'duplicate', line: 15, column: 13 }, { messageId: 'duplicate', line: 20, column: 13, message: 'evals[3] repeats evals[0]' }] },
    { name: 'an id of 251 bytes: eval-<id> would be 256, too long for a folder name', code: evalsOf(evalCase('ok', 'p'), evalCase(tooLong, 'q')), errors: [{ messageId: 'folder', line: 10, column: 13, message: 'eval-<id> would be a name of 256 bytes; the system allows 255' }] },
  ],
});
