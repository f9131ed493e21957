import { transcriptCheckTurns } from '../../src/checker/rules/transcript-check-turns.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { evalCase, evalsOf, transcriptCheck, turn } from '../helpers/evals-docs.js';

runRuleTests('transcript-check-turns', transcriptCheckTurns, {
  valid: [
    { name: 'assistant check on an eval with turns', code: evalsOf(evalCase('a', 'p', [turn('x', 'always')], { assertions: [transcriptCheck('assistant_message_matches', 'x')] })) },
    { name: 'tool check on a single-round eval', code: evalsOf(evalCase('a', 'p', undefined, { assertions: [transcriptCheck('tool_invocation_matches', 'x')] })) },
  ],
  invalid: [
    { name: 'assistant check on a single-round eval', code: evalsOf(evalCase('a', 'p', undefined, { assertions: [transcriptCheck('assistant_message_matches', 'x')] })), errors: [{ messageId: 'noTurns', line: 12, column: 20, message: 'eval "a": assertions[0]' }] },
  ],
});
