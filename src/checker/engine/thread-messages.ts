// What the pool and its checking threads say to each other; apart from both, so that the thread
// entry (check-worker.ts) and the pool that starts it do not import each other.
import type { DiscoveredArtifact } from './discover.js';
import type { CheckFileOptions, FileOutcome } from './check-file.js';
import type { CheckOptionNames } from '../check-options.js';

/** What each worker is started with: options that survive structured cloning. */
export interface WorkerInit {
  options: CheckFileOptions & { cwd: string; evals?: string; linkRoots?: readonly string[] };
  /** How the thread's notes name the options: the names themselves (cloned), as the main thread's lookup has them. */
  names: CheckOptionNames;
  /** Send every file's eval lookup back (for `--verbose`); otherwise clean files come back as indexes alone. */
  reportLookups?: boolean;
}

/** What the pool tells a helper: evals.json files discovery found, or a batch to check. */
export type HelperMessage = { knownEvalsFiles: readonly string[] } | { id: number; batch: DiscoveredArtifact[] };

/**
 * A helper's answer to batch `id`: the outcomes of files with findings (or of every file, with
 * `reportLookups`), and the indexes in the batch of the clean ones. The pool still holds the
 * batch, so a clean file costs a number to send instead of a cloned result and path: less for
 * the main thread to deserialize, and no second copy of the path to keep until the report.
 */
export interface HelperReply {
  id: number;
  outcomes: FileOutcome[];
  clean: number[];
}
