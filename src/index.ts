// eval-magic's public library: check artifacts, format the report, list the rules. Everything here
// is a contract (test/package/surface.test.ts pins the list); the CLI and the runner use
// src/internal.ts, which opens more of the checker.

/** Checks every artifact under some paths, with eval-magic.config.json applied as the CLI applies it. */
export { check, type CheckOptions } from './check-with-config.js';
/** Checks one file's bytes or text (a conversation.json or evals.json) without touching the disk. */
export { checkSource, type ArtifactSource, type CheckSourceOptions } from './checker/check-source.js';
/** Every output format by name (`formatters.stylish(report)`); the context is optional. */
export { formatters, type Formatter, type FormatterContext } from './formatters/index.js';
/** Every rule by id, with its metadata (`rules['followup-count'].meta`). */
export { rules } from './checker/rules/index.js';
/** The errors `check` throws: a usage mistake (bad option, config or path), or a file that cannot be read. */
export { UsageError, ArtifactIOError } from './errors.js';
/** This package's version. */
export { toolVersion } from './version.js';

export type { RuleModule, RuleMeta, RuleContext, RuleReport, RuleKind } from './checker/rule-module.js';
/** What a rule reads: the conversation with each field present only if it has the type the contract requires. */
export type { ConversationView, EventView } from './checker/conversation-view.js';
export type { PointerTarget } from './json/positions.js';
export type { RuleSeverities } from './checker/rule-config.js';
export type { Concurrency } from './checker/index.js';
/** What `check`'s `onEvalLookup` is told of each conversation: the eval it was matched with, or why none. */
export type { EvalLookupResult, EvalsSource } from './checker/cross/eval-lookup.js';
export type { EvalMagicConfig, ResolvedConfig } from './config.js';
export type {
  ArtifactView,
  AssistantMessageEvent,
  CheckReport,
  Conversation,
  ConversationEvent,
  EvalMatch,
  EvalRef,
  FileKind,
  FileResult,
  JudgmentAnswerMismatch,
  MisplacedJudgment,
  MisplacedRun,
  LocatedString,
  MatchReason,
  Problem,
  RuleSetting,
  Severity,
  ToolInvocationEvent,
  TurnRef,
  UserMessageEvent,
  WorkspacePosition,
} from './types.js';
