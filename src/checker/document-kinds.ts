// The kinds of JSON document the checker reads, as data: how each is validated, what its schema
// errors mean, which fields are integers, where it is found. One description per kind; the
// pipeline (check-source.ts), the schema stage, the integer-literal rule and discovery read them.
import validateConversation from '../validators/conversation.generated.cjs';
import isValidConversation from '../validators/conversation-first-error.generated.cjs';
import validateEvals from '../validators/evals.generated.cjs';
import validateGrading from '../validators/grading.generated.cjs';
import validateComparison from '../validators/comparison.generated.cjs';
import validateHarness from '../validators/harness.generated.cjs';
import validateRunRecord from '../validators/run.generated.cjs';
import validateCampaignRecord from '../validators/campaign.generated.cjs';
import validateJudgment from '../validators/judgment.generated.cjs';
import type { SchemaError } from './describe.js';
import type { Finding } from './result.js';
import type { IntegerKeys } from '../json/tokens.js';
import { findTemplateProblems } from './harness-kind.js';
import { JUDGMENT_INTEGER_FIELDS, judgmentPlaceAt, strayJudgmentFolderAt, type StrayJudgmentFolder } from '../workspace/judgment-record.js';
import { RUN_INTEGER_FIELDS } from '../workspace/run-record.js';
import { CAMPAIGN_INTEGER_FIELDS } from '../workspace/campaign-record.js';
import { CAMPAIGN_FILE, COMPARISON_FILE, CONVERSATION_FILE, EVALS_FILE, GRADING_FILE, JUDGE_DIR, JUDGMENT_FILE, RUN_RECORD_FILE } from '../workspace/layout.js';
import type { FileKind } from '../types.js';

/**
 * Every kind of document the checker reads: the kinds `check` takes (`FileKind`; campaign's run.json
 * and campaign.json only when named, and campaign and compare read them back), and the runner's
 * harness descriptors, checked by the same pipeline under any name.
 */
export type DocumentKindName = FileKind | 'harness';

/** A validator with Ajv's calling convention (standalone or runtime, so tests can compare both). */
export type SchemaValidator = { (data: unknown): boolean; errors?: ErrorList };
type ErrorList = SchemaError[] | null;

/**
 * A `oneOf` whose branch a field names (events by `type`, assertions by `type`). Ajv reports a
 * value that fails it once per branch; a person wants the errors of the branch its tag names, or
 * to be told the tag is missing or unknown.
 */
export interface TaggedUnion {
  /** The instance path of one member (the index captured), e.g. /events/3. */
  member: RegExp;
  /** The tag field. */
  tag: string;
  /** Tag value → the schema definition of its branch (`#/definitions/<branch>/`). */
  branches: Readonly<Record<string, string>>;
  /** Start of the messageIds: `<prefix>-not-object`, `-type-missing`, `-type-unknown`. */
  messageIdPrefix: string;
  /** The messages; {{index}} is the member's index, {{found}} what was found, {{allowed}} the tags. */
  messages: { notObject: string; tagMissing: string; tagUnknown: string };
  /** A branch's `anyOf` on the member said in one message (messageId `anyOf`), instead of its failed alternatives. */
  anyOf?: Readonly<Record<string, string>>;
}

/** Everything the checker needs to know of one kind of document. */
export interface DocumentKind {
  /** How messages name the document's root. */
  documentName: string;
  /** The file name that makes a file this kind (a file of no kind's name is a conversation); absent: never known by name. */
  fileName?: string;
  /** The glob folders are searched for when `--pattern` is not given; absent: found only when named. */
  searchPattern?: string;
  /**
   * Whether a file `searchPattern` matches (by its whole path, the searched folder's included) lies
   * where this kind's files do; absent: wherever it matches. A file elsewhere is not searched (named, it is checked).
   */
  searchedPlace?: (absolutePath: string) => boolean;
  /**
   * Where this kind's files would lie below a symbolic link a search of `searchPattern` meets (it
   * never enters one), or undefined for any other link: nothing counts through such a link, and it is reported.
   */
  searchedLink?: (absolutePath: string) => StrayJudgmentFolder | undefined;
  /** The contract, compiled for every error at once. */
  validate: SchemaValidator;
  /** The same contract stopping at its first error: a quicker yes for the usual valid file. */
  isValid?: (value: unknown) => boolean;
  /** The tagged unions in the schema. */
  unions: readonly TaggedUnion[];
  /** Schema paths whose errors a rule of this kind reports better (with a reason): the schema stays quiet there. */
  ownedByRules: readonly string[];
  /**
   * The schema's `integer` fields, by pointer (a test checks this against the schema). JSON.parse
   * reads `1.0` and `1e-400` as integers, `1e400` as Infinity and 2^53+1 as 2^53; a reader with
   * integer fields (the reference's u64) rejects the first three, and no double holds the last.
   */
  integerFields: RegExp;
  /** The names of those fields, for the key scan that tells whether a file needs the integer-literal walk. */
  integerKeys: IntegerKeys;
  /** Checks the schema cannot express, run on a document the schema accepted (as schema-stage findings). */
  check?: (value: unknown) => Finding[];
  /**
   * A kind a document checked as this one by its name is often really of (an evals file saved as
   * my-evals.json is checked as a conversation). When the schema rejects a document that
   * `looksLike` it, one more schema finding at the root says so, with the fix; the schema's own
   * findings stay. Asked only of a rejected document: a valid file never pays for it.
   */
  mistakenFor?: { looksLike: (value: unknown) => boolean; messageId: string; message: string };
}

