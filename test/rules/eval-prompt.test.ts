import { evalPrompt } from '../../src/checker/rules/eval-prompt.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { completed, events } from '../helpers/conversations.js';
import { fullRun, PROMPT, scheduleEvals } from '../helpers/cross-cases.js';

runRuleTests('eval-prompt', evalPrompt, {
  valid: [
    { name: 'prompt verbatim', code: fullRun, evals: scheduleEvals() },
    { name: 'unicode prompt verbatim', code: completed(0, events(['u', 1, 'Grüß 👋 Gott'], ['a', 1, 'Hallo.'])), evals: scheduleEvals({ prompt: 'Grüß 👋 Gott' }) },
  ],
  invalid: [
    { name: 'eval prompt edited after the run', code: fullRun, evals: scheduleEvals({ prompt: 'Plan a meeting!' }), errors: [{ messageId: 'mismatch', line: 9, column: 15, message: 'differ at character 15: expected "Plan a meeting!" but found "Plan a meeting."' }] },
    { name: 'a trailing newline is a difference', code: completed(0, events(['u', 1, `${PROMPT}\n`], ['a', 1, 'Ok.'])), evals: scheduleEvals(), errors: [{ messageId: 'mismatch', line: 9, column: 15, message: '1 character(s) longer' }] },
    { name: 'the message names the evals.json location', code: completed(0, events(['u', 1, 'Other task.'], ['a', 1, 'Done.'])), evals: scheduleEvals(), errors: [{ messageId: 'mismatch', line: 9, column: 15, message: '(evals.json:6:17)' }] },
  ],
});
