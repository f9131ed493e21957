// One file through the stages after discovery: eval lookup → checkSource. Shared by the
// in-process loop and the worker threads, so both paths give the same result by construction.
import type { FileResult } from '../types.js';
import { checkLoadedSource, type CheckSourceOptions } from './check-source.js';
import { loadArtifact, type LoadOutcome } from './load.js';
import { resolveEvalContext, type EvalLookup, type EvalLookupResult } from './eval-lookup.js';
import type { FileKind } from './file-kind.js';
import type { ReadOutcome } from './read.js';
import { placeFindings, toFileResult } from './result.js';

/** A file's result, and for a conversation how its eval was looked up (for `--verbose`). */
export interface FileOutcome {
  result: FileResult;
  lookup?: EvalLookupResult;
}

/** What checking one file needs beyond its bytes. */
export interface CheckFileOptions extends CheckSourceOptions {
  kind?: FileKind;
}

/** Checks bytes already in hand (a read file or stdin) as `file`. */
export function checkBytes(
  file: { filePath: string; absolutePath?: string; searchedFrom?: string },
  bytes: Uint8Array | string,
  lookup: EvalLookup,
  options: CheckFileOptions,
): Promise<FileOutcome> {
  // Parsed once, whether the eval lookup needs the first prompt first or only the check does.
  let loaded: LoadOutcome | undefined;
  return checkLoaded(file, () => (loaded ??= loadArtifact(bytes)), lookup, options);
}

/** Checks a file from its read outcome: an unreadable file becomes its `io` finding. */
export function checkReadFile(
  file: { filePath: string; absolutePath: string; searchedFrom?: string },
  read: ReadOutcome,
  lookup: EvalLookup,
  options: CheckFileOptions,
): Promise<FileOutcome> | FileOutcome {
  if (!read.ok) return { result: toFileResult(file.filePath, placeFindings([read.finding], '')) };
  return checkBytes(file, read.bytes, lookup, options);
}

/** The stages after loading: eval lookup, then checkLoadedSource. `load` must return the same outcome every call. */
async function checkLoaded(
  file: { filePath: string; absolutePath?: string; searchedFrom?: string },
  load: () => LoadOutcome,
  lookup: EvalLookup,
  options: CheckFileOptions,
): Promise<FileOutcome> {
  const { lookup: found, ...context } = await resolveEvalContext(lookup, file, load, options.kind);
  return { result: checkLoadedSource({ filePath: file.filePath, ...context }, load(), options), lookup: found };
}
