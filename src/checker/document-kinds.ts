// The kinds of JSON document the checker reads, as data: how each is validated, what its schema
// errors mean, where it is found. One description per kind; schema.ts reads them.
import validateConversation from './schema/conversation.generated.cjs';
import isValidConversation from './schema/conversation-first-error.generated.cjs';
import validateEvals from './schema/evals.generated.cjs';
import validateGrading from './schema/grading.generated.cjs';
import validateComparison from './schema/comparison.generated.cjs';
import type { SchemaError } from './describe.js';
import type { FileKind } from '../types.js';

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
  /** The contract, compiled for every error at once. */
  validate: SchemaValidator;
  /** The same contract stopping at its first error: a quicker yes for the usual valid file. */
  isValid?: (value: unknown) => boolean;
  /** The tagged unions in the schema. */
  unions: readonly TaggedUnion[];
  /** Schema paths whose errors a rule of this kind reports better (with a reason): the schema stays quiet there. */
  ownedByRules: readonly string[];
}

export const DOCUMENT_KINDS: Readonly<Record<FileKind, DocumentKind>> = {
  conversation: {
    documentName: 'The conversation',
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
  },
  evals: {
    documentName: 'evals.json',
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
  },
  // compare's outputs: grading.json beside each graded run, comparison.json where the json format is written.
  grading: { documentName: 'grading.json', validate: validateGrading, unions: [], ownedByRules: [] },
  comparison: { documentName: 'comparison.json', validate: validateComparison, unions: [], ownedByRules: [] },
};
