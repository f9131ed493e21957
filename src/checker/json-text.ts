// Small facts about JSON text, for the scans that jump through it with indexOf instead of
// tokenizing every character (the duplicate-key count and the pointer locator).

/** JSON's four whitespace characters (RFC 8259 §2). */
export function isJsonSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

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
  let n = 0;
  let open = text.indexOf('"');
  while (open !== -1) {
    const end = stringTokenEnd(text, open);
    if (end === -1) break;
    let next = end;
    // JSON whitespace, compared inline: this loop runs once per string of every artifact.
    let c = text.charCodeAt(next);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++next);
    if (c === 0x3a) n++;
    open = text.indexOf('"', next);
  }
  return n;
}
