// The runner's entry: check the inputs of `eval-magic run`, then run one eval or every eval.
import { lstatSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { assertKnownOptions } from '../suggest.js';
import { pointerPlaces, shownPath } from '../internal.js';
import { readRunnableEvalsBytes } from './evals-input.js';
import type { EvalCase } from '../evals/types.js';
import { describeExecutableNotFound, findExecutable } from '../process/find-executable.js';
import { assertArtifactWritable, foldersWrittenIn } from './artifact-writer.js';
import { findUndeliverableEnvironment, findUndeliverableTexts } from './deliverable-input.js';
import { loadHarness, type HarnessDescriptor } from './harness-descriptor.js';
import { makeFolder, whyNotMakeable, whyNotWritable } from '../fs/folders.js';
import { checkOutPlacement } from './out-placement.js';
import { lockOutFolder } from './out-lock.js';
import { UnsafeOutputError } from '../fs/safe-write.js';
import { ensureRealFolders } from '../fs/folders.js';
import type { RunReporter, RunResult } from './progress.js';
import { runEval, type RunEvalOptions } from './run-eval.js';
import { checkRunLimits } from './run-limits.js';

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
  /** Most events a round's stream may hold (default 100,000); see {@link RoundContext.maxEvents}. */
  maxEvents?: number;
  /**
   * Allow --out inside the task folder (default: refused, since the agent works there and can
   * rearrange the folders above --out). --out equal to the task folder is refused regardless.
   */
  allowOutInsideCwd?: boolean;
  /** Folder that relative paths (and relative PATH entries) are resolved from (default: process.cwd()). */
  baseDir?: string;
}

/** Every option of {@link runEvals} (tsc holds the list to the interface): any other key is a typo that would leave a default in force. */
const RUN_OPTIONS: readonly string[] = Object.keys({
  evals: true, evalId: true, harness: true, cwd: true, out: true, model: true, overwrite: true, roundTimeoutSeconds: true, killGraceMs: true, signal: true, killSignal: true,
  env: true, reporter: true, maxEventsBytes: true, maxEvents: true, allowOutInsideCwd: true, baseDir: true,
} satisfies Record<keyof RunEvalsOptions, true>);

/**
 * Checks everything before any agent starts — evals.json, the eval id, the harness, the task
 * folder, the limits, that every text can be delivered, that --out can be made and is not in use
 * by another run, that each eval's folder in it can be made or written in, and that no
 * conversation.json would be overwritten without `overwrite` — then
 * runs the selected evals one after another (stopping early only when interrupted), holding the
 * lock on --out throughout.
 * @throws {UsageError} for every problem found before the run (exit 2: nothing ran).
 */
