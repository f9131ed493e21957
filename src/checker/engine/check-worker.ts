// Worker-thread entry: checks the batches of discovered files the pool sends, posts back outcomes.
import { parentPort, workerData } from 'node:worker_threads';
import { EvalLookup } from '../cross/eval-lookup.js';
import { FileChecker, type FileOutcome } from './check-file.js';
import type { HelperMessage, HelperReply, WorkerInit } from './thread-messages.js';

const { options, names, reportLookups } = workerData as WorkerInit;
// One lookup per worker: each evals.json is read and indexed once per thread.
const lookup = new EvalLookup({ cwd: options.cwd, evals: options.evals, linkRoots: options.linkRoots, names });
const checker = new FileChecker(lookup, options);

parentPort!.on('message', (message: HelperMessage) => {
  if ('knownEvalsFiles' in message) return lookup.learnDiscoveredEvalsFiles(message.knownEvalsFiles);
  // A throw here is a bug: it ends the worker, and the pool rejects the whole check.
  parentPort!.postMessage(reply(message.id, message.batch.map((file) => checker.checkDiscovered(file))));
});

/** The batch's outcomes as sent back: clean files by index, unless their lookups or artifacts are wanted. */
function reply(id: number, all: FileOutcome[]): HelperReply {
  if (reportLookups || options.keepArtifacts) return { id, outcomes: all, clean: [] };
  const outcomes: FileOutcome[] = [];
  const clean: number[] = [];
  all.forEach((outcome, index) => (outcome.result.messages.length === 0 ? clean.push(index) : outcomes.push(outcome)));
  return { id, outcomes, clean };
}
