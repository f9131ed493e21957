// The one set of Ajv options, shared by the build-time compiler and the parity tests.
import type { Options } from 'ajv';

/**
 * `allErrors` so a file reports every schema problem at once; `allowUnionTypes` because the
 * contract's tool `args`/`result` use type arrays; `strictRequired` off because the contract
 * puts `required` inside `then` without `properties`, which is valid draft-07. We do not edit
 * the contract to please a linter.
 */
export const ajvOptions: Options = {
  allErrors: true,
  allowUnionTypes: true,
  strictRequired: false,
  code: { source: true, lines: true },
};

/** Schemas compiled into standalone validators: source schema → generated module (from the repo root), with any option that differs from `ajvOptions`. */
export const compiledSchemas: ReadonlyArray<{ schema: string; out: string; options?: Options; formats?: true }> = [
  { schema: 'schemas/conversation.schema.json', out: 'src/validators/conversation.generated.cjs' },
  // The same contract, stopping at the first error: the quick yes/no for the many valid files.
  { schema: 'schemas/conversation.schema.json', out: 'src/validators/conversation-first-error.generated.cjs', options: { allErrors: false } },
  { schema: 'schemas/evals.schema.json', out: 'src/validators/evals.generated.cjs' },
  // compare's outputs, which check validates when named.
  { schema: 'schemas/grading.schema.json', out: 'src/validators/grading.generated.cjs' },
  { schema: 'schemas/comparison.schema.json', out: 'src/validators/comparison.generated.cjs' },
  // The runner's harness descriptors, a document kind of the checker's too.
  { schema: 'schemas/harness.schema.json', out: 'src/validators/harness.generated.cjs' },
  // campaign's run records, read by the campaign (resume) and by compare, never searched for.
  // Its times are checked as date-times (ajv-formats' full formats, bundled with the validator).
  { schema: 'schemas/run.schema.json', out: 'src/validators/run.generated.cjs', formats: true },
  // campaign's plan of an iteration, read by the next campaign (resume, shards) and by compare.
  { schema: 'schemas/campaign.schema.json', out: 'src/validators/campaign.generated.cjs' },
];
