import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineIndex, PointerLocator, formatPointer, parsePointer } from '../../src/checker/positions.js';

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
  it('round-trips pointers', () => {
    for (const segments of [[], ['a'], ['a/b', 'c~d', '0'], ['']]) assert.deepEqual(parsePointer(formatPointer(segments)), segments);
  });
});
