// The agent's own words for why a round failed, from its event stream: Claude Code's `result`
// line with `is_error`, Codex's `turn.failed` (else its last `error` event), OpenCode's `error`
// event. A failed CLI often writes nothing to stderr; this is the reason a user needs.
import { closeSync, fstatSync, openSync, readSync, constants } from 'node:fs';
import type { ParserId } from './index.js';
import { isJsonObject, type JsonObject } from './json-lines.js';

/** Bytes read from the end of the events file: a failing round's stream is short, its error last. */
const TAIL_BYTES = 64 * 1024;
/** Characters of the error text kept: one line of a progress display. */
const MAX_TEXT = 300;

/** The error text of the stream's lines (oldest first), if the CLI reported one. */
function agentErrorOf(parser: ParserId, lines: readonly JsonObject[]): string | undefined {
  let found: string | undefined;
  let failedTurn: string | undefined;
  for (const line of lines) {
    if (parser === 'claude-stream-json' && line.type === 'result' && line.is_error === true) {
      found = textOf(line.result) ?? (Array.isArray(line.errors) ? line.errors.map(textOf).filter(Boolean).join('; ') : undefined) ?? textOf(line.subtype);
    } else if (parser === 'codex-json' && line.type === 'turn.failed') {
      failedTurn = textOf(isJsonObject(line.error) ? line.error.message : line.error) ?? failedTurn;
    } else if (parser === 'codex-json' && line.type === 'error') {
      found = textOf(line.message) ?? found;
    } else if (parser === 'opencode-events' && line.type === 'error') {
      const error = isJsonObject(line.error) ? line.error : undefined;
      const data = error && isJsonObject(error.data) ? error.data : undefined;
      found = textOf(data?.message) ?? textOf(error?.message) ?? textOf(error?.name) ?? found;
    }
  }
  const text = failedTurn ?? found;
  return text === undefined ? undefined : oneLine(text);
}

/** The error text in the last {@link TAIL_BYTES} of an events file; undefined when none or unreadable. */
export function readAgentError(parser: ParserId, eventsFile: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(eventsFile, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    const length = Math.min(stat.size, TAIL_BYTES);
    const bytes = Buffer.alloc(length);
    let filled = 0;
    for (let n; filled < length && (n = readSync(fd, bytes, filled, length - filled, stat.size - length + filled)) > 0; ) filled += n;
    const lines: JsonObject[] = [];
    // The first line may be cut by the tail: it does not parse and is skipped, like any bad line.
    for (const text of bytes.subarray(0, filled).toString('utf8').split('\n')) {
      try {
        const value: unknown = JSON.parse(text);
        if (isJsonObject(value)) lines.push(value);
      } catch {
        // Not an event.
      }
    }
    return agentErrorOf(parser, lines);
  } finally {
    closeSync(fd);
  }
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** One line, at most {@link MAX_TEXT} characters: line breaks and tabs become spaces. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT)}…` : flat;
}
