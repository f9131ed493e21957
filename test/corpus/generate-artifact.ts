// One realistic conversation.json text: several rounds, tool calls with arguments and long
// results, unicode; optionally broken in one of the ways real artifacts break.
import { SeededRandom } from './seeded-random.js';

/** How an artifact is broken, if at all (each maps to a parse, schema or rule finding). */
export type Defect = 'none' | 'truncated' | 'trailing-comma' | 'unknown-event-type' | 'missing-round' | 'ordinal-gap' | 'duplicate-key' | 'blank-text' | 'bom';

/** The defects besides 'none', in the order they are handed out. */
export const DEFECTS: readonly Defect[] = ['truncated', 'trailing-comma', 'unknown-event-type', 'missing-round', 'ordinal-gap', 'duplicate-key', 'blank-text', 'bom'];
/** The defects whose text JSON.parse still accepts (schema and rule findings only). */
export const PARSEABLE_DEFECTS: readonly Defect[] = DEFECTS.filter((d) => d !== 'truncated' && d !== 'trailing-comma' && d !== 'bom');

const WORDS = ('the a test file run build schema round event agent follow-up skill eval output check passes fails ' +
  'because config module import export function value error warning line column path folder commit review ' +
  'café naïve über Größe 日本語 テキスト 中文 한국어 Ωmega ✓ → 🚀 🙂').split(' ');
const CODE = [
  "import { readFile } from 'node:fs/promises';",
  'export async function loadConfig(path: string): Promise<Config> {',
  '  const text = await readFile(path, "utf8");',
  '  if (!text.trim()) throw new Error(`empty config at ${path}`);',
  '  return JSON.parse(text) as Config;',
  '}',
  '\tfor (const item of items) total += item.price * item.quantity; // Σ',
  '    assert.deepEqual(result, { ok: true, value: "naïve café ☕" });',
  'def summarize(rows):\n    return {r["id"]: r["score"] for r in rows if r["score"] > 0.5}',
  '  ✓ parses a valid artifact (3 ms)',
  '  ✗ rejects a trailing comma — expected 1 finding, got 0',
  '$ npm test -- --reporter=spec',
];
const TOOLS = ['Bash', 'Read', 'Edit', 'Write', 'Grep', 'Glob', 'TodoWrite', 'shell', 'apply_patch', 'read_file'];

/**
 * Builds one artifact's text of roughly `targetBytes`, broken as `defect` says; with `minEvents`,
 * rounds and steps go on until the conversation holds at least that many events.
 */
export function generateArtifact(random: SeededRandom, targetBytes: number, defect: Defect = 'none', minEvents = 0): string {
  const events: Record<string, unknown>[] = [];
  // Measured, not estimated: escapes and indentation make JSON text much longer than its strings.
  let size = 150;
  const add = (event: Record<string, unknown>) => {
    events.push({ ordinal: events.length, ...event });
    size += JSON.stringify(events[events.length - 1], null, 2).length + 8;
  };
  const small = targetBytes < 6000;
  const rounds = random.int(1, small ? 2 : 4);
  const stopped = random.chance(0.15);
  const budgetPerTool = targetBytes / Math.max(rounds * 3, minEvents / 2);
  let round = 0;
  // Rounds share the budget; the last one may run over, like a long final tool output.
  while (round < rounds || size < targetBytes || events.length < minEvents) {
    round++;
    add({ type: 'user_message', round, text: round === 1 ? sentence(random, 30, 120) : sentence(random, 5, 40) });
    const steps = random.int(1, small ? 2 : 6);
    for (let s = 0; s < steps && (size < targetBytes || s === 0 || events.length < minEvents); s++) {
      if (random.chance(0.35)) add({ type: 'assistant_message', round, text: sentence(random, 10, 80) });
      const result = random.chance(0.1) ? null : code(random, Math.min(Math.max(budgetPerTool, 80), 60_000));
      add({ type: 'tool_invocation', round, name: random.pick(TOOLS), args: toolArgs(random), result });
    }
    // The round's closing reply; a stop for a mismatching response follows a question (stop-evidence).
    const asks = stopped || round < rounds;
    add({ type: 'assistant_message', round, text: sentence(random, 20, 150) + (asks ? ' Should I also update the tests?' : ' Done.') });
    if (round >= 2000) break;
  }
  const conversation: Record<string, unknown> = stopped
    ? { status: 'stopped', delivered_followups: round - 1, stop_reason: 'agent_response_mismatch', stopped_before_followup: round, events }
    : { status: 'completed', delivered_followups: round - 1, events };
  return breakArtifact(conversation, events, defect);
}

/**
 * Another run of the same conversation: the same rounds, user messages, tool names and gating
 * (a closing question or "Done."), with every assistant text, tool argument and tool result
 * written anew, so that no two runs share a string (a real agent never answers twice alike).
 */
export function varyArtifact(random: SeededRandom, text: string): string {
  const conversation = JSON.parse(text) as { events: Record<string, unknown>[] };
  for (const event of conversation.events) {
    if (event.type === 'assistant_message') {
      const ending = /( Should I also update the tests\?| Done\.)$/.exec(event.text as string)?.[1] ?? '';
      event.text = sentence(random, 10, 150) + ending;
    } else if (event.type === 'tool_invocation') {
      event.args = toolArgs(random);
      if (typeof event.result === 'string') event.result = code(random, Math.max(event.result.length, 80));
    }
  }
  return JSON.stringify(conversation, null, 2) + '\n';
}

function breakArtifact(conversation: Record<string, unknown>, events: Record<string, unknown>[], defect: Defect): string {
  switch (defect) {
    case 'unknown-event-type': events[1]!.type = 'system_message'; break;
    case 'missing-round': delete events[events.length - 1]!.round; break;
    case 'ordinal-gap': for (const e of events.slice(2)) e.ordinal = (e.ordinal as number) + 1; break;
    case 'blank-text': events[0]!.text = '   '; break;
  }
  let text = JSON.stringify(conversation, null, 2) + '\n';
  switch (defect) {
    case 'truncated': return text.slice(0, Math.floor(text.length * 0.6));
    case 'trailing-comma': return text.replace(/("round": \d+)\n/, '$1,\n');
    case 'duplicate-key': return text.replace(/"type": "assistant_message",/, '"type": "assistant_message",\n      "round": 1,');
    case 'bom': return '\uFEFF' + text;
  }
  return text;
}

function sentence(random: SeededRandom, minWords: number, maxWords: number): string {
  const n = random.int(minWords, maxWords);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(random.pick(WORDS));
  return words.join(' ') + '.';
}

function code(random: SeededRandom, approxChars: number): string {
  const lines: string[] = [];
  let length = 0;
  const target = random.int(Math.floor(approxChars / 2), Math.ceil(approxChars * 1.5));
  while (length < target) {
    const line = random.pick(CODE);
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

function toolArgs(random: SeededRandom): unknown {
  switch (random.int(0, 3)) {
    case 0: return { command: `npm test -- ${random.pick(WORDS)}`, timeout: random.int(1000, 120000), description: sentence(random, 3, 10) };
    case 1: return { file_path: `/repo/src/${random.pick(['cli', 'config', 'rules/blank-text', 'résumé'])}.ts`, old_string: code(random, 60), new_string: code(random, 80) };
    case 2: return { pattern: 'TODO|FIXME', path: 'src', glob: '**/*.ts', '-n': true };
    default: return random.chance(0.5) ? 'ls -la src' : [{ content: sentence(random, 3, 8), status: 'pending', priority: 'high' }];
  }
}
