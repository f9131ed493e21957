// Small facts about JSON text, for the scans that jump through it with indexOf instead of
// tokenizing every character (the duplicate-key count and the pointer locator).
import { isUtf8 } from 'node:buffer';

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

/** What a helper thread learns from a large artifact's bytes while another decodes and parses them. */
export interface ArtifactByteScan {
  /** Whether the bytes are well-formed UTF-8. */
  utf8: boolean;
  /** {@link countKeyTokens} of the text (meaningful only for text JSON.parse accepts). */
  keyTokens: number;
}

/**
 * Scans an artifact's bytes without decoding them (nor copying them: the helper thread that does
 * this shares memory with one that is decoding, and fresh memory is what both would wait on).
 * Every byte of a multi-byte UTF-8 character is ≥ 0x80, so none can pass for a quote,
 * backslash, colon or whitespace: the count is the text's {@link countKeyTokens}.
 */
export function scanArtifactBytes(bytes: Uint8Array): ArtifactByteScan {
  const utf8 = isUtf8(bytes);
  return { utf8, keyTokens: utf8 ? countKeyTokensInBytes(bytes) : 0 };
}

/** {@link countKeyTokens} over UTF-8 bytes, in one pass: this runs on a thread of its own, so a plain loop will do. */
function countKeyTokensInBytes(bytes: Uint8Array): number {
  let n = 0;
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i++] !== 0x22) continue;
    // Inside a string: skip to its closing quote, stepping over each escape's second byte.
    for (let c = bytes[i]; i < bytes.length && c !== 0x22; c = bytes[i]) i += c === 0x5c ? 2 : 1;
    i++;
    let c = bytes[i];
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = bytes[++i];
    if (c === 0x3a) n++;
  }
  return n;
}
