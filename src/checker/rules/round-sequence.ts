// round-sequence: rounds start at 1, never go back or skip, and advance only at a user message.
import type { RuleModule } from '../rule-module.js';

export const roundSequence: RuleModule = {
  meta: {
    id: 'round-sequence',
    description: 'Require rounds to start at 1 and advance one at a time, only at a user_message.',
    defaultSeverity: 'error',
    messages: {
      firstNotOne: 'The first event must be in round 1, found round {{found}}.',
      decreases: 'Round goes back from {{previous}} to {{found}}; rounds never decrease.',
      skips: 'Round jumps from {{previous}} to {{found}}; expected {{expected}}.',
      advancesWithoutUser: 'Round advances to {{found}} at a "{{type}}" event; a new round starts only at a user_message.',
    },
  },
  check({ conversation, report }) {
    let previous: number | undefined;
    for (const event of conversation.events) {
      const round = event.round;
      if (round === undefined) {
        previous = undefined;
        continue;
      }
      const pointer = `${event.pointer}/round`;
      if (event.index === 0 && round !== 1) report({ messageId: 'firstNotOne', data: { found: round }, pointer });
      else if (previous !== undefined && round < previous) report({ messageId: 'decreases', data: { previous, found: round }, pointer });
      else if (previous !== undefined && round > previous + 1) {
        report({ messageId: 'skips', data: { previous, found: round, expected: previous + 1 }, pointer });
      } else if (previous !== undefined && round === previous + 1 && event.type !== undefined && event.type !== 'user_message') {
        report({ messageId: 'advancesWithoutUser', data: { found: round, type: event.type }, pointer });
      }
      previous = round;
    }
  },
};
