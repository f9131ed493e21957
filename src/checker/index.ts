// The checker pipeline, top to bottom: discover → read → eval lookup → (load → schema → rules) → summarize.
import type { CheckReport, FileResult } from '../types.js';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { discoverArtifacts, type DiscoverOptions } from './discover.js';
import { readArtifactFile } from './read.js';
import { checkSource, type CheckSourceOptions } from './check-source.js';
import { placeFindings, summarize, toFileResult } from './result.js';
import { defaultSearchPatterns, type FileKind } from './file-kind.js';
import { EvalLookup, resolveEvalContext, type EvalLookupResult } from './eval-lookup.js';

/** Options for a whole check run. */
export interface CheckOptions extends DiscoverOptions, CheckSourceOptions {
  /** Succeed when the paths hold no artifact (otherwise that is a usage error). */
  allowEmpty?: boolean;
  /** Stdin contents, when one of the paths is "-". */
  stdin?: { bytes: Uint8Array | string; filePath?: string };
  /** Check every file as this kind (default: by file name); also narrows the default search. */
  kind?: FileKind;
  /** One evals.json for every conversation (`--evals`); otherwise each one's is looked up. */
  evals?: string;
  /** Told which eval (or none) each conversation was matched with, for `--verbose`. Order is not defined. */
  onEvalLookup?: (filePath: string, result: EvalLookupResult) => void;
}

/** Files read at once: enough to keep the disk busy, few enough never to run out of descriptors. */
const READ_CONCURRENCY = 32;

/**
 * Checks every artifact under `paths` and reports them sorted by path. One bad file never
 * stops the others. Throws `UsageError` for a path that does not exist, or when nothing was
 * found and `allowEmpty` is not set.
 */
export async function check(paths: readonly string[], options: CheckOptions = {}): Promise<CheckReport> {
  const results: FileResult[] = [];
  const fsPaths = paths.filter((p) => p !== '-');
  const cwd = options.cwd ?? process.cwd();
  const lookup = new EvalLookup({ cwd, evals: options.evals });
  await lookup.prepare();
  const withContext = async (file: { filePath: string; absolutePath?: string }, bytes: Uint8Array | string): Promise<FileResult> => {
    const { lookup: found, ...context } = await resolveEvalContext(lookup, file, bytes, options.kind);
    if (found) options.onEvalLookup?.(file.filePath, found);
    return checkSource({ filePath: file.filePath, bytes, ...context }, options);
  };
  if (paths.includes('-')) {
    if (!options.stdin) throw new UsageError('"-" given but no standard input was provided.');
    const named = options.stdin.filePath;
    // --stdin-filename also places the text for the eval lookup, as if it were that file.
    results.push(await withContext({ filePath: named ?? '<stdin>', absolutePath: named === undefined ? undefined : resolve(cwd, named) }, options.stdin.bytes));
  }
  const pattern = options.pattern ?? defaultSearchPatterns(options.kind);
  const artifacts = fsPaths.length > 0 ? await discoverArtifacts(fsPaths, { ...options, pattern }) : [];
  if (artifacts.length === 0 && results.length === 0 && !options.allowEmpty) {
    throw new UsageError(`No artifact found under ${paths.map((p) => JSON.stringify(p)).join(', ')} (searched for ${[pattern].flat().join(', ')}). Use --allow-empty if that is expected.`);
  }
  let next = 0;
  const worker = async () => {
    while (next < artifacts.length) {
      const { filePath, absolutePath } = artifacts[next++]!;
      const read = await readArtifactFile(absolutePath);
      results.push(read.ok ? await withContext({ filePath, absolutePath }, read.bytes) : toFileResult(filePath, placeFindings([read.finding], '')));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, artifacts.length) }, worker));
  return summarize(results);
}

export { checkSource, type ArtifactSource, type CheckSourceOptions } from './check-source.js';
export { discoverArtifacts, DEFAULT_PATTERN, DEFAULT_PATTERNS, type DiscoverOptions, type DiscoveredArtifact } from './discover.js';
export { EvalLookup, resolveEvalContext, type EvalLookupResult, type EvalContext } from './eval-lookup.js';
export type { EvalMatch, EvalRef, TurnRef, LocatedString } from './eval-match.js';
export { detectFileKind, FILE_KINDS, type FileKind } from './file-kind.js';
