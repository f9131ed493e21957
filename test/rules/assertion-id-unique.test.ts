import { assertionIdUnique } from '../../src/checker/rules/assertion-id-unique.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { evalCase, evalsOf } from '../helpers/evals-docs.js';

const asks = (id: string, pattern: string) => ({ id, type: 'transcript_check', check: 'assistant_message_matches', pattern });

runRuleTests('assertion-id-unique', assertionIdUnique, {
  valid: [
    { name: 'distinct ids within an eval', code: evalsOf(evalCase('a', 'p', undefined, { assertions: [asks('asks', '\\?'), asks('names-file', 'schema\\.sql')] })) },
    { name: 'the same id in two evals (each eval grades its own)', code: evalsOf(evalCase('a', 'p', undefined, { assertions: [asks('asks', '\\?')] }), evalCase('b', 'p', undefined, { assertions: [asks('asks', '\\?')] })) },
    { name: 'no assertions', code: evalsOf(evalCase('a', 'p')) },
  ],
  invalid: [
    {
      name: 'a copied assertion kept its id',
      code: evalsOf(evalCase('a', 'p', undefined, { assertions: [asks('asks', '\\?'), asks('asks', 'really\\?')] })),
      errors: [{ messageId: 'duplicate', line: 16, column: 17, message: 'Duplicate assertion id "asks" in eval "a": assertions[1] repeats assertions[0]' }],
    },
    {
      name: 'each repeat is reported once, at its id',
      code: evalsOf(evalCase('a', 'p', undefined, { assertions: [asks('x', 'a'), asks('y', 'b'), asks('x', 'c'), asks('x', 'd')] })),
      errors: [{ messageId: 'duplicate', line: 22, column: 17, message: 'assertions[2] repeats assertions[0]' }, { messageId: 'duplicate', line: 28, column: 17, message: 'assertions[3] repeats assertions[0]' }],
    },
  ],
});
