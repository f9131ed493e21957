// Which kind of file a path holds (a conversation artifact or an evals.json), and what folders are searched for.
import { basename } from 'node:path';

import type { FileKind } from '../types.js';

export type { FileKind } from '../types.js';

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
  return kind === 'conversation' || kind === 'evals' ? [SEARCH_PATTERNS[kind]] : FILE_KINDS.map((k) => SEARCH_PATTERNS[k as SearchedKind]);
}

/** The kinds folders are searched for. */
type SearchedKind = 'conversation' | 'evals';

/** The glob each searched kind's files are found by in folders. */
export const SEARCH_PATTERNS: Readonly<Record<SearchedKind, string>> = { conversation: '**/conversation.json', evals: '**/evals.json' };
