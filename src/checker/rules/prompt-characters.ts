// prompt-characters: a text the runner sends must reach the agent as written; a NUL or a lone surrogate never can.
import type { RuleModule } from '../rule-module.js';
import { findUnsendable } from '../../evals/unsendable.js';
import { forEachPromptText } from './utils/evals-walk.js';

export const promptCharacters: RuleModule = {
  meta: {
    id: 'prompt-characters',
    kind: 'evals',
    description: 'Disallow a NUL character or a lone surrogate in an eval\'s prompt or a turn\'s prompt, which no agent can receive as written.',
    defaultSeverity: 'error',
    messages: {
      nul: '{{evalName}}: {{where}} contains a NUL character (\\u0000) at character {{at}}; no agent can receive it (no command-line argument carries one, and agents read their text as C strings), so run and campaign refuse the file.',
      'lone-surrogate': '{{evalName}}: {{where}} contains a lone surrogate ({{code}}) at character {{at}}, which UTF-8 cannot encode: the agent would receive U+FFFD instead, so run and campaign refuse the file.',
    },
  },
  check({ value, report }) {
    forEachPromptText(value, (text, where, site) => {
      const found = findUnsendable(text);
      if (found) report({ messageId: found.kind, data: { evalName: site.evalName, where, at: found.at, code: found.kind === 'lone-surrogate' ? found.code : '' }, pointer: site.pointer });
    });
  },
};
