import { llmJudgeId } from '../../src/checker/rules/llm-judge-id.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { evalCase, evalsOf } from '../helpers/evals-docs.js';

const judged = (id: string) => ({ id, type: 'llm_judge', rubric: 'The agent explains why.' });
const asks = (id: string) => ({ id, type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' });

runRuleTests('llm-judge-id', llmJudgeId, {
  valid: [
    { name: 'kebab-case, spaces, dots and other scripts name a folder', code: evalsOf(evalCase('a', 'p', undefined, { assertions: [judged('explains-why'), judged('Explains why.'), judged('説明する'), judged('..x')] })) },
    { name: 'only llm_judge ids name folders', code: evalsOf(evalCase('a', 'p', undefined, { assertions: [asks('a/b'), asks('..')] })) },
  ],
  invalid: [
    {
      name: 'an id that climbs out of the run folder',
      code: evalsOf(evalCase('a', 'p', undefined, { assertions: [judged('../../escaped')] })),
      errors: [{ messageId: 'folder', line: 10, column: 17, message: 'The llm_judge id "../../escaped" in eval "a" cannot name a folder (it holds a "/", a "\\" or a NUL)' }],
    },
    {
      name: '"..", ".", an empty id, and one of more than 255 bytes',
      code: evalsOf(evalCase('a', 'p', undefined, { assertions: [judged('..'), judged('.'), judged(''), judged('é'.repeat(128))] })),
      errors: [
        { messageId: 'folder', line: 10, column: 17, message: '(it is "..")' },
        { messageId: 'folder', line: 15, column: 17, message: '(it is ".")' },
        { messageId: 'folder', line: 20, column: 17, message: '(it is "")' },
        { messageId: 'folder', line: 25, column: 17, message: '(it is longer than a folder name may be (255 bytes))' },
      ],
    },
  ],
});
