// eval-prompt: round 1 opens with the eval's prompt, byte for byte (spec §2: event 0 is the eval prompt).
import type { RuleModule } from '../rule-module.js';
import { describeDifference, userMessages } from './utils/eval-replay.js';

export const evalPrompt: RuleModule = {
  meta: {
    id: 'eval-prompt',
    kind: 'cross',
    description: "Require the first user message to be the eval's prompt, byte for byte.",
    defaultSeverity: 'error',
    messages: {
      mismatch: 'The first user message is not the prompt of eval {{id}} ({{at}}): {{difference}}.',
    },
  },
  check({ conversation, evalMatch, report }) {
    if (evalMatch?.status !== 'matched' || !evalMatch.eval.prompt) return;
    const first = userMessages(conversation)[0];
    const expected = evalMatch.eval.prompt;
    if (first?.text === undefined || first.text === expected.value) return;
    report({
      messageId: 'mismatch',
      data: { id: JSON.stringify(evalMatch.eval.id), at: expected.at, difference: describeDifference(expected.value, first.text) },
      pointer: `${first.pointer}/text`,
    });
  },
};
