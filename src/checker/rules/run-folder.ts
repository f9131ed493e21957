// run-folder: a run.json is the record of the run folder it lies in — the eval, condition and run
// of its eval-<id>/<condition>/run-<j>/. A run folder copied over another (or renamed) keeps the
// record of the run it was: compare counts no such run (run-record-unusable), and campaign makes it
// again — unless the folder is beyond the plan (workspace/counted.ts beyondPlan, the rule campaign
// and judge pass it over by), where campaign makes no run: the message says which. The rule is
// workspace/run-record.ts (recordOfAnotherRun), the one compare and campaign read run.json by;
// check-source.ts calls it with the place the file lies in.
import type { RuleModule } from '../rule-module.js';

export const runFolder: RuleModule = {
  meta: {
    id: 'run-folder',
    kind: 'run',
    description: 'Require a run.json to be the record of the run folder it lies in: the eval, condition and run of its eval-<id>/<condition>/run-<j>/.',
    defaultSeverity: 'error',
    messages: {
      'other-run': 'This is the record of {{recorded}}, not of the run folder it lies in ({{folder}}): a copy, which compare does not count ({{again}}).',
    },
  },
  check({ runMisplaced: misplaced, runBeyondPlan, report }) {
    if (misplaced === undefined) return;
    // At the first field that differs from the folder's.
    report({ messageId: 'other-run', data: { recorded: misplaced.recorded, folder: misplaced.folder, again: runBeyondPlan === undefined ? 'campaign makes this run again' : `campaign makes no run there: ${runBeyondPlan}` }, pointer: `/${misplaced.field}` });
  },
};
