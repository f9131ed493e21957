// compare's threads: each checks a batch of runs' conversation.json files and grades the counted
// ones with the value it has just parsed (run-stage.ts), sending back only verdicts, metrics and
// findings. The main thread walks, hands out batches, and grades what must run there.
import type { Worker } from 'node:worker_threads';
import { UsageError } from '../errors.js';
import { startThread } from '../process/worker-thread.js';
import type { RunChecked } from './run-stage.js';
import type { GradingThreadData, GradingThreadInit, ThreadJob, ThreadReply, ThreadRequest } from './grading-messages.js';
import { AnnouncedTemp, announcedTempBuffer } from './announced-temp.js';

/** Runs per batch: enough to amortise a message round trip, few enough to balance uneven sizes. */
const BATCH_SIZE = 16;
/** Batches each thread holds at once, so it never idles while the main thread is busy elsewhere. */
const BATCHES_AHEAD = 4;
/** A thread's young generation, in MB: V8's default grows it to three times this for nothing measurable (docs/performance.md). */
const THREAD_YOUNG_GENERATION_MB = 16;
/** How long {@link GradingThreads.close} waits for a thread busy with its runs to stop itself before it is terminated (a batch takes milliseconds; one run of a huge conversation.json, seconds). */
const STOP_WAIT_MS = 10_000;

interface Thread<H> {
  worker: Worker;
  /** The handles of each batch not answered yet, by id. */
  outstanding: Map<number, H[]>;
  /** Whether it has ended (a thread that failed ends itself): nothing to wait for. */
  exited: boolean;
  /** The grading.json temp file it is writing, which it tells here: removed if it is terminated meanwhile. */
  writing: AnnouncedTemp;
}

/**
 * A pool of grading threads. `prepare` tells them what they check by, `add` queues jobs as the walk finds them, `finish` waits for every
 * answer (rejecting on the first failure), `stop` ends the threads (always, also on error).
 */
export class GradingThreads<H> {
  private queue: Array<{ job: ThreadJob; handle: H }> = [];
  private head = 0;
  private walkDone = false;
  private readonly threads: Array<Thread<H>> = [];
  private nextId = 0;
  private failure?: { error: unknown };
  private wake?: () => void;
  private prepared = false;

