// Worker-thread entry: checks the batches of discovered files the pool sends, posts back outcomes.
import { parentPort, workerData } from 'node:worker_threads';
import type { DiscoveredArtifact } from './discover.js';
import { EvalLookup } from '../cross/eval-lookup.js';
import { FileChecker, type FileOutcome } from './check-file.js';
import type { HelperMessage, HelperReply, WorkerInit } from './thread-messages.js';

/**
 * Files in progress at once per worker. Reads are synchronous, but the eval lookup may await a
 * stat(); a few lanes keep the thread busy meanwhile while holding only a few files in memory.
 */
const LANES = 4;

const { options, reportLookups } = workerData as WorkerInit;
// One lookup per worker: each evals.json is read and indexed once per thread.
const lookup = new EvalLookup({ cwd: options.cwd, evals: options.evals, linkRoots: options.linkRoots });
const checker = new FileChecker(lookup, options);

parentPort!.on('message', (message: HelperMessage) => {
  if ('knownEvalsFiles' in message) return lookup.learnDiscoveredEvalsFiles(message.knownEvalsFiles);
  // A rejection here is a bug: rethrown, it ends the worker and the pool rejects the whole check.
  const { id } = message;
  checkBatch(message.batch).then((outcomes) => parentPort!.postMessage(reply(id, outcomes)), (error: unknown) => setImmediate(() => { throw error; }));
});

/** The batch's outcomes as sent back: clean files by index, unless their lookups or artifacts are wanted. */
function reply(id: number, all: FileOutcome[]): HelperReply {
  if (reportLookups || options.keepArtifacts) return { id, outcomes: all, clean: [] };
  const outcomes: FileOutcome[] = [];
  const clean: number[] = [];
  all.forEach((outcome, index) => (outcome.result.messages.length === 0 ? clean.push(index) : outcomes.push(outcome)));
  return { id, outcomes, clean };
}

async function checkBatch(batch: readonly DiscoveredArtifact[]): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = new Array(batch.length);
  let next = 0;
  const lane = async () => {
    while (next < batch.length) {
      const index = next++;
      outcomes[index] = await checker.checkDiscovered(batch[index]!);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return outcomes;
}
