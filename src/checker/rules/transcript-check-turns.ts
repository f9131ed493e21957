// transcript-check-turns: an assistant_message_matches check on an eval without turns is graded here (its one reply
// is recorded), but the reference's runner refuses such an evals.json: a portability warning, not an error.
import type { RuleModule } from '../rule-module.js';
import { forEachTranscriptCheck } from './utils/evals-walk.js';

export const transcriptCheckTurns: RuleModule = {
  meta: {
    id: 'transcript-check-turns',
    kind: 'evals',
    description: 'Require scripted turns for an assistant_message_matches transcript_check where the evals must also run under the reference runner, which refuses it on a single-round eval (eval-magic grades it).',
    defaultSeverity: 'warn',
    messages: {
      noTurns: '{{evalName}}: assertions[{{index}}] checks assistant_message_matches on an eval without "turns": eval-magic grades its one reply, but the reference\'s runner refuses this evals.json.',
    },
  },
  check({ value, report }) {
    forEachTranscriptCheck(value, (assertion, site) => {
      // An empty or mistyped `turns` is the schema's to report; here only its absence.
      if (assertion['check'] === 'assistant_message_matches' && !Object.hasOwn(site.evalCase, 'turns')) {
        report({ messageId: 'noTurns', data: { evalName: site.evalName, index: site.index }, pointer: `${site.pointer}/check` });
      }
    });
  },
};
