import { evalMissing } from '../../src/checker/rules/eval-missing.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { fullRun, scheduleEvals, TURN_1 } from '../helpers/cross-cases.js';
import { turn } from '../helpers/evals-docs.js';
import { evalsMeet } from '../../src/workspace/plan-identity.js';
import type { EvalsFile } from '../../src/evals/types.js';

/** What campaign recorded the evals showed the agent when it ran them (campaign.json's evals.meets). */
const meetsOf = (evals: Record<string, unknown>) => evalsMeet(evals as unknown as EvalsFile, '/nowhere');
/** The second turn reworded after the run. */
const reworded = scheduleEvals({}, [turn(TURN_1, 'agent_asks', '(?i)time ?zone'), turn('Send it now.', 'always')]);

runRuleTests('eval-missing', evalMissing, {
  valid: [
    { name: 'the eval-<id> folder names an eval', code: fullRun, evals: scheduleEvals(), evalId: 's' },
    { name: 'the eval shows the agent what its campaign recorded (expected_output edited: grading only)', code: fullRun, evals: scheduleEvals({ expected_output: 'Other.' }), evalId: 's', campaignMeets: meetsOf(scheduleEvals()) },
    { name: 'a campaign that recorded nothing for the eval', code: fullRun, evals: reworded, evalId: 's', campaignMeets: {} },
  ],
  invalid: [
    { name: 'the eval was renamed after the run', code: fullRun, evals: scheduleEvals(), evalId: 'schedule', errors: [{ messageId: 'missing', line: 1, column: 1, message: 'folder eval-schedule, but evals.json has no eval "schedule" (evals.json:3:12)' }] },
    {
      name: 'a turn reworded since the campaign ran: one finding, not a "forged" follow-up',
      code: fullRun, evals: reworded, evalId: 's', campaignMeets: meetsOf(scheduleEvals()),
      errors: [{ messageId: 'changed', line: 1, column: 1, message: 'The turns of eval "s" (evals.json:4:5) changed since the campaign of iteration-1 ran' }],
    },
  ],
});
