// round-opener: the conversation opens with a user message, and each round has only its opener.
import type { RuleModule } from '../rule-module.js';

export const roundOpener: RuleModule = {
  meta: {
    id: 'round-opener',
    description: "Require each round to open with its user_message and disallow a second user_message in a round.",
    defaultSeverity: 'error',
    messages: {
      notOpenedByUser: 'The conversation must open with the eval prompt as a user_message, found a "{{type}}" event.',
      secondUserMessage: 'Round {{round}} already began at event {{opener}}; a user_message must open a new round.',
    },
  },
  check({ conversation, report }) {
    const first = conversation.events[0];
    if (first?.type !== undefined && first.type !== 'user_message') {
      report({ messageId: 'notOpenedByUser', data: { type: first.type }, pointer: `${first.pointer}/type` });
    }
    // Round numbers themselves are round-sequence's concern; here only "who speaks first".
    const openers = new Map<number, number>();
    for (const event of conversation.events) {
      if (event.round === undefined) continue;
      if (!openers.has(event.round)) {
        openers.set(event.round, event.index);
        continue;
      }
      if (event.type === 'user_message') {
        report({ messageId: 'secondUserMessage', data: { round: event.round, opener: openers.get(event.round)! }, pointer: `${event.pointer}/type` });
      }
    }
  },
};
