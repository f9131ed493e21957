// judgment-folder: a judgment.json is the judgment of the folder it lies in — the assertion and
// repeat of its judge/<assertion-id>/<repeat>/, and the run whose folder that is. A copy (another
// run's judgment, or another repeat's, copied over) is no vote in compare, and judge makes that
// judgment again — unless its run folder is beyond the plan (workspace/counted.ts beyondPlan),
// which judge passes over; check says so at the field that tells. The rule is
// workspace/judgment-record.ts (misplacedJudgment), the one compare and judge read judgments by;
// check-source.ts calls it with the place the file lies in: this module only reports what it found.
import type { RuleModule } from '../rule-module.js';

const NOT_COUNTED = 'a copy, which compare counts no vote of ({{again}})';

export const judgmentFolder: RuleModule = {
  meta: {
    id: 'judgment-folder',
    kind: 'judgment',
    description: 'Require a judgment.json to be the judgment of the folder it lies in: the assertion and repeat of its judge/<assertion-id>/<repeat>/, and the run whose folder that is; and the judgment folders of a run to be real folders (no symbolic link, no file).',
    defaultSeverity: 'error',
    messages: {
      'other-folder': `This is the judgment of assertion {{assertionId}}, repeat {{repeat}}, not of its folder judge/{{folderAssertion}}/{{folderRepeat}}/: ${NOT_COUNTED}.`,
      'other-run': `This is the judgment of {{recorded}}, not of the run it lies in ({{folder}}): ${NOT_COUNTED}.`,
      linked: '{{why}}. compare counts no vote of it.',
      'not-a-folder': '{{why}}. compare counts no vote of it.',
      'same-session': `This is the judgment of judge/{{assertionId}}/{{earlier}}/ copied here with its repeat edited (the same session: started and ended at the same moments, with the same answer and the same judge stream): ${NOT_COUNTED}.`,
    },
  },
  check({ judgmentMisplaced: misplaced, runBeyondPlan, value, report }) {
    // What judge does there, by the rule its plan passes a run over by (beyond the plan: no judgment).
    const again = runBeyondPlan === undefined ? 'judge makes this judgment again' : `judge judges no run there: ${runBeyondPlan}`;
    if (misplaced === undefined) return;
    // compare's own words: the file is sound, where it lies is not.
    if (misplaced.problem === 'linked' || misplaced.problem === 'not-a-folder') return report({ messageId: misplaced.problem, data: { why: misplaced.why }, pointer: '' });
    if (misplaced.problem === 'same-session') return report({ messageId: 'same-session', data: { assertionId: (value as { assertion_id: string }).assertion_id, earlier: misplaced.earlier, again }, pointer: `/${misplaced.field}` });
    // At the first field that differs from the folder's.
    const pointer = `/${misplaced.field}`;
    if (misplaced.problem === 'other-folder') {
      const { folder } = misplaced;
      report({ messageId: 'other-folder', data: { assertionId: JSON.stringify(misplaced.assertionId), repeat: misplaced.repeat, folderAssertion: folder.assertionId, folderRepeat: folder.repeat, again }, pointer });
    } else {
      report({ messageId: 'other-run', data: { recorded: misplaced.recorded, folder: misplaced.folder, again }, pointer });
    }
  },
};
