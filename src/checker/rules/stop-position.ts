// stop-position: a stop happens right before the first follow-up that was not delivered.
import type { RuleModule } from '../rule-module.js';

export const stopPosition: RuleModule = {
  meta: {
    id: 'stop-position',
    description: 'Require stopped_before_followup to equal delivered_followups + 1 when a conversation stopped.',
    defaultSeverity: 'error',
    messages: {
      mismatch: 'stopped_before_followup is {{found}}, but {{delivered}} follow-up(s) were delivered, so the stop came before follow-up {{expected}}.',
    },
  },
  check({ conversation, report }) {
    const { status, stoppedBeforeFollowup: found, deliveredFollowups: delivered } = conversation;
    if (status !== 'stopped' || found === undefined || delivered === undefined) return;
    if (found !== delivered + 1) {
      report({ messageId: 'mismatch', data: { found, delivered, expected: delivered + 1 }, pointer: '/stopped_before_followup' });
    }
  },
};
