// One mutation per conversation rule: each breaks exactly that rule in a valid conversation and keeps everything else true.
import type { Conversation, ConversationEvent } from '../../src/index.js';
import { isBlank, lastRoundAssistantText, objectPaths, serializeWithDuplicate } from './conversation-arbitraries.js';

/** Random choices a mutation may use (each a natural number; take it modulo what you choose from). */
export type Picks = readonly number[];

/** A mutation: the artifact text after it, or undefined when it cannot apply to this conversation. */
export type Mutation = (conversation: Conversation, picks: Picks, indent: string | number | undefined) => string | undefined;

const serialize = (c: Conversation, indent: string | number | undefined) => JSON.stringify(c, null, indent);
const renumber = (events: ConversationEvent[]) => events.forEach((e, i) => (e.ordinal = i));
const userCount = (c: Conversation) => c.events.filter((e) => e.type === 'user_message').length;
const reasonFor = (events: ConversationEvent[]) => (lastRoundAssistantText(events).includes('?') ? 'agent_response_mismatch' : 'agent_did_not_ask');

/** Makes a completed conversation a consistent stop (right reason, right position). */
function asStopped(c: Conversation): Conversation {
  return { status: 'stopped', delivered_followups: c.delivered_followups, stop_reason: reasonFor(c.events), stopped_before_followup: c.delivered_followups + 1, events: c.events } as Conversation;
}

/** A whole number ≥ `min`, near `right` but not it. */
function otherThan(right: number, min: number, pick: number): number {
  const choices = Array.from({ length: right + 4 - min }, (_, i) => min + i).filter((n) => n !== right);
  return choices[pick % choices.length]!;
}

export const mutations: Record<string, Mutation> = {
  'ordinal-sequence': (c, [i = 0, d = 0], indent) => {
    // Event 0 off zero, or a later event off by ±k (still ≥ 0: the schema's minimum).
    const at = i % c.events.length;
    const event = c.events[at]!;
    event.ordinal = at === 0 ? 1 + (d % 5) : d % 2 === 0 || event.ordinal === 0 ? event.ordinal + 1 + (d % 5) : event.ordinal - 1;
    return serialize(c, indent);
  },
  'round-sequence': (c, [u = 0, k = 0], indent) => {
    // From one user message on, every round is k higher: a skip (or a first round above 1).
    const users = c.events.flatMap((e, i) => (e.type === 'user_message' ? [i] : []));
    const from = users[u % users.length]!;
    for (const e of c.events.slice(from)) e.round += 1 + (k % 3);
    return serialize(c, indent);
  },
  'round-opener': (c, [r = 0, at = 0, t = 0], indent) => {
    const round = 1 + (r % (c.delivered_followups + 1));
    if (t % 2 === 0 && round === 1) {
      // Round 1 opened by its assistant reply: the first assistant message moves to the front.
      const reply = c.events.findIndex((e) => e.type === 'assistant_message');
      const [moved] = c.events.splice(reply, 1);
      c.events.unshift(moved!);
    } else {
      // A second user_message inside a round; the counts follow, so only the opener rule can object.
      const inRound = c.events.flatMap((e, i) => (e.round === round ? [i] : []));
      const where = inRound[1 + (at % inRound.length)] ?? inRound.at(-1)! + 1;
      c.events.splice(where, 0, { type: 'user_message', ordinal: 0, round, text: 'and also this' });
      c.delivered_followups += 1;
      if (c.status === 'stopped') c.stopped_before_followup = c.delivered_followups + 1;
    }
    renumber(c.events);
    return serialize(c, indent);
  },
  'round-reply': (c, [r = 0], indent) => {
    // Every reply of one round becomes a tool call (the event count and ordinals stay).
    const last = c.delivered_followups + 1;
    const allowed = Array.from({ length: last }, (_, i) => i + 1).filter((round) => !(round === last && c.stop_reason === 'agent_response_mismatch'));
    if (allowed.length === 0) return undefined;
    const round = allowed[r % allowed.length]!;
    c.events = c.events.map((e) => (e.round === round && e.type === 'assistant_message' ? { type: 'tool_invocation', ordinal: e.ordinal, round, name: 'Bash' } : e));
    return serialize(c, indent);
  },
  'followup-count': (c, [d = 0], indent) => {
    c.delivered_followups = otherThan(userCount(c) - 1, 0, d);
    if (c.status === 'stopped') c.stopped_before_followup = c.delivered_followups + 1;
    return serialize(c, indent);
  },
  'stop-position': (c, [d = 0], indent) => {
    const stopped = c.status === 'stopped' ? c : asStopped(c);
    stopped.stopped_before_followup = otherThan(stopped.delivered_followups + 1, 1, d);
    return serialize(stopped, indent);
  },
  'duplicate-key': (c, [o = 0, k = 0]) => {
    const objects = objectPaths(c);
    const { path, keys } = objects[o % objects.length]!;
    return serializeWithDuplicate(c, path, keys[k % keys.length]!);
  },
  'stop-evidence': (c, _picks, indent) => {
    const stopped = c.status === 'stopped' ? c : asStopped(c);
    stopped.stop_reason = stopped.stop_reason === 'agent_did_not_ask' ? 'agent_response_mismatch' : 'agent_did_not_ask';
    return serialize(stopped, indent);
  },
  'blank-text': (c, [m = 0, b = 0], indent) => {
    const blanks = ['', ' ', '\n\t', '\u3000', '\u00a0\u2028'];
    const candidates = c.events.flatMap((e, i) => {
      if (e.type !== 'user_message' && e.type !== 'assistant_message') return [];
      if (e.type === 'assistant_message' && c.status === 'stopped') {
        // Blanking a last-round reply must not change what stop-evidence reads.
        const copy = c.events.map((x, j) => (j === i ? { ...x, text: '' } : x));
        if (reasonFor(copy) !== c.stop_reason) return [];
      }
      return [i];
    });
    const at = candidates[m % candidates.length]!;
    const event = c.events[at] as { text: string };
    event.text = blanks[b % blanks.length]!;
    if (!isBlank(event.text)) throw new Error('blank-text mutation produced a non-blank text');
    return serialize(c, indent);
  },
};
