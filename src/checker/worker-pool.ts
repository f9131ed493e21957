// Parallel checking: the main thread and worker threads take batches of discovered files from
// one queue; workers stream their (small) outcomes back. File contents never cross threads.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { UsageError } from '../errors.js';
import type { DiscoveredArtifact } from './discover.js';
import type { CheckFileOptions, FileOutcome } from './check-file.js';

/** Threads that check files, the main one included: a count, `auto` (by file count and cores) or `off` (= 1). */
export type Concurrency = number | 'auto' | 'off';

/** What each worker is started with: options that survive structured cloning. */
export interface WorkerInit {
  options: CheckFileOptions & { cwd: string; evals?: string };
}

/**
 * Below this many files `auto` stays on the main thread alone. Measured on 2 cores (`npm run
 * bench`): a second thread costs ~90 ms to start and, with both cores busy, V8 loses the idle
 * core it uses for garbage collection and compiling, so each file costs ~30 % more; the two
 * break even near 3,000 typical artifacts (1,000: 386 ms alone vs 409 ms with a helper;
 * 3,000: 806 vs 802; 10,000: 2.0 s vs 1.7 s). Fewer files would only get slower — and the
 * one-file pre-commit run never pays for a thread.
 */
export const MIN_FILES_FOR_WORKERS = 4000;
/** Files per batch: enough to amortise a message round trip, few enough to balance uneven sizes. */
const BATCH_SIZE = 16;
/**
 * A worker's young generation, in MB. V8 grows it up to 16 MB × 3 under JSON.parse's allocation
 * rate; capped, the scavenger runs a little more often and each thread's peak RSS drops by ~10 MB.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/** The number of threads to check `files` files with (1: the main thread alone). */
export function chooseThreadCount(concurrency: Concurrency = 'auto', files: number): number {
  if (concurrency === 'off' || files <= 1) return 1;
  if (concurrency === 'auto') {
    // Beyond eight threads the main thread's share of merging results becomes the limit.
    return files < MIN_FILES_FOR_WORKERS ? 1 : Math.max(1, Math.min(availableParallelism(), 8));
  }
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`concurrency must be a positive whole number, "auto" or "off"; got ${JSON.stringify(concurrency)}.`);
  return Math.min(concurrency, files);
}

/** The helper threads of one run. */
export interface HelperThreads {
  workers: Worker[];
  /** Ends every thread (harmless if they were never used). */
  stop(): void;
}

/** Starts `count` checker threads; each takes ~40–90 ms to load our bundle before it checks. */
export async function startHelperThreads(count: number, init: WorkerInit): Promise<HelperThreads> {
  // Loaded here, not at start-up: a run small enough for one thread never needs it.
  const { Worker: WorkerThread } = await import('node:worker_threads');
  const workers = Array.from({ length: count }, () => startWorker(WorkerThread, init));
  return {
    workers,
    stop: () => {
      for (const worker of workers) {
        worker.removeAllListeners();
        void worker.terminate();
      }
    },
  };
}

/**
 * Checks `artifacts` on the main thread (`checkHere`, which must not hold the thread for long)
 * and the helper threads, handing each outcome to `onOutcome` as it arrives. The main thread
 * checks too rather than only coordinating: on two cores that is the second core's work
 * without a second isolate's memory. Each helper keeps two batches queued so it never idles
 * while the main thread is busy. `knownEvalsFiles` (what discovery saw) goes first, ahead of
 * any batch. Rejects if a helper fails; stops the helpers when done.
 */
export async function checkInParallel(
  artifacts: readonly DiscoveredArtifact[],
  helpers: HelperThreads,
  knownEvalsFiles: readonly string[],
  checkHere: (file: DiscoveredArtifact) => Promise<FileOutcome>,
  onOutcome: (outcome: FileOutcome) => void,
): Promise<void> {
  const batches: DiscoveredArtifact[][] = [];
  for (let i = 0; i < artifacts.length; i += BATCH_SIZE) batches.push(artifacts.slice(i, i + BATCH_SIZE));
  let next = 0;
  let pending = 0;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  for (const worker of helpers.workers) {
    const feed = () => {
      if (next < batches.length && !failure) {
        pending++;
        worker.postMessage({ batch: batches[next++]! } satisfies HelperMessage);
      }
    };
    const fail = (error: unknown) => {
      failure ??= { error };
      wake?.();
    };
    worker.on('message', (outcomes: FileOutcome[]) => {
      for (const outcome of outcomes) onOutcome(outcome);
      pending--;
      feed();
      if (pending === 0) wake?.();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A checker thread stopped (exit code ${code}) before finishing its files.`)));
    worker.postMessage({ knownEvalsFiles } satisfies HelperMessage);
    feed();
    feed();
  }
  try {
    while (next < batches.length && !failure) {
      for (const file of batches[next++]!) onOutcome(await checkHere(file));
      // Let worker messages in: their outcomes, and their requests for the next batch.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    while (pending > 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
    if (failure) throw failure.error;
  } finally {
    helpers.stop();
  }
}

/** What the pool tells a helper: the evals.json files discovery saw, or a batch to check. */
export type HelperMessage = { knownEvalsFiles: readonly string[] } | { batch: DiscoveredArtifact[] };

/**
 * Starts a checker thread. Bundled, this module lives in a chunk beside dist/check-worker.js.
 * From sources (tests under tsx) the entry is check-worker.ts, and Node 20 does not carry tsx's
 * loader hooks into workers, so a two-line bootstrap registers them first.
 */
function startWorker(WorkerThread: typeof Worker, init: WorkerInit): Worker {
  const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB };
  if (!import.meta.url.endsWith('.ts')) return new WorkerThread(new URL('./check-worker.js', import.meta.url), { workerData: init, resourceLimits });
  const entry = new URL('./check-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new WorkerThread(bootstrap, { eval: true, workerData: init, resourceLimits });
}
