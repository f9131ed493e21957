import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeUtf8, loadArtifact, firstInvalidUtf8Offset } from '../../src/checker/load.js';
import { checkSource } from '../../src/index.js';

/** [name, input, messageId, line, column] — where and why parsing fails. */
const failures: Array<[string, string | Uint8Array, string, number, number]> = [
  ['empty', '', 'empty', 1, 1],
  ['whitespace only', ' \r\n ', 'empty', 2, 2],
  ['truncated object', '{"status": "completed",', 'truncated', 1, 24],
  ['truncated inside a string', '{"status": "compl', 'truncated', 1, 18],
  ['trailing comma in array', '{"events": [1, 2,]}', 'trailing-comma', 1, 18],
  ['trailing comma in object', '{"a": 1,\n}', 'trailing-comma', 2, 1],
  ['block comment', '{/* hi */"a": 1}', 'comment', 1, 2],
  ['NaN', '{"a": NaN}', 'not-json-value', 1, 7],
  ['-Infinity', '{"a": -Infinity}', 'not-json-value', 1, 7],
  ['single quotes', "{'a': 1}", 'single-quote', 1, 2],
  ['raw tab in a string', '{"a": "x\ty"}', 'control-character', 1, 9],
  ['raw ESC in a string', '{"a": "\u001b[2J"}', 'control-character', 1, 8],
  ['two values', '{}\n{}', 'extra-content', 2, 1],
  ['bare word', '{"a": yes}', 'syntax', 1, 7],
  ['missing colon', '{"a" 1}', 'syntax', 1, 6],
  ['invalid escape', '{"a": "\\q"}', 'escape', 1, 8],
  ['invalid UTF-8 after multi-byte text', new Uint8Array([0x7b, 0x0a, 0x22, 0xc3, 0xa9, 0x22, 0xff]), 'encoding', 2, 4],
  ['binary file', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'encoding', 1, 1],
  ['NUL byte after the value', '{"a": 1}\u0000', 'syntax', 1, 9],
  ['bad unicode escape', '{"a": "\\u12G4"}', 'escape', 1, 8],
];

describe('loadArtifact failures', () => {
  for (const [name, input, messageId, line, column] of failures) {
    it(name, () => {
      const result = checkSource({ filePath: 'x.json', bytes: input });
      const parse = result.messages.filter((m) => m.ruleId === 'parse');
      assert.equal(parse.length, 1, JSON.stringify(result.messages));
      assert.deepEqual([parse[0]!.messageId, parse[0]!.line, parse[0]!.column], [messageId, line, column], parse[0]!.message);
    });
  }
});

describe('loadArtifact success', () => {
  it('parses with JSON.parse semantics', () => {
    const loaded = loadArtifact('{"a": [1, "\\u00e9"]}');
    assert.ok(loaded.ok);
    assert.deepEqual(loaded.value, { a: [1, 'é'] });
  });
  it('reports a BOM as an error but still parses the rest', () => {
    const loaded = loadArtifact(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]));
    assert.ok(loaded.ok);
    assert.deepEqual(loaded.value, {});
    assert.deepEqual(loaded.findings.map((f) => f.messageId), ['bom']);
  });
  it('handles 100,000-deep arrays without a stack overflow', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const result = checkSource({ filePath: 'deep.json', bytes: deep });
    assert.equal(result.messages[0]?.ruleId, 'schema');
  });
});

describe('firstInvalidUtf8Offset', () => {
  const cases: Array<[string, number[], number]> = [
    ['valid ASCII', [0x61, 0x62], 2],
    ['overlong slash', [0x61, 0xc0, 0xaf], 1],
    ['UTF-16 surrogate encoded', [0xed, 0xa0, 0x80], 0],
    ['above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['truncated sequence', [0xe6, 0x97], 0],
    ['valid 4-byte', [0xf0, 0x9f, 0x90, 0x9b], 4],
  ];
  for (const [name, bytes, offset] of cases) it(name, () => assert.equal(firstInvalidUtf8Offset(new Uint8Array(bytes)), offset));
});

describe('decodeUtf8 (the fast decoder) gives exactly what Buffer#toString gives', () => {
  const cases: Array<[string, string]> = [
    ['empty', ''],
    ['ASCII', '{"a": "b"}'],
    ['Latin-1 range only', 'caf\u00e9 \u00a0\u00ff'],
    ['BOM first', '\uFEFF{}'],
    ['astral (surrogate pair in UTF-16)', 'a\u{1F600}b\u{10FFFF}'],
    ['line and paragraph separators', '\u2028\u2029'],
    ['NUL and controls', '\u0000\u001b[2J'],
  ];
  for (const [name, text] of cases) it(name, () => assert.equal(decodeUtf8(Buffer.from(text)), text));
  it('on random Unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const bytes = Buffer.from(text); // lone surrogates become U+FFFD here, as in any UTF-8 file
        assert.equal(decodeUtf8(bytes), bytes.toString('utf8'));
      }),
      { numRuns: 2000 },
    );
  });
});
