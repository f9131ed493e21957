// How many columns a terminal gives text, for tables that line up and lines that keep to a width:
// a wide (East Asian) character or an emoji takes two, a combining mark or a zero-width character
// none, and a grapheme (a letter with its accents, an emoji sequence joined by ZWJ) is counted once.
// Text is escaped before it is measured (escapeTerminal), so it holds no control characters.

/** Printable ASCII: one column a character, the common case, measured without segmenting. */
const ASCII = /^[\x20-\x7e]*$/;
/** Text of one column a code unit (ASCII, Latin, the punctuation and math signs reports use: – — − ≥ ·), measured by its length. */
const NARROW = /^[\x20-\x7e\u00a0-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u22ff]*$/;
/** What only a whole grapheme's width can tell: ZWJ sequences, U+FE0F, flags (pairs of regional indicators), skin tones. */
const JOINS = /[\u200d\ufe0f\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}]/u;
/** Combining marks, format characters (ZWJ, the word joiner) and Hangul medial/final jamo: no column of their own; the soft hyphen, a format character terminals show, takes one. */
const ZERO = /^(?!\u00ad)(?:\p{Mn}|\p{Me}|\p{Cf}|[\u1160-\u11ff])$/u;
/** East Asian Wide and Fullwidth (Unicode's EastAsianWidth W and F, by block), and emoji shown as emoji. */
const WIDE = /^(?:\p{Emoji_Presentation}|[\u1100-\u115f\u2329\u232a\u2e80-\u303e\u3041-\u3247\u3250-\u4dbf\u4e00-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{16fe0}-\u{18cff}\u{1b000}-\u{1b2ff}\u{1f200}-\u{1f2ff}\u{20000}-\u{3fffd}])$/u;

let segmenter: Intl.Segmenter | undefined;

/** The graphemes of `text` (user-perceived characters), in order. */
export function graphemes(text: string): string[] {
  if (ASCII.test(text)) return text.split('');
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** Columns one grapheme takes: 2 when any of its characters is wide (or it is an emoji made so by U+FE0F), 0 when all are zero-width, else 1. */
export function graphemeWidth(grapheme: string): number {
  let width = 0;
  for (const ch of grapheme) {
    if (WIDE.test(ch)) return 2;
    if (!ZERO.test(ch)) width = 1;
  }
  return width === 1 && grapheme.includes('\ufe0f') ? 2 : width;
}

/** Columns `text` takes in a terminal. Segmented into graphemes only when a character's width depends on its neighbours (segmenting every line made the terminal report of 3,000 evals take 15 s). */
export function terminalWidth(text: string): number {
  if (NARROW.test(text)) return text.length;
  let width = 0;
  if (JOINS.test(text)) for (const g of graphemes(text)) width += graphemeWidth(g);
  else for (const ch of text) width += graphemeWidth(ch);
  return width;
}
