// The runner's evals.json: read it by the checker's read rule, and let the checker decide whether it may run.
import { checkDocument, formatters, loadArtifact, readRegularFile, rules, toolVersion, UsageError, type CheckReport, type FileResult } from '../internal.js';
import type { EvalsFile } from '../evals/types.js';
import type { SharedReads } from '../fs/read-file.js';
import { sha256 } from '../fs/file-tree.js';

/** evals.json was refused: its error findings, exactly as `check --kind evals` reports them. */
class EvalsRejectedError extends UsageError {
  constructor(readonly result: FileResult, cwd: string, outcome: string) {
    super(`${result.filePath} is not a valid evals.json; ${outcome}:\n${renderFindings(result, cwd)}`);
  }
}

/**
 * Reads evals.json and validates it as `check --kind evals` does (every rule at its default
 * severity): one validator for `check`, `run`, `campaign` and `compare`, so all give the same
 * verdict on every file. The file is read by the checker's read rule (a regular file, judged by
 * fstat before a byte is read: a device or a FIFO is refused, never read) and parsed once.
 * Warnings are not errors and do not stop a run. `shown` is the path the findings name.
 * @throws {UsageError} when the file cannot be read; {@link EvalsRejectedError} on any error finding.
 */
export function readRunnableEvals(path: string, shown: string, cwd: string, outcome?: string): EvalsFile {
  return readRunnableEvalsBytes(path, shown, cwd, undefined, undefined, outcome).evals;
}

/**
 * {@link readRunnableEvals}, with the bytes it read and their sha256 (what campaign.json's digest
 * is taken of); `reads`: a read shared with other stages. `validated`: the digest of bytes this
 * process has already validated (compare's threads are given the main thread's): the same bytes
 * are only parsed, not checked again. `outcome`: what a refusal says was not done (the command's own words).
 */
export function readRunnableEvalsBytes(path: string, shown: string, cwd: string, reads?: SharedReads, validated?: string, outcome = 'nothing ran'): { evals: EvalsFile; bytes: Buffer; sha256: string } {
  const read = reads ? reads.read(path, 'the evals file', { named: true }) : readRegularFile(path, 'the evals file', { named: true });
  if (!read.ok) throw new UsageError(`Cannot read evals file ${JSON.stringify(shown)}: ${read.message}`);
  const digest = sha256(read.bytes);
  const loaded = loadArtifact(read.bytes);
  if (loaded.ok && digest === validated) return { evals: loaded.value as EvalsFile, bytes: read.bytes, sha256: digest };
  const result = checkDocument('evals', { filePath: shown, loaded });
  if (result.errorCount > 0 || !loaded.ok) throw new EvalsRejectedError(result, cwd, outcome);
  // The checker found no error, so the value is one JSON object of the evals schema's shape.
  return { evals: loaded.value as EvalsFile, bytes: read.bytes, sha256: digest };
}

/** The error findings in check's default (stylish) format, without colour. */
function renderFindings(result: FileResult, cwd: string): string {
  const errors = result.messages.filter((m) => m.severity === 2);
  const report: CheckReport = { results: [{ ...result, messages: errors, warningCount: 0 }], errorCount: errors.length, warningCount: 0 };
  const ruleMeta = Object.fromEntries(Object.entries(rules).map(([id, rule]) => [id, rule.meta]));
  return formatters.stylish(report, { color: false, cwd, rules: ruleMeta, toolVersion }).replace(/^\n/, '').trimEnd();
}