  private onChecked: (handle: H, checked: RunChecked) => void = () => {};
  /** The flag each thread looks at before each run and each write (grading-messages.ts GradingThreadData). */
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));

  /** Boots `count` threads; they get work once {@link prepare} has told them how to check and grade. */
  constructor(count: number) {
    const entry = { bundled: new URL('./compare-worker.js', import.meta.url), source: new URL('./grading-thread.ts', import.meta.url), fromSources: import.meta.url.endsWith('.ts') };
    for (let i = 0; i < count; i++) {
      const data: GradingThreadData = { stop: this.stopFlag.buffer as SharedArrayBuffer, temp: announcedTempBuffer() };
      const thread: Thread<H> = { worker: startThread(entry, data, { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB }), outstanding: new Map(), exited: false, writing: new AnnouncedTemp(data.temp) };
      thread.worker.on('message', (reply: ThreadReply) => this.receive(thread, reply));
      thread.worker.on('error', (error) => this.fail(error));
      thread.worker.on('exit', (code) => {
        thread.exited = true;
        this.fail(new Error(`A grading thread stopped (exit code ${code}) before finishing its runs.`));
      });
      this.threads.push(thread);
    }
  }

  /** Tells every thread what it checks and grades by (once: it may be told before the runs are located, to get ready meanwhile). */
  prepare(init: GradingThreadInit): void {
    if (this.prepared) return;
    this.prepared = true;
    for (const { worker } of this.threads) worker.postMessage({ init } satisfies ThreadRequest);
  }

  /** `onChecked` is given each run as its thread answers. */
  start(onChecked: (handle: H, checked: RunChecked) => void): void {
    this.onChecked = onChecked;
  }

  /** Queues jobs, each with the caller's handle for it (kept here: only the job crosses to a thread). */
  add(jobs: ReadonlyArray<{ job: ThreadJob; handle: H }>): void {
    for (const job of jobs) this.queue.push(job);
    for (const thread of this.threads) this.feed(thread);
  }

  /** Tells every thread to write the grading.json files it holds, and each after at once (run-stage.ts HeldWrites); a write that fails is `finish`'s failure. */
  release(): void {
    for (const thread of this.threads) {
      const id = this.nextId++;
      thread.outstanding.set(id, []);
      thread.worker.postMessage({ id, jobs: [], write: true } satisfies ThreadRequest);
    }
  }

  /** Resolves once every job is answered; rejects with the first failure (a thread's, or `fail`'s). */
  async finish(): Promise<void> {
    this.walkDone = true;
    for (const thread of this.threads) this.feed(thread);
    while (!this.failure && this.threads.some((t) => t.outstanding.size > 0)) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure.error;
  }

  /** Stops handing out work and makes `finish` reject with `error` (the first one given wins). */
  fail(error: unknown): void {
    this.failure ??= { error };
    this.wake?.();
  }

  /** Ends every thread at once (harmless when done): only for threads never given a run, which have nothing to write; undefined, for `threads = threads.stop()`. */
  stop(): undefined {
    for (const { worker } of this.threads) {
      worker.removeAllListeners();
      void worker.terminate();
    }
    this.threads.length = 0;
    return undefined;
  }

  /**
   * Ends every thread, each where no grading.json write is under way: one with no batch out is
   * ended at once, one busy is told to stop and ends itself before its next run or write. One
   * still busy after STOP_WAIT_MS, or once `hurry` is aborted (a second Ctrl-C), is terminated,
   * and the grading.json temp file it was writing, if any, removed: terminated between writing
   * one beside and renaming it into place, it would leave that file.
   */
  async close(hurry?: AbortSignal): Promise<void> {
    Atomics.store(this.stopFlag, 0, 1);
    const threads = this.threads.splice(0);
    await Promise.all(threads.map(async ({ worker, outstanding, exited, writing }) => {
      worker.removeAllListeners();
      if (outstanding.size > 0 && !exited && hurry?.aborted !== true) {
        const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        worker.once('error', () => {});
        worker.postMessage({ stop: true } satisfies ThreadRequest);
        let timer: NodeJS.Timeout | undefined;
        let hurried: (() => void) | undefined;
        await Promise.race([ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS))), new Promise<void>((resolve) => hurry?.addEventListener('abort', (hurried = () => resolve()), { once: true }))]);
        clearTimeout(timer);
        if (hurried !== undefined) hurry?.removeEventListener('abort', hurried);
      }
      await worker.terminate();
      writing.removeLeft();
    }));
  }

  private receive(thread: Thread<H>, reply: ThreadReply): void {
    const handles = thread.outstanding.get(reply.id)!;
    thread.outstanding.delete(reply.id);
    if ('usageError' in reply) return this.fail(new UsageError(reply.usageError));
    if (!this.failure) {
      try {
        reply.checked.forEach((checked, index) => this.onChecked(handles[index]!, checked));
      } catch (error) {
        return this.fail(error);
      }
    }
    this.feed(thread);
    if (thread.outstanding.size === 0) this.wake?.();
  }

  /** Sends full batches (and the last, short one once the walk is done) while the thread holds fewer than BATCHES_AHEAD. */
  private feed(thread: Thread<H>): void {
    while (!this.failure && thread.outstanding.size < BATCHES_AHEAD) {
      const available = this.queue.length - this.head;
      if (available === 0 || (!this.walkDone && available < BATCH_SIZE)) return;
      const batch = this.queue.slice(this.head, this.head + BATCH_SIZE);
      this.head += batch.length;
      // Let go of handed-out jobs now and then, so a long run does not keep them all.
      if (this.head >= 4096) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      const id = this.nextId++;
      thread.outstanding.set(id, batch.map((b) => b.handle));
      thread.worker.postMessage({ id, jobs: batch.map((b) => b.job) } satisfies ThreadRequest);
    }
  }
}
