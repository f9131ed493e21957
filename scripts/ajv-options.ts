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

/** A JSON Schema as parsed, for a {@link CompiledSchema.rewrite}. */
type SchemaObject = { [keyword: string]: unknown };

/** One schema compiled into a standalone validator. */
export interface CompiledSchema {
  /** The source schema, from the repo root. */
  schema: string;
  /** The generated module, from the repo root. */
  out: string;
  /** Options that differ from `ajvOptions`. */
  options?: Options;
  /** Bundle ajv-formats' full formats. */
  formats?: true;
  /** A rewrite of the schema that keeps every verdict (for a yes/no validator only: its errors may differ). */
  rewrite?: (schema: SchemaObject) => SchemaObject;
}

/**
 * The events' `oneOf` picked by its `type` tag (Ajv's discriminator): each branch requires its own
 * `type` constant, so only the branch the tag names can pass, and every verdict stays the same.
 * A `oneOf` tries all three branches on every event, building an error object for each that fails.
 */
function discriminateEvents(schema: SchemaObject): SchemaObject {
  const properties = schema.properties as { events: { items: { oneOf: unknown[] } } };
  const items = { type: 'object', required: ['type'], discriminator: { propertyName: 'type' }, oneOf: properties.events.items.oneOf };
  return { ...schema, properties: { ...properties, events: { ...properties.events, items } } };
}

/** Schemas compiled into standalone validators. */
export const compiledSchemas: ReadonlyArray<CompiledSchema> = [
  { schema: 'schemas/conversation.schema.json', out: 'src/validators/conversation.generated.cjs' },
  // The same contract, stopping at the first error: the quick yes/no for the many valid files.
  { schema: 'schemas/conversation.schema.json', out: 'src/validators/conversation-first-error.generated.cjs', options: { allErrors: false, discriminator: true }, rewrite: discriminateEvents },
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
  // judge's records, one per judgment, read back by a resumed judge and by compare; checked when named.
  { schema: 'schemas/judgment.schema.json', out: 'src/validators/judgment.generated.cjs', formats: true },
];
