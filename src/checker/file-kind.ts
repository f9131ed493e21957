// Which kind of file a path holds (a conversation artifact or an evals.json), and what folders are searched for.
import { basename } from 'node:path';

import type { FileKind } from '../types.js';

export type { FileKind } from '../types.js';

/** The file kinds, for `--kind` validation and help. */
export const FILE_KINDS: readonly FileKind[] = ['conversation', 'evals'];

/** The kind of a file by its name: `evals.json` is an evals file, anything else a conversation. */
export function detectFileKind(filePath: string): FileKind {
  return basename(filePath) === 'evals.json' ? 'evals' : 'conversation';
}

/**
 * What folders are searched for when `--pattern` is not given: both kinds, or only the forced
 * one. (`--pattern` replaces this list; the kind of each file it finds still follows its name.)
 */
export function defaultSearchPatterns(kind?: FileKind): string[] {
  return kind ? [SEARCH_PATTERNS[kind]] : FILE_KINDS.map((k) => SEARCH_PATTERNS[k]);
}

/** The glob each kind's files are found by in folders. */
export const SEARCH_PATTERNS: Readonly<Record<FileKind, string>> = { conversation: '**/conversation.json', evals: '**/evals.json' };
