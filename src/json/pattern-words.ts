// The schemas' patterns a user reads better in words than as the regular expression: one table for
// check's schema findings (../checker/describe.ts) and the records the workspace reads back
// (../workspace/record-file.ts), so compare says a bad field as check says it.

const PATTERN_WORDS: ReadonlyMap<string, string> = new Map([['^/', 'an absolute path (starting with /)']]);

/** What a value matching `pattern` is, in words ("an absolute path (starting with /)"), or undefined for a pattern said as it is. */
export function patternWords(pattern: unknown): string | undefined {
  return PATTERN_WORDS.get(String(pattern));
}
