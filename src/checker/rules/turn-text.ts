// turn-text: follow-up k carries turns[k-1].prompt verbatim, in order (spec §2).
import type { RuleModule } from '../rule-module.js';
import { describeDifference, userMessages } from './utils/eval-replay.js';

export const turnText: RuleModule = {
  meta: {
    id: 'turn-text',
    kind: 'cross',
    description: "Require follow-up k's text to be the eval's turns[k-1].prompt, in order.",
    defaultSeverity: 'error',
    messages: {
      mismatch: 'Follow-up {{k}} is not turns[{{index}}].prompt of eval {{id}} ({{at}}): {{difference}}.',
      unscripted: 'Follow-up {{k}} has no scripted turn: eval {{id}} has {{count}} turn(s) ({{at}}).',
    },
  },
  check({ conversation, evalMatch, report }) {
    if (evalMatch?.status !== 'matched') return;
    const { eval: evalRef } = evalMatch;
    const id = JSON.stringify(evalRef.id);
    userMessages(conversation).slice(1).forEach((message, i) => {
      const turn = evalRef.turns[i];
      if (!turn) {
        report({ messageId: 'unscripted', data: { k: i + 1, id, count: evalRef.turns.length, at: evalRef.turnsAt }, pointer: message.pointer });
        return;
      }
      if (!turn.prompt || message.text === undefined || message.text === turn.prompt.value) return;
      report({
        messageId: 'mismatch',
        data: { k: i + 1, index: i, id, at: turn.prompt.at, difference: describeDifference(turn.prompt.value, message.text) },
        pointer: `${message.pointer}/text`,
      });
    });
  },
};
