// compare: check every artifact, grade every clean run, measure its behaviour, and compare the two
// conditions of the iteration with honest statistics. The library door of `eval-magic compare`.
import { assertKnownOptions } from '../suggest.js';
import { compareNaming, type CompareOptions, type CompareResult } from './comparison.js';
import { COMPARE_OPTION_NAMING } from './options.js';

export type * from './model.js';
export type { GradingDocument, AssertionResult, UngradedAssertion } from './graders/index.js';
export { comparisonFormatters } from './formats/index.js';
export { comparisonHeadlines, evalHeadline } from './headline.js';
export type { CompareOptions, CompareResult } from './comparison.js';

/** Every option of {@link compareIterations}, every key of the interface and no other (tsc holds the two together): a key it does not know is a caller's typo. */
const COMPARE_OPTIONS: readonly string[] = Object.keys({ cwd: true, evals: true, alpha: true, writeGrading: true, commandTimeoutMs: true, config: true, keepArtifacts: true, concurrency: true, toolVersion: true, signal: true, killSignal: true, treatment: true, control: true } satisfies Record<keyof CompareOptions, true>);

/**
 * Compares the two conditions of the iterations under `paths` (iteration folders or workspaces).
 * Throws `UsageError` when a path is not one, when there is nothing to compare, when only one
 * condition is present, when the iterations are different experiments, when evals.json is not
 * valid, or when a run folder cannot take its grading.json (before any is written; exit 2 in the CLI).
 */
export async function compareIterations(paths: readonly string[], options: CompareOptions = {}): Promise<CompareResult> {
  assertKnownOptions(options, COMPARE_OPTIONS, 'compareIterations()');
  return compareNaming(paths, options, COMPARE_OPTION_NAMING.library);
}
