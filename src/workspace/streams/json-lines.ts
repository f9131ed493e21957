// Shared reading of a JSONL event stream: split on "\n", keep only lines that parse (spec §0).
import { stringifyJson } from '../../json/serialize.js';

/** A parsed JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Bounds on what one round's stream may hold, so memory is bounded by counts as well as bytes. */
export interface StreamLimits {
  /** Most events (assistant messages and tool invocations) the stream may hold. */
  maxEvents?: number;
}

/**
 * JSON objects and arrays the stream's lines may hold per allowed event. JSON.parse builds every
 * one of them at once, so a line of millions of `{}` would exhaust the heap before any event
 * were counted; real streams carry a few per event (the line, the message, its content, a block).
 */
const JSON_VALUES_PER_EVENT = 20;

/** The stream holds more than {@link StreamLimits} allow; nothing of the round is recorded. */
export class StreamTooLargeError extends Error {
  override readonly name = 'StreamTooLargeError';
}

/**
 * The stream's lines that parse as JSON objects, in order, one at a time (the text is never
 * split into an array of lines). Blank lines, lines that are not JSON and JSON values that are
 * not objects are skipped: agents interleave warnings with events, and one bad line must not cost
 * the rest of the round. With `limits.maxEvents`, `events` (the parser's list) is checked after
 * every line, and each line's objects and arrays are counted before it is parsed.
 * @throws {StreamTooLargeError} when a limit is passed.
 */
export function* readJsonLines(stdout: string, limits: StreamLimits = {}, events?: readonly unknown[]): Generator<JsonObject> {
  const maxEvents = limits.maxEvents ?? Infinity;
  const maxValues = maxEvents * JSON_VALUES_PER_EVENT;
  let values = 0;
  for (let start = 0; start <= stdout.length; ) {
    const newline = stdout.indexOf('\n', start);
    const end = newline === -1 ? stdout.length : newline;
    const line = stdout.slice(start, end);
    start = end + 1;
    if (line.trim() === '') continue;
    if (maxValues !== Infinity) {
      values += countJsonContainers(line, maxValues - values + 1);
      if (values > maxValues) {
        throw new StreamTooLargeError(`the agent's stream holds more than ${maxValues.toLocaleString('en')} JSON objects and arrays (${JSON_VALUES_PER_EVENT} per event of --max-events)`);
      }
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (isJsonObject(value)) yield value;
    if (events && events.length > maxEvents) {
      throw new StreamTooLargeError(`the agent's stream holds more than ${maxEvents.toLocaleString('en')} events (--max-events)`);
    }
  }
}

/** `{` and `[` outside strings in `line`, counted up to `stopAt`; one pass, native searches only. */
function countJsonContainers(line: string, stopAt: number): number {
  const token = /["{[]/g;
  let count = 0;
  for (let match = token.exec(line); match !== null && count < stopAt; match = token.exec(line)) {
    if (match[0] !== '"') {
      count++;
      continue;
    }
    // Skip the string: its end is the next quote not escaped by an odd run of backslashes.
    let close = match.index;
    for (;;) {
      close = line.indexOf('"', close + 1);
      if (close === -1) return count;
      let slashes = 0;
      while (line.charCodeAt(close - 1 - slashes) === 0x5c) slashes++;
      if (slashes % 2 === 0) break;
    }
    token.lastIndex = close + 1;
  }
  return count;
}

/** A JSON value as a result string: strings verbatim, anything else as compact JSON. */
export function stringifyResult(value: unknown): string {
  return typeof value === 'string' ? value : stringifyJson(value);
}

/** A number field, or 0 when it is missing or not a finite number (spec: "missing fields = 0"). */
export function numberOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A cost the stream reports: a finite, non-negative number of dollars, else undefined (unknown, never 0). */
export function readCost(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
