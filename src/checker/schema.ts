// Schema stage: a document's contract validator, its errors sorted out by the kind's description
// (document-kinds.ts) and put in words by describe.ts.
import type { Finding } from './result.js';
import { describeFound, describeSchemaErrors, valueAt, type SchemaError } from './describe.js';
import { DOCUMENT_KINDS, type DocumentKind, type SchemaValidator, type TaggedUnion } from './document-kinds.js';

export type { SchemaValidator } from './document-kinds.js';

/**
 * Validates a parsed document against its kind's contract (default: a conversation); every
 * violation, each at the value that is wrong. `validate` replaces the kind's validator (tests
 * compare the standalone one with a runtime compile).
 */
export function validateAgainstSchema(value: unknown, kind: DocumentKind = DOCUMENT_KINDS.conversation, validate: SchemaValidator = kind.validate): Finding[] {
  // Most artifacts are valid, and the contract compiled to stop at its first error says so
  // sooner; only a file it rejects is validated again, for every error. Same schema, same
  // verdict: a test holds the two to it on every fixture.
  if (validate === kind.validate && kind.isValid?.(value)) return [];
  if (validate(value)) return [];
  const findings = explainErrors(value, validate.errors ?? [], kind);
  const other = kind.mistakenFor;
  if (!other?.looksLike(value)) return findings;
  return [{ ruleId: 'schema', severity: 2, pointer: '', messageId: other.messageId, message: other.message }, ...findings];
}

/** Ajv's raw errors as findings: rule-owned paths left out, each tagged union down to the branch its tag names. */
function explainErrors(value: unknown, errors: readonly SchemaError[], kind: DocumentKind): Finding[] {
  const tagFindings: Finding[] = [];
  const kept: SchemaError[] = [];
  for (const error of errors) {
    if (kind.ownedByRules.some((path) => error.schemaPath.startsWith(path))) continue;
    const outcome = sortUnionError(value, error, kind.unions);
    if (outcome === 'drop') continue;
    if (outcome === 'keep') kept.push(error);
    else tagFindings.push(outcome);
  }
  return describeSchemaErrors(value, kept, kind.documentName, tagFindings);
}

/** An error inside a member of a tagged union: kept only in the branch the tag names; the union's own error says what is wrong with the tag. */
function sortUnionError(root: unknown, error: SchemaError, unions: readonly TaggedUnion[]): 'keep' | 'drop' | Finding {
  for (const union of unions) {
    const inMember = union.member.exec(error.instancePath);
    if (!inMember) continue;
    const pointer = error.instancePath.slice(0, inMember[0].replace(/\/$/, '').length);
    const member = valueAt(root, pointer);
    const branch = branchOf(member, union);
    if (error.keyword === 'oneOf' && error.instancePath === pointer) return branch ? 'drop' : tagFinding(union, Number(inMember[1]), pointer, member);
    if (!branch || !error.schemaPath.startsWith(`#/definitions/${branch}/`)) return 'drop';
    // A branch's anyOf (diff_scope's): its alternatives' `required` errors and the anyOf itself say one thing.
    const anyOf = union.anyOf?.[branch];
    if (anyOf !== undefined && error.instancePath === pointer) {
      if (error.keyword === 'required' && error.schemaPath.includes('/anyOf/')) return 'drop';
      if (error.keyword === 'anyOf') return { ruleId: 'schema', severity: 2, pointer, messageId: 'anyOf', message: anyOf };
    }
    return 'keep';
  }
  return 'keep';
}

function branchOf(member: unknown, union: TaggedUnion): string | undefined {
  if (typeof member !== 'object' || member === null || Array.isArray(member)) return undefined;
  const tag = (member as Record<string, unknown>)[union.tag];
  return typeof tag === 'string' && Object.hasOwn(union.branches, tag) ? union.branches[tag] : undefined;
}

function tagFinding(union: TaggedUnion, index: number, pointer: string, member: unknown): Finding {
  const allowed = Object.keys(union.branches).map((t) => `"${t}"`).join(', ');
  const say = (template: string, found: unknown) => template.replace('{{index}}', String(index)).replace('{{allowed}}', allowed).replace('{{found}}', describeFound(found));
  const base = { ruleId: 'schema', severity: 2 as const, pointer };
  if (typeof member !== 'object' || member === null || Array.isArray(member)) return { ...base, messageId: `${union.messageIdPrefix}-not-object`, message: say(union.messages.notObject, member) };
  if (!Object.hasOwn(member, union.tag)) return { ...base, messageId: `${union.messageIdPrefix}-type-missing`, message: say(union.messages.tagMissing, undefined) };
  const tag = (member as Record<string, unknown>)[union.tag];
  return { ...base, pointer: `${pointer}/${union.tag}`, messageId: `${union.messageIdPrefix}-type-unknown`, message: say(union.messages.tagUnknown, tag) };
}
