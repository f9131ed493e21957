// Shared data shapes of the checker: what a conversation artifact is, and what a check reports.
import type { EvalMatch } from './checker/cross/eval-match.js';
import type { WorkspacePosition } from './checker/cross/eval-paths.js';
import type { FileKind } from './checker/file-kind.js';

/** 2 = error, 1 = warning (ESLint's numbering, so tooling built for it reads ours). */
export type Severity = 1 | 2;

/** How a user configures a rule: off, warn or error (or ESLint's 0/1/2). */
export type RuleSetting = 'off' | 'warn' | 'error' | 0 | 1 | 2;

/** The conversation.json artifact as `schemas/conversation.schema.json` defines it. */
export interface Conversation {
  status: 'completed' | 'stopped';
  delivered_followups: number;
  stop_reason?: 'agent_did_not_ask' | 'agent_response_mismatch';
  stopped_before_followup?: number;
  events: ConversationEvent[];
}

export type ConversationEvent = UserMessageEvent | AssistantMessageEvent | ToolInvocationEvent;

export interface UserMessageEvent {
  type: 'user_message';
  ordinal: number;
  round: number;
  text: string;
}

export interface AssistantMessageEvent {
  type: 'assistant_message';
  ordinal: number;
  round: number;
  text: string;
}

export interface ToolInvocationEvent {
  type: 'tool_invocation';
  ordinal: number;
  round: number;
  name: string;
  args?: Record<string, unknown> | string | unknown[] | null;
  result?: string | Record<string, unknown> | null;
}

/**
 * One finding in one file. Positions are 1-based, in the file as written: lines split at
 * `\n`, `\r\n` or `\r`; columns count Unicode code points (a tab is one column, an emoji
 * is one column); `endColumn` is exclusive, as in ESLint and SARIF.
 */
export interface Problem {
  ruleId: string;
  messageId: string;
  severity: Severity;
  message: string;
  /** RFC 6901 JSON pointer of the offending value ("" = the whole document). */
  pointer: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** The outcome of checking one file. */
export interface FileResult {
  /** The path as found from the argument (or the stdin name). */
  filePath: string;
  errorCount: number;
  warningCount: number;
  /** Sorted by line, column, ruleId. */
  messages: Problem[];
  /** The file itself and its eval, only when the check was asked to keep them (`keepArtifacts`). */
  artifact?: ArtifactView;
}

/**
 * What a report that shows the artifact (the html format) needs of it, kept by the check so no
 * formatter reads a file: the text the findings' positions refer to, and the eval context.
 */
export interface ArtifactView {
  kind: FileKind;
  /**
   * The text as decoded (without a BOM), what `line`/`column` count in, deflate-raw compressed
   * (`zlib.inflateRawSync` restores it): a run keeps every file's, at about an eighth of the size.
   */
  deflatedText: Uint8Array;
  /** Whether the text is one well-formed JSON value. */
  parsed: boolean;
  /** The eval a conversation was held to (or the id its folder names that evals.json lacks). */
  evalMatch?: EvalMatch;
  /** Its place in an eval-magic workspace, when its path follows the layout. */
  workspace?: WorkspacePosition;
}

/** The outcome of a whole `check` run. */
export interface CheckReport {
  /** One entry per checked file, sorted by filePath (code-unit order). */
  results: FileResult[];
  errorCount: number;
  warningCount: number;
}
