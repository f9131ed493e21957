// blank-text: messages say something.
import type { RuleModule } from '../rule-module.js';

// Unicode White_Space, as Rust's trim() uses; JS trim() would also strip U+FEFF, which is not blank.
const BLANK = /^\p{White_Space}*$/u;

export const blankText: RuleModule = {
  meta: {
    id: 'blank-text',
    description: 'Disallow user and assistant messages whose text is empty or only whitespace.',
    defaultSeverity: 'warn',
    messages: {
      empty: 'The {{type}} text is empty.',
      whitespace: 'The {{type}} text is only whitespace.',
    },
  },
  check({ conversation, report }) {
    for (const event of conversation.events) {
      if (event.type !== 'user_message' && event.type !== 'assistant_message') continue;
      if (event.text === undefined || !BLANK.test(event.text)) continue;
      report({ messageId: event.text === '' ? 'empty' : 'whitespace', data: { type: event.type }, pointer: `${event.pointer}/text` });
    }
  },
};
