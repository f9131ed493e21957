// Shared reading of a JSONL event stream: split on "\n", keep only lines that parse (spec §0).
import { stringifyJson } from '../json-serialize.js';

/** A parsed JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stream's lines that parse as JSON objects, in order. Blank lines, lines that are not JSON
 * and JSON values that are not objects are skipped: agents interleave warnings with events, and
 * one bad line must not cost the rest of the round.
 */
export function readJsonLines(stdout: string): JsonObject[] {
  const lines: JsonObject[] = [];
  for (const line of stdout.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (isJsonObject(value)) lines.push(value);
  }
  return lines;
}

/** A JSON value as a result string: strings verbatim, anything else as compact JSON. */
export function stringifyResult(value: unknown): string {
  return typeof value === 'string' ? value : stringifyJson(value);
}

/** A number field, or 0 when it is missing or not a finite number (spec: "missing fields = 0"). */
export function numberOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
