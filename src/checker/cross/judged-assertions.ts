// Cross-file stage for a run's judgment folders: which judge/<assertion-id>/ folders compare reads
// of a run — its eval's llm_judge assertions — as check's eval lookup finds the eval.
import { join } from 'node:path';
import { CONVERSATION_FILE } from '../../workspace/layout.js';
import { strayJudgmentFolderProblem, type StrayFolderWhy, type StrayJudgmentFolder } from '../../workspace/judgment-record.js';
import type { EvalLookup } from './eval-lookup.js';

/**
 * Why compare counts no vote at a stray judgment folder (a link or a file), held to the llm_judge assertions
 * of the run's eval ({@link strayJudgmentFolderProblem}): undefined for a judge/<name>/ that is
 * none of them. The eval is looked up as the run's conversation.json's would be (its eval-<id>
 * folder decides); not found, or missing from its evals.json, it is not known.
 */
export function strayJudgmentFolderWhy(lookup: EvalLookup, folder: StrayJudgmentFolder, searchRoot?: string): StrayFolderWhy | undefined {
  if (folder.assertionId === undefined) return strayJudgmentFolderProblem(folder, undefined);
  const match = lookup.resolve(join(folder.runDir, CONVERSATION_FILE), undefined, undefined, searchRoot).match;
  return strayJudgmentFolderProblem(folder, match === undefined || !('eval' in match) ? undefined : match.eval.llmJudgeIds);
}
