// Short, safe renderings of values for messages ("found string \"abc…\"").

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
