// Parser "codex-json": a `codex exec --json` round → ParsedRound (spec §1.2, with v0.6.1 tokens and v0.9.0 results).
import type { ParsedRound, RoundEvent, TokenUsage } from './types.js';
import { isJsonObject, readJsonLines, stringifyResult, type JsonObject, type StreamLimits } from './json-lines.js';
import { stringifyJson } from '../../json/serialize.js';
import { addUsage, readUsage, type UsageFields } from './token-usage.js';

/** Where a `turn.completed` line's usage keeps each kind of count (input includes the cached part). */
const USAGE_FIELDS: UsageFields = {
  input: ['input_tokens'],
  output: ['output_tokens'],
  cache_read: ['cached_input_tokens'],
  cache_write: null,
  reasoning: ['reasoning_output_tokens'],
};

/**
 * Item types that are not tool calls: text is an assistant message, `error` items are notices
 * (Codex emits them for warnings such as unknown model metadata and carries on), the others are
 * not recorded.
 */
const NON_TOOL_ITEMS = new Set(['agent_message', 'reasoning', 'plan_update', 'error']);
/** Keys that describe the item rather than the call: never part of `args`. */
const NON_ARG_KEYS = new Set(['id', 'type', 'status', 'aggregated_output', 'output', 'result', 'error']);
/** Where a completed item keeps its outcome, most specific first (v0.9.0 order). */
const RESULT_KEYS = ['aggregated_output', 'output', 'result', 'error'] as const;
/**
 * The first line of a command's output when Codex's sandbox (bubblewrap) could not be set up, so
 * the command never ran: bwrap names a path of the root it is building (`/newroot/…`). Sessions
 * side by side race on the mount points Codex makes in a shared /tmp (docs/harnesses.md).
 */
const SANDBOX_SETUP_FAILURE = /^bwrap: [^\n]*\/newroot\//;
/** RFC 3339 date-time, as Codex would write it (`T` or space, optional fraction, Z or offset). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Reads one Codex round. Every completed item stands alone (no id matching): agent messages are
 * assistant text, other item kinds are tool invocations named by their kind. Tokens follow
 * v0.6.1: per `turn.completed`, input + output − cached, clamped at 0, summed.
 */
export function parseCodexJson(stdout: string, limits: StreamLimits = {}): ParsedRound {
  const events: RoundEvent[] = [];
  let sessionId: string | undefined;
  let finalText: string | undefined;
  let totalTokens: number | null = null;
  const timestamps: number[] = [];
  const notices: string[] = [];
  const sandboxFailures: string[] = [];
  let usage: TokenUsage | undefined;

  for (const line of readJsonLines(stdout, limits, events)) {
    const time = readTimestamp(line.timestamp);
    if (time !== undefined) timestamps.push(time);
    if (line.type === 'thread.started') {
      // The reference's extract tier keeps the last match.
      if (typeof line.thread_id === 'string') sessionId = line.thread_id;
    } else if (line.type === 'item.completed' && isJsonObject(line.item)) {
      const item = line.item;
      if (item.type === 'error') {
        notices.push(`codex: ${typeof item.message === 'string' ? item.message : stringifyJson(item)}`);
      } else if (item.type === 'agent_message') {
        if (typeof item.text === 'string') {
          events.push({ type: 'assistant_message', text: item.text });
          finalText = item.text;
        }
      } else if (typeof item.type === 'string' && !NON_TOOL_ITEMS.has(item.type)) {
        const event = readToolItem(item, item.type);
        events.push(event);
        const output = event.type === 'tool_invocation' ? event.result : undefined;
        if (item.type === 'command_execution' && typeof output === 'string' && SANDBOX_SETUP_FAILURE.test(output)) sandboxFailures.push(output.split('\n')[0]!);
      }
    } else if (line.type === 'turn.completed' && isJsonObject(line.usage)) {
      const tokens = countTurnTokens(line.usage);
      if (tokens !== undefined) totalTokens = (totalTokens ?? 0) + tokens;
      usage = addUsage(usage, readUsage(line.usage, USAGE_FIELDS));
    }
  }
  const durationMs = timestamps.length >= 2 ? timestamps[timestamps.length - 1]! - timestamps[0]! : null;
  return { events, sessionId, finalText, totalTokens, durationMs, ...(notices.length > 0 ? { notices } : {}), ...(sandboxFailures.length > 0 ? { sandboxFailures } : {}), ...(usage ? { usage } : {}) };
}

/** A completed non-message item as a tool invocation: the item minus bookkeeping is `args`. */
function readToolItem(item: JsonObject, name: string): RoundEvent {
  const event: Extract<RoundEvent, { type: 'tool_invocation' }> = { type: 'tool_invocation', name };
  const args: JsonObject = {};
  let hasArgs = false;
  for (const [key, value] of Object.entries(item)) {
    if (NON_ARG_KEYS.has(key)) continue;
    args[key] = value;
    hasArgs = true;
  }
  if (hasArgs) event.args = args;
  // A present-but-null key counts: it says the outcome was null.
  const resultKey = RESULT_KEYS.find((key) => key in item);
  if (resultKey !== undefined) event.result = stringifyResult(item[resultKey]);
  return event;
}

/** One turn's billable tokens, or undefined when none of its counters is an integer. */
function countTurnTokens(usage: JsonObject): number | undefined {
  const counters = [usage.input_tokens, usage.output_tokens, usage.cached_input_tokens];
  if (!counters.some(Number.isInteger)) return undefined;
  const [input, output, cached] = counters.map((n) => (Number.isInteger(n) ? (n as number) : 0)) as [number, number, number];
  return Math.max(input + output - cached, 0);
}

/** Epoch milliseconds of an RFC 3339 `timestamp` string, or undefined. */
function readTimestamp(value: unknown): number | undefined {
  if (typeof value !== 'string' || !RFC3339.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
