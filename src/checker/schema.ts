// Schema stage: the precompiled contract validator; its errors are put in words by describe.ts.
import validateConversation from './schema/conversation.generated.cjs';
import isValidConversation from './schema/conversation-first-error.generated.cjs';
import type { Finding } from './result.js';
import { describeFound, describeSchemaErrors, valueAt, type SchemaError } from './describe.js';

/** The branch of the events `oneOf` that each event `type` names. */
const EVENT_BRANCHES: Record<string, string> = {
  user_message: 'userMessage',
  assistant_message: 'assistantMessage',
  tool_invocation: 'conversationTool',
};

/** A validator with Ajv's calling convention (standalone or runtime, so tests can compare both). */
export type SchemaValidator = { (data: unknown): boolean; errors?: SchemaError[] | null };

/** Validates a parsed artifact against the contract; every violation, each at the value that is wrong. */
export function validateAgainstSchema(value: unknown, validate: SchemaValidator = validateConversation): Finding[] {
  // Most artifacts are valid, and the contract compiled to stop at its first error says so
  // sooner; only a file it rejects is validated again, for every error. Same schema, same
  // verdict: a test holds the two to it on every fixture.
  if (validate === validateConversation && isValidConversation(value)) return [];
  if (validate(value)) return [];
  return explainConversationErrors(value, validate.errors ?? []);
}

/**
 * Turns Ajv's raw errors on a conversation into findings. Ajv reports an event that fails the
 * events `oneOf` once per branch; a person wants one answer, so we keep only the errors of the
 * branch the event's `type` names, or say that the type itself is unknown.
 */
function explainConversationErrors(value: unknown, errors: SchemaError[]): Finding[] {
  const unknownTypes: Finding[] = [];
  const kept: SchemaError[] = [];
  for (const error of errors) {
    const inEvent = /^\/events\/(\d+)(?:\/|$)/.exec(error.instancePath);
    if (inEvent && (error.keyword === 'oneOf' || error.schemaPath.startsWith('#/definitions/'))) {
      const index = Number(inEvent[1]);
      const event = valueAt(value, `/events/${index}`);
      const branch = branchFor(event);
      if (error.keyword === 'oneOf') {
        if (!branch) unknownTypes.push(unknownEventType(index, event));
        continue;
      }
      if (!branch || !error.schemaPath.startsWith(`#/definitions/${branch}/`)) continue;
    }
    kept.push(error);
  }
  return describeSchemaErrors(value, kept, 'The conversation', unknownTypes);
}

function branchFor(event: unknown): string | undefined {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return undefined;
  const type = (event as Record<string, unknown>).type;
  return typeof type === 'string' && Object.hasOwn(EVENT_BRANCHES, type) ? EVENT_BRANCHES[type] : undefined;
}

function unknownEventType(index: number, event: unknown): Finding {
  const base = { ruleId: 'schema', severity: 2 as const };
  const allowed = Object.keys(EVENT_BRANCHES).map((t) => `"${t}"`).join(', ');
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    return { ...base, messageId: 'event-not-object', pointer: `/events/${index}`, message: `Event ${index} must be an object, found ${describeFound(event)}.` };
  }
  if (!Object.hasOwn(event, 'type')) {
    return { ...base, messageId: 'event-type-missing', pointer: `/events/${index}`, message: `Event ${index} has no "type"; expected one of ${allowed}.` };
  }
  const type = (event as Record<string, unknown>).type;
  return { ...base, messageId: 'event-type-unknown', pointer: `/events/${index}/type`, message: `Unknown event type: expected one of ${allowed}, found ${describeFound(type)}.` };
}
