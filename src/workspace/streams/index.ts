// The stream parsers by id, as harness descriptors name them. A round's stream is kept in the
// workspace (turn-<k>/<events file>) and read back by these: by the runner after each round, and by
// every reader of a judgment (judge, compare, check), so they live here, below all of them.
import type { StreamParser } from './types.js';
import { parseClaudeStreamJson } from './claude-stream-json.js';
import { parseCodexJson } from './codex-json.js';
import { parseOpencodeEvents } from './opencode-events.js';

/** Stream parser ids a harness descriptor may name in `parser`. */
const parserIds = ['claude-stream-json', 'codex-json', 'opencode-events'] as const;

/** One of {@link parserIds}. */
export type ParserId = (typeof parserIds)[number];

/** Parser id → parser. */
export const streamParsers: Readonly<Record<ParserId, StreamParser>> = {
  'claude-stream-json': parseClaudeStreamJson,
  'codex-json': parseCodexJson,
  'opencode-events': parseOpencodeEvents,
};

/**
 * Whether a parser's stream carries what a round cost (Claude Code's `total_cost_usd`, OpenCode's
 * step `cost`); Codex's does not, so a budget (`campaign --max-cost`) cannot be kept with it.
 */
export const parserReportsCost: Readonly<Record<ParserId, boolean>> = {
  'claude-stream-json': true,
  'codex-json': false,
  'opencode-events': true,
};

export { parseClaudeStreamJson, parseCodexJson, parseOpencodeEvents };
