// The token walk of src/json/tokens.ts (for text JSON.parse accepted) against jsonc-parser's strict
// walk (json/walk.ts, for any text): the same tokens, offsets and paths, on real-looking artifacts
// and on small texts that stress nesting, escapes and empty containers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanJsonTokens, scanKeyTokens } from '../../src/json/tokens.js';
import { walkJson } from '../../src/json/walk.js';
import { generateArtifact, PARSEABLE_DEFECTS } from '../corpus/generate-artifact.js';
import { SeededRandom } from '../corpus/seeded-random.js';

/** Every token as one line, with the path of the object holding each key. */
function byTokenWalk(text: string): string[] {
  const out: string[] = [];
  const fits = scanJsonTokens(text, {
    open: (at, isObject) => void out.push(`${isObject ? '{' : '['} ${at}`),
    close: (at, isObject) => void out.push(`${isObject ? '}' : ']'} ${at}`),
    key: (start, end, path) => void out.push(`key ${start}-${end} ${JSON.stringify(path())}`),
    scalar: (start, end) => void out.push(`value ${start}-${end}`),
  });
  assert.ok(fits, 'the text tokenizes');
  return out;
}

function byJsonWalk(text: string): string[] {
  const out: string[] = [];
  const error = walkJson(text, {
    onObjectBegin: (at) => void out.push(`{ ${at}`),
    onArrayBegin: (at) => void out.push(`[ ${at}`),
    onObjectEnd: (at) => void out.push(`} ${at}`),
    onArrayEnd: (at) => void out.push(`] ${at}`),
    onObjectProperty: (_key, at, length, path) => void out.push(`key ${at}-${at + length} ${JSON.stringify(path())}`),
    onLiteralValue: (_value, at, length) => void out.push(`value ${at}-${at + length}`),
  });
  assert.equal(error, undefined);
  return out;
}

/** What the key scan counts, the slow way: the keys of the walk. */
const keysOf = (text: string) => byJsonWalk(text).filter((t) => t.startsWith('key')).length;

describe('scanJsonTokens', () => {
  const small = [
    '{}', '[]', '1', '"x"', 'null', ' \n{ } ', '{"a": []}', '[[], {}, [[]], {"": {}}]', '{"a": {"b": [1, {"c": "d\\"}"}]}, "e": -0.5e+3}',
    '{"k\\u0041y": "v\\\\", "a/b~c": [true, false, null]}', '[\r\n\t1 ,\r\n2\t]', '{"a":1,"a":2}', '"\\\\\\""',
  ];
  for (const text of small) it(`tokenizes ${JSON.stringify(text)} as jsonc-parser does`, () => assert.deepEqual(byTokenWalk(text), byJsonWalk(text)));

  it('tokenizes generated artifacts as jsonc-parser does, and the key scan counts their keys', () => {
    const random = new SeededRandom(25);
    for (let k = 0; k < 40; k++) {
      const text = generateArtifact(random, random.int(200, 20_000), k % 4 === 0 ? random.pick(PARSEABLE_DEFECTS) : 'none');
      assert.deepEqual(byTokenWalk(text), byJsonWalk(text), `artifact ${k}`);
      assert.equal(scanKeyTokens(text).keyTokens, keysOf(text), `artifact ${k}`);
    }
  });

  it('walks 100,000 levels deep without a stack overflow', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    let opened = 0;
    assert.equal(scanJsonTokens(text, { open: () => void opened++ }), true);
    assert.equal(opened, 100_000);
  });

  it('says where tokens do not fit', () => {
    for (const text of ['{"a" 1}', '{"a": 1,}', '[1 2]', '{"a": 1]', '', '{"a": "b}']) assert.equal(scanJsonTokens(text, {}), false, text);
  });
});
