import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexEvals } from '../../src/checker/cross/eval-match.js';
import { formatPointer, LineIndex, PointerLocator } from '../../src/json/positions.js';
import type { EvalRef, TurnRef } from '../../src/types.js';

/**
 * Where each placed value of an evals.json is, by the general pointer locator (the syntax tree
 * findings are placed with): the index's own token walk must agree with it everywhere.
 */
function expectedPlaces(text: string, doc: unknown): string[] {
  const lines = new LineIndex(text);
  const locator = new PointerLocator(text);
  const at = (...segments: Array<string | number>) => {
    const { line, column } = lines.position(locator.locate(formatPointer(segments)).start);
    return `${line}:${column}`;
  };
  const evals = (doc as { evals?: unknown }).evals;
  const places = [Array.isArray(evals) ? at('evals') : at()];
  if (!Array.isArray(evals)) return places;
  evals.forEach((raw: Record<string, unknown>, i) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || typeof raw.id !== 'string') return;
    places.push(`eval ${at('evals', i)}`);
    if (typeof raw.prompt === 'string') places.push(`prompt ${at('evals', i, 'prompt')}`);
    places.push(`turns ${Array.isArray(raw.turns) ? at('evals', i, 'turns') : at('evals', i)}`);
    for (const [j, turn] of (Array.isArray(raw.turns) ? raw.turns : []).entries()) {
      places.push(`turn ${at('evals', i, 'turns', j)}`);
      if (typeof turn !== 'object' || turn === null) continue;
      for (const field of ['prompt', 'deliver_when', 'agent_response_matches']) if (typeof turn[field] === 'string') places.push(`${field} ${at('evals', i, 'turns', j, field)}`);
    }
  });
  return places;
}

function indexedPlaces(text: string, doc: unknown): string[] {
  const index = indexEvals('evals.json', text, doc);
  const place = (at: string) => at.slice('evals.json:'.length);
  const places = [place(index.at)];
  for (const ref of index.evals as EvalRef[]) {
    places.push(`eval ${place(ref.at)}`);
    if (ref.prompt) places.push(`prompt ${place(ref.prompt.at)}`);
    places.push(`turns ${place(ref.turnsAt)}`);
    for (const turn of ref.turns as TurnRef[]) {
      places.push(`turn ${place(turn.at)}`);
      for (const [field, located] of [['prompt', turn.prompt], ['deliver_when', turn.deliverWhen], ['agent_response_matches', turn.agentResponseMatches]] as const) if (located) places.push(`${field} ${place(located.at)}`);
    }
  }
  return places;
}

describe('indexEvals places each eval, prompt, turn and field where the syntax tree does', () => {
  const cases: Array<[string, string]> = [
    ['a plain eval with a scripted turn', '{"evals":[{"id":"a","prompt":"p","turns":[{"prompt":"x","deliver_when":"y","agent_response_matches":"z"}]}]}'],
    ['a byte order mark, spaces, and items of the wrong type', '\ufeff{ "evals" : [ {"id":"a","prompt":1}, 3, {"id":"b","turns":{"x":1}}, {"id":"c","turns":[1,{"prompt":"q"},[2]]} ] }'],
    ['a duplicate key: the last value, as JSON.parse keeps it', '{"evals":[{"id":"c","prompt":"p1","turns":[{"prompt":"a"}],"prompt":"p2","turns":[{"prompt":"b"},{"prompt":"c"}]}]}'],
    ['two evals arrays: the last', '{"evals":[{"id":"a","prompt":"x"}],"evals":[{"id":"b","prompt":"y"}]}'],
    ['an escaped key', '{"\\u0065vals":[{"id":"b","\\u0070rompt":"e"}]}'],
    ['evals that is not an array', '{"evals":{"x":{"id":"a"}}}'],
    ['a document that is an array', '[{"evals":[{"id":"a"}]}]'],
    ['CRLF, lone CR and emoji before the places', '{\r\n "other": {"evals":[{"id":"z","prompt":"no"}]},\r "evals": [\r\n  {"id":"😀😀","prompt":"😀"},\n\r{"id":"d","nested":{"prompt":"no"},"prompt":"yes"}]}'],
    ['fields of the same names deeper down are not placed', '{"evals":[{"id":"a","turns":[{"prompt":{"prompt":"x"},"turns":[{"prompt":"y"}]}],"assertions":[{"prompt":"z","turns":[]}]}],"tail":[[[{"evals":1}]]]}'],
  ];
  for (const [name, text] of cases) {
    it(name, () => {
      const doc: unknown = JSON.parse(text.replace(/^\ufeff/, ''));
      assert.deepEqual(indexedPlaces(text, doc), expectedPlaces(text, doc));
    });
  }

  it('every eval of a large generated evals.json', () => {
    const evals = Array.from({ length: 300 }, (_, i) => ({
      id: `eval-${i}`,
      prompt: `Do task ${i} ${'é'.repeat(i % 7)}`,
      ...(i % 3 === 0 ? {} : { turns: Array.from({ length: i % 4 }, (_, j) => ({ prompt: `turn ${j}`, ...(j % 2 ? { deliver_when: 'done' } : {}), agent_response_matches: '(?i)ok' })) }),
      assertions: [{ id: 'a', type: 'transcript_check', turns: [{ prompt: 'not placed' }] }],
    }));
    const text = JSON.stringify({ skill_name: 's', evals }, null, 2);
    assert.deepEqual(indexedPlaces(text, JSON.parse(text)), expectedPlaces(text, JSON.parse(text)));
  });
});
