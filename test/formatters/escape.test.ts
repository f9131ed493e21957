// JSON output safe to `cat`: every code unit that escapeTerminal would escape comes out escaped,
// and the JSON still reads back to the same value.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeMarkdownCell, escapeTerminal, escapeWorkflowData, escapeXml, stringifyJsonSafe, UNSAFE_PATTERN } from '../../src/text/escape.js';
import { andList } from '../../src/text/lists.js';

describe('stringifyJsonSafe', () => {
  it('leaves no code unit raw that the terminal escape would show, for all 65,536, and reads back', () => {
    const unsafe = new RegExp(UNSAFE_PATTERN);
    for (let unit = 0; unit <= 0xffff; unit++) {
      const text = `a${String.fromCharCode(unit)}b`;
      const out = stringifyJsonSafe({ text });
      assert.equal(unsafe.test(out), false, `U+${unit.toString(16).padStart(4, '0')} left raw: ${JSON.stringify(out)}`);
      assert.deepEqual(JSON.parse(out), { text });
    }
  });

  it('keeps the line breaks of indentation, and a surrogate pair as it is', () => {
    const out = stringifyJsonSafe({ a: ['x', '\u{1f600}'], b: '\u202e\u2028' }, 2);
    assert.equal(out, '{\n  "a": [\n    "x",\n    "\u{1f600}"\n  ],\n  "b": "\\u202e\\u2028"\n}');
  });
});

// Markdown posted to GitHub (the check's job summary, compare's markdown and its summary) holds
// text from artifacts and evals.json. GitHub finds @mentions, issue references and bare URLs in
// the rendered text, after Markdown's own escapes are gone: `\@alice`, `&#64;alice` and `\#1`
// still notify or link (github/markup#1168, github/cmark-gfm#181). An empty HTML comment splits
// the text where GitHub looks, and renders as nothing (copied text has no hidden character).
describe('escapeMarkdownCell', () => {
  const cases: Array<[string, string, string]> = [
    ['a mention', '@alice please look', '@<!-- -->alice please look'],
    ['a team mention', 'cc @acme/reviewers', 'cc @<!-- -->acme/reviewers'],
    ['an e-mail address (autolinked)', 'mail ops@example.com', 'mail ops@<!-- -->example.com'],
    ['an issue reference', 'fixes #123', 'fixes \\#<!-- -->123'],
    ['a cross-repository reference', 'acme/tools#7', 'acme/tools\\#<!-- -->7'],
    ['a GH- reference', 'see GH-12 and gh-3', 'see GH-<!-- -->12 and gh-<!-- -->3'],
    ['a bare URL', 'open https://evil.example/x', 'open https:<!-- -->//evil.example/x'],
    ['a www. link', 'visit WWW.evil.example', 'visit WWW<!-- -->.evil.example'],
    ['an @ that names nobody', 'a @ b, x@', 'a @ b, x@'],
    ['a # that references nothing', '# title, #tag', '\\# title, \\#tag'],
    ['HTML markup', '<b>&amp;</b>', '&lt;b&gt;&amp;amp;&lt;/b&gt;'],
    ['Markdown punctuation and a pipe', '*a* _b_ [c](d) `e` a|b $x$ ~f~', '\\*a\\* \\_b\\_ \\[c\\](d) \\`e\\` a\\|b \\$x\\$ \\~f\\~'],
    ['line breaks', 'a\nb\r\nc', 'a<br>b<br>c'],
    ['a comment in the text cannot be written', '<!-- -->', '&lt;!-- --&gt;'],
  ];
  for (const [what, text, expected] of cases) {
    it(what, () => assert.equal(escapeMarkdownCell(text), expected));
  }

  it('no mention, issue reference or autolink survives, whatever the text around it (fuzzed)', () => {
    const alphabet = ['@', '#', 'a', '1', ':', '/', 'w', 'W', '.', 'G', 'h', '-', '\\', '<', '!', ' ', '\n', '&', '_'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: 1 + (next() % 14) }, () => alphabet[next() % alphabet.length]).join('');
      // What GitHub reads: the rendered text, comments gone between text nodes, Markdown escapes resolved.
      const nodes = escapeMarkdownCell(text).split('<!-- -->').map((node) => node.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/&(lt|gt|amp|quot);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"' })[name]!));
      for (const node of nodes) {
        assert.doesNotMatch(node, /@[a-z0-9]|#[0-9]|:\/\/|www\.|\bgh-[0-9]/i, `${JSON.stringify(text)} → ${JSON.stringify(escapeMarkdownCell(text))}`);
      }
    }
  });
});

