// Repeated keys in JSON objects: JSON.parse keeps only the last, so only the text can show them.
import { formatPointer } from './positions.js';
import { countProperties } from './scan.js';
import { countKeyTokens, keyText, scanJsonTokens } from './tokens.js';

/** One repeated key: the repeat's name, the pointer it shares with the one JSON.parse kept, and its offsets. */
export interface DuplicateKey {
  key: string;
  pointer: string;
  span: { start: number; end: number };
}

/**
 * Every repeated key in `text`, which JSON.parse turned into `value`. Fast path: if the text has
 * as many key tokens as the parsed value has properties, none repeats, and only a file that fails
 * this pays for the token walk (`keyTokens`: the text's count, when already known). The walk
 * keeps its depth in an array, so a key repeated 100,000 levels deep is still found.
 */
export function findDuplicateKeys(text: string, value: unknown, keyTokens = countKeyTokens(text)): DuplicateKey[] {
  if (keyTokens === countProperties(value)) return [];
  const found: DuplicateKey[] = [];
  const stack: Set<string>[] = [];
  scanJsonTokens(text, {
    open: (_offset, isObject) => void (isObject && stack.push(new Set())),
    close: (_offset, isObject) => void (isObject && stack.pop()),
    key: (start, end, path) => {
      const keys = stack[stack.length - 1];
      if (!keys) return;
      const key = keyText(text, start, end);
      if (keys.has(key)) found.push({ key, pointer: formatPointer([...path(), key]), span: { start, end } });
      keys.add(key);
    },
  });
  return found;
}
