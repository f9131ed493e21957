// Starting one of the checker's helper threads: from the bundle, its entry is the .js file beside
// this module; from sources (tests under tsx) it is the .ts file, and since Node 20 does not carry
// tsx's loader hooks into workers, a two-line bootstrap registers them first.
import { createRequire } from 'node:module';
import type { Worker, WorkerOptions } from 'node:worker_threads';

/** The checker's thread entries; each is built to dist/<name>.js. */
export type ThreadEntry = 'check-worker' | 'text-scan-worker';

const require = createRequire(import.meta.url);

/**
 * Starts a thread running `entry`. Synchronous on purpose: a caller about to hold its thread
 * (parsing a large file) gets the new thread booting meanwhile, not after.
 */
export function startThread(entry: ThreadEntry, options: WorkerOptions): Worker {
  // Required here, not imported at start-up (~1 ms): a run that needs no thread never pays for it.
  const { Worker: WorkerThread } = require('node:worker_threads') as typeof import('node:worker_threads');
  if (!import.meta.url.endsWith('.ts')) return new WorkerThread(new URL(`./${entry}.js`, import.meta.url), options);
  const source = new URL(`./${entry}.ts`, import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new WorkerThread(bootstrap, { ...options, eval: true });
}
