// The one place where untrusted text is made safe for each kind of output.

/**
 * Beyond C0 controls and lone surrogates, the characters every output shows as a visible escape:
 * DEL and C1 controls (0x9B is a one-byte CSI), bidirectional marks, overrides and isolates
 * (Trojan Source), line/paragraph separators, and the invisible ones a reader cannot see at all
 * (zero-width space, word joiner and invisible operators, the Mongolian vowel separator, the
 * byte-order mark). The joiners U+200C/U+200D are left: scripts and emoji are written with them.
 */
const SHOWN_ESCAPED = '\\u007f-\\u009f\\u061c\\u180e\\u200b\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
/** A tag character (U+E0000–U+E007F, a surrogate pair): invisible text that a model still reads ("ASCII smuggling"). */
const TAG_CHARACTER = '\\udb40[\\udc00-\\udc7f]';
const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';

/**
 * Characters that can change what a terminal or a reader shows: C0 controls (ESC starts ANSI
 * and OSC sequences), those of {@link SHOWN_ESCAPED}, tag characters, and lone surrogates.
 */
const UNSAFE = new RegExp(`[\\u0000-\\u001f${SHOWN_ESCAPED}]|${TAG_CHARACTER}|${LONE_SURROGATE}`, 'g');

/** The pattern of `UNSAFE`, for the html page's script, which shows the same characters as visible escapes. */
export const UNSAFE_PATTERN: string = UNSAFE.source;

/**
 * What starts a GitHub workflow command in a step's log: `::`, which the runner reads at a line's
 * start after any whitespace, and the legacy `##[`, which it reads anywhere in a line (actions/runner,
 * ActionCommand.cs). The first character of each is escaped, and every `::`, not only a leading
 * one: a wrapped line or a long word cut in pieces can put any of them at a line's start.
 */
const LEGACY_WORKFLOW_COMMAND = '#(?=#\\[)';
const WORKFLOW_COMMAND_MARK = `:(?=:)|${LEGACY_WORKFLOW_COMMAND}`;

/** {@link UNSAFE} and {@link WORKFLOW_COMMAND_MARK}: what a line of the terminal or a CI log shows escaped. */
const UNSAFE_IN_LOG = new RegExp(`${UNSAFE.source}|${WORKFLOW_COMMAND_MARK}`, 'g');

function escapeCodeUnit(ch: string): string {
  switch (ch) {
    case '\n': return '\\n';
    case '\r': return '\\r';
    case '\t': return '\\t';
    default: return unicodeEscapes(ch);
  }
}

/** `\uXXXX` for each code unit of `ch` (a tag character is two). */
function unicodeEscapes(ch: string): string {
  let escaped = '';
  for (let i = 0; i < ch.length; i++) escaped += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
  return escaped;
}

/**
 * A word every POSIX shell reads back unchanged (bash, zsh, ksh and dash, which reads no ANSI-C
 * `$'…'`), printed for the user to copy: as it is when no character is special to a shell, else in
 * single quotes; a character {@link escapeTerminal} would escape (a control, a bidi override) is
 * written as its UTF-8 bytes in octal for printf, `"$(printf '\342\200\256')"`, beside the quoted
 * pieces — so the terminal shows no raw control and the shell still reads the same word. But line
 * feeds ending the word stay as they are inside the quotes: a command substitution drops them.
 */
