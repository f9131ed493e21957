// What a round's event stream says, as the stream parsers read it: the runner assembles its
// conversation from it, and a judgment's readers take the judge's answer (finalText) from it.
import type { StreamLimits } from './json-lines.js';

/** One event as a stream parser sees it, before ordinals and rounds are assigned. */
export type RoundEvent =
  | { type: 'assistant_message'; text: string }
  | {
      type: 'tool_invocation';
      name: string;
      /** Omitted when the stream gave nothing to record. */
      args?: Record<string, unknown> | string | unknown[] | null;
      result?: string | Record<string, unknown> | null;
    };

/** What one round's event stream says (spec §0 "Parsing a round"). */
export interface ParsedRound {
  /** assistant messages and tool invocations, in stream order */
  events: RoundEvent[];
  sessionId?: string;
  finalText?: string;
  totalTokens?: number | null;
  durationMs?: number | null;
  /**
   * What the CLI said about the round that is not part of the conversation: Codex `error`
   * items (e.g. unknown model metadata), Claude's refused tool calls. Reported, never fatal.
   */
  notices?: string[];
  /**
   * Tool calls the CLI's own sandbox could not start, so their commands never ran (Codex's
   * bubblewrap setup failing): the first line of each error. What the round shows then is the
   * harness's failure, not the agent's behaviour.
   */
  sandboxFailures?: string[];
  /** The round's token counts, when the stream reports them (absent otherwise). */
  usage?: TokenUsage;
  /**
   * What the round cost in US dollars, as the CLI reports it (Claude Code's `total_cost_usd`,
   * OpenCode's per-step `cost`); absent when it reports none — never a made-up 0.
   */
  costUsd?: number;
  /**
   * The skills the session was started with, when the stream lists them (Claude Code's
   * `system`/`init` event); absent for streams that show none.
   */
  skills?: string[];
}

import type { TokenUsage } from '../run-record.js';
export type { TokenUsage };

/**
 * A stream parser: the text of a round's stdout → what it says. Pure; never throws on bad lines.
 * @throws {StreamTooLargeError} only when the stream passes `limits`.
 */
export type StreamParser = (stdout: string, limits?: StreamLimits) => ParsedRound;

