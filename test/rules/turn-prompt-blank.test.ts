import { turnPromptBlank } from '../../src/checker/rules/turn-prompt-blank.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { evalCase, evalsOf, turn } from '../helpers/evals-docs.js';

runRuleTests('turn-prompt-blank', turnPromptBlank, {
  valid: [
    { name: 'turn with text', code: evalsOf(evalCase('a', 'p', [turn('Go on.', 'always')])) },
    { name: 'U+FEFF is text to Rust trim()', code: evalsOf(evalCase('a', 'p', [turn('\uFEFF', 'always')])) },
    { name: 'eval without turns', code: evalsOf(evalCase('a', 'p')) },
  ],
  invalid: [
    { name: 'spaces and a newline', code: evalsOf(evalCase('a', 'p', [turn(' \n ', 'always')])), errors: [{ messageId: 'blank', line: 10, column: 21, message: 'eval "a": turns[0].prompt' }] },
    { name: 'no-break space and ideographic space (Unicode White_Space)', code: evalsOf(evalCase('a', 'p', [turn('ok', 'always'), turn('\u00a0\u3000', 'agent_asks')])), errors: [{ messageId: 'blank', line: 14, column: 21, message: 'turns[1]' }] },
    // The eval's first prompt too: campaign ran such an eval in both arms, and only the artifacts' blank-text warning said anything.
    { name: 'the eval\'s own prompt only whitespace', code: evalsOf(evalCase('a', ' \n ')), errors: [{ messageId: 'blank-prompt', line: 6, column: 17, message: 'eval "a": prompt is only whitespace; run and campaign refuse the file' }] },
    { name: 'empty prompt is the schema\'s, whitespace the rule\'s', code: evalsOf(evalCase('a', 'p', [turn('', 'always'), turn('\t', 'always')])), schemaInvalid: true, errors: [{ messageId: 'blank', line: 14, column: 21 }] },
  ],
});
