// The tokenizer for JSON text that JSON.parse accepted: it jumps from token to token, skipping each
// string with indexOf instead of stepping through every character. It serves the syntax tree that
// places findings, the duplicate-key and integer-literal walks, and (as its own loop, the fast
// path) the key scan every file gets. Text JSON.parse rejected is json/walk.ts's (jsonc-parser's
// scanner), which knows every way JSON can be wrong.
import { stringTokenEnd } from './scan.js';

/**
 * Counts the strings followed by ':' in text that JSON.parse accepted. Outside a string every
 * '"' opens one, so jumping from quote to quote with indexOf (a native scan) tokenizes exactly.
 * A regex would restart inside each long value string that is not a key: quadratic on
 * the 60 KB tool results real artifacts carry.
 */
export function countKeyTokens(text: string): number {
  return scanKeyTokens(text).keyTokens;
}

/**
 * The names of a kind's integer fields, or `every key` when some of them are keyed by data (a
 * condition's name in comparison.json): then an odd number under any key asks for the walk.
 */
export type IntegerKeys = ReadonlySet<string> | 'every key';

const NO_KEYS: ReadonlySet<string> = new Set();

/**
 * {@link countKeyTokens}, and in the same pass whether a key of `integerKeys` has a number value
 * written other than as plain digits (a fraction, an exponent, -0, or 16 digits and more): the
 * one case where JSON.parse's number may not be the one written (see integer-literals.ts).
 */
export function scanKeyTokens(text: string, integerKeys: IntegerKeys = NO_KEYS): { keyTokens: number; oddIntegerLiteral: boolean } {
  const everyKey = integerKeys === 'every key';
  let n = 0;
  let odd = false;
  let open = text.indexOf('"');
  while (open !== -1) {
    const end = stringTokenEnd(text, open);
    if (end === -1) break;
    let next = end;
    // JSON whitespace, compared inline: this loop runs once per string of every artifact.
    let c = text.charCodeAt(next);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++next);
    if (c === 0x3a) {
      n++;
      if (!odd && (everyKey || integerKeys.size > 0)) odd = isOddNumberAfter(text, next + 1) && (everyKey || integerKeys.has(keyText(text, open, end)));
    }
    open = text.indexOf('"', next);
  }
  return { keyTokens: n, oddIntegerLiteral: odd };
}

/** Whether the value starting after `from` (past whitespace) is a number not written as plain digits. */
function isOddNumberAfter(text: string, from: number): boolean {
  let i = from;
  let c = text.charCodeAt(i);
  // Inline, not skipJsonSpace: this runs for every key of every artifact, mostly before V8
  // inlines anything, where a call per key shows (docs/performance.md).
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
  const negative = c === 0x2d;
  if (negative) c = text.charCodeAt(++i);
  const start = i;
  while (c >= 0x30 && c <= 0x39) c = text.charCodeAt(++i);
  if (i === start) return false;
  return c === 0x2e || c === 0x65 || c === 0x45 || i - start >= 16 || (negative && i - start === 1 && text.charCodeAt(start) === 0x30);
}

/** The first offset from `at` that is not JSON whitespace. */
function skipJsonSpace(text: string, at: number): number {
  let c = text.charCodeAt(at);
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++at);
  return at;
}

/** A key token's text, escapes decoded. */
export function keyText(text: string, open: number, end: number): string {
  const raw = text.slice(open + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(open, end)) as string) : raw;
}

/** A segment of the path to a value: a property name or an array index. */
type JsonPathSegment = string | number;

/** What {@link scanJsonTokens} reports, token by token; offsets are UTF-16 offsets, ends exclusive. */
export interface JsonTokenVisitor {
  /** An object ('{') or an array ('[') opens at `offset`. */
  open?(offset: number, isObject: boolean): void;
  /** The innermost object or array closes: its '}' or ']' is at `offset`. */
  close?(offset: number, isObject: boolean): void;
  /** A property's key token [start, end), quotes included; `path` is the path of the object holding it. Its value comes next. */
  key?(start: number, end: number, path: () => JsonPathSegment[]): void;
  /** A string, number, true, false or null value token [start, end). */
  scalar?(start: number, end: number): void;
}

/**
 * Walks text that JSON.parse accepted (a byte order mark, kept so offsets stay true, is skipped)
 * token by token. Iterative, so a 100,000-deep file walks too. Returns false, having stopped,
 * where the tokens do not fit (text JSON.parse would reject).
 */
export function scanJsonTokens(text: string, visitor: JsonTokenVisitor): boolean {
  // Per open container: whether it is an object, and its current key's offset (object) or index (array).
  const objects: boolean[] = [];
  const segments: number[] = [];
  const path = (): JsonPathSegment[] => {
    const out: JsonPathSegment[] = [];
    for (let d = 0; d < objects.length - 1; d++) out.push(objects[d] ? keyText(text, segments[d]!, stringTokenEnd(text, segments[d]!)) : segments[d]!);
    return out;
  };
  let i = skipJsonSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  for (;;) {
    const depth = objects.length;
    let c = text.charCodeAt(i);
    if (depth > 0 && objects[depth - 1]) {
      // In an object a key and its colon come first (an empty one was closed where it opened).
      if (c !== 0x22) return false;
      const end = stringTokenEnd(text, i);
      if (end === -1) return false;
      segments[depth - 1] = i;
      visitor.key?.(i, end, path);
      i = skipJsonSpace(text, end);
      if (text.charCodeAt(i) !== 0x3a) return false;
      i = skipJsonSpace(text, i + 1);
      c = text.charCodeAt(i);
    } else if (depth > 0) segments[depth - 1]!++;
    if (c === 0x7b || c === 0x5b) {
      visitor.open?.(i, c === 0x7b);
      objects.push(c === 0x7b);
      segments.push(-1);
      i = skipJsonSpace(text, i + 1);
      c = text.charCodeAt(i);
      if (c !== 0x7d && c !== 0x5d) continue;
    } else {
      const end = c === 0x22 ? stringTokenEnd(text, i) : literalEnd(text, i);
      if (end <= i) return false;
      visitor.scalar?.(i, end);
      i = skipJsonSpace(text, end);
      c = text.charCodeAt(i);
    }
    // After a value: close what ends here, then a comma leads to the next value (or key).
    while (c === 0x7d || c === 0x5d) {
      if (objects.length === 0 || objects[objects.length - 1] !== (c === 0x7d)) return false;
      objects.pop();
      segments.pop();
      visitor.close?.(i, c === 0x7d);
      i = skipJsonSpace(text, i + 1);
      c = text.charCodeAt(i);
    }
    if (objects.length === 0) return i === text.length;
    if (c !== 0x2c) return false;
    i = skipJsonSpace(text, i + 1);
  }
}

/** Just past a number, true, false or null starting at `at`: up to the next delimiter. */
function literalEnd(text: string, at: number): number {
  let c = text.charCodeAt(at);
  while (at < text.length && c !== 0x2c && c !== 0x7d && c !== 0x5d && c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) c = text.charCodeAt(++at);
  return at;
}
