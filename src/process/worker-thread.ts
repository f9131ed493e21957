// Starting a worker thread from the bundle or from sources, for the checking threads and compare's.
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Where a thread's entry is: the bundled .js file (dist/), and the .ts file when running from sources. */
export interface ThreadEntry {
  bundled: URL;
  source: URL;
  /** Whether the caller runs from sources (its own `import.meta.url` ends in .ts). */
  fromSources: boolean;
}

/**
 * Starts a worker thread on `entry` with `workerData`. From sources (tests under tsx), Node 20
 * does not carry tsx's loader hooks into workers, so a two-line bootstrap registers them first.
 */
export function startThread(entry: ThreadEntry, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  // Required here, not imported: a run that needs no thread never loads worker_threads.
  const { Worker: WorkerThread } = require('node:worker_threads') as typeof import('node:worker_threads');
  const options = { workerData, ...(resourceLimits ? { resourceLimits } : {}) };
  if (!entry.fromSources) return new WorkerThread(entry.bundled, options);
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.source.href)}); });`;
  return new WorkerThread(bootstrap, { ...options, eval: true });
}
