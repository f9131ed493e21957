// Which kind of file a path holds, and what folders are searched for: read from each kind's
// description (its `fileName` and `searchPattern`, document-kinds.ts).
import { basename } from 'node:path';

import type { FileKind } from '../types.js';
import { DOCUMENT_KINDS, type DocumentKindName } from './document-kinds.js';
import type { StrayJudgmentFolder } from '../workspace/judgment-record.js';

export type { FileKind } from '../types.js';

/** The kinds `check` reads files as: every kind but the runner's harness descriptors (which have no name of their own). */
export const ARTIFACT_KINDS = (Object.keys(DOCUMENT_KINDS) as DocumentKindName[]).filter((k): k is FileKind => k !== 'harness');

/** The kinds `--kind` takes: those folders are searched for. */
export const FILE_KINDS: readonly FileKind[] = ARTIFACT_KINDS.filter((k) => DOCUMENT_KINDS[k].searchPattern !== undefined);

/** The kind each file name makes; any other name is a conversation. */
const BY_NAME: ReadonlyMap<string, FileKind> = new Map(ARTIFACT_KINDS.flatMap((k) => (DOCUMENT_KINDS[k].fileName === undefined ? [] : [[DOCUMENT_KINDS[k].fileName!, k]])));

/** The kind of a file by its name: `evals.json`, `grading.json`, `comparison.json`, `run.json`, `campaign.json`, else a conversation. */
export function detectFileKind(filePath: string): FileKind {
  return BY_NAME.get(basename(filePath)) ?? 'conversation';
}

/**
 * What folders are searched for when `--pattern` is not given: every searched kind's pattern, or
 * only the forced kind's. (`--pattern` replaces this list; the kind of each file it finds still
 * follows its name.)
 */
export function defaultSearchPatterns(kind?: FileKind): string[] {
  const forced = kind === undefined ? undefined : DOCUMENT_KINDS[kind].searchPattern;
  return forced !== undefined ? [forced] : FILE_KINDS.map((k) => DOCUMENT_KINDS[k].searchPattern!);
}

/** What a search by `pattern` keeps of the files it matches, when it is a kind's own pattern with a place (`searchedPlace`, document-kinds.ts). */
export function searchedPlaceOf(pattern: string): ((absolutePath: string) => boolean) | undefined {
  return FILE_KINDS.map((k) => DOCUMENT_KINDS[k]).find((d) => d.searchPattern === pattern)?.searchedPlace;
}

/** Where nothing counts through a link a search by `pattern` meets, when it is a kind's own pattern that says (`searchedLink`, document-kinds.ts). */
export function searchedLinkOf(pattern: string): ((absolutePath: string) => StrayJudgmentFolder | undefined) | undefined {
  return FILE_KINDS.map((k) => DOCUMENT_KINDS[k]).find((d) => d.searchPattern === pattern)?.searchedLink;
}

/** The glob each searched kind's files are found by in folders. */
export const SEARCH_PATTERNS = { conversation: DOCUMENT_KINDS.conversation.searchPattern!, evals: DOCUMENT_KINDS.evals.searchPattern! } as const;
