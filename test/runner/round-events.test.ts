import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { endsWithFinalText, numberRoundEvents } from '../../src/runner/round-events.js';

/** The rule as spec §2 states it, without the early exit. */
function naive(texts: string[], finalText: string): boolean {
  return texts.some((_, j) => texts.slice(j).join('\n') === finalText);
}

test('endsWithFinalText agrees with the literal suffix-join rule', () => {
  const piece = fc.string({ unit: fc.constantFrom('a', 'b', '\n', ' '), maxLength: 4 });
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 5 }), fc.nat(6), piece, (texts, from, extra) => {
      // Bias towards finals that are real suffix joins, plus near misses.
      const finalText = from < texts.length ? texts.slice(from).join('\n') + (extra.length % 2 ? extra : '') : extra;
      assert.equal(endsWithFinalText(texts, finalText), naive(texts, finalText));
    }),
    { numRuns: 2000 },
  );
});

test('numbering starts at the given ordinal and stamps the round', () => {
  const { events, assistantTexts } = numberRoundEvents(
    [{ type: 'assistant_message', text: 'a' }, { type: 'tool_invocation', name: 'T', result: 'r' }],
    3,
    7,
    'z',
  );
  assert.deepEqual(events.map((e) => [e.ordinal, e.round, e.type]), [
    [7, 3, 'assistant_message'],
    [8, 3, 'tool_invocation'],
    [9, 3, 'assistant_message'],
  ]);
  assert.deepEqual(assistantTexts, ['a', 'z']);
  assert.deepEqual(Object.keys(events[1]!), ['type', 'ordinal', 'round', 'name', 'result']);
});