export async function runEvals(options: RunEvalsOptions): Promise<RunResult[]> {
  assertKnownOptions(options, RUN_OPTIONS, 'runEvals()');
  const base = options.baseDir ?? process.cwd();
  const evalsPath = resolve(base, options.evals);
  const evalsShown = shownPath(base, evalsPath);
  const { evals: evalsFile, bytes: evalsBytes } = readRunnableEvalsBytes(evalsPath, evalsShown, base);
  const harness = loadHarness(options.harness, base);
  const cwd = resolve(base, options.cwd);
  if (!isDirectory(cwd)) throw new UsageError(`--cwd ${JSON.stringify(options.cwd)} is not a folder`);
  checkRunLimits(options);
  const timeout = options.roundTimeoutSeconds;
  const env = options.env ?? process.env;
  const outGiven = resolve(base, options.out);
  const selected = selectEvals(evalsFile.evals, options.evalId, evalsShown);
  checkOutPlacement(outGiven, cwd, options.out, options.allowOutInsideCwd ?? false);
  const placeInEval = evalsPlaces(evalsFile.evals, evalsBytes).inEval;
  const program = checkAgentStart({ harness, evals: selected, env, baseDir: base, cwd, outDir: outGiven, evalsPath: evalsShown, placeInEval, ...(options.model !== undefined ? { model: options.model } : {}) });

  const out = makeFolder(outGiven, '--out');
  const lock = lockOutFolder(out);
  try {
    const jobs = selected.map((evalCase) => ({ evalCase, outDir: options.evalId === undefined ? join(out, evalCase.id) : out }));
    // Every eval's folder is checked before any agent starts: one the file system refuses would
    // otherwise end its eval only after the evals before it ran. The folders already there must be
    // real folders the run can write in; the others are made by their eval's first round (a probe
    // here removes what it makes), so neither a refusal nor an interrupt leaves an empty folder behind.
    const refuse = (what: string) => new UsageError(`--out ${JSON.stringify(options.out)}: ${what} (nothing was run)`);
    for (const job of jobs) {
      const id = JSON.stringify(job.evalCase.id);
      if (!entryAt(job.outDir)) {
        const why = whyNotMakeable(job.outDir);
        if (why !== undefined) throw refuse(`the folder of eval ${id} cannot be made: cannot create ${job.outDir}: ${why}`);
        continue;
      }
      try {
        ensureRealFolders(out, job.outDir);
        assertArtifactWritable(job.outDir, options.overwrite ?? false);
        for (const folder of foldersWrittenIn(job.outDir)) {
          const why = whyNotWritable(folder);
          if (why !== undefined) throw refuse(`eval ${id} cannot write in ${folder}: ${why}`);
        }
      } catch (error) {
        if (error instanceof UsageError) throw error;
        if (error instanceof UnsafeOutputError) throw new UsageError(`${error.message} (nothing was run)`);
        // A folder that cannot be made or read (ENOSPC, EACCES).
        throw new UsageError(`cannot prepare ${job.outDir}: ${(error as Error).message} (nothing was run)`);
      }
    }
    const results: RunResult[] = [];
    for (const job of jobs) {
      const runOptions: RunEvalOptions = {
        evalCase: job.evalCase,
        harness,
        program,
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
        ...(options.maxEvents !== undefined ? { maxEvents: options.maxEvents } : {}),
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

/** Where and with what the agent of a run would start (see {@link checkAgentStart}). */
export interface AgentStart {
  harness: HarnessDescriptor;
  evals: readonly EvalCase[];
  env: NodeJS.ProcessEnv;
  /** The user's folder: relative PATH entries resolve from it (never from the task folder). */
  baseDir: string;
  /** The task folder and the artifact folder, as long as the longest a run will have. */
  cwd: string;
  outDir: string;
  /** evals.json as shown to the user, and "line:column" in it of a pointer below one of its evals. */
  evalsPath: string;
  placeInEval?: (evalCase: EvalCase, pointer: string) => string;
  model?: string;
  /** How a refusal names the model option (default `--model`; a library caller's own name for it). */
  modelNamed?: string;
}

/**
 * "line:column" in evals.json (`bytes`, whose parsed `evals` these are) of a pointer (`at`), or of
 * one below an eval (`inEval`: `/prompt`, `/files/1`): where a refusal that only a run can make
 * (a text no agent can receive, a fixture that is missing) is placed.
 */
export function evalsPlaces(evals: readonly EvalCase[], bytes: Buffer): { at: (pointer: string) => string; inEval: (evalCase: EvalCase, pointer: string) => string } {
  const at = pointerPlaces(bytes.toString('utf8'));
  return { at, inEval: (evalCase, pointer) => at(`/evals/${evals.indexOf(evalCase)}${pointer}`) };
}

/**
 * What every run checks before anything is made, for `run` and `campaign` alike: a model only
 * for a harness that takes one, the executable found once from the user's PATH and folder
 * (never the task's, where a program of the same name could be planted), an environment and
 * texts that can reach the agent as written. Returns the program to start.
 * @throws {UsageError} naming the problem (nothing was run).
 */
export function checkAgentStart(start: AgentStart): string {
  const { harness, env } = start;
  if (start.model !== undefined && harness.model_args.length === 0) {
    throw new UsageError(`${start.modelNamed ?? '--model'} was given but harness ${harness.name} has no model_args`);
  }
  const program = findExecutable(harness.executable, env.PATH ?? '', start.baseDir);
  if (program === undefined) throw new UsageError(`harness ${harness.name}: ${describeExecutableNotFound(harness.executable, env.PATH ?? '')} (nothing was run)`);
  const environmentProblems = findUndeliverableEnvironment(env, harness.env);
  if (environmentProblems.length > 0) throw new UsageError(`harness ${harness.name}: ${environmentProblems.join('; ')} (nothing was run)`);
  const undeliverable = start.evals.flatMap((evalCase) =>
    findUndeliverableTexts(evalCase, { harness, program, cwd: start.cwd, env: { ...env, ...harness.env }, outDir: start.outDir, ...(start.model !== undefined ? { model: start.model } : {}) })
      .map((p) => `${start.evalsPath}${start.placeInEval ? `:${start.placeInEval(evalCase, p.pointer)}` : ''}: ${p.message}`),
  );
  // One line, as the CLI prints errors: each text's place and reason, then what did not happen.
  if (undeliverable.length > 0) throw new UsageError(`${undeliverable.join('; ')} (nothing was run)`);
  return program;
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

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export { runEval } from './run-eval.js';
export { loadHarness, parseHarnessDescriptor, builtInHarnessNames, type HarnessDescriptor } from './harness-descriptor.js';
export { streamParsers } from '../workspace/streams/index.js';
export { expandArgv } from './argv-template.js';
export { LOCK_FILE } from './out-lock.js';
export { DEFAULT_ROUND_TIMEOUT_MS } from './run-round.js';
export type { RunResult } from './progress.js';

/** Whether anything (a dangling link included) is at `path`. */
function entryAt(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
