// Small shape predicates and descriptions the evals checks share.

/** A plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "a string", "an array", "null"… — the JSON type of a value, for messages. */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return 'a string';
}

/** How an eval is named in messages: its id when it has a usable one, else its index. */
export function nameEval(evalCase: unknown, index: number): string {
  const id = isJsonObject(evalCase) ? evalCase['id'] : undefined;
  return typeof id === 'string' && id !== '' ? `eval ${JSON.stringify(id)}` : `evals[${index}]`;
}
