import { stopEvidence } from '../../src/checker/rules/stop-evidence.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events, stopped, twoRounds } from '../helpers/conversations.js';

runRuleTests('stop-evidence', stopEvidence, {
  valid: [
    { name: 'did not ask, no question mark', code: stopped(0, 'agent_did_not_ask', 1, events(['u', 1, 'a'], ['a', 1, 'Done.'])) },
    { name: 'mismatch after a question', code: stopped(0, 'agent_response_mismatch', 1, events(['u', 1, 'a'], ['a', 1, 'Tabs or spaces?'])) },
    { name: 'a full-width question mark is not a question to the gate', code: stopped(0, 'agent_did_not_ask', 1, events(['u', 1, 'a'], ['a', 1, 'どちらにしますか？'])) },
    { name: 'only the last round counts', code: stopped(1, 'agent_did_not_ask', 2, twoRounds) },
    { name: 'completed runs are not judged', code: completed(1, twoRounds) },
  ],
  invalid: [
    { name: 'did not ask, but asked', code: stopped(0, 'agent_did_not_ask', 1, events(['u', 1, 'a'], ['a', 1, 'Which zone?'])), errors: [{ messageId: 'askedAfterAll', line: 4, column: 18, endColumn: 37 }] },
    { name: 'asked in an earlier message of the last round', code: stopped(0, 'agent_did_not_ask', 1, events(['u', 1, 'a'], ['a', 1, 'Which zone?'], ['t', 1, 'Read'], ['a', 1, 'Reading.'])), errors: [{ messageId: 'askedAfterAll', line: 4, column: 18 }] },
    { name: 'mismatch without a question', code: stopped(0, 'agent_response_mismatch', 1, events(['u', 1, 'a'], ['a', 1, 'All done.'])), errors: [{ messageId: 'neverAsked', line: 4, column: 18 }] },
  ],
});
