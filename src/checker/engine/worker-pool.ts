// Parallel checking: files join one queue as discovery finds them; helper threads take batches
// from it while the main thread is still walking folders, and the main thread joins in once the
// walk is done. Workers stream their (small) outcomes back; file contents never cross threads,
// and clean files come back as their index in the batch.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../../process/worker-thread.js';
import { UsageError } from '../../errors.js';
import type { DiscoveredArtifact } from './discover.js';
import type { FileChecker } from './check-file.js';
import type { CheckedFiles } from './checked-files.js';
import type { HelperMessage, HelperReply, WorkerInit } from './thread-messages.js';
import { toFileResult } from '../result.js';

/** Threads that check files, the main one included: a count, `auto` (by file count and cores) or `off` (= 1). */
export type Concurrency = number | 'auto' | 'off';

/**
 * Helpers start once discovery has found this many files (with `auto`): a helper's start and
 * warm-up, and the idle core V8 loses to it, cost more than it saves on fewer files (see
 * docs/performance.md). The one-file pre-commit run never pays for one.
 */
export const MIN_FILES_FOR_WORKERS = 3000;
/**
 * With `auto`, one helper boots once discovery has found this many files, ahead of the
 * threshold above, so it is warm when work arrives; booting costs the main thread time, so
 * only walks already large enough to hide that do it.
 */
export const HELPER_BOOT_FILES = 1500;
/** Files per batch: enough to amortise a message round trip, few enough to balance uneven sizes. */
const BATCH_SIZE = 16;
/** Batches each helper holds at once, so it never idles while the main thread is busy elsewhere. */
const BATCHES_AHEAD = 4;
/** How long the main thread may walk folders before it lets helpers' messages in (ms). */
const WALK_SLICE_MS = 4;
/**
 * Files the walk may have queued ahead of checking. A walk finds files much faster than a thread
 * checks them, so on a huge folder the queue would otherwise hold nearly every path found (and
 * queued paths outlive young-generation collections); beyond this the main thread checks batches
 * itself between folders. Above MIN_FILES_FOR_WORKERS, so helpers get work first.
 */
export const MAX_QUEUED_DURING_WALK = 4096;
/** A worker's young generation, in MB: capped below what V8 grows it to under JSON.parse, for a lower peak RSS per thread. */
const WORKER_YOUNG_GENERATION_MB = 8;

/** The number of threads to check `files` files with (1: the main thread alone). */
export function chooseThreadCount(concurrency: Concurrency = 'auto', files: number): number {
  if (concurrency === 'off' || files <= 1) return 1;
  if (concurrency === 'auto') {
    // Beyond eight threads the main thread's share of merging results becomes the limit.
    return files < MIN_FILES_FOR_WORKERS ? 1 : Math.max(1, Math.min(availableParallelism(), 8));
  }
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`concurrency must be a positive whole number, "auto" or "off"; got ${JSON.stringify(concurrency)}.`);
  // A count above the cores is clamped to them: more threads only cost memory (each loads the checker again).
  return Math.min(concurrency, files, availableParallelism());
}

/** One helper thread and the batches it has not answered yet, by id. */
interface Helper {
  worker: HelperThread;
  outstanding: Map<number, DiscoveredArtifact[]>;
}

/** What the pool uses of a worker thread (tests stand in for one). */
export type HelperThread = Pick<Worker, 'postMessage' | 'on' | 'removeAllListeners' | 'terminate'>;

/** Starts one helper thread running check-worker with `init` (the .js file beside this module's chunk, or the .ts from sources). */
async function startWorkerThread(init: WorkerInit): Promise<HelperThread> {
  const entry = { bundled: new URL('./check-worker.js', import.meta.url), source: new URL('./check-worker.ts', import.meta.url), fromSources: import.meta.url.endsWith('.ts') };
  return startThread(entry, init, { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB });
}

/**
 * The queue of discovered files and the helper threads that check them. Use: `add` each chunk
 * discovery yields (helpers are started as the count grows), then `finish` once discovery is
 * done, then `stop` (always, also on error). Every outcome, from any thread, goes to `checked`.
 * The main thread checks with `checker`: once the walk ends, and during it whenever the queue
 * runs too far ahead (MAX_QUEUED_DURING_WALK).
 */
export class CheckPool {
  private readonly queue: DiscoveredArtifact[] = [];
  private head = 0;
  private readonly helpers: Helper[] = [];
  /** Every evals.json discovered so far, for helpers started later. */
  private readonly evalsFiles: string[] = [];
  private discoveryDone = false;
  /** Whether enough files were found for helpers to be given work (helpers may boot before that). */
  private inUse = false;
  private failure?: { error: unknown };
  private wake?: () => void;
  /** When the walk last let messages in; 0 ends the first slice at once (and reading the clock here would load perf_hooks into every one-file run). */
  private lastYield = 0;
  private nextBatchId = 0;

