// Pure assembly of a scripted conversation (spec §2, §3): rounds in, gates decided, artifact out.
import type { Conversation, ConversationEvent } from '../internal.js';
import type { ScriptedTurn, StopReason } from '../evals/types.js';
import type { ParsedRound } from '../workspace/streams/types.js';
import { evaluateGate, GateRegexError } from '../evals/gates.js';
import { isBlank } from '../evals/blank.js';
import { numberRoundEvents } from './round-events.js';

/** How a finished conversation ended. */
type ConversationOutcome =
  | { status: 'completed' }
  | { status: 'stopped'; stop_reason: StopReason; stopped_before_followup: number };

/** A conversation in progress. Treat as immutable: every step returns a new state. */
export interface ConversationState {
  /** `awaiting-round`: the next step is {@link appendRound}; `between-rounds`: {@link nextFollowup}. */
  readonly phase: 'awaiting-round' | 'between-rounds' | 'finished';
  /** Events so far; ordinals are 0, 1, 2, … with no gaps. */
  readonly events: readonly ConversationEvent[];
  /** The round {@link appendRound} expects next (1 = the eval's prompt, k+1 = follow-up k). */
  readonly round: number;
  readonly deliveredFollowups: number;
  /** Round 1's session id, byte for byte; every resumed round must run in it. */
  readonly sessionId?: string;
  /** The last appended round's final text (what final-message.md gets). */
  readonly lastFinalText?: string;
  /** The last appended round's assistant texts joined by "\n": the next gate's input. */
  readonly precedingAssistantText?: string;
  /** Set once `phase` is `finished`. */
  readonly outcome?: ConversationOutcome;
}

/** Why a run aborts; `message` names the round. Nothing is written for an aborted run. */
export type ConversationAbort =
  | { kind: 'missing-session-id'; round: number; message: string }
  | { kind: 'session-id-mismatch'; round: number; message: string; expected: string; reported: string }
  | { kind: 'missing-final-text'; round: number; message: string }
  | { kind: 'invalid-gate-regex'; round: number; followup: number; pattern: string; message: string };

/** The result of {@link appendRound}. */
export type AppendRoundResult = { ok: true; state: ConversationState } | { ok: false; abort: ConversationAbort };

/** The result of {@link nextFollowup}: run round `round` with `prompt`, or the conversation is over. */
export type FollowupDecision =
  | { kind: 'deliver'; state: ConversationState; round: number; prompt: string }
  | { kind: 'stop'; state: ConversationState; stop_reason: StopReason; stopped_before_followup: number }
  | { kind: 'completed'; state: ConversationState }
  | { kind: 'abort'; abort: ConversationAbort };

/** Starts a conversation: event 0 is the eval's own prompt as round 1's user message. */
export function startConversation(evalPrompt: string): ConversationState {
  return {
    phase: 'awaiting-round',
    events: [{ type: 'user_message', ordinal: 0, round: 1, text: evalPrompt }],
    round: 1,
    deliveredFollowups: 0,
  };
}

/**
 * Adds one round's parsed stream. Checks, in the reference order: round 1 has a non-blank
 * session id; a resumed round reports round 1's id or none; the final text is present and
 * not blank. Then the round's events are numbered and the final-text rule applied.
 * @throws {Error} only on misuse: a round other than `state.round`, or the wrong phase.
 */
export function appendRound(state: ConversationState, round: number, parsed: ParsedRound): AppendRoundResult {
  if (state.phase !== 'awaiting-round' || round !== state.round) {
    throw new Error(`appendRound: expected round ${state.round} in phase awaiting-round, got round ${round} in ${state.phase}`);
  }
  const sessionAbort = checkSessionId(state, round, parsed.sessionId);
  if (sessionAbort) return { ok: false, abort: sessionAbort };
  const finalText = parsed.finalText;
  if (finalText === undefined || isBlank(finalText)) {
    const what = finalText === undefined ? 'no final text' : 'a final text that is only whitespace';
    return {
      ok: false,
      abort: { kind: 'missing-final-text', round, message: `Round ${round}: the agent's stream has ${what}, so there is no final assistant message.` },
    };
  }
  const numbered = numberRoundEvents(parsed.events, round, state.events.length, finalText);
  return {
    ok: true,
    state: {
      ...state,
      phase: 'between-rounds',
      events: [...state.events, ...numbered.events],
      sessionId: state.sessionId ?? parsed.sessionId,
      lastFinalText: finalText,
      precedingAssistantText: numbered.assistantTexts.join('\n'),
    },
  };
}