/** A pattern that matches no pointer: a kind without integer fields. */
const NONE = /(?!)/;

export const DOCUMENT_KINDS: Readonly<Record<DocumentKindName, DocumentKind>> = {
  conversation: {
    documentName: 'The conversation',
    fileName: CONVERSATION_FILE,
    searchPattern: `**/${CONVERSATION_FILE}`,
    validate: validateConversation,
    isValid: isValidConversation,
    unions: [
      {
        member: /^\/events\/(\d+)(?:\/|$)/,
        tag: 'type',
        branches: { user_message: 'userMessage', assistant_message: 'assistantMessage', tool_invocation: 'conversationTool' },
        messageIdPrefix: 'event',
        messages: {
          notObject: 'Event {{index}} must be an object, found {{found}}.',
          tagMissing: 'Event {{index}} has no "type"; expected one of {{allowed}}.',
          tagUnknown: 'Unknown event type: expected one of {{allowed}}, found {{found}}.',
        },
      },
    ],
    ownedByRules: [],
    integerFields: /^\/(?:delivered_followups|stopped_before_followup|events\/\d+\/(?:ordinal|round))$/,
    integerKeys: new Set(['delivered_followups', 'stopped_before_followup', 'ordinal', 'round']),
    mistakenFor: {
      looksLike: looksLikeEvals,
      messageId: 'looks-like-evals',
      // Starts with "Checked": at 1:1 it sorts before the schema's "The conversation is missing …", so it is read first.
      message:
        'Checked as a conversation, but this looks like an evals.json (a top-level "skill_name" or "evals" array, and no conversation field): a file is checked as evals only when it is named evals.json or --kind evals says so. Check it with --kind evals (kind: "evals" in the library), or name it evals.json.',
    },
  },
  evals: {
    documentName: 'evals.json',
    fileName: EVALS_FILE,
    searchPattern: `**/${EVALS_FILE}`,
    validate: validateEvals,
    unions: [
      {
        member: /^\/evals\/\d+\/assertions\/(\d+)(?:\/|$)/,
        tag: 'type',
        branches: { transcript_check: 'transcriptCheck', llm_judge: 'llmJudge', command_check: 'commandCheck', diff_scope: 'diffScope' },
        messageIdPrefix: 'assertion',
        messages: {
          notObject: 'An assertion must be an object, found {{found}}.',
          tagMissing: 'Assertion has no "type"; expected one of {{allowed}}.',
          tagUnknown: 'Unknown assertion type: expected one of {{allowed}}, found {{found}}.',
        },
        anyOf: { diffScope: 'A diff_scope assertion needs "max_files_touched", "max_lines_changed" or both.' },
      },
    ],
    ownedByRules: [
      // An env or matrix name the schema's propertyNames rejects is the `command-env` rule's to
      // report, at the key; the schema would point at the whole object.
      '#/definitions/commandCheck/properties/env/propertyNames',
      '#/definitions/commandCheck/properties/matrix/propertyNames',
      // `always` + agent_response_matches is the `gate-always-pattern` rule's to report, with a
      // message that says why; the schema's bare `if`/`then` would only repeat it.
      '#/definitions/scriptedTurn/if',
      '#/definitions/scriptedTurn/then',
    ],
    integerFields: /^\/evals\/\d+\/(?:runs|assertions\/\d+\/(?:expect_exit_code|max_files_touched|max_lines_changed))$/,
    integerKeys: new Set(['runs', 'expect_exit_code', 'max_files_touched', 'max_lines_changed']),
  },
  // compare's outputs: grading.json beside each graded run, comparison.json where the json format is written.
  grading: {
    documentName: 'grading.json',
    fileName: GRADING_FILE,
    searchPattern: `**/${GRADING_FILE}`,
    validate: validateGrading,
    unions: [],
    ownedByRules: [],
    integerFields: /^\/(?:summary\/(?:passed|failed|total)|(?:assertion_results|ungraded)\/\d+\/votes\/\d+\/repeat)$/,
    integerKeys: new Set(['passed', 'failed', 'total', 'repeat']),
  },
  comparison: {
    documentName: 'comparison.json',
    fileName: COMPARISON_FILE,
    searchPattern: `**/${COMPARISON_FILE}`,
    validate: validateComparison,
    unions: [],
    ownedByRules: [],
    integerFields: /^\/(?:family_size|excluded_count|(?:evals\/\d+\/)?usage\/[^/]+\/(?:runs|token_runs|cost_runs)|overall\/(?:strata|informative_strata)|overall\/runs_undecided\/[^/]+|overall\/(?:skill_invocation|runs)\/[^/]+\/(?:passed|failed|ungraded|n)|evals\/\d+\/(?:runs\/[^/]+|run_list\/\d+\/(?:run|passed|failed|ungraded)|(?:assertions|metrics)\/\d+\/[^/]+\/(?:passed|failed|ungraded|n)|metrics\/\d+\/left_out\/[^/]+))$/,
    // `evals[].runs` is keyed by the conditions' names, which are data.
    integerKeys: 'every key',
  },
  // The runner's harness descriptors (`--harness <file>`): any file name, never searched for.
  harness: {
    documentName: 'The descriptor',
    validate: validateHarness,
    unions: [],
    ownedByRules: [],
    integerFields: NONE,
    integerKeys: new Set(),
    check: findTemplateProblems,
  },
  // campaign's run.json, read back by a resumed campaign and by compare: known by name, never searched for.
  run: {
    documentName: 'The run record',
    fileName: RUN_RECORD_FILE,
    validate: validateRunRecord,
    unions: [],
    ownedByRules: [],
    integerFields: RUN_INTEGER_FIELDS,
    integerKeys: new Set(['run', 'duration_ms', 'exit_code', 'rounds', 'delivered_followups', 'attempts', 'attempt']),
  },
  // campaign's plan of an iteration (campaign.json), read back by the next campaign and by compare: known by name, never searched for.
  campaign: {
    documentName: 'The campaign plan',
    fileName: CAMPAIGN_FILE,
    validate: validateCampaignRecord,
    unions: [],
    ownedByRules: [],
    integerFields: CAMPAIGN_INTEGER_FIELDS,
    // `runs` is keyed by eval ids, which are data.
    integerKeys: 'every key',
  },
  // judge's record of one judgment (a run's judge/<assertion-id>/<repeat>/judgment.json), read back by a resumed judge and by compare, which counts no vote of one check would refuse.
  judgment: {
    documentName: 'The judgment record',
    fileName: JUDGMENT_FILE,
    // Only where the judge writes one: an app's own judgment.json elsewhere is no judge's record (named on the command line, it is checked as one).
    searchPattern: `**/${JUDGE_DIR}/*/*/${JUDGMENT_FILE}`,
    // Where compare reads one (judge/<assertion-id>/<repeat>/, a repeat a number): the searched
    // folder's own path counts for `check <run>/judge`, and must not make judge/x/data/ a judgment's.
    searchedPlace: (path) => judgmentPlaceAt(path) !== undefined,
    // A run's judge/, judge/<id>/ or judge/<id>/<repeat>/ that is a link: compare counts no vote through it.
    searchedLink: strayJudgmentFolderAt,
    validate: validateJudgment,
    unions: [],
    ownedByRules: [],
    integerFields: JUDGMENT_INTEGER_FIELDS,
    integerKeys: new Set(['run', 'repeat', 'duration_ms', 'attempts', 'attempt']),
  },
};

/** The conversation schema's top-level properties (a test holds this to schemas/conversation.schema.json). */
const CONVERSATION_FIELDS = ['status', 'delivered_followups', 'stop_reason', 'stopped_before_followup', 'events'];

/** An object with evals.json's "skill_name" or "evals" array and none of a conversation's fields. */
function looksLikeEvals(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (CONVERSATION_FIELDS.some((field) => Object.hasOwn(value, field))) return false;
  return Object.hasOwn(value, 'skill_name') || Array.isArray((value as Record<string, unknown>).evals);
}
