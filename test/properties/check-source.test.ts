// Properties of checkSource: total on any input with positions inside the file; silent on valid
// conversations; each rule-breaking mutation fires exactly its rule; the iterative walk agrees with jsonc-parser.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse, type ParseError } from 'jsonc-parser';
import { checkSource, type FileResult } from '../../src/index.js';
import { walkJson } from '../../src/json/walk.js';
import { anyText, assertProperty, jsonValue, layout, validConversation } from './conversation-arbitraries.js';
import { mutations } from './rule-mutations.js';

/** Length in code points of each line, split as the checker splits lines (\r\n, \r, \n). */
function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((line) => [...line].length);
}

/** Asserts every finding's range lies inside `text` as the file's lines are written. */
function assertPositionsInside(result: FileResult, text: string): void {
  const lines = lineLengths(text);
  for (const m of result.messages) {
    const where = `${m.ruleId} ${m.line}:${m.column}-${m.endLine}:${m.endColumn} in ${lines.length} line(s)`;
    for (const n of [m.line, m.column, m.endLine, m.endColumn]) assert.ok(Number.isInteger(n) && n >= 1, where);
    assert.ok(m.line <= lines.length && m.endLine <= lines.length, where);
    assert.ok(m.endLine > m.line || (m.endLine === m.line && m.endColumn >= m.column), where);
    assert.ok(m.column <= lines[m.line - 1]! + 1 && m.endColumn <= lines[m.endLine - 1]! + 1, where);
  }
}

/** Text as the checker decodes bytes (invalid UTF-8 shown as U+FFFD, which keeps the positions of the valid prefix). */
const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/** Broken JSON near a real artifact: cut, spliced and stuffed with stray characters. */
const almostJson = fc
  .tuple(validConversation, layout, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.oneof(anyText, fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '//', '/*', 'NaN', "'", '\\u12'))), { maxLength: 3 }))
  .map(([c, indent, edits]) => {
    let text = JSON.stringify(c, null, indent);
    for (const [at, cut, insert] of edits) {
      const i = at % (text.length + 1);
      text = text.slice(0, i) + insert + text.slice(i + cut);
    }
    return text;
  });

/** Deep nesting (to a few thousand levels; the 100,000-level case is in the adversarial suite) with a random tail. */
const deep = fc.tuple(fc.nat({ max: 3000 }), fc.constantFrom('[', '{"a":', '[{"a":'), fc.nat({ max: 3000 }), fc.string({ maxLength: 5 })).map(([n, open, closeCount, tail]) => {
  const close = open === '[' ? ']' : open === '{"a":' ? '}' : '}]';
  return open.repeat(n) + '1' + close.repeat(Math.min(n, closeCount)) + tail;
});

describe('checkSource is total', () => {
  it('returns a result with in-file positions for any bytes', () =>
    assertProperty(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 100 }).map((s) => new TextEncoder().encode(s))), (bytes) => {
        assertPositionsInside(checkSource({ filePath: 'conversation.json', bytes }), decode(bytes));
      }),
      1000,
    ));

  it('returns a result with in-file positions for any string: lone surrogates, controls, near-JSON, deep nesting', () =>
    assertProperty(
      fc.property(fc.oneof(anyText, almostJson, deep, jsonValue.map((v) => JSON.stringify(v))), fc.constantFrom('conversation.json', 'evals.json'), (text, filePath) => {
        assertPositionsInside(checkSource({ filePath, bytes: text }), text);
      }),
      // ~125 cases of each kind; the deep ones (~1.5 ms each) are most of the time.
      500,
    ));
});

describe('valid conversations', () => {
  it('report nothing, whatever their content and layout', () =>
    assertProperty(
      fc.property(validConversation, layout, (c, indent) => {
        const result = checkSource({ filePath: 'conversation.json', bytes: JSON.stringify(c, null, indent) });
        assert.deepEqual(result.messages, []);
      }),
      300,
    ));
});

describe('each rule-breaking mutation fires exactly its rule', () => {
  for (const [ruleId, mutate] of Object.entries(mutations)) {
    it(ruleId, () =>
      assertProperty(
        fc.property(validConversation, fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), layout, (c, picks, indent) => {
          const text = mutate(structuredClone(c), picks, indent);
          fc.pre(text !== undefined);
          const result = checkSource({ filePath: 'conversation.json', bytes: text! });
          const fired = [...new Set(result.messages.map((m) => m.ruleId))];
          assert.deepEqual(fired, [ruleId], JSON.stringify(result.messages.map((m) => [m.ruleId, m.message])));
          assertPositionsInside(result, text!);
        }),
        // Per rule: 60 generated conversations and layouts its mutation breaks.
        60,
      ));
  }
});

describe('the iterative JSON walk', () => {
  it('finds the same first syntax error as jsonc-parser', () =>
    assertProperty(
      fc.property(fc.oneof(almostJson, anyText, deep.filter((s) => s.length < 4000)), (text) => {
        const errors: ParseError[] = [];
        parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
        assert.deepEqual(walkJson(text), errors[0]);
      }),
      300,
    ));
});
