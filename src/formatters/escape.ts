// The one place where untrusted text is made safe for each kind of output.

/**
 * Characters that can change what a terminal or a reader shows: C0 controls (ESC starts ANSI
 * and OSC sequences), DEL, C1 controls (0x9B is a one-byte CSI), bidirectional overrides and
 * isolates (Trojan Source), line/paragraph separators, and lone surrogates.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escapeCodeUnit(ch: string): string {
  switch (ch) {
    case '\n': return '\\n';
    case '\r': return '\\r';
    case '\t': return '\\t';
    default: return '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0');
  }
}

/** Text for a terminal line: every control, bidi or lone-surrogate character shown as an escape. */
export function escapeTerminal(text: string): string {
  return text.replace(UNSAFE, escapeCodeUnit);
}

/**
 * JSON output that is also safe to `cat`: JSON.stringify already escapes C0 controls and lone
 * surrogates; this also escapes DEL, C1 and bidi controls, which JSON allows raw.
 */
export function stringifyJsonSafe(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE, (ch) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'));
}
