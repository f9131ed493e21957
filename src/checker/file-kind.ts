// Which kind of file a path holds (a conversation artifact, an evals.json, or compare's grading.json
// and comparison.json), and what folders are searched for.
import { basename } from 'node:path';

import type { FileKind } from '../types.js';

export type { FileKind } from '../types.js';

/** The kinds `--kind` takes. */
export const FILE_KINDS: readonly FileKind[] = ['conversation', 'evals', 'grading', 'comparison'];

/** Documents known by their file name; any other name is a conversation. */
const BY_NAME: Readonly<Record<string, FileKind>> = { 'evals.json': 'evals', 'grading.json': 'grading', 'comparison.json': 'comparison' };

/** The kind of a file by its name: `evals.json`, `grading.json`, `comparison.json`, else a conversation. */
export function detectFileKind(filePath: string): FileKind {
  return BY_NAME[basename(filePath)] ?? 'conversation';
}

/**
 * What folders are searched for when `--pattern` is not given: every kind, or only the forced
 * one. (`--pattern` replaces this list; the kind of each file it finds still follows its name.)
 */
export function defaultSearchPatterns(kind?: FileKind): string[] {
  return kind === undefined ? FILE_KINDS.map((k) => SEARCH_PATTERNS[k]) : [SEARCH_PATTERNS[kind]];
}

/** The glob each kind's files are found by in folders. */
export const SEARCH_PATTERNS: Readonly<Record<FileKind, string>> = {
  conversation: '**/conversation.json',
  evals: '**/evals.json',
  grading: '**/grading.json',
  comparison: '**/comparison.json',
};
