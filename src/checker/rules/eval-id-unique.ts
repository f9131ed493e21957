// eval-id-unique: every eval id in evals.json names exactly one eval (folders and --eval use it).
import type { RuleModule } from '../rule-module.js';
import { findDuplicateEvalIds } from './utils/evals-walk.js';

export const evalIdUnique: RuleModule = {
  meta: {
    id: 'eval-id-unique',
    kind: 'evals',
    description: 'Require each eval id in evals.json to be unique.',
    defaultSeverity: 'error',
    messages: {
      duplicate: 'Duplicate eval id {{id}}: evals[{{index}}] repeats evals[{{first}}]; eval-<id> folders and --eval could not tell them apart.',
    },
  },
  check({ value, report }) {
    for (const d of findDuplicateEvalIds(value)) {
      report({ messageId: 'duplicate', data: { id: JSON.stringify(d.id), index: d.index, first: d.firstIndex }, pointer: d.pointer });
    }
  },
};
