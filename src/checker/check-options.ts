// The library's options are checked as the CLI's flags are: a value of the wrong type is a usage
// error naming the option, never silently ignored or misread (`ignore: '**'` as the globs "*", "*").
import { resolve } from 'node:path';
import { optionNaming, UsageError, type OptionNames } from '../errors.js';
import { isFolder } from '../fs/folders.js';
import { ARTIFACT_KINDS, FILE_KINDS } from './file-kind.js';
import { assertKnownRule } from './rule-config.js';
import { assertKnownOptions, describeValue, quotedValue } from '../suggest.js';

/** How check's messages name the options they point to: as `check()` takes them, or as `eval-magic check`'s flags. */
export const CHECK_OPTION_NAMING = optionNaming(
  { allowEmpty: '--allow-empty', errorOnUnmatchedPattern: '--no-error-on-unmatched-pattern', ignore: '--ignore', evals: '--evals', config: '--config' },
  { allowEmpty: 'allowEmpty: true', errorOnUnmatchedPattern: 'errorOnUnmatchedPattern: false', ignore: 'the ignore option', evals: 'the evals option', config: 'the config option' },
);

/** The name each of check's options has in a message. */
export type CheckOptionNames = OptionNames<keyof typeof CHECK_OPTION_NAMING.flags>;

/** The message for a value outside its choices; the CLI says the same of its flag (`--kind`). */
function choiceMessage(option: string, given: unknown, choices: readonly string[]): string {
  return `${option} ${quotedValue(given)}: use one of ${choices.map((c) => JSON.stringify(c)).join(', ')}.`;
}

/** The message for a thread count that is none; the CLI says the same of `--concurrency`. */
export function concurrencyMessage(option: string, given: unknown): string {
  return `${option} ${quotedValue(given)}: expected a positive whole number, "auto" or "off".`;
}

const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
/** A list option's bad value: an array is one only for what it holds. */
const listShown = (value: unknown) => (Array.isArray(value) ? 'an array holding something other than strings' : describeValue(value));

/**
 * Throws a `UsageError` for an option of `check` that the CLI could never have passed: a type it
 * does not take, a kind or thread count outside its choices. Options left undefined take their defaults.
 */
export function assertCheckOptions(paths: unknown, options: Record<string, unknown>): void {
  if (!isStringList(paths)) throw new UsageError(`paths must be an array of strings (got ${listShown(paths)}).`);
  // As the command line refuses `check ""`: resolved, "" would be the working folder, never named.
  const empty = (paths as string[]).findIndex((path) => path.trim() === '');
  if (empty !== -1) throw new UsageError(`paths[${empty}] is empty (${JSON.stringify((paths as string[])[empty])}): an empty path never stands for the working folder; name "." for that.`);
  const { ignore, pattern, kind, concurrency, evals, cwd, severities, linkBoundary } = options;
  if (ignore !== undefined && !isStringList(ignore)) throw new UsageError(`ignore must be an array of glob strings, e.g. ["**/drafts/**"] (got ${listShown(ignore)}).`);
  if (pattern !== undefined && typeof pattern !== 'string' && !isStringList(pattern)) throw new UsageError(`pattern must be a glob string or an array of them (got ${listShown(pattern)}).`);
  if (kind !== undefined && !FILE_KINDS.includes(kind as never)) throw new UsageError(choiceMessage('kind', kind, FILE_KINDS));
  if (concurrency !== undefined && concurrency !== 'auto' && concurrency !== 'off' && !(Number.isSafeInteger(concurrency) && (concurrency as number) > 0)) {
    throw new UsageError(concurrencyMessage('concurrency', concurrency));
  }
  for (const [name, value] of [['evals', evals], ['cwd', cwd], ['linkBoundary', linkBoundary]] as const) {
    if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) throw new UsageError(`${name} must be a path that is not empty (got ${describeValue(value)}).`);
  }
  // As the command line refuses a working folder that is gone: every path would read as missing.
  if (cwd !== undefined && !isFolder(resolve(cwd as string))) throw new UsageError(`cwd ${JSON.stringify(cwd)} is not a folder.`);
  // A boundary that is no folder would hold the named links to nothing: every link read as leading out.
  if (linkBoundary !== undefined && !isFolder(resolve((cwd as string | undefined) ?? process.cwd(), linkBoundary as string))) throw new UsageError(`linkBoundary ${JSON.stringify(linkBoundary)} is not a folder.`);
  assertSeverities(severities);
  for (const name of ['quiet', 'allowEmpty', 'errorOnUnmatchedPattern', 'keepArtifacts']) {
    if (options[name] !== undefined && typeof options[name] !== 'boolean') throw new UsageError(`${name} must be true or false (got ${describeValue(options[name])}).`);
  }
}

/**
 * Throws a `UsageError` for a `checkSource` source or option of a type it does not take, as
 * `check` does: otherwise a kind it has no description of, or bytes that are none, fail deep
 * inside as a TypeError.
 */
export function assertCheckSourceInput(source: unknown, options: unknown): void {
  if (typeof source !== 'object' || source === null) throw new UsageError(`source must be an object { filePath, bytes } (got ${describeValue(source)}).`);
  assertKnownOptions(source, ['filePath', 'bytes', 'kind', 'evalMatch'], "checkSource()'s source", 'field');
  const { filePath, bytes, kind, evalMatch } = source as Record<string, unknown>;
  if (typeof filePath !== 'string') throw new UsageError(`filePath must be a string, the name to report the file under (got ${describeValue(filePath)}).`);
  if (typeof bytes !== 'string' && !(bytes instanceof Uint8Array)) throw new UsageError(`bytes must be a string or a Uint8Array (got ${describeValue(bytes)}).`);
  if (kind !== undefined && !ARTIFACT_KINDS.includes(kind as never)) throw new UsageError(choiceMessage('kind', kind, ARTIFACT_KINDS));
  if (evalMatch !== undefined && (typeof evalMatch !== 'object' || evalMatch === null)) throw new UsageError(`evalMatch must be an object (got ${describeValue(evalMatch)}).`);
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) throw new UsageError(`options must be an object (got ${describeValue(options)}).`);
  // check() takes kind as an option; here it is the source's, so { kind } as an option is refused, not ignored.
  assertKnownOptions(options, ['severities', 'quiet', 'keepArtifacts'], 'checkSource()');
  const { severities, quiet, keepArtifacts } = options as Record<string, unknown>;
  assertSeverities(severities);
  for (const [name, value] of [['quiet', quiet], ['keepArtifacts', keepArtifacts]] as const) {
    if (value !== undefined && typeof value !== 'boolean') throw new UsageError(`${name} must be true or false (got ${describeValue(value)}).`);
  }
}

/**
 * Throws a `UsageError` for `severities` that are not rule id → 0, 1 or 2: a rule's severity is
 * read as a number, so `"error"` would count as a warning and an unknown id would do nothing.
 */
function assertSeverities(severities: unknown): void {
  if (severities === undefined) return;
  if (typeof severities !== 'object' || severities === null || Array.isArray(severities)) {
    throw new UsageError(`severities must be an object of rule id → 0 (off), 1 (warn) or 2 (error), e.g. {"blank-text": 0} (got ${describeValue(severities)}).`);
  }
  for (const [id, severity] of Object.entries(severities)) {
    assertKnownRule(id, 'severities');
    if (severity !== 0 && severity !== 1 && severity !== 2) {
      throw new UsageError(`severities: rule "${id}" has severity ${JSON.stringify(severity) ?? String(severity)}; use 0 (off), 1 (warn) or 2 (error).`);
    }
  }
}
