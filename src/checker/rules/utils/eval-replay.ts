// What the cross-file rules share: a round's gate text, replaying a recorded turn's gate, showing a difference.
import { evaluateGate, GateRegexError } from '../../../evals/gates.js';
import type { GateVerdict } from '../../../evals/types.js';
import type { TurnRef } from '../../cross/eval-match.js';
import { groupByRound, type ConversationView, type EventView } from '../../conversation-view.js';

/** The user messages of a conversation, in order (the first opens round 1; the rest are follow-ups). */
export function userMessages(view: ConversationView): EventView[] {
  return view.events.filter((e) => e.type === 'user_message');
}

/** Round `round`'s assistant texts joined with "\n": the text the runner's gate read (spec §2). */
export function roundAssistantText(view: ConversationView, round: number): string {
  return (groupByRound(view.events).get(round) ?? [])
    .filter((e) => e.type === 'assistant_message' && e.text !== undefined)
    .map((e) => e.text)
    .join('\n');
}

/** A gate replayed on recorded text, or why it could not be (an unknown deliver_when, a regex that does not compile). */
export type ReplayOutcome = { ok: true; verdict: GateVerdict } | { ok: false; error: string } | { ok: false; error?: undefined };

/** Replays the one gate implementation (`src/evals/gates.ts`) for a turn read from evals.json. */
export function replayTurnGate(turn: TurnRef, text: string): ReplayOutcome {
  const deliverWhen = turn.deliverWhen?.value;
  if (deliverWhen !== 'always' && deliverWhen !== 'agent_asks') return { ok: false };
  const pattern = turn.agentResponseMatches?.value;
  try {
    const verdict = evaluateGate({ prompt: turn.prompt?.value ?? '', deliver_when: deliverWhen, ...(pattern !== undefined ? { agent_response_matches: pattern } : {}) }, text);
    return { ok: true, verdict };
  } catch (error) {
    if (error instanceof GateRegexError) return { ok: false, error: error.message };
    throw error;
  }
}

/** Why a gate stopped, in words. */
export function explainStop(reason: string, turn: TurnRef): string {
  if (reason === 'agent_did_not_ask') return 'agent_did_not_ask (the text has no "?")';
  return `agent_response_mismatch (agent_response_matches ${JSON.stringify(turn.agentResponseMatches?.value ?? '')} is not found in it)`;
}

const CONTEXT = 16;

/** "they differ at character 12: expected "…Berlin time" but found "…Berlin tme"" — code points, 1-based. */
export function describeDifference(expected: string, found: string): string {
  const a = [...expected];
  const b = [...found];
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length) return `the recorded text is ${b.length - a.length} character(s) longer: it continues ${excerpt(b, i)}`;
  if (i === b.length) return `the recorded text is ${a.length - b.length} character(s) shorter: it lacks ${excerpt(a, i)}`;
  return `they differ at character ${i + 1}: expected ${excerpt(a, i)} but found ${excerpt(b, i)}`;
}

function excerpt(chars: string[], at: number): string {
  const start = Math.max(0, at - CONTEXT);
  const end = Math.min(chars.length, at + CONTEXT);
  return JSON.stringify(`${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${end < chars.length ? '…' : ''}`);
}
