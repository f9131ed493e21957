// JSON output safe to `cat`: every code unit that escapeTerminal would escape comes out escaped,
// and the JSON still reads back to the same value.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stringifyJsonSafe, UNSAFE_PATTERN } from '../../src/formatters/escape.js';

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
