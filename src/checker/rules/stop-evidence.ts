// stop-evidence: the recorded stop reason agrees with the text the gate read.
import type { RuleModule } from '../rule-module.js';
import { lastRoundAssistantText } from '../conversation-view.js';

export const stopEvidence: RuleModule = {
  meta: {
    id: 'stop-evidence',
    description: "Require the stop reason to agree with the last round's assistant text ('?' or not).",
    defaultSeverity: 'warn',
    messages: {
      askedAfterAll: 'stop_reason is "agent_did_not_ask", but the last round\'s assistant text contains "?".',
      neverAsked: 'stop_reason is "agent_response_mismatch", but the last round\'s assistant text contains no "?", so an agent_asks gate would have stopped with "agent_did_not_ask" first.',
    },
  },
  check({ conversation, report }) {
    if (conversation.status !== 'stopped') return;
    const text = lastRoundAssistantText(conversation);
    if (text === undefined) return;
    // Only ASCII "?" counts, as in the gate (spec §3): a full-width "？" does not.
    const asked = text.includes('?');
    if (conversation.stopReason === 'agent_did_not_ask' && asked) report({ messageId: 'askedAfterAll', pointer: '/stop_reason' });
    if (conversation.stopReason === 'agent_response_mismatch' && !asked) report({ messageId: 'neverAsked', pointer: '/stop_reason' });
  },
};
