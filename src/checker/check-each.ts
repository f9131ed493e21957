// The checker one file at a time on this thread, each result handed over with the file as loaded:
// for callers that go on to use what was checked (compare grades it) without a second read and parse.
import { resolve } from 'node:path';
import type { FileResult } from '../types.js';
import { discoverInChunks, type DiscoverOptions } from './engine/discover.js';
import { FileChecker } from './engine/check-file.js';
import { EvalLookup, type EvalLookupResult } from './cross/eval-lookup.js';
import type { CheckSourceOptions } from './check-source.js';
import type { LoadOutcome } from './load.js';

/** Options of {@link checkEach}: as `check`'s, without threads or stdin. */
export interface CheckEachOptions extends DiscoverOptions, CheckSourceOptions {
  /** One evals.json for every conversation (`--evals`); otherwise each one's is looked up. */
  evals?: string;
}

/** One checked file, its eval lookup, and the file as loaded (absent when it could not be read). */
export interface CheckedFile {
  result: FileResult;
  absolutePath: string;
  lookup?: EvalLookupResult;
  loaded?: LoadOutcome;
}

/**
 * Discovers the artifacts under `paths` and checks each through the same stages as `check`
 * (same rules, same eval lookup, same result), yielding them in discovery order.
 */
export async function* checkEach(paths: readonly string[], options: CheckEachOptions = {}): AsyncGenerator<CheckedFile> {
  const cwd = options.cwd ?? process.cwd();
  const lookup = new EvalLookup({ cwd, evals: options.evals });
  await lookup.prepare();
  const checker = new FileChecker(lookup, options);
  for await (const chunk of discoverInChunks(paths, { ...options, cwd })) {
    for (const file of chunk) {
      const outcome = await checker.checkDiscoveredKeepingValue(file);
      yield { ...outcome, absolutePath: resolve(file.absolutePath) };
    }
  }
}
