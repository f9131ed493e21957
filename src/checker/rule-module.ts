// What a lint rule is: metadata plus a check that reports through its context.
import type { PointerTarget } from '../json/positions.js';
import type { ConversationView } from './conversation-view.js';
import type { EvalMatch } from './cross/eval-match.js';
import type { FileKind } from './file-kind.js';
import type { JudgmentAnswerMismatch, MisplacedJudgment, MisplacedRun } from '../types.js';

/**
 * Which files a rule applies to: conversation.json artifacts, evals.json files, compare's
 * grading.json files, judge's judgment.json files, campaign's run.json files (checked when named or
 * matched by --pattern: a search does not look for them), conversations whose eval was found
 * (`cross`: run only with a matched eval), or every file that parses.
 */
export type RuleKind = 'conversation' | 'evals' | 'grading' | 'judgment' | 'run' | 'cross' | 'any';

/** Rule metadata: the public face of a rule (README, SARIF descriptors, config validation). */
export interface RuleMeta {
  /** Kebab-case id; a public contract users configure. */
  id: string;
  /** One imperative line: "Require …" / "Disallow …". */
  description: string;
  defaultSeverity: 'error' | 'warn';
  /** messageId → template with `{{placeholders}}`. */
  messages: Record<string, string>;
  /** Where the rule is documented, when not at its page `docs/rules/<id>.md`. */
  docsUrl?: string;
  /** The files the rule applies to; default `conversation`. */
  kind?: RuleKind;
}

/** What a rule reports: a message id and data, at a pointer (or an exact span of the text). */
export interface RuleReport {
  messageId: string;
  data?: Record<string, string | number>;
  pointer: string;
  target?: PointerTarget;
  span?: { start: number; end: number };
}

/** What a rule sees of one parsed file. Rules run on every file that parses, schema-valid or not. */
export interface RuleContext {
  /** The conversation with every field type-checked: a field of the wrong type reads as undefined. */
  readonly conversation: ConversationView;
  /** The parsed JSON value as written (untyped). */
  readonly value: unknown;
  /** The JSON text (without a BOM). */
  readonly text: string;
  /** The eval this conversation was matched with (cross-file rules only; plain data). */
  readonly evalMatch?: EvalMatch;
  /**
   * A judgment.json's verdict against its judge's answer in turn-1/ beside it, when they differ or
   * the answer cannot be read (judgment rules only; plain data). Absent when the record keeps to its
   * answer, has none to keep to, or was checked without a place on disk (standard input, checkSource).
   */
  readonly judgmentAnswer?: JudgmentAnswerMismatch;
  /**
   * How a judgment.json is not the judgment of the folder it lies in — another assertion's or
   * repeat's, or another run's: a copy (judgment rules only; plain data). Absent when it is, when
   * the schema refuses it, or when it lies in no run's judge/<assertion-id>/<repeat>/ on disk.
   */
  readonly judgmentMisplaced?: MisplacedJudgment;
  /**
   * How a run.json is the record of another run than the folder it lies in: a copy (run rules
   * only; plain data). Absent when it is its folder's, when the schema refuses it, or when it lies
   * in no `eval-<id>/<condition>/run-<j>/` on disk.
   */
  readonly runMisplaced?: MisplacedRun;
  /**
   * Why campaign makes no run in the run folder a misplaced run.json or judgment.json lies in, and
   * judge judges none there: the folder is beyond its iteration's plan (campaign.json), in the words
   * judge's plan says it in, or, for a run.json, the iteration has no usable campaign.json (no
   * campaign makes a copy there again). For a judgment or a conversation, only a folder beyond the plan.
   * Absent when the folder is of the plan, or nothing is misplaced.
   */
  readonly runBeyondPlan?: string;
  /** What the file is checked as (`harness`: a runner's harness descriptor; it and campaign.json are seen only by rules of kind `any`). */
  readonly fileKind: FileKind | 'harness';
  /** How many object keys the text holds, when the pipeline already counted them (one pass also tests integer literals). */
  readonly keyTokens?: number;
  /** Whether an integer key has a number not written as plain digits, when the pipeline's key scan already said. */
  readonly oddIntegerLiteral?: boolean;
  report(report: RuleReport): void;
}

/** A lint rule: one module per rule, in `src/checker/rules/<id>.ts`. */
export interface RuleModule {
  meta: RuleMeta;
  /** Reports through `context.report`; never throws, never prints. */
  check(context: RuleContext): void;
}

/** The files a rule applies to (its `meta.kind`, `conversation` when unset). */
export function ruleKind(rule: RuleModule): RuleKind {
  return rule.meta.kind ?? 'conversation';
}
