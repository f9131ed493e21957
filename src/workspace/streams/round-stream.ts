// A round's event stream read back from its events file: the one step from a stream on disk to
// what the agent did and said last (ParsedRound.finalText). runRound reads each round by it, and
// every reader of a judgment reads the judge's recorded answer by it (judge-answer.ts), so the
// answer a judgment.json is held to is the one its session gave.
import { readRegularText } from '../../fs/read-file.js';
import { streamParsers, type ParserId } from './index.js';
import { StreamTooLargeError } from './json-lines.js';
import type { ParsedRound } from './types.js';

/**
 * 100,000. Real rounds hold tens to a few thousand events; 256 MiB of tiny blocks would be ~12 M,
 * more than the heap holds once parsed, numbered and serialized.
 */
export const DEFAULT_MAX_EVENTS = 100_000;

/** A stream parsed, or why it could not be (`message`: one line, without the file's name). */
export type StreamRead =
  | { ok: true; parsed: ParsedRound }
  | { ok: false; reason: 'events-unreadable' | 'events-too-large'; message: string }
  | { ok: false; reason: 'sandbox-failed'; message: string; parsed: ParsedRound };

/**
 * Reads and parses an events file (never through a link at its last component). A stream whose
 * agent's sandbox could not start a command is `sandbox-failed`: the round failed, whatever it said.
 */
export function readRoundStream(eventsFile: string, parser: ParserId, maxEvents = DEFAULT_MAX_EVENTS): StreamRead {
  // Invalid UTF-8 becomes U+FFFD, line by line as the spec reads the file; the raw bytes stay in the file.
  const read = readRegularText(eventsFile, 'the events file', { noFollow: true });
  if (!read.ok) return { ok: false, reason: 'events-unreadable', message: read.message };
  let parsed: ParsedRound;
  try {
    parsed = streamParsers[parser](read.text, { maxEvents });
  } catch (error) {
    if (!(error instanceof StreamTooLargeError)) throw error;
    return { ok: false, reason: 'events-too-large', message: error.message };
  }
  const [sandboxFailure] = parsed.sandboxFailures ?? [];
  if (sandboxFailure !== undefined) return { ok: false, reason: 'sandbox-failed', message: sandboxFailure, parsed };
  return { ok: true, parsed };
}
