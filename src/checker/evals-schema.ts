// Schema stage for evals.json: the precompiled evals validator; its errors are put in words by describe.ts.
import validateEvals from './schema/evals.generated.cjs';
import type { Finding } from './result.js';
import { describeFound, describeSchemaErrors, valueAt, type SchemaError } from './describe.js';
import type { SchemaValidator } from './schema.js';

/** The branch of the assertions `oneOf` that each assertion `type` names. */
const ASSERTION_BRANCHES: Record<string, string> = {
  transcript_check: 'transcriptCheck',
  llm_judge: 'llmJudge',
  command_check: 'commandCheck',
  diff_scope: 'diffScope',
};

const IN_ASSERTION = /^(\/evals\/\d+\/assertions\/\d+)(?:\/|$)/;

/** Validates a parsed evals.json against `schemas/evals.schema.json`; every violation, each at the value that is wrong. */
export function validateEvalsAgainstSchema(value: unknown, validate: SchemaValidator = validateEvals): Finding[] {
  if (validate(value)) return [];
  const findings: Finding[] = [];
  const kept: SchemaError[] = [];
  for (const error of validate.errors ?? []) {
    // `always` + agent_response_matches is the `gate-always-pattern` rule's to report, with a
    // message that says why; the schema's bare `not` would only repeat it.
    // An env or matrix name the schema's propertyNames rejects is the `command-env` rule's to
    // report, at the key; the schema would point at the whole object.
    if (error.schemaPath.startsWith('#/definitions/commandCheck/properties/env/propertyNames') || error.schemaPath.startsWith('#/definitions/commandCheck/properties/matrix/propertyNames')) continue;
    if (error.schemaPath.startsWith('#/definitions/scriptedTurn/then') || (error.keyword === 'if' && error.schemaPath.includes('scriptedTurn'))) continue;
    const inAssertion = IN_ASSERTION.exec(error.instancePath);
    if (inAssertion) {
      const outcome = filterAssertionError(value, error, inAssertion[1]!);
      if (outcome === 'drop') continue;
      if (outcome !== 'keep') {
        findings.push(outcome);
        continue;
      }
    }
    kept.push(error);
  }
  return describeSchemaErrors(value, kept, 'evals.json', findings);
}

/**
 * Ajv reports an assertion that fails the `oneOf` once per branch. Like events in a
 * conversation, we keep only the branch its `type` names, or say the type is unknown.
 */
function filterAssertionError(root: unknown, error: SchemaError, pointer: string): 'keep' | 'drop' | Finding {
  const assertion = valueAt(root, pointer);
  const branch = branchFor(assertion);
  const base = { ruleId: 'schema', severity: 2 as const, pointer };
  if (error.keyword === 'oneOf' && error.instancePath === pointer) {
    if (branch) return 'drop';
    const allowed = Object.keys(ASSERTION_BRANCHES).map((t) => `"${t}"`).join(', ');
    if (typeof assertion !== 'object' || assertion === null || Array.isArray(assertion)) {
      return { ...base, messageId: 'assertion-not-object', message: `An assertion must be an object, found ${describeFound(assertion)}.` };
    }
    if (!Object.hasOwn(assertion, 'type')) {
      return { ...base, messageId: 'assertion-type-missing', message: `Assertion has no "type"; expected one of ${allowed}.` };
    }
    const type = (assertion as Record<string, unknown>).type;
    return { ...base, pointer: `${pointer}/type`, messageId: 'assertion-type-unknown', message: `Unknown assertion type: expected one of ${allowed}, found ${describeFound(type)}.` };
  }
  if (!branch || !error.schemaPath.startsWith(`#/definitions/${branch}/`)) return 'drop';
  if (branch === 'diffScope' && error.instancePath === pointer) {
    // The anyOf's two `required` errors and the anyOf itself say one thing.
    if (error.keyword === 'required' && error.schemaPath.includes('/anyOf/')) return 'drop';
    if (error.keyword === 'anyOf') {
      return { ...base, messageId: 'anyOf', message: 'A diff_scope assertion needs "max_files_touched", "max_lines_changed" or both.' };
    }
  }
  return 'keep';
}

function branchFor(assertion: unknown): string | undefined {
  if (typeof assertion !== 'object' || assertion === null || Array.isArray(assertion)) return undefined;
  const type = (assertion as Record<string, unknown>).type;
  return typeof type === 'string' && Object.hasOwn(ASSERTION_BRANCHES, type) ? ASSERTION_BRANCHES[type] : undefined;
}