function checkSessionId(state: ConversationState, round: number, reported: string | undefined): ConversationAbort | undefined {
  if (round === 1) {
    if (reported !== undefined && !isBlank(reported)) return undefined;
    const what = reported === undefined ? 'no session id' : 'a session id that is only whitespace';
    return { kind: 'missing-session-id', round, message: `Round 1: the agent's stream has ${what}, so the conversation cannot be resumed.` };
  }
  // A resumed round that reports no id is accepted (spec §2, abort case 4).
  if (reported === undefined || reported === state.sessionId) return undefined;
  const expected = state.sessionId ?? '';
  return {
    kind: 'session-id-mismatch',
    round,
    expected,
    reported,
    message: `Round ${round}: the agent reported session id ${JSON.stringify(reported)}, but round 1 started session ${JSON.stringify(expected)}.`,
  };
}

/**
 * Decides follow-up k = deliveredFollowups + 1 by its gate on the last round's text: deliver
 * it (its user message is added, round k+1 is next), stop at the first unmet gate, or
 * complete when every follow-up was delivered. A gate regex that does not compile aborts.
 * @throws {Error} only on misuse (not between rounds).
 */
export function nextFollowup(state: ConversationState, turns: readonly ScriptedTurn[]): FollowupDecision {
  if (state.phase !== 'between-rounds') throw new Error(`nextFollowup: expected phase between-rounds, got ${state.phase}`);
  const k = state.deliveredFollowups + 1;
  const turn = turns[k - 1];
  if (turn === undefined) {
    return { kind: 'completed', state: { ...state, phase: 'finished', outcome: { status: 'completed' } } };
  }
  let verdict;
  try {
    verdict = evaluateGate(turn, state.precedingAssistantText ?? '');
  } catch (error) {
    if (!(error instanceof GateRegexError)) throw error;
    const message = `Follow-up ${k} (after round ${state.round}): ${error.message}`;
    return { kind: 'abort', abort: { kind: 'invalid-gate-regex', round: state.round, followup: k, pattern: error.pattern, message } };
  }
  if (!verdict.deliver) {
    const outcome = { status: 'stopped', stop_reason: verdict.reason, stopped_before_followup: k } as const;
    return { kind: 'stop', state: { ...state, phase: 'finished', outcome }, stop_reason: verdict.reason, stopped_before_followup: k };
  }
  const round = state.round + 1;
  const userMessage: ConversationEvent = { type: 'user_message', ordinal: state.events.length, round, text: turn.prompt };
  return {
    kind: 'deliver',
    round,
    prompt: turn.prompt,
    state: { ...state, phase: 'awaiting-round', round, deliveredFollowups: k, events: [...state.events, userMessage] },
  };
}

/**
 * The artifact of a finished conversation, keys in the order of spec §3, so
 * `JSON.stringify(c, null, 2) + "\n"` is the reference layout.
 * @throws {Error} only on misuse (conversation not finished).
 */
export function finishConversation(state: ConversationState): Conversation {
  const outcome = state.outcome;
  if (state.phase !== 'finished' || outcome === undefined) {
    throw new Error(`finishConversation: the conversation is not finished (phase ${state.phase})`);
  }
  if (outcome.status === 'completed') {
    return { status: 'completed', delivered_followups: state.deliveredFollowups, events: [...state.events] };
  }
  return {
    status: 'stopped',
    delivered_followups: state.deliveredFollowups,
    stop_reason: outcome.stop_reason,
    stopped_before_followup: outcome.stopped_before_followup,
    events: [...state.events],
  };
}

/** The result of {@link assembleConversation}. */
export type AssembleResult =
  | { ok: true; conversation: Conversation; finalText: string; roundsUsed: number }
  | { ok: false; abort: ConversationAbort };

/**
 * The whole loop over rounds that were already parsed (`rounds[r-1]` = round r): what the
 * runner would record from the same streams. Rounds past the point where it ends are ignored.
 * @throws {Error} when a delivered follow-up has no parsed round.
 */
export function assembleConversation(
  evalPrompt: string,
  turns: readonly ScriptedTurn[],
  rounds: readonly ParsedRound[],
): AssembleResult {
  let state = startConversation(evalPrompt);
  for (;;) {
    const parsed = rounds[state.round - 1];
    if (parsed === undefined) throw new Error(`assembleConversation: round ${state.round} was not given`);
    const appended = appendRound(state, state.round, parsed);
    if (!appended.ok) return appended;
    const decision = nextFollowup(appended.state, turns);
    if (decision.kind === 'abort') return { ok: false, abort: decision.abort };
    state = decision.state;
    if (decision.kind !== 'deliver') {
      return { ok: true, conversation: finishConversation(state), finalText: state.lastFinalText ?? '', roundsUsed: state.round };
    }
  }
}
