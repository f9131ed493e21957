import { roundSequence } from '../../src/checker/rules/round-sequence.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events, stopped } from '../helpers/conversations.js';

runRuleTests('round-sequence', roundSequence, {
  valid: [
    { name: 'one round', code: stopped(0, 'agent_did_not_ask', 1, events(['u', 1, 'Go.'], ['a', 1, 'Done.'])) },
    { name: 'three rounds, tool calls inside', code: completed(2, events(['u', 1, 'a'], ['t', 1, 'Read'], ['a', 1, 'b?'], ['u', 2, 'c'], ['a', 2, 'd?'], ['u', 3, 'e'], ['a', 3, 'f'], ['t', 3, 'Write'])) },
  ],
  invalid: [
    { name: 'starts at round 0', code: completed(1, events(['u', 0, 'a'], ['a', 1, 'b?'], ['u', 2, 'c'], ['a', 2, 'd'])), schemaInvalid: true, errors: [{ messageId: 'firstNotOne', line: 8, column: 16 }, { messageId: 'advancesWithoutUser', line: 14, column: 16 }] },
    { name: 'first event in round 2', code: completed(1, events(['u', 2, 'a'], ['a', 2, 'b?'], ['u', 3, 'c'], ['a', 3, 'd'])), errors: [{ messageId: 'firstNotOne', line: 8, column: 16, endColumn: 17 }] },
    { name: 'goes back', code: completed(1, events(['u', 1, 'a'], ['a', 1, 'b?'], ['u', 2, 'c'], ['a', 1, 'd'])), errors: [{ messageId: 'decreases', line: 26, column: 16 }] },
    { name: 'skips a round', code: completed(1, events(['u', 1, 'a'], ['a', 1, 'b?'], ['u', 3, 'c'], ['a', 3, 'd'])), errors: [{ messageId: 'skips', line: 20, column: 16, message: 'expected 2' }] },
    { name: 'advances at an assistant message', code: completed(1, events(['u', 1, 'a'], ['a', 1, 'b?'], ['u', 2, 'c'], ['a', 3, 'd'])), errors: [{ messageId: 'advancesWithoutUser', line: 26, column: 16 }] },
  ],
});
