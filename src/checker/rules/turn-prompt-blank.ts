// turn-prompt-blank: a scripted follow-up must say something; the reference runner rejects whitespace-only prompts.
import type { RuleModule } from '../rule-module.js';
import { isBlank } from '../../evals/blank.js';
import { forEachTurn } from './utils/evals-walk.js';

export const turnPromptBlank: RuleModule = {
  meta: {
    id: 'turn-prompt-blank',
    kind: 'evals',
    description: 'Disallow a scripted turn prompt that is only whitespace.',
    defaultSeverity: 'error',
    messages: {
      blank: '{{evalName}}: turns[{{index}}].prompt is only whitespace; the runner refuses it (a follow-up must contain text).',
    },
  },
  check({ value, report }) {
    forEachTurn(value, (turn, site) => {
      const prompt = turn['prompt'];
      // "" is the schema's (minLength 1); whitespace is Unicode White_Space, as Rust's trim() (spec §4).
      if (typeof prompt === 'string' && prompt !== '' && isBlank(prompt)) {
        report({ messageId: 'blank', data: { evalName: site.evalName, index: site.index }, pointer: `${site.pointer}/prompt` });
      }
    });
  },
};