export function shellWord(word: string): string {
  // Not a leading `=`: zsh reads `=cmd` as the path of the command cmd.
  // Not a `::` either: quoted, it is written without one (below), as escapeTerminal would show it.
  if (/^(?!=)(?!.*::)[\w@%+=:,./-]+$/.test(word)) return word;
  // `''` between the characters of a workflow command's mark: the shell reads the same word, a CI log sees no `::` or `##[`.
  const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`).replace(WORKFLOW_COMMAND_MARK_GLOBAL, "$&''")}'`;
  if (!UNSAFE_ONE.test(word)) return quoted(word);
  const [, body, feeds] = /^([^]*?)(\n*)$/.exec(word)!;
  const octal = (run: string) => [...Buffer.from(run, 'utf8')].map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('');
  // Odd pieces are runs of such characters, each followed by an even one (the body ends in none of them but a line feed).
  const pieces = body!.split(UNSAFE_RUN);
  let printed = '';
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) {
      if (pieces[i] !== '') printed += quoted(pieces[i]!);
      continue;
    }
    let run = pieces[i]!;
    // A command substitution drops the line feeds it ends with: printf prints the next character too.
    if (run.endsWith('\n')) {
      const next = String.fromCodePoint(pieces[i + 1]!.codePointAt(0)!);
      run += next;
      pieces[i + 1] = pieces[i + 1]!.slice(next.length);
    }
    printed += `"$(printf '${octal(run)}')"`;
  }
  return printed + (feeds === '' ? '' : `'${feeds}'`) || "''";
}

/** A path as a command's argument, a word a shell reads back unchanged: one starting with "-" is written `./-x`, so no option parser takes it for an option. */
export function shellPathWord(path: string): string {
  return shellWord(path.startsWith('-') ? `./${path}` : path);
}

/** An option and its value as a shell reads them back: a value starting with "-" joined as `--flag=-x`, or the option parser would read it as an option of its own. */
export function shellOptionWords(flag: string, value: string): string {
  return value.startsWith('-') ? shellWord(`${flag}=${value}`) : `${flag} ${shellWord(value)}`;
}

const WORKFLOW_COMMAND_MARK_GLOBAL = new RegExp(WORKFLOW_COMMAND_MARK, 'g');

/** A run of {@link UNSAFE}'s characters, kept by split. */
const UNSAFE_RUN = new RegExp(`((?:${UNSAFE.source})+)`);

/** {@link UNSAFE} without the global flag, for a test that keeps no state. */
const UNSAFE_ONE = new RegExp(UNSAFE.source);

/**
 * Text for a terminal line (or a CI log's): every control, bidi or lone-surrogate character shown
 * as an escape, and so is the first character of each `::` and `##[`, so no artifact text starts a
 * GitHub workflow command (a forged annotation, or `::stop-commands::` switching off the real ones).
 */
export function escapeTerminal(text: string): string {
  return text.replace(UNSAFE_IN_LOG, escapeCodeUnit);
}

/**
 * Text for an html page: markup escaped, every control, bidi or lone-surrogate character shown as
 * an escape, as the terminal shows it — but a `::` as the text has it: a browser is no CI log, and
 * the page's script shows transcripts so too.
 */
export function escapePageText(text: string): string {
  return escapeXml(text.replace(UNSAFE, escapeCodeUnit));
}

/** Text of several lines for a terminal: each line escaped on its own, the line breaks kept. */
export function escapeTerminalLines(text: string): string {
  return text.split(/\r?\n/).map(escapeTerminal).join('\n');
}

/**
 * JSON output that is also safe to `cat`: JSON.stringify already escapes C0 controls and lone
 * surrogates; this also escapes DEL, C1 and bidi controls, which JSON allows raw, and the `#` that
 * opens a legacy workflow command (`##[`), which a CI log reads anywhere in a line. (A `::` in a
 * string never starts a line: the string's quote comes first.)
 */
export function stringifyJsonSafe(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_AFTER_JSON, unicodeEscapes);
}

/**
 * What of `UNSAFE` JSON.stringify leaves raw. It escapes every C0 control and lone surrogate
 * inside strings, so a raw C0 in its output is indentation ("\n"), which must stay; matching it
 * anyway made a call per line of a large report.
 */
const UNSAFE_AFTER_JSON = new RegExp(`[${SHOWN_ESCAPED}]|${TAG_CHARACTER}|${LEGACY_WORKFLOW_COMMAND}`, 'g');

/** Like `escapeTerminal`, but leaves `\n` and `\r` for the caller's own encoding of line breaks. */
function escapeControlsKeepingLineBreaks(text: string): string {
  return text.replace(UNSAFE, (ch) => (ch === '\n' || ch === '\r' ? ch : escapeCodeUnit(ch)));
}

