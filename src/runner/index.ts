// The runner's entry: check the inputs of `eval-magic run`, then run one eval or every eval with turns.
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { loadEvalsFile } from '../evals/load-evals.js';
import type { EvalCase } from '../evals/types.js';
import { assertArtifactWritable } from './artifact-writer.js';
import { loadHarness } from './harness-descriptor.js';
import type { RunReporter, RunResult } from './progress.js';
import { runEval, type RunEvalOptions } from './run-eval.js';

/** Options of {@link runEvals}, as `eval-magic run` takes them. Relative paths resolve from `baseDir`. */
export interface RunEvalsOptions {
  /** Path of evals.json. */
  evals: string;
  /** One eval's id; without it every eval that has `turns` runs, each into `<out>/<eval-id>/`. */
  evalId?: string;
  /** A built-in harness name or a descriptor file. */
  harness: string;
  /** The task folder (the agent's cwd). */
  cwd: string;
  /** The artifact folder. */
  out: string;
  model?: string;
  overwrite?: boolean;
  roundTimeoutSeconds?: number;
  killGraceMs?: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  reporter?: RunReporter;
  /** Largest events file a round may leave before the run aborts (default 256 MiB). */
  maxEventsBytes?: number;
  /** Folder that relative paths are resolved from (default: process.cwd()). */
  baseDir?: string;
}

/**
 * Checks everything before any agent starts — evals.json, the eval id, the harness, the task
 * folder, the timeout, and that no conversation.json would be overwritten without `overwrite` —
 * then runs the selected evals one after another (stopping early only when interrupted).
 * @throws {UsageError} for every problem found before the run (exit 2: nothing ran).
 */
export async function runEvals(options: RunEvalsOptions): Promise<RunResult[]> {
  const base = options.baseDir ?? process.cwd();
  const evalsPath = resolve(base, options.evals);
  const loaded = await loadEvalsFile(evalsPath);
  if (!loaded.file) {
    const lines = loaded.problems.map((p) => `${evalsPath}:${p.line}:${p.column}: ${p.message}`);
    throw new UsageError(`invalid evals file:\n${lines.join('\n')}`);
  }
  const harness = loadHarness(options.harness, base);
  const cwd = resolve(base, options.cwd);
  if (!isDirectory(cwd)) throw new UsageError(`--cwd ${JSON.stringify(options.cwd)} is not a folder`);
  if (options.model !== undefined && harness.model_args.length === 0) {
    throw new UsageError(`--model was given but harness ${harness.name} has no model_args`);
  }
  const timeout = options.roundTimeoutSeconds;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) {
    throw new UsageError(`--round-timeout must be a positive number of seconds, got ${JSON.stringify(timeout)}`);
  }
  const maxEvents = options.maxEventsBytes;
  if (maxEvents !== undefined && !(Number.isInteger(maxEvents) && maxEvents > 0)) {
    throw new UsageError(`--max-events-mb must be a positive size, got ${JSON.stringify(maxEvents)} bytes`);
  }
  const out = resolve(base, options.out);
  const jobs = selectEvals(loaded.file.evals, options.evalId, evalsPath).map((evalCase) => ({
    evalCase,
    outDir: options.evalId === undefined ? join(out, evalCase.id) : out,
  }));
  for (const job of jobs) assertArtifactWritable(job.outDir, options.overwrite ?? false);
  for (const { evalCase } of jobs) assertPassableAsArguments(evalCase, evalsPath);

  const results: RunResult[] = [];
  for (const job of jobs) {
    const runOptions: RunEvalOptions = {
      evalCase: job.evalCase,
      harness,
      cwd,
      outDir: job.outDir,
      ...(options.model !== undefined ? { model: options.model } : {}),
      ...(timeout !== undefined ? { roundTimeoutMs: timeout * 1000 } : {}),
      ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.maxEventsBytes !== undefined ? { maxEventsBytes: options.maxEventsBytes } : {}),
      ...(options.reporter ? { reporter: options.reporter } : {}),
    };
    const result = await runEval(runOptions);
    results.push(result);
    if (result.status === 'aborted' && result.reason === 'interrupted') break;
  }
  return results;
}

/** The evals to run: the one named (it must have turns), or every eval with turns. */
function selectEvals(evals: EvalCase[], evalId: string | undefined, evalsPath: string): EvalCase[] {
  if (evalId !== undefined) {
    const found = evals.find((e) => e.id === evalId);
    if (!found) {
      throw new UsageError(`${evalsPath}: no eval has id ${JSON.stringify(evalId)} (ids: ${evals.map((e) => JSON.stringify(e.id)).join(', ')})`);
    }
    if (!found.turns?.length) {
      throw new UsageError(`${evalsPath}: eval ${JSON.stringify(evalId)} has no turns; run drives scripted multi-turn evals`);
    }
    return [found];
  }
  const withTurns = evals.filter((e) => (e.turns?.length ?? 0) > 0);
  if (withTurns.length === 0) throw new UsageError(`${evalsPath}: no eval has turns; nothing to run`);
  for (const e of withTurns) {
    // The id becomes a folder name under --out: it must not climb out of it.
    if (e.id === '.' || e.id === '..' || /[/\\\0]/.test(e.id) || e.id === '') {
      throw new UsageError(`${evalsPath}: eval id ${JSON.stringify(e.id)} cannot be used as a folder name under --out; run it alone with --eval`);
    }
  }
  return withTurns;
}

/**
 * Every text an eval sends becomes one argv element, and the OS cannot pass a NUL byte in one:
 * refuse before anything runs rather than abort at that round with the earlier rounds spent.
 */
function assertPassableAsArguments(evalCase: EvalCase, evalsPath: string): void {
  const texts = [['prompt', evalCase.prompt], ...(evalCase.turns ?? []).map((t, i) => [`turns[${i}].prompt`, t.prompt])];
  for (const [where, text] of texts) {
    if (text!.includes('\u0000')) {
      throw new UsageError(`${evalsPath}: eval ${JSON.stringify(evalCase.id)} ${where} contains a NUL character (\\u0000), which cannot be passed to the agent as a command-line argument`);
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export { runEval } from './run-eval.js';
export { loadHarness, parseHarnessDescriptor, builtInHarnessNames } from './harness-descriptor.js';
export { expandArgv } from './argv-template.js';
export type { RunResult } from './progress.js';
