// ordinal-sequence: event ordinals count 0, 1, 2, … with no gap or repeat.
import type { RuleModule } from '../rule-module.js';

export const ordinalSequence: RuleModule = {
  meta: {
    id: 'ordinal-sequence',
    description: 'Require event ordinals to start at 0 and increase by exactly 1.',
    defaultSeverity: 'error',
    messages: {
      firstNotZero: 'The first event must have ordinal 0, found {{found}}.',
      notNext: 'Expected ordinal {{expected}} (previous event + 1), found {{found}}.',
    },
  },
  check({ conversation, report }) {
    let previous: number | undefined;
    for (const event of conversation.events) {
      const ordinal = event.ordinal;
      if (ordinal !== undefined) {
        const pointer = `${event.pointer}/ordinal`;
        if (event.index === 0 && ordinal !== 0) report({ messageId: 'firstNotZero', data: { found: ordinal }, pointer });
        else if (previous !== undefined && ordinal !== previous + 1) {
          report({ messageId: 'notNext', data: { expected: previous + 1, found: ordinal }, pointer });
        }
      }
      // A missing ordinal is the schema's finding; compare the next one to nothing rather than guess.
      previous = ordinal;
    }
  },
};
