// compareIterations' options are checked as the CLI's flags are: a value of the wrong type is a
// usage error naming the option, never misread (`alpha: "0.05"` went into the document as a string).
import { concurrencyMessage } from '../checker/check-options.js';
import { optionNaming, UsageError, type OptionNames } from '../errors.js';
import { MAX_ROUND_TIMEOUT_SECONDS } from '../runner/run-limits.js';
import { describeValue } from '../suggest.js';

/** How compare's messages name the options they point to: as compareIterations takes them, or as `eval-magic compare`'s flags. */
export const COMPARE_OPTION_NAMING = optionNaming(
  { writeGrading: '--no-grading', config: '--config', evals: '--evals', treatment: '--treatment', control: '--control' },
  { writeGrading: 'writeGrading: false', evals: 'the evals option', config: 'the config option', treatment: 'the treatment option', control: 'the control option' },
);

/** The name each of compare's options has in a message. */
export type CompareOptionNames = OptionNames<keyof typeof COMPARE_OPTION_NAMING.flags>;


/** Throws a `UsageError` for a path list or an option of `compareIterations` the CLI could never have passed; undefined options take their defaults. */
export function assertCompareOptions(paths: unknown, options: Record<string, unknown>): void {
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) throw new UsageError(`paths must be an array of strings (got ${describeValue(paths)}).`);
  const { alpha, commandTimeoutMs: timeoutMs, config } = options;
  if (alpha !== undefined && !(typeof alpha === 'number' && alpha > 0 && alpha < 1)) throw new UsageError(`alpha must be a number between 0 and 1 (exclusive); got ${describeValue(alpha)}.`);
  // A longer delay makes Node fire the timer at once: every command_check would fail as "timed out".
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs <= MAX_ROUND_TIMEOUT_SECONDS * 1000)) {
    throw new UsageError(`The command_check time limit must be more than 0 and at most ${MAX_ROUND_TIMEOUT_SECONDS} seconds (about 24.8 days, the longest a timer can wait); got ${typeof timeoutMs === 'number' ? `${timeoutMs} ms` : describeValue(timeoutMs)}.`);
  }
  // treatment and control are folder names as written: " with_skill" is another folder, so none is trimmed.
  for (const name of ['cwd', 'evals', 'toolVersion', 'treatment', 'control']) {
    const value = options[name];
    if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) throw new UsageError(`${name} must be a string that is not empty (got ${describeValue(value)}).`);
  }
  if (config !== undefined && config !== false && (typeof config !== 'string' || config.trim() === '')) throw new UsageError(`config must be a path that is not empty, or false (got ${describeValue(config)}).`);
  for (const name of ['writeGrading', 'keepArtifacts']) {
    if (options[name] !== undefined && typeof options[name] !== 'boolean') throw new UsageError(`${name} must be true or false (got ${describeValue(options[name])}).`);
  }
  const { concurrency } = options;
  if (concurrency !== undefined && concurrency !== 'auto' && concurrency !== 'off' && !(typeof concurrency === 'number' && Number.isInteger(concurrency) && concurrency >= 1)) {
    throw new UsageError(concurrencyMessage('concurrency', concurrency));
  }
  for (const name of ['signal', 'killSignal']) {
    if (options[name] !== undefined && !(options[name] instanceof AbortSignal)) throw new UsageError(`${name} must be an AbortSignal (got ${describeValue(options[name])}).`);
  }
}