const percent = (ch: string) => '%' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');

/**
 * The message part of a GitHub workflow command (`::error …::<data>`): `%`, CR and LF
 * percent-encoded as the runner decodes them; other controls (ANSI/OSC escapes) shown as
 * visible escapes, because the log viewer would render them.
 */
export function escapeWorkflowData(text: string): string {
  return escapeControlsKeepingLineBreaks(text).replace(/[%\r\n]/g, percent);
}

/** A property value of a workflow command (`file=…,title=…`): as data, plus `:` and `,`. */
export function escapeWorkflowProperty(text: string): string {
  return escapeControlsKeepingLineBreaks(text).replace(/[%\r\n:,]/g, percent);
}

/**
 * Characters XML 1.0 cannot carry at all, not even as a character reference: C0 controls
 * other than tab/LF/CR, lone surrogates, U+FFFE and U+FFFF.
 */
const XML_FORBIDDEN = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]|${LONE_SURROGATE}`);
const XML_SPECIAL = new RegExp(`${XML_FORBIDDEN.source}|[&<>"'\\t\\n\\r${SHOWN_ESCAPED}]|${TAG_CHARACTER}|${LEGACY_WORKFLOW_COMMAND}`, 'g');
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text for an XML attribute value or element content. Markup characters become entities; tab
 * and line breaks become character references, which parsers restore exactly; every other
 * control, and the characters XML allows but a terminal or a CI page would obey (DEL, C1 such as
 * the one-byte CSI, bidi overrides), become visible `\uXXXX` text, as in the terminal: a
 * character reference would be restored raw by any XML reader. The `#` opening a legacy workflow
 * command (`##[`) is a reference: a CI log that prints the XML reads none.
 */
export function escapeXml(text: string): string {
  return text.replace(XML_SPECIAL, (ch) => {
    const entity = XML_ENTITIES[ch];
    if (entity) return entity;
    if (ch === '#') return '&#x23;';
    if (ch === '\t' || ch === '\n' || ch === '\r') return `&#x${ch.charCodeAt(0).toString(16).toUpperCase()};`;
    return unicodeEscapes(ch);
  });
}

// `\:` before a colon: a line of the table printed to a CI log never starts a workflow command (`::`).
const MARKDOWN_SPECIAL = /[&<>"\\`*_[\]|~$#]|:(?=:)|\r\n|\r|\n/g;

/**
 * Where GitHub would make a link of escaped text: an @mention (and an e-mail address), an issue
 * reference (`#123` as escaped, `GH-123`), a URL (`…://`) or `www.` link. GitHub finds them in the
 * rendered text, after Markdown's escapes are resolved, so `\@alice`, `&#64;alice` and `\#1` still
 * notify or link (github/markup#1168, github/cmark-gfm#181).
 */
const GITHUB_LINKED = /@(?=[a-z0-9])|\\#(?=[0-9])|\bgh-(?=[0-9])|:(?=\/\/)|\bwww(?=\.)/gi;

/**
 * Text for one GitHub-flavoured Markdown table cell (or paragraph): HTML markup as entities,
 * Markdown punctuation backslash-escaped (`$` too: GitHub renders math), line breaks as `<br>`,
 * controls as visible escapes — so artifact text can neither format nor inject HTML — and an
 * empty HTML comment inside each mention, issue reference and autolink (`@<!-- -->alice`): it
 * splits the text GitHub searches, so no one is notified and nothing is linked, and renders as
 * nothing, so copied text has no hidden character in it.
 */
export function escapeMarkdownCell(text: string): string {
  return escapeControlsKeepingLineBreaks(text).replace(MARKDOWN_SPECIAL, (ch) => {
    const entity = XML_ENTITIES[ch];
    if (entity) return entity;
    if (ch === '\r\n' || ch === '\r' || ch === '\n') return '<br>';
    return '\\' + ch;
  }).replace(GITHUB_LINKED, '$&<!-- -->');
}
