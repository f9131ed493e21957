// Shared data shapes of the checker: what a conversation artifact is, and what a check reports.
// They import nothing, so every layer may use them (the checker, its threads, the formatters).

/**
 * The kinds of file `check` validates: artifacts, evals.json, compare's grading.json and
 * comparison.json, judge's judgment.json (searched for in a run's judge/<assertion-id>/<repeat>/),
 * and campaign's run.json and campaign.json (checked when named, never searched for).
 */
export type FileKind = 'conversation' | 'evals' | 'grading' | 'comparison' | 'run' | 'campaign' | 'judgment';

/** Where an artifact sits in an eval-magic workspace: `.eval-magic/<skill>/iteration-<n>/eval-<id>/<condition>/[run-<k>/]`. */
export interface WorkspacePosition {
  skill: string;
  /** The folder name, `iteration-<n>`. */
  iteration: string;
  evalId: string;
  condition: string;
  /** The folder name, `run-<k>`, when the condition was run several times. */
  run?: string;
}

/** A string from evals.json and where it is written (`file:line:column`). */
export interface LocatedString {
  value: string;
  at: string;
}

/** One scripted turn as the cross-file rules read it; a field of the wrong type is left out. */
export interface TurnRef {
  /** Location of the turn object. */
  at: string;
  prompt?: LocatedString;
  deliverWhen?: LocatedString;
  agentResponseMatches?: LocatedString;
}

/** One eval of an evals.json, with locations. */
export interface EvalRef {
  /** The evals.json as shown in reports. */
  file: string;
  id: string;
  /** Location of the eval object. */
  at: string;
  prompt?: LocatedString;
  /** The scripted turns; empty when the eval has none (a single-round eval). */
  turns: TurnRef[];
  /** Location of `turns` (or of the eval, when it has none). */
  turnsAt: string;
  /** The ids of its llm_judge assertions: the judge/<assertion-id>/ folders compare reads of its runs. Absent when not read (a match given by hand). */
  llmJudgeIds?: string[];
}

/** Why the eval was chosen: an `eval-<id>` folder, the runner's `<eval-id>/` folder, or its prompt. */
export type MatchReason = 'eval-folder' | 'id-folder' | 'prompt';

/**
 * The cross-file context of one conversation: its eval, an id in its path that evals.json lacks,
 * or its eval edited since the campaign of its iteration ran (`changed`: "prompt", "turns" or
 * "prompt and turns" differ from campaign.json's evals.meets), which holds it to no script; or
 * no evals.json stands for the runs of its workspace iteration (`no-evals`: the one its
 * campaign.json names is gone, say — `problem` in compare's words), so compare and judge grade none.
 */
export type EvalMatch =
  | { status: 'matched'; reason: MatchReason; eval: EvalRef }
  | { status: 'missing'; file: string; id: string; folder: string; at: string }
  | { status: 'changed'; reason: MatchReason; eval: EvalRef; changed: string; iteration: string }
  | { status: 'no-evals'; problem: string };


/**
 * How a judgment.json does not record what its judge's answer gives:
 * its answer — the final message of the session's stream in turn-1/ beside it — gives another
 * verdict, or no verdict, than the record (`differs`), or cannot be read (`unreadable`). `recorded`
 * and `gives` say a verdict in words ("a pass (confidence 0.9)", "no verdict (malformed-verdict)"),
 * `file` names the stream below the judgment folder. compare counts no vote of such a judgment,
 * and judge makes it again.
 */
export type JudgmentAnswerMismatch =
  | { problem: 'differs'; recorded: string; file: string; gives: string }
  | { problem: 'unreadable'; recorded: string; file: string; why: string };

/**
 * How a judgment.json is not the judgment of the folder it lies in:
 * of another assertion or repeat than its folder judge/<assertion-id>/<repeat>/
 * (`other-folder`: what the record says, and the folder's), or of another run than the run folder
 * it is in (`other-run`: the record's run and the folder's, each in words: `eval "x", with_skill
 * run 1`). `field`: the first of the record's fields that differs. A copy: compare counts no vote
 * of it, and judge makes that judgment again. Or (`linked`) compare reads no judgment there for a
 * symbolic link — the judgment.json, or a judgment folder above it — `why` in compare's words.
 * Or (`same-session`) it is the judgment of an `earlier` repeat's folder copied here with its
 * repeat edited: the same session (started and ended at the same moments, the same answer, the same judge stream).
 */
export type MisplacedJudgment =
  | { problem: 'other-folder'; field: 'assertion_id' | 'repeat'; assertionId: string; repeat: number; folder: { assertionId: string; repeat: number } }
  | { problem: 'other-run'; field: 'eval_id' | 'condition' | 'run'; recorded: string; folder: string }
  | { problem: 'linked'; why: string }
  | { problem: 'not-a-folder'; why: string }
  | { problem: 'same-session'; field: 'started_at'; earlier: number };

/**
 * How a run.json is the record of another run than the run folder it lies in:
 * `field` is the first of `eval_id`, `condition`, `run` that differs;
 * the record's run and the folder's, each in words (`eval "x", "with_skill" run 1`). A copy:
 * compare counts no such run, and campaign makes it again.
 */
export interface MisplacedRun {
  field: 'eval_id' | 'condition' | 'run';
  recorded: string;
  folder: string;
}

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
  /**
   * The path's bytes, when a name on it is not UTF-8 (`filePath` then shows each bad byte as
   * `\xNN`, which another file could be named): what a report linking to the file (SARIF's `uri`)
   * uses, and what the other formats show, a backslash that would read as an escape doubled,
   * so two files are never shown alike.
   */
  rawFilePath?: Uint8Array;
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
