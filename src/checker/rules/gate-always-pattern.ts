// gate-always-pattern: an `always` gate never reads the agent's text, so a pattern on it is a mistake.
import type { RuleModule } from '../rule-module.js';
import { forEachTurn } from './utils/evals-walk.js';

export const gateAlwaysPattern: RuleModule = {
  meta: {
    id: 'gate-always-pattern',
    kind: 'evals',
    description: 'Disallow agent_response_matches on a turn delivered "always".',
    defaultSeverity: 'error',
    messages: {
      always: '{{evalName}}: turns[{{index}}] is delivered "always", which never reads the agent\'s text, so agent_response_matches would be ignored; use "agent_asks" or remove it.',
    },
  },
  check({ value, report }) {
    forEachTurn(value, (turn, site) => {
      if (turn['deliver_when'] === 'always' && Object.hasOwn(turn, 'agent_response_matches')) {
        report({ messageId: 'always', data: { evalName: site.evalName, index: site.index }, pointer: `${site.pointer}/agent_response_matches`, target: 'key' });
      }
    });
  },
};
