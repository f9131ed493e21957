// A type-checked reading of a parsed artifact, so rules work on schema-invalid files without crashing.

/** One event with each field present only if it has the type the contract requires. */
export interface EventView {
  index: number;
  pointer: string;
  type?: string;
  ordinal?: number;
  round?: number;
  text?: string;
}

/** The conversation as rules read it. */
export interface ConversationView {
  status?: string;
  deliveredFollowups?: number;
  stopReason?: string;
  stoppedBeforeFollowup?: number;
  events: EventView[];
}

/** Reads whatever JSON value was parsed; anything missing or mistyped is left undefined. */
export function readConversation(value: unknown): ConversationView {
  const root = asRecord(value);
  const rawEvents = Array.isArray(root?.events) ? (root.events as unknown[]) : [];
  return {
    status: stringOf(root?.status),
    deliveredFollowups: integerOf(root?.delivered_followups),
    stopReason: stringOf(root?.stop_reason),
    stoppedBeforeFollowup: integerOf(root?.stopped_before_followup),
    events: rawEvents.map((raw, index) => {
      const event = asRecord(raw);
      return {
        index,
        pointer: `/events/${index}`,
        type: stringOf(event?.type),
        ordinal: integerOf(event?.ordinal),
        round: integerOf(event?.round),
        text: stringOf(event?.text),
      };
    }),
  };
}

/** Events grouped by round number, rounds in order of first appearance. */
export function groupByRound(events: EventView[]): Map<number, EventView[]> {
  const rounds = new Map<number, EventView[]>();
  for (const event of events) {
    if (event.round === undefined) continue;
    const list = rounds.get(event.round);
    if (list) list.push(event);
    else rounds.set(event.round, [event]);
  }
  return rounds;
}

/**
 * The assistant text of the conversation's last round, joined with "\n" — the text the
 * reference runner's gate read before deciding to stop (spec §2, "preceding-assistant text").
 */
export function lastRoundAssistantText(view: ConversationView): string | undefined {
  const rounds = groupByRound(view.events);
  if (rounds.size === 0) return undefined;
  let last = -Infinity;
  for (const round of rounds.keys()) if (round > last) last = round;
  return rounds
    .get(last)!
    .filter((e) => e.type === 'assistant_message' && e.text !== undefined)
    .map((e) => e.text)
    .join('\n');
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function integerOf(value: unknown): number | undefined {
  // Beyond 2^53 the parsed number is not the one written (2^53+1 reads as 2^53): the schema stage
  // reports it as written, and rules leave it alone rather than quote a number the file does not hold.
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}
