// round-reply: the agent says something in every round.
import type { RuleModule } from '../rule-module.js';
import { groupByRound } from '../conversation-view.js';

export const roundReply: RuleModule = {
  meta: {
    id: 'round-reply',
    description: 'Require at least one assistant_message in every round.',
    defaultSeverity: 'error',
    messages: {
      noReply: 'Round {{round}} has no assistant_message; every round ends with the agent replying.',
    },
  },
  check({ conversation, report }) {
    for (const [round, events] of groupByRound(conversation.events)) {
      if (events.some((e) => e.type === 'assistant_message')) continue;
      report({ messageId: 'noReply', data: { round }, pointer: events[0]!.pointer });
    }
  },
};
