// gate-replay: every delivered agent_asks follow-up's gate really passed on the recorded text before it.
import type { RuleModule } from '../rule-module.js';
import { explainStop, replayTurnGate, roundAssistantText, userMessages } from './utils/eval-replay.js';

export const gateReplay: RuleModule = {
  meta: {
    id: 'gate-replay',
    kind: 'cross',
    description: "Require each delivered agent_asks follow-up's gate to pass on the recorded assistant text before it.",
    defaultSeverity: 'error',
    messages: {
      blocked: "Follow-up {{k}} was delivered, but the gate of turns[{{index}}] of eval {{id}} ({{at}}) does not pass on round {{round}}'s assistant text: {{reason}}.",
      unreplayable: 'The gate of turns[{{index}}] of eval {{id}} ({{at}}) cannot be replayed: {{error}}.',
    },
  },
  check({ conversation, evalMatch, report }) {
    if (evalMatch?.status !== 'matched') return;
    const id = JSON.stringify(evalMatch.eval.id);
    userMessages(conversation).slice(1).forEach((message, i) => {
      const turn = evalMatch.eval.turns[i];
      if (turn?.deliverWhen?.value !== 'agent_asks') return;
      const k = i + 1;
      const data = { k, index: i, id, at: turn.deliverWhen.at, round: k };
      const replay = replayTurnGate(turn, roundAssistantText(conversation, k));
      if (!replay.ok) {
        if (replay.error !== undefined) report({ messageId: 'unreplayable', data: { ...data, error: replay.error }, pointer: message.pointer });
      } else if (!replay.verdict.deliver) {
        report({ messageId: 'blocked', data: { ...data, reason: explainStop(replay.verdict.reason, turn) }, pointer: message.pointer });
      }
    });
  },
};
