import { commandEnv } from '../../src/checker/rules/command-env.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { commandCheck, evalCase, evalsOf } from '../helpers/evals-docs.js';

const withCheck = (extra: Record<string, unknown>) => evalsOf(evalCase('a', 'p', undefined, { assertions: [commandCheck(extra)] }));

runRuleTests('command-env', commandEnv, {
  valid: [
    { name: 'ordinary names and values', code: withCheck({ env: { TZ: 'Europe/Berlin', PY_VERSION: '3.12' }, matrix: { LANG: ['C', 'de_DE.UTF-8'] } }) },
    { name: 'a value may hold "=" and be empty', code: withCheck({ env: { OPTS: '--level=3', EMPTY: '' } }) },
    { name: 'a command_check without env or matrix', code: withCheck({}) },
  ],
  invalid: [
    { name: 'empty env name', code: withCheck({ env: { '': 'x' } }), errors: [{ messageId: 'name-empty', line: 14, column: 13, message: 'assertions[0].env has a variable with an empty name' }] },
    { name: 'empty matrix name', code: withCheck({ matrix: { '': ['a'] } }), errors: [{ messageId: 'name-empty', line: 14, column: 13, message: 'assertions[0].matrix' }] },
    { name: 'name holding "="', code: withCheck({ env: { 'A=B': 'x' } }), errors: [{ messageId: 'name-equals', line: 14, column: 13, endColumn: 18, message: 'variable "A=B" contains "="' }] },
    { name: 'name holding NUL', code: withCheck({ matrix: { 'A\u0000B': ['x'] } }), errors: [{ messageId: 'name-nul', line: 14, column: 13, message: 'variable "A\\u0000B" contains a NUL' }] },
    { name: 'env value holding NUL', code: withCheck({ env: { TZ: 'UTC\u0000rm' } }), errors: [{ messageId: 'value-nul', line: 14, column: 19, message: 'env variable "TZ" has a value with a NUL' }] },
    {
      name: 'matrix value holding NUL, next to a good one',
      code: withCheck({ matrix: { LANG: ['C', 'x\u0000'] } }),
      errors: [{ messageId: 'value-nul', line: 16, column: 15, message: 'matrix variable "LANG"' }],
    },
  ],
});