  constructor(
    private readonly init: WorkerInit,
    private readonly checker: Pick<FileChecker, 'checkDiscovered'>,
    private readonly checked: Pick<CheckedFiles, 'add'>,
    private readonly startThread: (init: WorkerInit) => Promise<HelperThread> = startWorkerThread,
  ) {}

  /**
   * Queues discovered files, announcing the evals.json files among them to every helper first
   * (messages to a thread arrive in order, so a helper knows them before it checks a file
   * below them), and grows the pool to `helpersWanted` threads.
   */
  async add(files: readonly DiscoveredArtifact[], evalsFiles: readonly string[], helpersWanted: number): Promise<void> {
    if (evalsFiles.length > 0) for (const helper of this.helpers) helper.worker.postMessage({ knownEvalsFiles: evalsFiles } satisfies HelperMessage);
    this.evalsFiles.push(...evalsFiles);
    for (const file of files) this.queue.push(file);
    if (helpersWanted > 0) {
      this.inUse = true;
      if (this.helpers.length < helpersWanted) await this.startHelpers(helpersWanted - this.helpers.length);
      this.feedAll();
    }
    while (this.queue.length - this.head > MAX_QUEUED_DURING_WALK && !this.failure) await this.checkBatchHere();
    // The walk is synchronous; every few ms it lets helpers' messages in (their outcomes, and
    // with them their requests for more), so helpers are kept busy while the main thread walks.
    if (this.helpers.length > 0 && performance.now() - this.lastYield > WALK_SLICE_MS) await this.yieldToEventLoop();
    if (this.failure) throw this.failure.error;
  }

  /**
   * Checks what is left after discovery: the main thread takes batches too, handing each
   * outcome on as it comes. Rejects if a helper failed.
   */
  async finish(): Promise<void> {
    this.discoveryDone = true;
    if (!this.inUse) this.stop(); // booted early for a folder that turned out small: not worth it
    this.feedAll();
    while (!this.failure && (await this.checkBatchHere()));
    while (this.helpers.some((h) => h.outstanding.size > 0) && !this.failure) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure.error;
  }

  /**
   * Boots `count` helpers ahead of need, while discovery has only begun: a helper is slow to
   * start, on a core that is idle during the walk anyway. They get work only once `add` asks
   * for helpers; otherwise `finish` stops them unused.
   */
  async prestart(count: number): Promise<void> {
    if (count > this.helpers.length) await this.startHelpers(count - this.helpers.length);
  }

  /** Ends every helper thread (harmless if none was started or they are done). */
  stop(): void {
    for (const { worker } of this.helpers) {
      worker.removeAllListeners();
      void worker.terminate();
    }
    this.helpers.length = 0;
  }

  /** Checks the next batch on the main thread; false when there was none. */
  private async checkBatchHere(): Promise<boolean> {
    const batch = this.takeBatch();
    if (!batch) return false;
    for (const file of batch) this.checked.add(this.checker.checkDiscovered(file));
    // Lets helpers' outcomes and requests for more in between batches.
    if (this.helpers.length > 0) await this.yieldToEventLoop();
    return true;
  }

  /** The next batch, or none: while discovery goes on only full batches leave the queue. */
  private takeBatch(): DiscoveredArtifact[] | undefined {
    const available = this.queue.length - this.head;
    if (available === 0 || (!this.discoveryDone && available < BATCH_SIZE)) return undefined;
    const batch = this.queue.slice(this.head, this.head + BATCH_SIZE);
    this.head += batch.length;
    // Let go of checked entries now and then, so a long run does not keep them all.
    if (this.head >= 4096) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    return batch;
  }

  private feedAll(): void {
    for (const helper of this.helpers) this.feed(helper);
  }

  private feed(helper: Helper): void {
    while (helper.outstanding.size < BATCHES_AHEAD && !this.failure) {
      const batch = this.takeBatch();
      if (!batch) return;
      const id = this.nextBatchId++;
      helper.outstanding.set(id, batch);
      helper.worker.postMessage({ id, batch } satisfies HelperMessage);
    }
  }

  private yieldToEventLoop(): Promise<void> {
    this.lastYield = performance.now();
    return new Promise<void>((resolve) => setImmediate(resolve));
  }

  private async startHelpers(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const helper: Helper = { worker: await this.startThread(this.init), outstanding: new Map() };
      const fail = (error: unknown) => {
        this.failure ??= { error };
        this.wake?.();
      };
      helper.worker.on('message', ({ id, outcomes, clean }: HelperReply) => {
        const batch = helper.outstanding.get(id)!;
        helper.outstanding.delete(id);
        for (const outcome of outcomes) this.checked.add(outcome);
        for (const index of clean) this.checked.add({ result: toFileResult(batch[index]!.filePath, []) });
        this.feed(helper);
        if (helper.outstanding.size === 0) this.wake?.();
      });
      helper.worker.on('error', fail);
      helper.worker.on('exit', (code) => fail(new Error(`A checker thread stopped (exit code ${code}) before finishing its files.`)));
      helper.worker.postMessage({ knownEvalsFiles: this.evalsFiles } satisfies HelperMessage);
      this.helpers.push(helper);
    }
  }
}
