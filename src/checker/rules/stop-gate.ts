// stop-gate: a recorded stop is what the eval's gate gives on the recorded text of the round before it.
import type { RuleModule } from '../rule-module.js';
import { explainStop, replayTurnGate, roundAssistantText } from './utils/eval-replay.js';

export const stopGate: RuleModule = {
  meta: {
    id: 'stop-gate',
    kind: 'cross',
    description: "Require a stop to be at an agent_asks turn whose gate, replayed on the recorded text, gives the recorded stop_reason.",
    defaultSeverity: 'error',
    messages: {
      noTurn: 'The conversation stopped before follow-up {{k}}, but eval {{id}} has only {{count}} turn(s) ({{at}}).',
      always: 'The conversation stopped before follow-up {{k}}, but turns[{{index}}] of eval {{id}} is delivered "always" ({{at}}); only an agent_asks gate can stop a run.',
      delivers: "Replaying the gate of turns[{{index}}] of eval {{id}} ({{at}}) on round {{round}}'s assistant text delivers follow-up {{k}}, so the run cannot have stopped there.",
      reason: "stop_reason is {{found}}, but replaying the gate of turns[{{index}}] of eval {{id}} ({{at}}) on round {{round}}'s assistant text gives {{expected}}.",
      unreplayable: 'The gate of turns[{{index}}] of eval {{id}} ({{at}}) cannot be replayed: {{error}}.',
    },
  },
  check({ conversation, evalMatch, report }) {
    const k = conversation.stoppedBeforeFollowup;
    if (evalMatch?.status !== 'matched' || conversation.status !== 'stopped' || k === undefined || k < 1) return;
    const { turns, turnsAt } = evalMatch.eval;
    const id = JSON.stringify(evalMatch.eval.id);
    const turn = turns[k - 1];
    if (!turn) {
      report({ messageId: 'noTurn', data: { k, id, count: turns.length, at: turnsAt }, pointer: '/stopped_before_followup' });
      return;
    }
    const at = turn.deliverWhen?.at ?? turn.at;
    const base = { k, index: k - 1, id, at, round: k };
    if (turn.deliverWhen?.value === 'always') {
      report({ messageId: 'always', data: base, pointer: '/stopped_before_followup' });
      return;
    }
    // Follow-up k is gated on round k's assistant text (spec §3).
    const replay = replayTurnGate(turn, roundAssistantText(conversation, k));
    if (!replay.ok) {
      if (replay.error !== undefined) report({ messageId: 'unreplayable', data: { ...base, error: replay.error }, pointer: '/stop_reason' });
      return;
    }
    if (replay.verdict.deliver) {
      report({ messageId: 'delivers', data: base, pointer: '/stop_reason' });
    } else if (conversation.stopReason !== undefined && conversation.stopReason !== replay.verdict.reason) {
      report({ messageId: 'reason', data: { ...base, found: JSON.stringify(conversation.stopReason), expected: explainStop(replay.verdict.reason, turn) }, pointer: '/stop_reason' });
    }
  },
};
