// Shared evals and conversations for the cross-file rule tables: one eval with a gated and an `always` turn.
import { completed, events } from './conversations.js';
import { evalCase, evalsOf, turn } from './evals-docs.js';

export const PROMPT = 'Plan a meeting.';
export const TURN_1 = 'Use Berlin time.';
export const TURN_2 = 'Send it.';

/** The eval "s": an agent_asks turn gated on "time zone", then an always turn. */
export function scheduleEvals(overrides: Record<string, unknown> = {}, turns: unknown[] = [turn(TURN_1, 'agent_asks', '(?i)time ?zone'), turn(TURN_2, 'always')]) {
  return evalsOf({ ...evalCase('s', PROMPT, turns), ...overrides });
}

/** Round 1 of a run of "s" whose agent asked about the time zone. */
export const askedRound: Array<['u' | 'a', number, string]> = [['u', 1, PROMPT], ['a', 1, 'Which time zone?']];

/** A run of "s" that delivered both turns. */
export const fullRun = completed(2, events(...askedRound, ['u', 2, TURN_1], ['a', 2, 'Booked. Shall I send it?'], ['u', 3, TURN_2], ['a', 3, 'Sent.']));
