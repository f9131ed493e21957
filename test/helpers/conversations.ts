// Builders for conversations in the reference runner's shape, so rule tables stay one line a case.
import type { Conversation, ConversationEvent } from '../../src/index.js';

type Spec = ['u' | 'a', number, string] | ['t', number, string, unknown?, unknown?];

/** Events from compact specs: ['u', round, text], ['a', round, text], ['t', round, name, args?, result?]; ordinals count from 0. */
export function events(...specs: Spec[]): ConversationEvent[] {
  return specs.map((spec, ordinal): ConversationEvent => {
    const [kind, round] = spec;
    if (kind === 'u') return { type: 'user_message', ordinal, round, text: spec[2] };
    if (kind === 'a') return { type: 'assistant_message', ordinal, round, text: spec[2] };
    const tool: ConversationEvent = { type: 'tool_invocation', ordinal, round, name: spec[2] };
    if (spec[3] !== undefined) tool.args = spec[3] as never;
    if (spec[4] !== undefined) tool.result = spec[4] as never;
    return tool;
  });
}

/** A completed conversation (key order as the runner writes it). */
export function completed(delivered: number, evs: ConversationEvent[]): Conversation {
  return { status: 'completed', delivered_followups: delivered, events: evs };
}

/** A stopped conversation (key order as the runner writes it). */
export function stopped(delivered: number, reason: Conversation['stop_reason'], before: number, evs: ConversationEvent[]): Conversation {
  return { status: 'stopped', delivered_followups: delivered, stop_reason: reason, stopped_before_followup: before, events: evs };
}

/** A typical two-round conversation: prompt, a question, the follow-up, the answer. */
export const twoRounds = events(['u', 1, 'Add a date column.'], ['a', 1, 'Which timezone?'], ['u', 2, 'UTC.'], ['a', 2, 'Done.']);
