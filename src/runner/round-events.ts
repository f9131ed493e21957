// One round's parsed events → numbered conversation events, with the final-text rule (spec §2).
import type { ConversationEvent } from '../internal.js';
import type { RoundEvent } from '../workspace/streams/types.js';

/** A round's events numbered from `firstOrdinal`, and the round's assistant texts `M`. */
export interface NumberedRound {
  events: ConversationEvent[];
  /** The round's assistant texts in order, the appended final message included. */
  assistantTexts: string[];
}

/**
 * Copies a round's parser events in stream order, numbering them from `firstOrdinal`, then
 * applies the final-text rule: unless some suffix of the round's assistant texts joined by
 * "\n" equals `finalText` exactly, one more assistant message carrying it is appended after
 * everything else (even after trailing tool calls).
 */
export function numberRoundEvents(
  parsed: readonly RoundEvent[],
  round: number,
  firstOrdinal: number,
  finalText: string,
): NumberedRound {
  let ordinal = firstOrdinal;
  const events: ConversationEvent[] = [];
  const assistantTexts: string[] = [];
  for (const event of parsed) {
    if (event.type === 'assistant_message') {
      events.push({ type: 'assistant_message', ordinal: ordinal++, round, text: event.text });
      assistantTexts.push(event.text);
    } else {
      // Key order is the artifact's (spec §3); absent args/result are omitted, null is kept.
      events.push({
        type: 'tool_invocation',
        ordinal: ordinal++,
        round,
        name: event.name,
        ...(event.args !== undefined ? { args: event.args } : {}),
        ...(event.result !== undefined ? { result: event.result } : {}),
      });
    }
  }
  if (!endsWithFinalText(assistantTexts, finalText)) {
    events.push({ type: 'assistant_message', ordinal, round, text: finalText });
    assistantTexts.push(finalText);
  }
  return { events, assistantTexts };
}

/** True when some suffix `texts[j..]` (j < length) joined with "\n" is exactly `finalText`. */
export function endsWithFinalText(texts: readonly string[], finalText: string): boolean {
  let suffix: string | undefined;
  for (let j = texts.length - 1; j >= 0; j--) {
    suffix = suffix === undefined ? texts[j]! : `${texts[j]!}\n${suffix}`;
    if (suffix === finalText) return true;
    // Suffixes only grow; once longer than the final text none can equal it.
    if (suffix.length > finalText.length) return false;
  }
  return false;
}
