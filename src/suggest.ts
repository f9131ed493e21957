// "Did you mean …?": the known name nearest to a mistyped one, for rule ids, commands and flags.
import { UsageError } from './errors.js';
import { stringifyJsonSafe } from './text/escape.js';

/** The candidate nearest to `name` by edit distance, if one is near enough to be a typo. */
export function nearestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3));
  for (const candidate of candidates) {
    const d = editDistance(name, candidate);
    if (d < bestDistance || (d === bestDistance && best === undefined)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/**
 * Throws a `UsageError` naming the first key of `options` that `known` lacks (with the nearest
 * known one): a library caller's typo (`writeGradings: false`) would otherwise be ignored, and the
 * default it meant to change would apply without a word. `what` names the function (or the
 * object), `noun` what its keys are.
 */
export function assertKnownOptions(options: object, known: readonly string[], what: string, noun = 'option'): void {
  // null, a string or a list would fail as a TypeError deep inside (or a string as options "0", "1", …).
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new UsageError(`${what} takes an object of ${noun}s (got ${describeValue(options)}).`);
  const unknown = Object.keys(options).find((key) => !known.includes(key));
  if (unknown === undefined) return;
  const near = nearestName(unknown, known);
  throw new UsageError(`${what} has no ${noun} ${JSON.stringify(unknown)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`} (its ${noun}s: ${known.join(', ')}).`);
}

/** How many characters of a string {@link describeValue} shows: a caller's whole input would bury the message. */
const SHOWN_CHARACTERS = 60;

/**
 * A bad value as every option check shows it (`(got 5)`): a number, boolean or null as itself, a
 * string quoted with its controls escaped (it may come from anyone's input) and cut short when
 * long (its length said), an array as one, anything else by its type.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const { cut } = headOf(value);
    return `the string ${quotedValue(value)}${cut ? `, ${codePointCount(value)} characters` : ''}`;
  }
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? quotedValue(value) : value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** The first {@link SHOWN_CHARACTERS} code points of `text`, and whether it holds more: read no further than that, as a bad value can be any size. */
function headOf(text: string): { head: string; cut: boolean } {
  let end = 0;
  for (let shown = 0; end < text.length && shown < SHOWN_CHARACTERS; shown++) end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  return { head: text.slice(0, end), cut: end < text.length };
}

/** The code points in `text`, counted without making an array of them. */
function codePointCount(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; count++) at += (text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
  return count;
}

/**
 * A bad value as it stands after an option's name (`kind "weird": use one of …`): a string quoted,
 * its controls escaped and cut short when long, as {@link describeValue} shows it; a number or
 * boolean as itself; anything else as describeValue says it.
 */
export function quotedValue(value: unknown): string {
  if (typeof value === 'string') {
    const { head, cut } = headOf(value);
    return cut ? `${stringifyJsonSafe(head).slice(0, -1)}…"` : stringifyJsonSafe(value);
  }
  if (Object.is(value, -0)) return '-0';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'bigint' ? `${value}n` : describeValue(value);
}

/**
 * Throws a `UsageError` for an option among `expected` (key → what it must be, e.g. "a path that
 * is not empty") that is given but is not a string, or is empty: a library caller's number or
 * list would otherwise fail deep inside as a TypeError, and "" would name the working folder.
 */
export function assertTextOptions(options: Readonly<Record<string, unknown>>, expected: Readonly<Record<string, string>>): void {
  for (const [key, what] of Object.entries(expected)) {
    const value = options[key];
    if (value !== undefined && (typeof value !== 'string' || value === '')) throw new UsageError(`${key} must be ${what} (got ${describeValue(value)}).`);
  }
}
