// Shared data shapes of the checker: what a conversation artifact is, and what a check reports.

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
}

/** The outcome of a whole `check` run. */
export interface CheckReport {
  /** One entry per checked file, sorted by filePath (code-unit order). */
  results: FileResult[];
  errorCount: number;
  warningCount: number;
}
