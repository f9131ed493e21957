// turns-delivered: a completed run delivered every scripted turn (spec §3: all delivered ⇒ completed).
import type { RuleModule } from '../rule-module.js';

export const turnsDelivered: RuleModule = {
  meta: {
    id: 'turns-delivered',
    kind: 'cross',
    description: 'Require a completed conversation to have delivered every turn of its eval.',
    defaultSeverity: 'error',
    messages: {
      count: 'The conversation completed with {{delivered}} follow-up(s), but eval {{id}} scripts {{count}} turn(s) ({{at}}); a completed run delivers every turn.',
    },
  },
  check({ conversation, evalMatch, report }) {
    if (evalMatch?.status !== 'matched' || conversation.status !== 'completed') return;
    const delivered = conversation.deliveredFollowups;
    const { turns, turnsAt, id } = evalMatch.eval;
    if (delivered === undefined || delivered === turns.length) return;
    report({ messageId: 'count', data: { delivered, id: JSON.stringify(id), count: turns.length, at: turnsAt }, pointer: '/delivered_followups' });
  },
};
