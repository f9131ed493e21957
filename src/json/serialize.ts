// JSON text of parsed JSON values at any depth: JSON.stringify recurses and overflows the stack
// near 10,000 levels, which an agent's tool input or result can reach (the checker takes 100,000).

/** One open array or object: its entries, how many are written, and the indentation inside it. */
interface Frame {
  close: string;
  entries: Array<[key: string | undefined, value: unknown]>;
  next: number;
  /** Indentation of the brackets, and of the entries inside them. */
  outer: string;
  inner: string;
}

/**
 * Exactly `JSON.stringify(value, null, indent)` for values JSON.parse can produce (plus
 * `undefined` properties, which are left out as JSON.stringify leaves them), with an explicit
 * stack instead of recursion. `indent` 0 is the compact form.
 */
export function stringifyJson(value: unknown, indent = 0, maxLength = MAX_STRING_LENGTH): string {
  let text: string;
  try {
    // The native serializer is several times faster; only a stack overflow sends us the slow way.
    text = JSON.stringify(value, null, indent) ?? 'null';
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    if (!/call stack/i.test(error.message)) throw new JsonTooLongError(maxLength);
    return stringifyDeep(value, indent, maxLength);
  }
  if (text.length > maxLength) throw new JsonTooLongError(maxLength);
  return text;
}

/**
 * The longest string V8 makes (2^29 - 24 UTF-16 units on 64-bit). Indented JSON grows with the
 * square of the nesting depth (each level indents its lines by 2 more spaces): 10,000 levels make
 * ~200 M characters, 40,000 levels would make 3.2 G.
 */
const MAX_STRING_LENGTH = 2 ** 29 - 24;

/** The JSON text would be longer than allowed (or than a string can be). */
export class JsonTooLongError extends Error {
  override readonly name = 'JsonTooLongError';
  constructor(readonly maxLength: number) {
    super(`its JSON text would be longer than ${maxLength.toLocaleString('en')} characters`);
  }
}

/** {@link stringifyJson} with an explicit stack, whatever the depth (exported for its tests). */
export function stringifyDeep(value: unknown, indent: number, maxLength = MAX_STRING_LENGTH): string {
  // Parts share their indentation strings, so counting the length before the join is cheap.
  const parts: string[] = [];
  let length = 0;
  const push = (part: string): void => {
    length += part.length;
    if (length > maxLength) throw new JsonTooLongError(maxLength);
    parts.push(part);
  };
  const unit = ' '.repeat(indent);
  const newline = indent > 0 ? '\n' : '';
  const colon = indent > 0 ? ': ' : ':';
  const stack: Frame[] = [];
  const open = (item: unknown, outer: string): void => {
    if (typeof item !== 'object' || item === null) {
      push(item === undefined ? 'null' : JSON.stringify(item));
      return;
    }
    const isArray = Array.isArray(item);
    const entries: Frame['entries'] = isArray
      ? item.map((element) => [undefined, element])
      : Object.entries(item).filter(([, v]) => v !== undefined);
    if (entries.length === 0) {
      push(isArray ? '[]' : '{}');
      return;
    }
    push(isArray ? '[' : '{');
    stack.push({ close: isArray ? ']' : '}', entries, next: 0, outer, inner: outer + unit });
  };
  open(value, '');
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.entries.length) {
      stack.pop();
      push(newline);
      push(frame.outer);
      push(frame.close);
      continue;
    }
    const [key, item] = frame.entries[frame.next++]!;
    push(frame.next > 1 ? ',' + newline : newline);
    push(frame.inner);
    if (key !== undefined) push(JSON.stringify(key) + colon);
    open(item, frame.inner);
  }
  return parts.join('');
}

/** How many arrays and objects deep `value` nests (0 for a scalar), without recursion. */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}
