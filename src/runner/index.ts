// The runner's entry: check the inputs of `eval-magic run`, then run one eval or every eval.
import { statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { readRunnableEvals } from './evals-input.js';
import type { EvalCase } from '../evals/types.js';
import { findExecutable } from './agent-process.js';
import { assertArtifactWritable } from './artifact-writer.js';
import { findUndeliverableTexts } from './deliverable-input.js';
import { loadHarness } from './harness-descriptor.js';
import { makeFolder } from './out-folder.js';
import { lockOutFolder } from './out-lock.js';
import { ensureRealFolders, UnsafeOutputError } from './output-files.js';
import type { RunReporter, RunResult } from './progress.js';
import { runEval, type RunEvalOptions } from './run-eval.js';

/** Options of {@link runEvals}, as `eval-magic run` takes them. Relative paths resolve from `baseDir`. */
export interface RunEvalsOptions {
  /** Path of evals.json. */
  evals: string;
  /** One eval's id; without it every eval runs, each into `<out>/<eval-id>/`. */
  evalId?: string;
  /** A built-in harness name or a descriptor file. */
  harness: string;
  /** The task folder (the agent's cwd). */
  cwd: string;
  /** The artifact folder; created if missing, and locked for the run. */
  out: string;
  model?: string;
  overwrite?: boolean;
  /** Seconds a round may take (default 1800); 0 for no limit. */
  roundTimeoutSeconds?: number;
  killGraceMs?: number;
  /** Abort to stop the running agent (SIGTERM, then SIGKILL after the grace); the run ends `interrupted`. */
  signal?: AbortSignal;
  /** Abort to SIGKILL the running agent's group at once (a repeated interrupt). */
  killSignal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  reporter?: RunReporter;
  /** Most bytes a round may write to its events file (and to its stderr log); default 256 MiB. */
  maxEventsBytes?: number;
  /** Folder that relative paths are resolved from (default: process.cwd()). */
  baseDir?: string;
}

/**
 * Checks everything before any agent starts — evals.json, the eval id, the harness, the task
 * folder, the limits, that every text can be delivered, that --out can be made and is not in use
 * by another run, and that no conversation.json would be overwritten without `overwrite` — then
 * runs the selected evals one after another (stopping early only when interrupted), holding the
 * lock on --out throughout.
 * @throws {UsageError} for every problem found before the run (exit 2: nothing ran).
 */
export async function runEvals(options: RunEvalsOptions): Promise<RunResult[]> {
  const base = options.baseDir ?? process.cwd();
  const evalsPath = resolve(base, options.evals);
  const evalsFile = readRunnableEvals(evalsPath, showPath(base, evalsPath), base);
  const harness = loadHarness(options.harness, base);
  const cwd = resolve(base, options.cwd);
  if (!isDirectory(cwd)) throw new UsageError(`--cwd ${JSON.stringify(options.cwd)} is not a folder`);
  if (options.model !== undefined && harness.model_args.length === 0) {
    throw new UsageError(`--model was given but harness ${harness.name} has no model_args`);
  }
  const timeout = options.roundTimeoutSeconds;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout >= 0)) {
    throw new UsageError(`--round-timeout must be a number of seconds (0 for no limit), got ${JSON.stringify(timeout)}`);
  }
  const maxEvents = options.maxEventsBytes;
  if (maxEvents !== undefined && !(Number.isInteger(maxEvents) && maxEvents > 0)) {
    throw new UsageError(`--max-events-mb must be a positive size, got ${JSON.stringify(maxEvents)} bytes`);
  }
  const env = options.env ?? process.env;
  const outGiven = resolve(base, options.out);
  const selected = selectEvals(evalsFile.evals, options.evalId, evalsPath);
  const program = findExecutable(harness.executable, env.PATH ?? '', cwd) ?? harness.executable;
  const undeliverable = selected.flatMap((evalCase) =>
    findUndeliverableTexts(evalCase, { harness, program, cwd, env: { ...env, ...harness.env }, outDir: outGiven, ...(options.model !== undefined ? { model: options.model } : {}) }),
  );
  if (undeliverable.length > 0) {
    // One line, as the CLI prints errors: each text's reason, then what did not happen.
    throw new UsageError(`${evalsPath}: ${undeliverable.join('; ')} (nothing was run)`);
  }

  const out = makeFolder(outGiven, '--out');
  const lock = lockOutFolder(out);
  try {
    const jobs = selected.map((evalCase) => ({ evalCase, outDir: options.evalId === undefined ? join(out, evalCase.id) : out }));
    for (const job of jobs) {
      try {
        ensureRealFolders(out, job.outDir);
      } catch (error) {
        if (error instanceof UnsafeOutputError) throw new UsageError(`${error.message} (nothing was run)`);
        throw error;
      }
      assertArtifactWritable(job.outDir, options.overwrite ?? false);
    }
    const results: RunResult[] = [];
    for (const job of jobs) {
      const runOptions: RunEvalOptions = {
        evalCase: job.evalCase,
        harness,
        cwd,
        outDir: job.outDir,
        outRoot: out,
        assertOutLocked: () => lock.assertHeld(),
        ...(options.model !== undefined ? { model: options.model } : {}),
        ...(timeout !== undefined ? { roundTimeoutMs: timeout * 1000 } : {}),
        ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.killSignal ? { killSignal: options.killSignal } : {}),
        ...(options.env ? { env: options.env } : {}),
        ...(options.maxEventsBytes !== undefined ? { maxEventsBytes: options.maxEventsBytes } : {}),
        ...(options.reporter ? { reporter: options.reporter } : {}),
      };
      const result = await runEval(runOptions);
      results.push(result);
      if (result.status === 'aborted' && result.reason === 'interrupted') break;
    }
    return results;
  } finally {
    lock.release();
  }
}

/**
 * The evals to run: the one named, or every eval. An eval without `turns` is a single-round
 * conversation: the prompt, the reply, `completed` with 0 follow-ups.
 */
function selectEvals(evals: EvalCase[], evalId: string | undefined, evalsPath: string): EvalCase[] {
  // Each id becomes a folder name under --out; the evals schema holds ids to kebab-case, so none can climb out.
  if (evalId === undefined) return evals;
  const found = evals.find((e) => e.id === evalId);
  if (!found) {
    throw new UsageError(`${evalsPath}: no eval has id ${JSON.stringify(evalId)} (ids: ${evals.map((e) => JSON.stringify(e.id)).join(', ')})`);
  }
  return [found];
}

/** A path as findings name it: relative to the base folder when inside it, else absolute. */
function showPath(base: string, path: string): string {
  const rel = relative(base, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export { runEval } from './run-eval.js';
export { loadHarness, parseHarnessDescriptor, builtInHarnessNames, type HarnessDescriptor } from './harness-descriptor.js';
export { streamParsers } from './parsers/index.js';
export { expandArgv } from './argv-template.js';
export { LOCK_FILE } from './out-lock.js';
export { DEFAULT_ROUND_TIMEOUT_MS } from './run-round.js';
export type { RunResult } from './progress.js';
