import { evalMissing } from '../../src/checker/rules/eval-missing.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { fullRun, scheduleEvals } from '../helpers/cross-cases.js';

runRuleTests('eval-missing', evalMissing, {
  valid: [{ name: 'the eval-<id> folder names an eval', code: fullRun, evals: scheduleEvals(), evalId: 's' }],
  invalid: [
    { name: 'the eval was renamed after the run', code: fullRun, evals: scheduleEvals(), evalId: 'schedule', errors: [{ messageId: 'missing', line: 1, column: 1, message: 'folder eval-schedule, but evals.json has no eval "schedule" (evals.json:3:12)' }] },
  ],
});
