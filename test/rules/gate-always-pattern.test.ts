import { gateAlwaysPattern } from '../../src/checker/rules/gate-always-pattern.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { evalCase, evalsOf, turn } from '../helpers/evals-docs.js';

runRuleTests('gate-always-pattern', gateAlwaysPattern, {
  valid: [
    { name: 'pattern on agent_asks', code: evalsOf(evalCase('a', 'p', [turn('x', 'agent_asks', 'zone')])) },
    { name: 'always without pattern', code: evalsOf(evalCase('a', 'p', [turn('x', 'always')])) },
  ],
  invalid: [
    {
      name: 'always with a pattern (reported at the key, once: the schema stays quiet)',
      code: evalsOf(evalCase('a', 'p', [turn('x', 'agent_asks'), turn('y', 'always', 'zone')])),
      errors: [{ messageId: 'always', line: 16, column: 11, message: 'turns[1] is delivered "always"' }],
    },
  ],
});
