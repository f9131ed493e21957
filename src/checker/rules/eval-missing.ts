// eval-missing: an eval-<id> folder names an eval that its evals.json does not have.
import type { RuleModule } from '../rule-module.js';

export const evalMissing: RuleModule = {
  meta: {
    id: 'eval-missing',
    kind: 'cross',
    description: 'Disallow an artifact in an eval-<id> folder whose id is not in the evals.json it belongs to.',
    defaultSeverity: 'error',
    messages: {
      missing: 'This artifact is in folder {{folder}}, but {{file}} has no eval {{id}} ({{at}}): the eval was renamed or removed, or the artifact is in the wrong folder.',
    },
  },
  check({ evalMatch, report }) {
    if (evalMatch?.status !== 'missing') return;
    const { folder, file, id, at } = evalMatch;
    report({ messageId: 'missing', data: { folder, file, id: JSON.stringify(id), at }, pointer: '' });
  },
};
