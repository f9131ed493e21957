// Values and schema errors in words: short, safe renderings of values ("found string \"abc…\""),
// and Ajv's errors as findings people can read. The one describer for every schema the tool
// checks against (conversation, evals.json, harness descriptors).
import type { Finding } from './result.js';
import { formatPointer, parsePointer } from '../json/positions.js';
import { patternWords } from '../json/pattern-words.js';

/**
 * What the checker reads of one Ajv error (Ajv's SchemaError has these and more). Declared here
 * so that the published types need no Ajv, which is bundled, not installed.
 */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
  propertyName?: string;
}

const MAX = 60;

/** A JSON-ish rendering of a value, cut to a readable length. Control characters come out escaped. */
export function describeValue(value: unknown): string {
  // JSON.stringify writes a number beyond the double range (1e400 parses to Infinity) as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a number too large for a double (Infinity)';
  let s: string;
  try {
    s = JSON.stringify(value) ?? String(value);
  } catch {
    s = String(value);
  }
  return s.length > MAX ? s.slice(0, MAX - 1) + '…' : s;
}

/** The JSON type name of a value, as schema messages say it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** "found string \"x\"", "found array", "found object": what a message says it saw. */
export function describeFound(value: unknown): string {
  const type = jsonType(value);
  if (type === 'object' || type === 'array') return type;
  if (type === 'undefined') return 'nothing';
  if (type === 'null') return 'null';
  return `${type} ${describeValue(value)}`;
}

/**
 * Ajv's errors as findings, each at the value that is wrong; `documentName` names the root
 * ("The conversation"). `earlier` are findings a schema's own filter already made of some
 * errors; they come first, and a finding said twice is kept once.
 */
export function describeSchemaErrors(value: unknown, errors: readonly SchemaError[], documentName: string, earlier: readonly Finding[] = []): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const push = (f: Finding) => {
    const key = `${f.pointer}\0${f.target ?? ''}\0${f.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      findings.push(f);
    }
  };
  for (const finding of earlier) push(finding);
  // A value that must be one of a list (enum, const) says so, with what was found: its type error
  // at the same place would be a second finding for one mistake.
  const listed = new Set(errors.filter((e) => e.keyword === 'enum' || e.keyword === 'const').map((e) => e.instancePath));
  for (const error of errors) {
    // `if` only says "the then-branch failed"; the then-branch's own errors say what. And
    // `propertyNames` only says a key failed; the error about that key says how.
    if (error.keyword === 'if' || error.keyword === 'propertyNames') continue;
    if (error.keyword === 'type' && listed.has(error.instancePath) && error.propertyName === undefined) continue;
    for (const finding of explainOne(value, error, documentName)) push(finding);
  }
  return findings;
}

function explainOne(root: unknown, error: SchemaError, documentName: string): Finding[] {
  const at = error.instancePath;
  const found = valueAt(root, at);
  const name = describeLocation(at, documentName);
  const base = { ruleId: 'schema', severity: 2 as const, messageId: error.keyword, pointer: at };
  const p = error.params as Record<string, unknown>;
  // An error under `propertyNames` is about a key of the object at `at`: point at that key.
  const key = (error as SchemaError).propertyName;
  if (key !== undefined) {
    return [{ ...base, pointer: formatPointer([...parsePointer(at), key]), target: 'key', message: `${name} key ${describeValue(key)} ${error.message ?? 'is invalid'}.` }];
  }
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
    case 'minLength':
      return [{ ...base, message: p.limit === 1 ? `${name} must not be empty, found ${describeFound(found)}.` : `${name} must be at least ${p.limit} characters long, found ${describeFound(found)}.` }];
    case 'minItems':
      return [{ ...base, message: `${name} must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}, found ${Array.isArray(found) ? found.length : 0}.` }];
    case 'pattern': {
      const words = patternWords(p.pattern);
      if (words !== undefined) return [{ ...base, message: `${name} must be ${words}, found ${describeFound(found)}.` }];
      return [{ ...base, message: `${name} ${error.message ?? 'is invalid'} (schema keyword "${error.keyword}"), found ${describeFound(found)}.` }];
    }
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

