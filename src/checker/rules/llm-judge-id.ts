// llm-judge-id: an llm_judge assertion's id names the folder its judgments go to
// (judge/<assertion-id>/ of each run), so it must be one folder name.
import type { RuleModule } from '../rule-module.js';
import { assertionFolderProblem } from '../../workspace/layout.js';
import { forEachAssertion } from './utils/evals-walk.js';

export const llmJudgeId: RuleModule = {
  meta: {
    id: 'llm-judge-id',
    kind: 'evals',
    description: "Require each llm_judge assertion id to be usable as a folder name (judge/<assertion-id>/).",
    defaultSeverity: 'error',
    messages: {
      folder: 'The llm_judge id {{id}} in {{evalName}} cannot name a folder ({{problem}}): eval-magic judge writes each run\'s judgments to judge/<assertion-id>/, so it would refuse to judge it.',
    },
  },
  check({ value, report }) {
    forEachAssertion(value, 'llm_judge', (assertion, site) => {
      const id = assertion['id'];
      if (typeof id !== 'string') return;
      const problem = assertionFolderProblem(id);
      if (problem !== undefined) report({ messageId: 'folder', data: { id: JSON.stringify(id), evalName: site.evalName, problem }, pointer: `${site.pointer}/id` });
    });
  },
};
