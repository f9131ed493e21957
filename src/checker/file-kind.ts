// Which kind of file a path holds (a conversation artifact or an evals.json), and what folders are searched for.
import { basename } from 'node:path';

/**
 * The kinds of file `check` validates: the two it searches folders for, and compare's outputs
 * (`grading.json`, `comparison.json`), checked against their schemas when named.
 */
export type FileKind = 'conversation' | 'evals' | 'grading' | 'comparison';

/** The kinds `--kind` takes (compare's outputs are known by name only). */
export const FILE_KINDS: readonly FileKind[] = ['conversation', 'evals'];

/** Documents known by their file name; any other name is a conversation. */
const BY_NAME: Readonly<Record<string, FileKind>> = { 'evals.json': 'evals', 'grading.json': 'grading', 'comparison.json': 'comparison' };

/** The kind of a file by its name: `evals.json`, `grading.json`, `comparison.json`, else a conversation. */
export function detectFileKind(filePath: string): FileKind {
  return BY_NAME[basename(filePath)] ?? 'conversation';
}

/**
 * What folders are searched for when `--pattern` is not given: both kinds, or only the forced
 * one. (`--pattern` replaces this list; the kind of each file it finds still follows its name.)
 */
export function defaultSearchPatterns(kind?: FileKind): string[] {
  if (kind === 'conversation') return ['**/conversation.json'];
  if (kind === 'evals') return ['**/evals.json'];
  return ['**/conversation.json', '**/evals.json'];
}
