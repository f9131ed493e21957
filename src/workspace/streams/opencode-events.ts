// Parser "opencode-events": an `opencode run --format json` round → ParsedRound (spec §1.3).
import type { ParsedRound, RoundEvent, TokenUsage } from './types.js';
import { isJsonObject, numberOrZero, readCost, readJsonLines, type JsonObject, type StreamLimits } from './json-lines.js';
import { addUsage, readUsage, type UsageFields } from './token-usage.js';

/** Where a `step_finish` part's `tokens` keeps each kind of count. */
const USAGE_FIELDS: UsageFields = {
  input: ['input'],
  output: ['output'],
  cache_read: ['cache', 'read'],
  cache_write: ['cache', 'write'],
  reasoning: ['reasoning'],
};

/**
 * Reads one OpenCode round. Each `tool_use` line carries its own input and outcome (no
 * matching across lines); the final text is the last `text` part; tokens exclude cache; the
 * cost is the sum of the steps' `cost`.
 */
export function parseOpencodeEvents(stdout: string, limits: StreamLimits = {}): ParsedRound {
  const events: RoundEvent[] = [];
  let sessionId: string | undefined;
  let finalText: string | undefined;
  let totalTokens: number | null = null;
  const timestamps: number[] = [];
  let usage: TokenUsage | undefined;
  let cost: number | undefined;

  for (const line of readJsonLines(stdout, limits, events)) {
    if (sessionId === undefined && typeof line.sessionID === 'string') sessionId = line.sessionID;
    if (Number.isInteger(line.timestamp)) timestamps.push(line.timestamp as number);
    const part = isJsonObject(line.part) ? line.part : undefined;
    if (!part) continue;
    if (line.type === 'text') {
      if (typeof part.text === 'string') {
        events.push({ type: 'assistant_message', text: part.text });
        finalText = part.text;
      }
    } else if (line.type === 'tool_use') {
      if (typeof part.tool === 'string') events.push(readToolPart(part, part.tool));
    } else if (line.type === 'step_finish' && isJsonObject(part.tokens)) {
      const t = part.tokens;
      totalTokens = (totalTokens ?? 0) + numberOrZero(t.input) + numberOrZero(t.output) + numberOrZero(t.reasoning);
      usage = addUsage(usage, readUsage(t, USAGE_FIELDS));
      const stepCost = readCost(part.cost);
      if (stepCost !== undefined) cost = (cost ?? 0) + stepCost;
    }
  }
  const durationMs = timestamps.length >= 2 ? timestamps[timestamps.length - 1]! - timestamps[0]! : null;
  return { events, sessionId, finalText, totalTokens, durationMs, ...(usage ? { usage } : {}), ...(cost !== undefined ? { costUsd: cost } : {}) };
}

/** A tool part: `state.input` is the args; `state.output`, else `state.error`, is the result. */
function readToolPart(part: JsonObject, name: string): RoundEvent {
  const event: Extract<RoundEvent, { type: 'tool_invocation' }> = { type: 'tool_invocation', name };
  const state = isJsonObject(part.state) ? part.state : undefined;
  if (!state) return event;
  if (isJsonObject(state.input)) event.args = state.input;
  // A present `output` key decides, even when it is not a string (then nothing is recorded).
  if ('output' in state) {
    if (typeof state.output === 'string') event.result = state.output;
  } else if (typeof state.error === 'string') {
    event.result = state.error;
  }
  return event;
}
