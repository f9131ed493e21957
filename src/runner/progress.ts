// What a run reports while it goes, and what it returns: plain data for the CLI (or any caller) to show.
import type { Problem } from '../internal.js';
import type { StopReason } from '../evals/types.js';
import type { TokenUsage } from '../workspace/run-record.js';

/** One progress report; the library never prints, the caller's reporter decides. */
export type RunProgress =
  | { kind: 'round-started'; evalId: string; round: number; harness: string; argv: string[]; roundDir: string }
  | {
      kind: 'round-finished';
      evalId: string;
      round: number;
      /** Events the round added to the conversation (after the final-text rule). */
      events: number;
      totalTokens: number | null;
      durationMs: number | null;
      eventsFile: string;
      /** The round's token counts by kind, when the stream reports them. */
      usage: TokenUsage | null;
      /** What the round cost in US dollars, when the CLI reports it. */
      costUsd: number | null;
      /** The session's skills, when the stream lists them (Claude Code's init event). */
      skills: string[] | null;
    }
  /** Something the agent CLI reported that is not part of the conversation (never fatal). */
  | { kind: 'agent-notice'; evalId: string; round: number; text: string }
  | { kind: 'followup-delivered'; evalId: string; followup: number }
  | { kind: 'stopped'; evalId: string; followup: number; reason: StopReason };

/** Receives progress reports. */
export type RunReporter = (progress: RunProgress) => void;

/** Why a run aborted. */
export type AbortReason =
  | 'agent-not-found'
  | 'agent-failed'
  | 'agent-killed'
  | 'timed-out'
  | 'interrupted'
  | 'spawn-failed'
  | 'events-unreadable'
  | 'events-too-large'
  | 'missing-session-id'
  | 'session-id-mismatch'
  | 'missing-final-text'
  /** The CLI's sandbox could not start a tool call the agent made (the command never ran). */
  | 'sandbox-failed'
  | 'invalid-gate-regex'
  | 'artifact-rejected'
  /** conversation.json would be longer than a string can be (deep nesting: the layout's indentation grows with the square of the depth). */
  | 'artifact-too-large'
  | 'unsafe-output'
  | 'write-failed';

/** What every run result says. */
interface RunResultBase {
  evalId: string;
  outDir: string;
  /** Rounds that ran (started), 1-based count. */
  rounds: number;
}

/** The outcome of one eval's run. Completed and stopped runs wrote conversation.json. */
export type RunResult =
  | (RunResultBase & {
      status: 'completed';
      deliveredFollowups: number;
      conversationPath: string;
      /** The digest of the conversation.json text written (workspace/conversation-digest.ts): what campaign records in run.json. */
      conversationSha256: string;
      finalMessagePath: string;
      /** Warnings the self-check found (errors would have rejected the artifact). */
      warnings: Problem[];
    })
  | (RunResultBase & {
      status: 'stopped';
      deliveredFollowups: number;
      stopReason: StopReason;
      stoppedBeforeFollowup: number;
      conversationPath: string;
      conversationSha256: string;
      finalMessagePath: string;
      warnings: Problem[];
    })
  | (RunResultBase & {
      status: 'aborted';
      reason: AbortReason;
      /** The round the abort happened in (0 = before round 1 or after the last round). */
      round: number;
      /** One sentence naming the round and what to look at. */
      message: string;
      /** The file to look at, when there is one (stderr log, events file, rejected artifact). */
      file?: string;
      /** The agent's exit status, when it exited non-zero (`agent-failed`). */
      exitCode?: number;
      /** The agent's own error text from its stream (one line), when it gave one. */
      agentError?: string;
    });
