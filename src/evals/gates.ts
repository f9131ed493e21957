// The scripted-turn gates (spec §3): the one implementation shared by the runner and the checker.
import type { GateVerdict, ScriptedTurn, StopReason } from './types.js';
import { compileGateRegex, GateRegexError } from './gate-regex.js';

export { GateRegexError } from './gate-regex.js';

/**
 * Decides whether follow-up `turn` is delivered after an agent round whose assistant
 * messages, joined by "\n", are `precedingAssistantText`. Pure apart from the regex cache.
 * @throws {GateRegexError} when `agent_response_matches` does not compile (the run aborts).
 */
export function evaluateGate(turn: ScriptedTurn, precedingAssistantText: string): GateVerdict {
  if (turn.deliver_when === 'always') return { deliver: true };
  // Only ASCII '?' counts (U+003F), wherever it is: code, URLs, a full-width '？' does not.
  if (!precedingAssistantText.includes('?')) return { deliver: false, reason: 'agent_did_not_ask' };
  const pattern = turn.agent_response_matches;
  if (pattern === undefined) return { deliver: true };
  const compiled = compileGateRegex(pattern);
  if (!compiled.ok) {
    throw new GateRegexError(
      pattern,
      `agent_response_matches ${JSON.stringify(pattern)} does not compile as a Rust regex: ${compiled.message}`,
    );
  }
  return compiled.regex.test(precedingAssistantText)
    ? { deliver: true }
    : { deliver: false, reason: 'agent_response_mismatch' };
}

/** How a scripted conversation ends when its gates are replayed over recorded rounds. */
export type GateReplayOutcome =
  | { status: 'completed'; delivered_followups: number }
  | {
      status: 'stopped';
      delivered_followups: number;
      stop_reason: StopReason;
      stopped_before_followup: number;
    }
  /** A gate delivered follow-up `delivered_followups` but the round it starts was not given. */
  | { status: 'incomplete'; delivered_followups: number };

/**
 * Replays the gates over rounds that already ran: `roundTexts[r-1]` is round r's
 * preceding-assistant text (its assistant messages joined by "\n", final text included).
 * Follow-up k is gated on round k's text, exactly as the runner decided live.
 * @throws {GateRegexError} when a reached gate's regex does not compile.
 */
export function replayGates(
  turns: readonly ScriptedTurn[],
  roundTexts: readonly string[],
): GateReplayOutcome {
  for (let k = 1; k <= turns.length; k++) {
    const text = roundTexts[k - 1];
    if (text === undefined) return { status: 'incomplete', delivered_followups: k - 1 };
    const verdict = evaluateGate(turns[k - 1]!, text);
    if (!verdict.deliver) {
      return {
        status: 'stopped',
        delivered_followups: k - 1,
        stop_reason: verdict.reason,
        stopped_before_followup: k,
      };
    }
  }
  if (roundTexts.length < turns.length + 1) {
    return { status: 'incomplete', delivered_followups: turns.length };
  }
  return { status: 'completed', delivered_followups: turns.length };
}
