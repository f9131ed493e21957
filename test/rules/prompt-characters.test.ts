import { promptCharacters } from '../../src/checker/rules/prompt-characters.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { evalCase, evalsOf, turn } from '../helpers/evals-docs.js';

const withTexts = (prompt: string, ...followups: string[]) => evalsOf(evalCase('a', prompt, followups.length > 0 ? followups.map((p) => turn(p, 'always')) : undefined));

runRuleTests('prompt-characters', promptCharacters, {
  valid: [
    { name: 'plain text, quotes, $(…), newlines and a leading --', code: withTexts('Rename "cust_id" with $(x)\nnow', '-- UTC, please') },
    { name: 'an emoji and a CJK character (surrogate pairs and BMP)', code: withTexts('ship it 🚀 好', 'go 🦀') },
    { name: 'a NUL written out as text, not as the character', code: withTexts('the byte \\u0000 ends a C string') },
  ],
  invalid: [
    { name: 'a NUL in the prompt, placed at the prompt', code: withTexts('Rename\u0000it'), errors: [{ messageId: 'nul', line: 6, column: 17, message: 'eval "a": prompt contains a NUL character (\\u0000) at character 7;' }] },
    { name: 'a NUL in the second follow-up, counted in characters (an emoji once)', code: withTexts('go', 'ok', '🦀\u0000'), errors: [{ messageId: 'nul', line: 14, column: 21, message: 'eval "a": turns[1].prompt contains a NUL character (\\u0000) at character 2;' }] },
    { name: 'a lone high surrogate', code: withTexts('ab\uD83E'), errors: [{ messageId: 'lone-surrogate', line: 6, column: 17, message: 'prompt contains a lone surrogate (\\uD83E) at character 3, which UTF-8 cannot encode' }] },
    { name: 'a lone low surrogate in a follow-up', code: withTexts('go', '\uDC00x'), errors: [{ messageId: 'lone-surrogate', line: 10, column: 21, message: 'turns[0].prompt contains a lone surrogate (\\uDC00) at character 1' }] },
    { name: 'both in one text: the NUL is said, once', code: withTexts('\uD800\u0000'), errors: [{ messageId: 'nul', line: 6, column: 17 }] },
  ],
});
