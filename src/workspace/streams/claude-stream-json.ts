// Parser "claude-stream-json": a `claude -p --output-format stream-json` round → ParsedRound (spec §1.1).
import type { ParsedRound, RoundEvent } from './types.js';
import { isJsonObject, numberOrZero, readCost, readJsonLines, stringifyResult, type JsonObject, type StreamLimits } from './json-lines.js';
import { stringifyJson } from '../../json/serialize.js';
import { readUsage, type UsageFields } from './token-usage.js';

/** Where Claude's `result` line keeps each kind of token count. */
const USAGE_FIELDS: UsageFields = {
  input: ['input_tokens'],
  output: ['output_tokens'],
  cache_read: ['cache_read_input_tokens'],
  cache_write: ['cache_creation_input_tokens'],
  reasoning: null,
};

type ToolEvent = Extract<RoundEvent, { type: 'tool_invocation' }>;

/**
 * Reads one Claude Code round. Tool results arrive on later `user` lines and are matched to their
 * `tool_use` by id; the final text is the last `result` line's text (or the last assistant text
 * as a fallback) and is appended as an extra assistant message when it differs from the last
 * text block, as the reference parser does.
 */
export function parseClaudeStreamJson(stdout: string, limits: StreamLimits = {}): ParsedRound {
  const events: RoundEvent[] = [];
  const toolsById = new Map<string, ToolEvent>();
  let sessionId: string | undefined;
  let lastResultLine: JsonObject | undefined;
  let lastAssistantTexts: string[] | undefined;
  let skills: string[] | undefined;

  for (const line of readJsonLines(stdout, limits, events)) {
    if (line.type === 'system') {
      if (sessionId === undefined && typeof line.session_id === 'string') sessionId = line.session_id;
      // The init event lists the session's skills (built-ins included): the roster campaign records.
      if (skills === undefined && line.subtype === 'init' && Array.isArray(line.skills)) skills = line.skills.filter((s): s is string => typeof s === 'string');
    } else if (line.type === 'result') {
      lastResultLine = line;
    } else if (line.type === 'assistant' || line.type === 'user') {
      const content = isJsonObject(line.message) ? line.message.content : undefined;
      if (!Array.isArray(content)) continue;
      if (line.type === 'assistant') {
        const texts = readAssistantBlocks(content, events, toolsById);
        if (texts.length > 0) lastAssistantTexts = texts;
      } else {
        attachToolResults(content, toolsById);
      }
    }
  }

  const finalText = pickFinalText(lastResultLine, lastAssistantTexts);
  if (finalText !== undefined) {
    if (lastAssistantText(events) !== finalText) {
      events.push({ type: 'assistant_message', text: finalText });
    }
  }
  const usage = lastResultLine && isJsonObject(lastResultLine.usage) ? lastResultLine.usage : undefined;
  const notices = describePermissionDenials(lastResultLine);
  const tokens = usage ? readUsage(usage, USAGE_FIELDS) : undefined;
  const cost = readCost(lastResultLine?.total_cost_usd);
  return {
    ...(cost !== undefined ? { costUsd: cost } : {}),
    ...(notices.length > 0 ? { notices } : {}),
    ...(tokens ? { usage: tokens } : {}),
    ...(skills ? { skills } : {}),
    events,
    sessionId,
    finalText,
    totalTokens: lastResultLine
      ? usage
        ? numberOrZero(usage.input_tokens) +
          numberOrZero(usage.output_tokens) +
          numberOrZero(usage.cache_creation_input_tokens) +
          numberOrZero(usage.cache_read_input_tokens)
        : 0
      : null,
    durationMs:
      lastResultLine && typeof lastResultLine.duration_ms === 'number' ? lastResultLine.duration_ms : null,
  };
}

/**
 * The `result` line's `permission_denials` as one notice. The refused calls themselves stay in the
 * conversation as tool invocations whose result is the refusal the model was shown.
 */
function describePermissionDenials(resultLine: JsonObject | undefined): string[] {
  const denials = resultLine?.permission_denials;
  if (!Array.isArray(denials) || denials.length === 0) return [];
  const names = denials.map((d) => (isJsonObject(d) && typeof d.tool_name === 'string' ? d.tool_name : '?'));
  return [`claude: ${denials.length} tool call(s) refused by the permission mode (permission_denials): ${names.join(', ')}`];
}

/** The text of the last assistant message so far, if any. */
function lastAssistantText(events: RoundEvent[]): string | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.type === 'assistant_message') return event.text;
  }
  return undefined;
}

/** Appends an assistant line's text and tool_use blocks to `events`; returns its texts. */
function readAssistantBlocks(content: unknown[], events: RoundEvent[], toolsById: Map<string, ToolEvent>): string[] {
  const texts: string[] = [];
  for (const block of content) {
    if (!isJsonObject(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string') {
      texts.push(block.text);
      events.push({ type: 'assistant_message', text: block.text });
    } else if (block.type === 'tool_use') {
      const tool: ToolEvent = { type: 'tool_invocation', name: typeof block.name === 'string' ? block.name : '' };
      if ('input' in block) tool.args = block.input as ToolEvent['args'];
      events.push(tool);
      if (typeof block.id === 'string') toolsById.set(block.id, tool);
    }
  }
  return texts;
}

/** Sets each tool_result's text on the tool_use with its id; unknown ids are dropped, later results win. */
function attachToolResults(content: unknown[], toolsById: Map<string, ToolEvent>): void {
  for (const block of content) {
    if (!isJsonObject(block) || block.type !== 'tool_result' || typeof block.tool_use_id !== 'string') continue;
    const tool = toolsById.get(block.tool_use_id);
    if (tool) tool.result = renderToolResult(block.content);
  }
}

/** A tool_result's content as one string: arrays joined by "\n", text parts by their text. */
function renderToolResult(content: unknown): string {
  if (content === undefined) return '';
  if (!Array.isArray(content)) return stringifyResult(content);
  return content
    .map((part) => {
      if (typeof part === 'string') return part;
      if (isJsonObject(part) && part.text !== undefined) return stringifyResult(part.text);
      return stringifyJson(part);
    })
    .join('\n');
}

/** The `result` line's text when it succeeded, else the last assistant line's texts joined. */
function pickFinalText(resultLine: JsonObject | undefined, lastAssistantTexts: string[] | undefined): string | undefined {
  if (resultLine && resultLine.is_error !== true && typeof resultLine.result === 'string') return resultLine.result;
  return lastAssistantTexts?.join('\n');
}
