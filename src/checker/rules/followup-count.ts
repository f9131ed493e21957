// followup-count: delivered_followups agrees with the user messages actually recorded.
import type { RuleModule } from '../rule-module.js';

export const followupCount: RuleModule = {
  meta: {
    id: 'followup-count',
    description: 'Require delivered_followups to equal the number of user_message events minus 1.',
    defaultSeverity: 'error',
    messages: {
      mismatch: 'delivered_followups is {{found}}, but the events hold {{users}} user_message(s), so {{expected}} follow-up(s) were delivered.',
    },
  },
  check({ conversation, report }) {
    const found = conversation.deliveredFollowups;
    if (found === undefined) return;
    const users = conversation.events.filter((e) => e.type === 'user_message').length;
    if (users === 0) return; // nothing to count against; round-opener and the schema say why
    if (found !== users - 1) {
      report({ messageId: 'mismatch', data: { found, users, expected: users - 1 }, pointer: '/delivered_followups' });
    }
  },
};
