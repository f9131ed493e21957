// The runner's evals.json: read it, and let the checker's public API decide whether it may run.
import { readFileSync } from 'node:fs';
import { checkSource, formatters, rules, toolVersion, UsageError, type CheckReport, type FileResult } from '../internal.js';
import type { EvalsFile } from '../evals/types.js';

/** evals.json was refused: its error findings, exactly as `check --kind evals` reports them. */
class EvalsRejectedError extends UsageError {
  constructor(readonly result: FileResult, cwd: string) {
    super(`${result.filePath} is not a valid evals.json; nothing ran:\n${renderFindings(result, cwd)}`);
  }
}

/**
 * Reads evals.json and validates it with `checkSource` (kind `evals`, every rule at its default
 * severity): one validator for `check` and `run`, so both give the same verdict on every file.
 * Warnings are not errors and do not stop a run. `shown` is the path the findings name.
 * @throws {UsageError} when the file cannot be read; {@link EvalsRejectedError} on any error finding.
 */
export function readRunnableEvals(path: string, shown: string, cwd: string): EvalsFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new UsageError(`Cannot read evals file ${JSON.stringify(shown)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  const result = validateEvalsForRun(shown, bytes);
  if (result.errorCount > 0) throw new EvalsRejectedError(result, cwd);
  // The checker found no error, so the text is one JSON object of the evals schema's shape.
  return JSON.parse(bytes.toString('utf8')) as EvalsFile;
}

/** The runner's verdict on evals.json bytes, as `check --kind evals` would give it (errors only count). */
function validateEvalsForRun(filePath: string, bytes: Uint8Array | string): FileResult {
  return checkSource({ filePath, bytes, kind: 'evals' });
}

/** The error findings in check's default (stylish) format, without colour. */
function renderFindings(result: FileResult, cwd: string): string {
  const errors = result.messages.filter((m) => m.severity === 2);
  const report: CheckReport = { results: [{ ...result, messages: errors, warningCount: 0 }], errorCount: errors.length, warningCount: 0 };
  const ruleMeta = Object.fromEntries(Object.entries(rules).map(([id, rule]) => [id, rule.meta]));
  return formatters.stylish!(report, { color: false, cwd, rules: ruleMeta, toolVersion }).replace(/^\n/, '').trimEnd();
}
