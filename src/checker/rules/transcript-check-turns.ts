// transcript-check-turns: assistant_message_matches grades a scripted conversation, so its eval needs turns.
import type { RuleModule } from '../rule-module.js';
import { forEachTranscriptCheck } from './utils/evals-walk.js';

export const transcriptCheckTurns: RuleModule = {
  meta: {
    id: 'transcript-check-turns',
    kind: 'evals',
    description: 'Require an eval with an assistant_message_matches transcript_check to have scripted turns.',
    defaultSeverity: 'error',
    messages: {
      noTurns: '{{evalName}}: assertions[{{index}}] checks assistant_message_matches, which needs a scripted conversation, but the eval has no "turns".',
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
