import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineIndex, PointerLocator, formatPointer, parsePointer } from '../../src/json/positions.js';
import { PARSEABLE_DEFECTS, generateArtifact } from '../corpus/generate-artifact.js';
import { SeededRandom } from '../corpus/seeded-random.js';

describe('LineIndex', () => {
  const cases: Array<[string, string, number, { line: number; column: number }]> = [
    ['LF', 'ab\ncd', 4, { line: 2, column: 2 }],
    ['CRLF counts as one break', 'ab\r\ncd', 5, { line: 2, column: 2 }],
    ['a lone CR is a break', 'ab\rcd', 3, { line: 2, column: 1 }],
    ['a tab is one column', '\t\t"x"', 2, { line: 1, column: 3 }],
    ['an emoji (surrogate pair) is one column', '"🐛x"', 3, { line: 1, column: 3 }],
    ['CJK characters are one column each', '"日本語"', 4, { line: 1, column: 5 }],
    ['combining marks count as their own code points', '"e\u0301x"', 3, { line: 1, column: 4 }],
    ['offset past the end clamps to the end', 'ab', 99, { line: 1, column: 3 }],
  ];
  for (const [name, text, offset, expected] of cases) it(name, () => assert.deepEqual(new LineIndex(text).position(offset), expected));

  it('agrees with a character-by-character count on random text (breaks, lone surrogates, pairs)', () => {
    const random = new SeededRandom(5);
    const pieces = ['a', '\n', '\r', '\r\n', '\uD83D', '\uDC1B', '🐛', 'é', ' '];
    for (let k = 0; k < 2000; k++) {
      let text = '';
      for (let i = random.int(0, 24); i > 0; i--) text += random.pick(pieces);
      const index = new LineIndex(text);
      let line = 1;
      let column = 1;
      for (let offset = 0; offset <= text.length; offset++) {
        const c = text.charCodeAt(offset);
        // Offsets inside a CRLF or a surrogate pair are no places a token starts or ends.
        const prev = text.charCodeAt(offset - 1);
        const inside = (c === 10 && prev === 13) || (c >= 0xdc00 && c <= 0xdfff && prev >= 0xd800 && prev <= 0xdbff);
        if (!inside) assert.deepEqual(index.position(offset), { line, column }, `${JSON.stringify(text)} at ${offset}`);
        // Then step past the code unit at offset, as an editor counts.
        if (c === 10 || (c === 13 && text.charCodeAt(offset + 1) !== 10)) {
          line++;
          column = 1;
        } else if (!(c >= 0xd800 && c <= 0xdbff && text.charCodeAt(offset + 1) >= 0xdc00 && text.charCodeAt(offset + 1) <= 0xdfff) && c !== 13) column++;
      }
    }
  });
});

describe('PointerLocator', () => {
  const text = '{\n  "a": [1, {"b~c/d": true}],\n  "a": 2\n}';
  it('finds the last of duplicate keys, as JSON.parse keeps it', () => {
    const { start, end } = new PointerLocator(text).locate('/a');
    assert.equal(text.slice(start, end), '2');
  });
  it('decodes ~0 and ~1 and finds keys', () => {
    const locator = new PointerLocator('{"a": [1, {"b~c/d": true}]}');
    const key = locator.locate('/a/1/b~0c~1d', 'key');
    assert.equal('{"a": [1, {"b~c/d": true}]}'.slice(key.start, key.end), '"b~c/d"');
  });
  it('falls back to the nearest existing ancestor', () => {
    const src = '{"events": [{"type": "x"}]}';
    const { start, end } = new PointerLocator(src).locate('/events/0/text');
    assert.equal(src.slice(start, end), '{"type": "x"}');
  });
  it('does not read "01" as an array index', () => {
    const src = '{"e": [7, 8]}';
    const { start, end } = new PointerLocator(src).locate('/e/01');
    assert.equal(src.slice(start, end), '[7, 8]');
  });
  it('places offsets in the text as given, after a byte order mark', () => {
    const src = '\uFEFF{"a": [1, {"b": "x"}]}';
    const { start, end } = new PointerLocator(src).locate('/a/1/b');
    assert.equal(src.slice(start, end), '"x"');
    assert.equal(start, src.indexOf('"x"'));
  });
  it('falls back to error recovery for text that is not JSON, and still finds what it can', () => {
    const src = '{"a": [1, 2], "b": }';
    const { start, end } = new PointerLocator(src).locate('/a/1');
    assert.equal(src.slice(start, end), '2');
  });
  it('round-trips pointers', () => {
    for (const segments of [[], ['a'], ['a/b', 'c~d', '0'], ['']]) assert.deepEqual(parsePointer(formatPointer(segments)), segments);
  });
});

