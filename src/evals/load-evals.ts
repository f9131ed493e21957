// Reads and validates evals.json for the runner: positioned problems, or the typed document.
import { promises as fs } from 'node:fs'; // fs.promises: loaded on first use, not at every start
import { loadArtifact } from '../checker/load.js';
import type { EvalsFile } from './types.js';
import { positionFindings, type EvalsCheck, type EvalsFinding, type EvalsProblem } from './evals-problem.js';
import { checkDocumentShape, checkEvalFields, checkUniqueEvalIds } from './evals-checks.js';
import { checkScriptedTurns } from './turns-checks.js';
import { findDuplicateKeys } from '../checker/duplicate-keys.js';

export type { EvalsProblem } from './evals-problem.js';

/**
 * What the runner validates: the outer shape, `id`, `prompt`, and `turns` (spec §4). Other
 * fields (`files`, `assertions`, …) pass through unchecked here; `eval-magic check` validates
 * the whole file against the evals schema (src/checker/evals-schema.ts).
 */
const runnerEvalsChecks: readonly EvalsCheck[] = [
  checkDocumentShape,
  checkEvalFields,
  checkUniqueEvalIds,
  checkScriptedTurns,
];

/** The outcome of reading an evals.json: the document only when there are no problems. */
export interface EvalsLoadResult {
  file?: EvalsFile;
  problems: EvalsProblem[];
}

/** Options of {@link parseEvalsText} and {@link loadEvalsFile}. */
export interface EvalsLoadOptions {
  /** The checks to run; default {@link runnerEvalsChecks}. */
  checks?: readonly EvalsCheck[];
}

/**
 * Parses and validates evals.json text. Pure; never throws on bad input. Positions are
 * relative to `text` (after a leading BOM, which is itself reported as a problem).
 */
export function parseEvalsText(text: string, options: EvalsLoadOptions = {}): EvalsLoadResult {
  return validateBytesOrText(text, options.checks ?? runnerEvalsChecks);
}

/**
 * Reads `path` and validates it. A file that cannot be read is one problem at 1:1 whose
 * message names the path and the OS reason.
 */
export async function loadEvalsFile(path: string, options: EvalsLoadOptions = {}): Promise<EvalsLoadResult> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    const message = `Cannot read evals file ${JSON.stringify(path)}: ${reason}.`;
    return { problems: [{ code: 'read', message, pointer: '', line: 1, column: 1, endLine: 1, endColumn: 1 }] };
  }
  return validateBytesOrText(bytes, options.checks ?? runnerEvalsChecks);
}

function validateBytesOrText(input: Uint8Array | string, checks: readonly EvalsCheck[]): EvalsLoadResult {
  const loaded = loadArtifact(input);
  const findings: EvalsFinding[] = loaded.findings.map((f) => ({
    code: `parse-${f.messageId}`,
    message: f.message,
    pointer: f.pointer,
    ...(f.span ? { span: f.span } : {}),
  }));
  if (!loaded.ok) return { problems: positionFindings(loaded.text, findings) };
  for (const { key, pointer, span } of findDuplicateKeys(loaded.text, loaded.value)) {
    const where = pointer.slice(0, pointer.lastIndexOf('/'));
    findings.push({ code: 'duplicate-key', message: `Duplicate key ${JSON.stringify(key)} in ${where === '' ? 'the top-level object' : where}; only the last one would count.`, pointer, span });
  }
  const ctx = { doc: loaded.value, report: (finding: EvalsFinding) => void findings.push(finding) };
  for (const check of checks) check(ctx);
  const problems = positionFindings(loaded.text, findings);
  return problems.length === 0 ? { file: loaded.value as EvalsFile, problems } : { problems };
}
