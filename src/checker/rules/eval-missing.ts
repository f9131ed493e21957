// eval-missing: the eval an artifact was made from is not in its evals.json — an eval-<id> folder names an id
// the file lacks, or the eval was edited since the campaign of its iteration ran — or no evals.json
// stands for its campaign's runs at all (the lookup's `no-evals`, by the rule compare and judge stop at).
import type { RuleModule } from '../rule-module.js';

export const evalMissing: RuleModule = {
  meta: {
    id: 'eval-missing',
    kind: 'cross',
    description: "Disallow an artifact whose eval is not in its evals.json: an eval-<id> folder whose id the file lacks, or an eval whose prompt or turns changed since its iteration's campaign ran; and a campaign's run no evals.json stands for.",
    defaultSeverity: 'error',
    messages: {
      missing: 'This artifact is in folder {{folder}}, but {{file}} has no eval {{id}} ({{at}}): the eval was renamed or removed, or the artifact is in the wrong folder. ({{others}}; judge judges none.)',
      'no-evals': "No evals.json stands for this run: {{problem}}. compare and judge grade none of its iteration's runs until one does (they stop, exit 2); check held it to no eval.",
      changed: "The {{changed}} of eval {{id}} ({{at}}) changed since the campaign of {{iteration}} ran (its campaign.json's evals.meets): this run followed the script as it was then, so it is not held to the edited one (compare will not regrade it either); run the campaign again for runs of this script.",
    },
  },
  check({ evalMatch, runBeyondPlan, report }) {
    if (evalMatch?.status === 'no-evals') return report({ messageId: 'no-evals', data: { problem: evalMatch.problem }, pointer: '' });
    if (evalMatch?.status === 'changed') {
      const { eval: evalRef, changed, iteration } = evalMatch;
      report({ messageId: 'changed', data: { id: JSON.stringify(evalRef.id), at: evalRef.at, changed, iteration }, pointer: '' });
      return;
    }
    if (evalMatch?.status !== 'missing') return;
    const { folder, file, id, at } = evalMatch;
    // An eval campaign.json never planned is compare's runs-over-plan error, not an eval taken out since.
    const others = runBeyondPlan === undefined ? 'compare leaves such a run out of its numbers with a warning, eval-removed' : `compare counts no run there, an error, runs-over-plan: ${runBeyondPlan}`;
    report({ messageId: 'missing', data: { folder, file, id: JSON.stringify(id), at, others }, pointer: '' });
  },
};
