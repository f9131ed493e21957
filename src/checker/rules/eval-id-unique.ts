// eval-id-unique: every eval id in evals.json names exactly one eval and one folder (eval-<id>/;
// folders and --eval use it).
import type { RuleModule } from '../rule-module.js';
import { evalFolderProblem } from '../../workspace/layout.js';
import { findDuplicateEvalIds, forEachEval } from './utils/evals-walk.js';

export const evalIdUnique: RuleModule = {
  meta: {
    id: 'eval-id-unique',
    kind: 'evals',
    description: 'Require each eval id in evals.json to be unique and short enough to name its folder eval-<id>/.',
    defaultSeverity: 'error',
    messages: {
      duplicate: 'Duplicate eval id {{id}}: evals[{{index}}] repeats evals[{{first}}]; eval-<id> folders and --eval could not tell them apart.',
      folder: 'The eval id {{id}} is too long for its folder: {{problem}}; shorten the id (campaign and run would refuse it).',
    },
  },
  check({ value, report }) {
    forEachEval(value, (evalCase, _index, pointer) => {
      const id = evalCase['id'];
      if (typeof id !== 'string') return;
      const problem = evalFolderProblem(id);
      // The id itself is in the file: only its start is repeated in the message.
      if (problem !== undefined) report({ messageId: 'folder', data: { id: JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id), problem }, pointer: `${pointer}/id` });
    });
    for (const d of findDuplicateEvalIds(value)) {
      report({ messageId: 'duplicate', data: { id: JSON.stringify(d.id), index: d.index, first: d.firstIndex }, pointer: d.pointer });
    }
  },
};
