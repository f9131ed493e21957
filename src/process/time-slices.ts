// Long synchronous stretches (a workspace's folders listed, its run.json files read) let the event
// loop in every few ms: Ctrl-C, and a thread's message, are only taken on a turn of the loop.

/** How long the main thread runs before it lets the event loop in (ms): a turn costs microseconds, and a signal waits no longer than this. */
const SLICE_MS = 4;

/** Work written as a generator that yields wherever it may be paused (between folders, between files). */
export type Pausable<T> = Generator<void, T, void>;

/** Runs `work` to its end without a pause: for callers with nothing to hear. */
export function runWhole<T>(work: Pausable<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/**
 * Turns of the event loop every {@link SLICE_MS} of work, each followed by a look at `signal`: an
 * abort stops the work with its reason within a slice, not once the whole stretch is done.
 */
export class TimeSlices {
  #last = performance.now();

  constructor(private readonly signal?: AbortSignal) {}

  /** Lets the event loop in when the slice is spent (cheap when it is not: one clock read), then throws the signal's reason if it was aborted. */
  async pause(): Promise<void> {
    if (performance.now() - this.#last < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.#last = performance.now();
    this.signal?.throwIfAborted();
  }

  /** Runs `work`, pausing at its yields as {@link pause} does. */
  async run<T>(work: Pausable<T>): Promise<T> {
    for (;;) {
      const step = work.next();
      if (step.done) return step.value;
      if (performance.now() - this.#last >= SLICE_MS) await this.pause();
    }
  }
}
