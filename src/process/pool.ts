// A bounded pool for agent sessions: campaign's runs and judge's judgments start through it.

/**
 * Runs `work` on each item, at most `jobs` at once, starting them in order; none starts once
 * `signal` is aborted. With a `gate`, the first item starts alone and the others once the gate
 * opens. Returns the items never started.
 */
export async function runPool<T>(items: readonly T[], jobs: number, signal: AbortSignal | undefined, gate: Promise<void> | undefined, work: (item: T) => Promise<void>): Promise<T[]> {
  let next = 0;
  const worker = async (first: boolean): Promise<void> => {
    if (gate && !first) await gate;
    while (!signal?.aborted && next < items.length) await work(items[next++]!);
  };
  const workers = Array.from({ length: Math.min(jobs, items.length) }, (_, i) => worker(i === 0));
  await Promise.all(workers);
  return items.slice(next);
}