// Text a reader cannot see is text a model still reads: a zero-width space, a word joiner or a
// byte-order mark inside an id, or a run of tag characters (U+E0000–U+E007F, "ASCII smuggling":
// an instruction spelt invisibly) in an agent's answer. Every output shows them as escapes; the
// joiners scripts and emoji are written with (U+200C, U+200D) stay as they are.
describe('invisible characters', () => {
  // "hi" in tag characters, between visible words.
  const smuggled = 'ok \u{e0068}\u{e0069} done';
  const invisible = ['\u200b', '\u2060', '\u2063', '\ufeff', '\u180e'];

  it('the terminal, XML, Markdown and workflow commands show each as its \\u escapes, a tag character as both of its code units', () => {
    // Markdown escapes the escape's own backslash, so that it renders as one.
    for (const [escape, slash] of [[escapeTerminal, '\\'], [escapeXml, '\\'], [escapeWorkflowData, '\\'], [escapeMarkdownCell, '\\\\']] as const) {
      for (const ch of invisible) assert.equal(escape(`a${ch}b`), `a${slash}u${ch.charCodeAt(0).toString(16).padStart(4, '0')}b`, `${escape.name} U+${ch.charCodeAt(0).toString(16)}`);
      assert.equal(escape(smuggled), `ok ${slash}udb40${slash}udc68${slash}udb40${slash}udc69 done`, escape.name);
    }
  });

  it('JSON output escapes them too and reads back to the same text', () => {
    const text = `${smuggled}${invisible.join('')}`;
    const out = stringifyJsonSafe({ text });
    assert.equal(new RegExp(UNSAFE_PATTERN).test(out), false, out);
    assert.deepEqual(JSON.parse(out), { text });
  });

  it('leaves the joiners, emoji and every other astral character as they are', () => {
    const text = 'می\u200cخواهم \u{1f468}\u200d\u{1f469}\u200d\u{1f467} \u{1f600} \u{10000} \u{e0080}';
    assert.equal(escapeTerminal(text), text);
    assert.equal(stringifyJsonSafe(text), JSON.stringify(text));
  });
});

// A GitHub runner reads `::command::data` at a line's start (after any whitespace) and the legacy
// `##[command]data` anywhere in a line; artifact text printed to a CI log must start neither.
describe('GitHub workflow commands in artifact text', () => {
  const HOSTILE = ['::error file=README.md,line=1::forged', ' \u3000::stop-commands::tok', 'a::b:::c', 'run ##[error]x', '###[warning]y'];
  /** Whether a line of `text` (a CI log) would be read as a workflow command. */
  const commands = (text: string) => text.split(/\r\n|\r|\n/).some((line) => line.trimStart().startsWith('::') || line.includes('##['));

  it('the terminal escape leaves no `::` anywhere (a wrap or a cut word could put it at a line start) and no `##[`', () => {
    for (const text of HOSTILE) {
      const out = escapeTerminal(text);
      assert.doesNotMatch(out, /::|##\[/, JSON.stringify(text));
    }
    assert.equal(escapeTerminal('::stop-commands::tok'), '\\u003a:stop-commands\\u003a:tok');
    assert.equal(escapeTerminal('x ##[error]y'), 'x \\u0023#[error]y');
    assert.equal(escapeTerminal('a: b # c [d]'), 'a: b # c [d]');
  });

  it('JSON, XML and Markdown carry the same text, with no `##[` and no line starting `::`', () => {
    for (const text of HOSTILE) {
      const json = stringifyJsonSafe({ text }, 2);
      assert.equal(commands(json), false, json);
      assert.deepEqual(JSON.parse(json), { text });
      assert.doesNotMatch(escapeXml(text), /##\[/);
      const markdown = escapeMarkdownCell(text);
      assert.equal(commands(markdown), false, markdown);
    }
    assert.equal(escapeXml('##[x'), '&#x23;#[x');
    assert.equal(escapeMarkdownCell('::x'), '\\::x');
  });
});

describe('andList', () => {
  it('lists items as a sentence does, the last joined by "and" whatever commas the items hold', () => {
    assert.equal(andList([]), '');
    assert.equal(andList(['a']), 'a');
    assert.equal(andList(['a', 'b']), 'a and b');
    assert.equal(andList(['a, x', 'b', 'c']), 'a, x, b and c');
  });
});
