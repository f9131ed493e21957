// Small facts about JSON text, for the scans that jump through it with indexOf instead of
// tokenizing every character (the key count for duplicate-key, odd integer literals, and the
// syntax tree that places findings).

/**
 * Just past the string token whose opening quote is at `open`, or -1 if it never closes. A quote
 * is escaped when an odd run of backslashes precedes it.
 */
export function stringTokenEnd(text: string, open: number): number {
  for (let close = text.indexOf('"', open + 1); close !== -1; close = text.indexOf('"', close + 1)) {
    let k = close - 1;
    while (text.charCodeAt(k) === 0x5c) k--;
    if ((close - 1 - k) % 2 === 0) return close + 1;
  }
  return -1;
}

/**
 * Counts the strings followed by ':' in text that JSON.parse accepted. Outside a string every
 * '"' opens one, so jumping from quote to quote with indexOf (a native scan) tokenizes exactly.
 * A regex would restart inside each long value string that is not a key: quadratic on
 * the 60 KB tool results real artifacts carry.
 */
export function countKeyTokens(text: string): number {
  return scanKeyTokens(text).keyTokens;
}

const NO_KEYS: ReadonlySet<string> = new Set();

/**
 * {@link countKeyTokens}, and in the same pass whether a key of `integerKeys` has a number value
 * written other than as plain digits (a fraction, an exponent, -0, or 16 digits and more): the
 * one case where JSON.parse's number may not be the one written (see integer-literals.ts).
 */
export function scanKeyTokens(text: string, integerKeys: ReadonlySet<string> = NO_KEYS): { keyTokens: number; oddIntegerLiteral: boolean } {
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
      if (!odd && integerKeys.size > 0) odd = isOddNumberAfter(text, next + 1) && integerKeys.has(keyText(text, open, end));
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
export function skipJsonSpace(text: string, at: number): number {
  let c = text.charCodeAt(at);
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++at);
  return at;
}

/** A key token's text, escapes decoded. */
export function keyText(text: string, open: number, end: number): string {
  const raw = text.slice(open + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(open, end)) as string) : raw;
}
