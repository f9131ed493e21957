// Schema stage: the precompiled contract validator, its errors turned into findings people can read.
import type { ErrorObject } from 'ajv';
import validateConversation from './schema/conversation.generated.cjs';
import isValidConversation from './schema/conversation-first-error.generated.cjs';
import type { Finding } from './finding.js';
import { describeFound, describeValue } from './describe.js';
import { formatPointer, parsePointer } from './positions.js';

/** The branch of the events `oneOf` that each event `type` names. */
const EVENT_BRANCHES: Record<string, string> = {
  user_message: 'userMessage',
  assistant_message: 'assistantMessage',
  tool_invocation: 'conversationTool',
};

/** A validator with Ajv's calling convention (standalone or runtime, so tests can compare both). */
export type SchemaValidator = { (data: unknown): boolean; errors?: ErrorObject[] | null };

/** Validates a parsed artifact against the contract; every violation, each at the value that is wrong. */
export function validateAgainstSchema(value: unknown, validate: SchemaValidator = validateConversation): Finding[] {
  // Most artifacts are valid, and the contract compiled to stop at its first error says so
  // sooner; only a file it rejects is validated again, for every error. Same schema, same
  // verdict: a test holds the two to it on every fixture.
  if (validate === validateConversation && isValidConversation(value)) return [];
  if (validate(value)) return [];
  return explainSchemaErrors(value, validate.errors ?? []);
}

/**
 * Turns Ajv's raw errors into findings. Ajv reports an event that fails the events `oneOf`
 * once per branch; a person wants one answer, so we keep only the errors of the branch the
 * event's `type` names, or say that the type itself is unknown.
 */
export function explainSchemaErrors(value: unknown, errors: ErrorObject[], documentName = 'The conversation'): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const push = (f: Finding) => {
    const key = `${f.pointer}\0${f.target ?? ''}\0${f.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      findings.push(f);
    }
  };
  for (const error of errors) {
    const inEvent = /^\/events\/(\d+)(?:\/|$)/.exec(error.instancePath);
    if (inEvent && (error.keyword === 'oneOf' || error.schemaPath.startsWith('#/definitions/'))) {
      const index = Number(inEvent[1]);
      const event = valueAt(value, `/events/${index}`);
      const branch = branchFor(event);
      if (error.keyword === 'oneOf') {
        if (!branch) push(unknownEventType(index, event));
        continue;
      }
      if (!branch || !error.schemaPath.startsWith(`#/definitions/${branch}/`)) continue;
    }
    // `if` only says "the then-branch failed"; the then-branch's own errors say what.
    if (error.keyword === 'if') continue;
    for (const finding of explainOne(value, error, documentName)) push(finding);
  }
  return findings;
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

function explainOne(root: unknown, error: ErrorObject, documentName: string): Finding[] {
  const at = error.instancePath;
  const found = valueAt(root, at);
  const name = describeLocation(at, documentName);
  const base = { ruleId: 'schema', severity: 2 as const, messageId: error.keyword, pointer: at };
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      const why = error.schemaPath.startsWith('#/allOf/0/') ? ' (required when status is "stopped")' : '';
      return [{ ...base, message: `${name} is missing required property "${missing}"${why}.` }];
    }
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      return [{ ...base, pointer: formatPointer([...parsePointer(at), extra]), target: 'key', message: `${name} has unexpected property ${describeValue(extra)}.` }];
    }
    case 'not':
      // The only `not` in the contract: a completed conversation must carry no stop fields.
      return ['stop_reason', 'stopped_before_followup']
        .filter((k) => typeof found === 'object' && found !== null && Object.hasOwn(found, k))
        .map((k) => ({ ...base, pointer: formatPointer([...parsePointer(at), k]), target: 'key' as const, message: `"${k}" is not allowed when status is "completed".` }));
    case 'type': {
      const expected = Array.isArray(p.type) ? (p.type as string[]).join(', ') : String(p.type);
      return [{ ...base, message: `${name} must be ${Array.isArray(p.type) ? 'one of ' : ''}${expected}, found ${describeFound(found)}.` }];
    }
    case 'enum':
      return [{ ...base, message: `${name} must be one of ${(p.allowedValues as unknown[]).map((v) => describeValue(v)).join(', ')}, found ${describeFound(found)}.` }];
    case 'const':
      return [{ ...base, message: `${name} must be ${describeValue(p.allowedValue)}, found ${describeFound(found)}.` }];
    case 'minimum':
      return [{ ...base, message: `${name} must be ${p.comparison} ${p.limit}, found ${describeValue(found)}.` }];
    case 'minItems':
      return [{ ...base, message: `${name} must have at least ${p.limit} items, found ${Array.isArray(found) ? found.length : 0}.` }];
    default:
      return [{ ...base, message: `${name} ${error.message ?? 'is invalid'} (schema keyword "${error.keyword}"), found ${describeFound(found)}.` }];
  }
}

/** "The conversation", "events[3]", "events[3].round", "delivered_followups": where, in words. */
function describeLocation(pointer: string, documentName: string): string {
  const segments = parsePointer(pointer);
  if (segments.length === 0) return documentName;
  return segments.map((s, i) => (/^\d+$/.test(s) && i > 0 ? `[${s}]` : (i > 0 ? '.' : '') + s)).join('');
}

/** The value at a pointer in a parsed document (undefined if absent). */
export function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const segment of parsePointer(pointer)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

