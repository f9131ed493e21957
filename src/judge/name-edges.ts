// Where a word starts and ends in a text the judge reads: the one rule by which blinding, and the
// plan's warning, say where the skill's name stands as a name (docs/judge.md, "Where a name is
// replaced").

/** How a name the skill goes by is matched at its ends. */
export interface NameShape {
  /** Of one word (`pdf`, `csv2json`): not a file's extension. */
  oneWord: boolean;
  /** Given with a separator between two of its words (`ai-review`, not `OAuth`): also before a version's digits that end a word (`ai-review2`). */
  versioned: boolean;
}

/**
 * Whether a match of a name, `length` characters at `at` of `text`, stands there as the name — the
 * one rule blinding and the plan's warning read. Its first word starts a word and its last ends
 * one: `ai-review` is not in `Thai Reviews`, `sai reviewer` or `brainreview`, and is in
 * `test_ai_review.py`, `runAIReview` and `aiReviewV2`. A name given with a separator between
 * words also stands before a version's digits that end a word (`ai-review2`, `AI_REVIEW2.md`,
 * `aiReview2V`; not `aireview2client`). A name of one word is not a file's extension
 * ({@link isExtension}), and one word or a name in camel case alone (`OAuth`) does not stand before a
 * digit: `pdf2image`, `OAuth2`, `iOS17` are words of a task's domain.
 */
export function standsAsName(text: string, at: number, length: number, shape: NameShape): boolean {
  const end = at + length;
  if (!startsWord(text, at)) return false;
  if (shape.oneWord) return endsWord(text, end) && !isExtension(text, at, length);
  return endsWord(text, end) || (shape.versioned && !DIGIT.test(text[end - 1]!) && versionEndsWord(text, end));
}

/**
 * Whether a word, or a part of one, starts at `at` of `text`: after anything but a letter or digit,
 * at a camel-case hump ({@link isHump}), beside a script written without spaces
 * ({@link isScriptEdge}), or after an escape that stands for a character ({@link AFTER_ESCAPE}).
 */
function startsWord(text: string, at: number): boolean {
  const before = text[at - 1] ?? '';
  if (!ALPHANUMERIC.test(before) || isHump(text, at) || isScriptEdge(before, text[at] ?? '')) return true;
  if (!mayFollowEscape(text, at)) return false;
  AFTER_ESCAPE.lastIndex = at;
  return AFTER_ESCAPE.test(text);
}

/** Whether a word, or a part of one, ends before `at` of `text`: before anything but a letter or digit, at a hump, or beside a script written without spaces. */
function endsWord(text: string, at: number): boolean {
  const after = text[at] ?? '';
  return !ALPHANUMERIC.test(after) || isHump(text, at) || isScriptEdge(text[at - 1] ?? '', after);
}

/**
 * Whether a camel-case hump is at `at` of `text`: a capital after anything but a capital
 * (`my|Csv2json`, `csv2|Json`), or the last capital of a run of them before a small letter
 * (`HTTP|Csv2json`, `CSV2JSON|Converter`, `PDF|Reader`, `AI|Review`).
 */
export function isHump(text: string, at: number): boolean {
  return UPPER.test(text[at] ?? '') && (!UPPER.test(text[at - 1] ?? '') || LOWER.test(text[at + 1] ?? ''));
}

/** Whether the digits at `at` of `text` (a version's) end a word after them. */
function versionEndsWord(text: string, at: number): boolean {
  if (!DIGIT.test(text[at] ?? '')) return false;
  let end = at + 1;
  while (DIGIT.test(text[end] ?? '')) end++;
  return endsWord(text, end);
}

/**
 * Whether two characters side by side meet at a word's edge because one is of a script written
 * without spaces between words (Han, kana, Thai, Lao, Khmer, Myanmar), or of Hangul, whose
 * particles join the word before them (`ai-review를`): a Latin name in Chinese text
 * (`使用ai-review技能`) stands as a word, and so does a name in such a script anywhere
 * (`使用代码审查技能`), as no space marks its words.
 */
function isScriptEdge(before: string, after: string): boolean {
  // Every such script lies above U+0E00: most text never reaches the test.
  return (before.charCodeAt(0) >= 0xe00 && NO_SPACES.test(before)) || (after.charCodeAt(0) >= 0xe00 && NO_SPACES.test(after));
}

/**
 * What ends right before a word though its last character is a letter or digit: an escape that
 * stands for one character — JSON's or a shell's (`\n`, `\t`, `\r`, `\b`, `\f`, `\u00a0`, escaped
 * once or more, as a JSON file or `printf` holds them), a URL's percent-escape (`%2F`), or a
 * terminal's colour or cursor sequence (`ESC[1m`, or written `\u001b[1m`, `\x1b[1m`, `\033[1m`).
 */
const AFTER_ESCAPE = /(?<=\\+[nrtbf]|\\+u[0-9A-Fa-f]{4}|%[0-9A-Fa-f]{2}|(?:\x1b|\\+(?:u001[bB]|x1[bB]|033|e))\[[0-?]*[@-~])/y;
/**
 * Whether an {@link AFTER_ESCAPE} may end at `at` of `text`, by the characters it must have where
 * (`\` two back, `%` three back, `\u` six back, a terminal sequence's parameter or `[` two back):
 * a cheap look first, as most letters follow no escape.
 */
function mayFollowEscape(text: string, at: number): boolean {
  const twoBack = text.charCodeAt(at - 2);
  return twoBack === 0x5c || (twoBack >= 0x30 && twoBack <= 0x3f) || twoBack === 0x5b || text.charCodeAt(at - 3) === 0x25 || (text.charCodeAt(at - 5) === 0x75 && text.charCodeAt(at - 6) === 0x5c);
}
const NO_SPACES = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}\p{scx=Hangul}]/u;
const ALPHANUMERIC = /[\p{L}\p{N}]/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /\p{N}/u;

/**
 * Whether the `length` characters at `at` of `text` are a file's extension: after a `.` that
 * follows a letter, digit, `_` or `-` of a name, and not followed by another letter, digit or `_`
 * (`sales.xlsx`, `data/out.CSV`, `a.xlsx.bak`). A skill named like a file type (`xlsx`, `csv`, `pdf`)
 * would otherwise rename the task's `sales.xlsx` to `sales.the_skill` in both arms — a file its
 * tools no longer open by its name — while no agent names its skill as an extension.
 */
function isExtension(text: string, at: number, length: number): boolean {
  return at >= 2 && text[at - 1] === '.' && /[\p{L}\p{N}_-]/u.test(text[at - 2]!) && !/[\p{L}\p{N}_]/u.test(text[at + length] ?? '');
}
