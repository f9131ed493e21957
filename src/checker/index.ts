// The checker pipeline, top to bottom: discover → read → (load → schema → rules) → summarize.
import type { CheckReport, FileResult } from '../types.js';
import { UsageError } from '../errors.js';
import { discoverArtifacts, type DiscoverOptions } from './discover.js';
import { readArtifactFile } from './read.js';
import { checkSource, type CheckSourceOptions } from './check-source.js';
import { placeFindings, summarize, toFileResult } from './result.js';

/** Options for a whole check run. */
export interface CheckOptions extends DiscoverOptions, CheckSourceOptions {
  /** Succeed when the paths hold no artifact (otherwise that is a usage error). */
  allowEmpty?: boolean;
  /** Stdin contents, when one of the paths is "-". */
  stdin?: { bytes: Uint8Array | string; filePath?: string };
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
  if (paths.includes('-')) {
    if (!options.stdin) throw new UsageError('"-" given but no standard input was provided.');
    results.push(checkSource({ filePath: options.stdin.filePath ?? '<stdin>', bytes: options.stdin.bytes }, options));
  }
  const artifacts = fsPaths.length > 0 ? await discoverArtifacts(fsPaths, options) : [];
  if (artifacts.length === 0 && results.length === 0 && !options.allowEmpty) {
    throw new UsageError(`No artifact found under ${paths.map((p) => JSON.stringify(p)).join(', ')} (searched for ${options.pattern ?? '**/conversation.json'}). Use --allow-empty if that is expected.`);
  }
  let next = 0;
  const worker = async () => {
    while (next < artifacts.length) {
      const { filePath, absolutePath } = artifacts[next++]!;
      const read = await readArtifactFile(absolutePath);
      results.push(read.ok ? checkSource({ filePath, bytes: read.bytes }, options) : toFileResult(filePath, placeFindings([read.finding], '')));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, artifacts.length) }, worker));
  return summarize(results);
}

export { checkSource, type ArtifactSource, type CheckSourceOptions } from './check-source.js';
export { discoverArtifacts, DEFAULT_PATTERN, type DiscoverOptions, type DiscoveredArtifact } from './discover.js';
