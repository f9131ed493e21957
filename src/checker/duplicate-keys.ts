// Repeated keys in JSON objects: JSON.parse keeps only the last, so only the text can show them.
import { walkJson } from './json-walk.js';
import { formatPointer } from './positions.js';

/** One repeated key: the repeat's name, the pointer it shares with the one JSON.parse kept, and its offsets. */
export interface DuplicateKey {
  key: string;
  pointer: string;
  span: { start: number; end: number };
}

/**
 * Every repeated key in `text`, which JSON.parse turned into `value`. Fast path: if the text has
 * as many key tokens as the parsed value has properties, none repeats, and only a file that fails
 * this pays for the position-aware walk. The walk keeps its depth in an array, so a key repeated
 * 100,000 levels deep is still found.
 */
export function findDuplicateKeys(text: string, value: unknown): DuplicateKey[] {
  if (countKeyTokens(text) === countProperties(value)) return [];
  const found: DuplicateKey[] = [];
  const stack: Set<string>[] = [];
  walkJson(text, {
    onObjectBegin: () => void stack.push(new Set()),
    onObjectEnd: () => void stack.pop(),
    onObjectProperty: (key, offset, length, path) => {
      const keys = stack[stack.length - 1];
      if (!keys) return;
      if (keys.has(key)) found.push({ key, pointer: formatPointer([...path(), key]), span: { start: offset, end: offset + length } });
      keys.add(key);
    },
  });
  return found;
}

/** Own properties over all objects in a parsed value; iterative, so deep nesting cannot overflow. */
function countProperties(root: unknown): number {
  let n = 0;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) pending.push(item);
    } else {
      for (const key in node) {
        n++;
        pending.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return n;
}

/**
 * Counts the strings followed by ':' in text that JSON.parse accepted. Outside a string every
 * '"' opens one, so jumping from quote to quote with indexOf (a native scan) tokenizes exactly.
 * A regex would restart inside each long value string that is not a key: quadratic on the long
 * tool results real artifacts carry.
 */
function countKeyTokens(text: string): number {
  let n = 0;
  let open = text.indexOf('"');
  while (open !== -1) {
    const end = stringTokenEnd(text, open);
    if (end === -1) break;
    let next = end;
    let c = text.charCodeAt(next);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++next);
    if (c === 0x3a) n++;
    open = text.indexOf('"', next);
  }
  return n;
}

/** Just past the string token whose opening quote is at `open`, or -1 if it never closes. A quote is escaped when an odd run of backslashes precedes it. */
function stringTokenEnd(text: string, open: number): number {
  for (let close = text.indexOf('"', open + 1); close !== -1; close = text.indexOf('"', close + 1)) {
    let k = close - 1;
    while (text.charCodeAt(k) === 0x5c) k--;
    if ((close - 1 - k) % 2 === 0) return close + 1;
  }
  return -1;
}
