// Whether a text states a line of SKILL.md as a reader would read it stated: a rubric quoting
// `Always write timestamps in UTC` (no period) states the line `- Always write timestamps in UTC.`.
// Byte for byte, a rubric that asked for the rule withheld it from the skill arm's answer alone.
// Inline markup and typography are read as their plain forms (`**Always**`, `Don’t`, `—`), and a
// line run into a longer name (`UTC-5`, `log_request_v2`) is not stated: a reader tells those apart.

/** A Markdown line's markers (a heading's `#`s, a list item's `-` or `1.`, a quote's `>`, a task box), as a source of one or more of them. */
const MARKERS = String.raw`(?:(?:#{1,6}|[-*+]|\d{1,9}[.)]|>)\s+|\[[ xX]\]\s+)+`;
/** A Markdown line's markers: the text after them (what withholding withholds on its own too). */
export const MARKED_TEXT = new RegExp(`^${MARKERS}(.*)$`);
/** The markers that start each line of a text, and the spaces before them. */
const LINE_MARKERS = new RegExp(String.raw`^[ \t]*(?:(?:#{1,6}|[-*+]|\d{1,9}[.)]|>)[ \t]+|\[[ xX]\][ \t]+)+`, 'gm');
/** Quotes around a line: straight, typographic, guillemets, a code span's backtick. */
const QUOTES = `"'\`“”‘’«»„`;
/** What may end a line as a sentence ends, or open a list after it, or quote it: left out of its core. */
const LINE_END = new RegExp(`[${QUOTES}.!?:;\\s]+$`);
const LINE_START = new RegExp(`^[${QUOTES}\\s]+`);
/** A run of whitespace to make one space: two or more, or one that is not a space (`\s+` alone is ~4 times slower on a task's files). */
const SPACES = /\s{2,}|[^\S ]/g;
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** What joins a word to the next in a name or number (`UTC-5`, `log_request_v2`, `UTC+02:00`, `v1.2`, `it's`). */
const JOINER = /[-_+.']/;
/** Inline markup a quote leaves out (bold, a code span's backticks), and typography a word processor writes for plain characters. */
const TYPOGRAPHY = /\*\*|`|[’‘“”—–]|--/g;
const PLAIN: Readonly<Record<string, string>> = { '**': '', '`': '', '’': "'", '‘': "'", '“': '"', '”': '"', '—': '-', '–': '-', '--': '-' };

/** `text` in lower case, its inline markup left out and its typography made plain (`Don’t` and `don't` alike). */
function plainLower(text: string): string {
  return text.replace(TYPOGRAPHY, (found) => PLAIN[found]!).toLowerCase();
}

/** A {@link plainLower} text as a reader compares it: each line's Markdown markers left out, every run of whitespace one space. */
function formOf(lower: string): string {
  return lower.replace(LINE_MARKERS, '').replace(SPACES, ' ');
}

/** `text` as a reader compares it. */
function readerForm(text: string): string {
  return formOf(plainLower(text));
}

/** A line as a reader states it: its {@link readerForm}, without the quotes around it or the sentence's punctuation that ends it. */
function lineCore(line: string): string {
  return readerForm(line).replace(LINE_END, '').replace(LINE_START, '');
}

/**
 * Whether `form` (a {@link readerForm}) holds `core` as words: not run into a letter or digit at an
 * end that is one, nor into one through a joiner ({@link JOINER}): `UTC-5` does not state `UTC.`.
 */
function holdsCore(form: string, core: string): boolean {
  const wordAtStart = WORD_CHAR.test(core[0] ?? '');
  const wordAtEnd = WORD_CHAR.test(core.at(-1) ?? '');
  const runsOn = (at: number, step: 1 | -1) => WORD_CHAR.test(form[at] ?? '') || (JOINER.test(form[at] ?? '') && WORD_CHAR.test(form[at + step] ?? ''));
  for (let at = form.indexOf(core); at !== -1; at = form.indexOf(core, at + 1)) {
    if (wordAtStart && runsOn(at - 1, -1)) continue;
    if (wordAtEnd && runsOn(at + core.length, 1)) continue;
    return true;
  }
  return false;
}

/**
 * The lines a text states, each as it is said: in any case, its whitespace run together, without
 * the quotes around it or the punctuation ending it, after a Markdown marker or none. One rule for
 * every text asked (a packet's criteria, the task as staged).
 */
export class StatedLines {
  /** Each line's core, and the lines of that core. */
  private readonly cores: ReadonlyArray<{ core: string; said: readonly string[] }>;
  /** The cores holding no other: a text holding none of them (as words or not) states no line. */
  private readonly probes: readonly string[];
  /** Each probe's longest word, as a text in lower case holds it wherever the text states the probe (spaces and markers aside): most texts hold none. */
  private readonly anchors: readonly string[];
  /** The probes each core holds (by the index of {@link cores}), found once asked. */
  #probesIn: ReadonlyArray<readonly string[]> | undefined;

  constructor(lines: Iterable<string>) {
    const byCore = new Map<string, string[]>();
    for (const said of new Set(lines)) {
      const core = lineCore(said);
      if (core.length > 0) (byCore.get(core) ?? byCore.set(core, []).get(core)!).push(said);
    }
    this.cores = [...byCore].map(([core, said]) => ({ core, said }));
    const cores = [...byCore.keys()];
    this.probes = cores.filter((core) => !cores.some((other) => other !== core && core.includes(other)));
    this.anchors = [...new Set(this.probes.map((probe) => probe.split(' ').reduce((a, b) => (b.length > a.length ? b : a))))];
  }

  /** The lines `text` states; with `among`, only those lines are looked for. */
  in(text: string, among?: ReadonlySet<string>): string[] {
    if (this.cores.length === 0) return [];
    const lower = plainLower(text);
    if (!this.anchors.some((anchor) => lower.includes(anchor))) return [];
    const form = formOf(lower);
    const stated = new Set<string>();
    const present = among === undefined ? new Set(this.probes.filter((probe) => form.includes(probe))) : undefined;
    if (present?.size === 0) return [];
    this.#probesIn ??= this.cores.map(({ core }) => this.probes.filter((probe) => core.includes(probe)));
    this.cores.forEach(({ core, said }, i) => {
      const asked = among === undefined ? this.#probesIn![i]!.every((probe) => present!.has(probe)) : said.some((line) => among.has(line));
      if (asked && holdsCore(form, core)) for (const line of said) if (among === undefined || among.has(line)) stated.add(line);
    });
    return [...stated];
  }
}
