// The runner's JSON serializer: the same text as JSON.stringify, at any depth.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { JsonTooLongError, stringifyDeep, stringifyJson } from '../../src/json/serialize.js';

describe('stringifyJson', () => {
  it('gives JSON.stringify\'s text for any JSON value, compact and with 2-space indent (1,000 values, fixed seed)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        assert.equal(stringifyDeep(value, indent), JSON.stringify(value, null, indent));
      }),
      { numRuns: 1000, seed: 26 },
    );
  });

  it('leaves out undefined properties and writes undefined array elements as null, as JSON.stringify does', () => {
    const value = { a: undefined, b: [undefined, 1], c: { d: undefined } };
    assert.equal(stringifyDeep(value, 2), JSON.stringify(value, null, 2));
    assert.equal(stringifyDeep(value, 0), JSON.stringify(value));
  });

  it('serializes 200,000 levels of arrays and objects where JSON.stringify overflows the stack', () => {
    const text = `${'[{"k":'.repeat(100_000)}0${'}]'.repeat(100_000)}`;
    const value = JSON.parse(text);
    assert.throws(() => JSON.stringify(value), RangeError);
    assert.equal(stringifyJson(value), text);
  });

  it('refuses, before building it, a text longer than the limit: indented JSON grows with the square of the depth', () => {
    const value = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    // 100,000 levels indented by 2 spaces each would be ~20 G characters.
    assert.throws(() => stringifyJson(value, 2), (e: unknown) => e instanceof JsonTooLongError && /longer than 536,870,888 characters/.test(e.message));
    assert.throws(() => stringifyJson({ a: 'x'.repeat(100) }, 2, 50), JsonTooLongError);
    assert.equal(stringifyJson([[1]], 2, 19), '[\n  [\n    1\n  ]\n]');
  });
});
