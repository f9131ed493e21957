// fast-check generators for property tests: valid conversations, hostile text, JSON values, serializing with duplicates.
import fc from 'fast-check';
import type { Conversation, ConversationEvent } from '../../src/index.js';

/** The seed every property runs with (override with PROPERTY_SEED to explore); fast-check prints it on failure. */
export const SEED = Number(process.env.PROPERTY_SEED ?? 20_260_607);

/** Runs a property deterministically; the failure message carries seed and path to replay it. */
export function assertProperty<T>(property: fc.IProperty<T> | fc.IAsyncProperty<T>, numRuns: number): void | Promise<void> {
  return fc.assert(property as fc.IProperty<T>, { seed: SEED, numRuns, includeErrorInReport: true });
}

/** Characters that break naive tools: controls, NUL, ESC sequences, bidi overrides, lone surrogates, astral. */
const nasty = fc.constantFrom('\u0000', '\u001b[31m', '\u001b]8;;x\u0007', '\u009b', '\u202e', '\u2066', '\ud800', '\udfff', '\u2028', '\r\n', '\t', '"', '\\', '😀', 'é', '\u3000', '?', '？');

/** Any text: ordinary, any code point, or laced with the characters above. */
export const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.array(fc.oneof(nasty, fc.string({ maxLength: 4 })), { maxLength: 8 }).map((parts) => parts.join('')),
);

/** Unicode White_Space, as blank-text reads it. */
const BLANK = /^\p{White_Space}*$/u;

/** Text a person would count as saying something (never blank). */
export const spokenText = fc.tuple(fc.constantFrom('a', 'Ok', 'É', '好', '😀', '-', '$(x)'), anyText).map(([head, rest]) => head + rest);

/** Any JSON value, nested a little. */
export const jsonValue = fc.jsonValue({ maxDepth: 3 });
const jsonObject = fc.dictionary(fc.string({ maxLength: 6 }), jsonValue, { maxKeys: 4 });

/** A tool invocation's name, args and result, each shape the schema allows (or absent). */
const tool = fc.record(
  {
    name: anyText,
    args: fc.oneof(jsonObject, anyText, fc.array(jsonValue, { maxLength: 3 }), fc.constant(null)),
    result: fc.oneof(anyText, jsonObject, fc.constant(null)),
  },
  { requiredKeys: ['name'] },
);

type Step = { kind: 'assistant'; text: string } | { kind: 'tool'; tool: { name: string; args?: unknown; result?: unknown } };

/** One round after its user message: at least one assistant message, tools anywhere (also after the last reply). */
const roundSteps = fc
  .tuple(fc.array(fc.oneof(spokenText.map((text): Step => ({ kind: 'assistant', text })), tool.map((t): Step => ({ kind: 'tool', tool: t }))), { maxLength: 4 }), spokenText, fc.nat({ max: 4 }))
  .map(([steps, reply, at]) => {
    const all = [...steps];
    all.splice(Math.min(at, all.length), 0, { kind: 'assistant', text: reply });
    return all;
  });

/**
 * A conversation that satisfies the schema and every rule: rounds numbered from 1, each opened by
 * its user message and answered; counts that agree; a stop reason that agrees with the last
 * round's text (a "?" there means the regex gate stopped it, none means the agent did not ask).
 */
export const validConversation: fc.Arbitrary<Conversation> = fc
  .record({ rounds: fc.array(fc.tuple(spokenText, roundSteps), { minLength: 1, maxLength: 4 }), stopped: fc.boolean() })
  .map(({ rounds, stopped }) => {
    const events: ConversationEvent[] = [];
    rounds.forEach(([userText, steps], r) => {
      const round = r + 1;
      events.push({ type: 'user_message', ordinal: events.length, round, text: userText });
      for (const step of steps) {
        if (step.kind === 'assistant') events.push({ type: 'assistant_message', ordinal: events.length, round, text: step.text });
        else events.push({ type: 'tool_invocation', ordinal: events.length, round, ...step.tool } as ConversationEvent);
      }
    });
    const delivered = rounds.length - 1;
    if (!stopped) return { status: 'completed', delivered_followups: delivered, events };
    const asked = lastRoundAssistantText(events).includes('?');
    return {
      status: 'stopped',
      delivered_followups: delivered,
      stop_reason: asked ? 'agent_response_mismatch' : 'agent_did_not_ask',
      stopped_before_followup: delivered + 1,
      events,
    } as Conversation;
  });

/** The assistant text of the highest round, joined with "\n", as stop-evidence reads it. */
export function lastRoundAssistantText(events: readonly ConversationEvent[]): string {
  const last = Math.max(...events.map((e) => e.round));
  return events.filter((e) => e.round === last && e.type === 'assistant_message').map((e) => (e as { text: string }).text).join('\n');
}

/** Whether a text is blank as blank-text sees it. */
export function isBlank(text: string): boolean {
  return BLANK.test(text);
}

/** Text layouts a writer might use. */
export const layout = fc.constantFrom<string | number | undefined>(undefined, 2, '\t');

/**
 * JSON text of `value` with one property written twice (same value) in the object at `dupPath`
 * (a path of keys/indexes) — JSON.parse reads the same value back, only duplicate-key can tell.
 */
export function serializeWithDuplicate(value: unknown, dupPath: ReadonlyArray<string | number>, dupKey: string): string {
  const write = (node: unknown, path: ReadonlyArray<string | number>): string => {
    if (Array.isArray(node)) return `[${node.map((item, i) => write(item, [...path, i])).join(',')}]`;
    if (node === null || typeof node !== 'object') return JSON.stringify(node);
    const here = path.length === dupPath.length && path.every((s, i) => s === dupPath[i]);
    const members = Object.entries(node).map(([k, v]) => `${JSON.stringify(k)}:${write(v, [...path, k])}`);
    if (here) members.unshift(`${JSON.stringify(dupKey)}:${write((node as Record<string, unknown>)[dupKey], [...path, dupKey])}`);
    return `{${members.join(',')}}`;
  };
  return write(value, []);
}

/** Paths of every object with at least one key, root first. */
export function objectPaths(value: unknown): Array<{ path: Array<string | number>; keys: string[] }> {
  const out: Array<{ path: Array<string | number>; keys: string[] }> = [];
  const pending: Array<[unknown, Array<string | number>]> = [[value, []]];
  while (pending.length > 0) {
    const [node, path] = pending.shift()!;
    if (Array.isArray(node)) node.forEach((item, i) => pending.push([item, [...path, i]]));
    else if (node !== null && typeof node === 'object') {
      const keys = Object.keys(node);
      if (keys.length > 0) out.push({ path, keys });
      for (const k of keys) pending.push([(node as Record<string, unknown>)[k], [...path, k]]);
    }
  }
  return out;
}
