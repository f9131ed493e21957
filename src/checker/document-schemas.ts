// Schema stage for compare's outputs (grading.json, comparison.json): their precompiled validators,
// errors put in words by describe.ts as for the other kinds.
import validateGrading from './schema/grading.generated.cjs';
import validateComparison from './schema/comparison.generated.cjs';
import type { Finding } from './result.js';
import { describeSchemaErrors } from './describe.js';
import type { SchemaValidator } from './schema.js';

const VALIDATORS: Readonly<Record<'grading' | 'comparison', { validate: SchemaValidator; name: string }>> = {
  grading: { validate: validateGrading, name: 'grading.json' },
  comparison: { validate: validateComparison, name: 'comparison.json' },
};

/** Validates a parsed grading.json or comparison.json against its schema in schemas/. */
export function validateDocumentAgainstSchema(kind: 'grading' | 'comparison', value: unknown): Finding[] {
  const { validate, name } = VALIDATORS[kind];
  return validate(value) ? [] : describeSchemaErrors(value, validate.errors ?? [], name);
}