describe('PointerLocator: every span holds what the pointer names in JSON.parse\'s value', () => {
  /** Every pointer into `value` (up to `limit`), with the value there; beside each, some that do not exist (value undefined). */
  function pointersOf(value: unknown, limit = 400): Array<[string, unknown, string[]]> {
    const out: Array<[string, unknown, string[]]> = [['', value, []]];
    const pending: Array<[unknown, string, string[]]> = [[value, '', []]];
    while (pending.length > 0 && out.length < limit) {
      const [node, at, segments] = pending.shift()!;
      if (typeof node !== 'object' || node === null) continue;
      const entries: Array<[string, unknown]> = Array.isArray(node) ? node.map((v, i) => [String(i), v]) : Object.entries(node);
      for (const [segment, child] of entries) {
        const pointer = at + formatPointer([segment]);
        out.push([pointer, child, [...segments, segment]]);
        pending.push([child, pointer, [...segments, segment]]);
      }
      for (const absent of ['absent', '999', '01', '-1']) if (!Object.hasOwn(node, absent)) out.push([at + formatPointer([absent]), undefined, segments]);
    }
    return out;
  }

  /**
   * The oracle: the text of a found value parses to the value JSON.parse put there, a found key's
   * text parses to the key's name, and an absent pointer gives its nearest existing ancestor's span.
   */
  function assertSpansHold(text: string, label: string): number {
    const locator = new PointerLocator(text);
    const slice = ({ start, end }: { start: number; end: number }) => text.slice(start, end);
    let compared = 0;
    for (const [pointer, value, segments] of pointersOf(JSON.parse(text))) {
      const found = locator.locate(pointer);
      if (value === undefined) {
        assert.deepEqual(found, locator.locate(formatPointer(segments)), `${label}: ${pointer} (absent)`);
      } else {
        assert.deepEqual(JSON.parse(slice(found)), value, `${label}: ${pointer}`);
        const key = locator.locate(pointer, 'key');
        if (pointer !== '' && !Array.isArray(JSON.parse(slice(locator.locate(formatPointer(segments.slice(0, -1))))))) {
          assert.equal(JSON.parse(slice(key)), segments.at(-1), `${label}: ${pointer} (key)`);
        }
      }
      compared++;
    }
    return compared;
  }

  const tricky: Array<[string, string]> = [
    ['duplicate keys, nested', '{"a": {"x": 1}, "b": [1, 2], "a": {"x": [true, false, null]}}'],
    ['escaped keys and quotes in strings', '{"a\\"b": 1, "\\u0061": 2, "a": 3, "s": "he said \\"}\\" ] {", "t": "\\\\", "u\\\\": "\\\\\\""}'],
    ['keys with ~ and /', '{"b~c/d": {"~0": 1, "/": 2}, "": {"": 3}}'],
    ['empty containers and odd spacing', '\r\n\t{ "e" : { } ,"f":[ ] , "g" :\n[\r\n1 ,2\t,{ }]}\n'],
    ['numbers and literals', '{"n": [-1.5e+10, 0, 1E-7, 12345678901234567890], "t": true, "f": false, "z": null}'],
    ['unicode and emoji', '{"日本語": {"🐛": ["é", "\\ud83d\\udc1b", "naïve"]}, "k": "\\u2028"}'],
    ['top-level array', '[{"a": 1}, [2, [3, [4]]], "x"]'],
    ['top-level string', '"just a string"'],
    ['deep nesting', '{"a": '.repeat(300) + '1' + '}'.repeat(300)],
  ];
  for (const [name, text] of tricky) it(name, () => assert.ok(assertSpansHold(text, name) > 0));

  it('on real-looking artifacts (generated, with every defect that still parses)', () => {
    const random = new SeededRandom(23);
    let compared = 0;
    for (let i = 0; i < 60; i++) {
      const text = generateArtifact(random, random.int(500, 20_000), PARSEABLE_DEFECTS[i % PARSEABLE_DEFECTS.length]!);
      compared += assertSpansHold(text.replace(/^\uFEFF/, ''), `artifact ${i}`);
    }
    assert.ok(compared > 5_000, `compared ${compared}`);
  });
});
