// turn-prompt-blank: every message the runner sends must say something — the eval's first prompt
// and each scripted follow-up; the reference runner rejects whitespace-only prompts.
import type { RuleModule } from '../rule-module.js';
import { isBlank } from '../../evals/blank.js';
import { forEachPromptText } from './utils/evals-walk.js';

export const turnPromptBlank: RuleModule = {
  meta: {
    id: 'turn-prompt-blank',
    kind: 'evals',
    description: "Disallow a prompt the runner sends that is only whitespace: a scripted turn's, or the eval's first.",
    defaultSeverity: 'error',
    messages: {
      blank: '{{evalName}}: {{where}} is only whitespace; the runner refuses it (a follow-up must contain text).',
      'blank-prompt': '{{evalName}}: prompt is only whitespace; run and campaign refuse the file (the first message must contain text, or the agent is asked nothing and every run of both arms is spent on it).',
    },
  },
  check({ value, report }) {
    forEachPromptText(value, (text, where, site) => {
      // "" is the schema's (minLength 1); whitespace is Unicode White_Space, as Rust's trim() (spec §4).
      if (text === '' || !isBlank(text)) return;
      report({ messageId: where === 'prompt' ? 'blank-prompt' : 'blank', data: { evalName: site.evalName, where }, pointer: site.pointer });
    });
  },
};
