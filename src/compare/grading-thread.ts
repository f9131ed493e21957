// Entry of a compare grading thread: checks and grades the batches of runs the pool sends
// (grading-threads.ts), and posts back what each came to.
import { parentPort, workerData } from 'node:worker_threads';
import { ArtifactChecker, makeIgnoreMatcher } from '../checker/index.js';
import { UsageError } from '../errors.js';
import { judgeCommandsOf } from './graders/llm-judge.js';
import { EvalsSource } from './evals-source.js';
import { checkAndGradeRun, gradesInThread, HeldWrites, type GradeOptions, type RunChecked } from './run-stage.js';
import type { Iteration } from '../workspace/locate.js';
import type { GradingThreadData, GradingThreadInit, ThreadJob, ThreadReply, ThreadRequest } from './grading-messages.js';
import { AnnouncedTemp } from './announced-temp.js';

/** Raised by the pool to stop the threads (grading-messages.ts GradingThreadData). */
const stopFlag = new Int32Array((workerData as GradingThreadData).stop);
/** Where the grading.json temp file being written is told to the pool, which removes it should it terminate this thread meanwhile. */
const writing = new AnnouncedTemp((workerData as GradingThreadData).temp);

/** Ends the thread when the pool has asked it to: called only where no write is under way. */
function stopHereIfAsked(): void {
  if (Atomics.load(stopFlag, 0) !== 0) process.exit(0);
}

/** What the thread checks and grades by, from its first message. */
interface Ready {
  iterations: Iteration[];
  evalsSource: EvalsSource;
  /** With the config's ignore globs as check matches them (its glob library loads on the way). */
  options: Promise<GradeOptions>;
  /** One checker per iteration: each is checked by its own evals.json (campaign.json's, or --evals). */
  checkers: ArtifactChecker[];
}
/** What the init gave, or the user's problem it met (an evals.json gone since the main thread read it), said at the first batch. */
let ready: Ready | { usageError: string } | undefined;

function prepare({ cwd, iterations, evals, config, treatment, control, validated, check, writeGrading, commandTimeoutMs, names, linkRoots, configIgnore }: GradingThreadInit): Ready {
  const evalsSource = new EvalsSource(iterations, evals, cwd, names.evals, validated);
  // The judge command of the iterations compared, each agent CLI's worked out once.
  const named = { evals, config, treatment, control };
  const own = (iteration: Iteration) => evalsSource.forIteration(iteration) !== undefined;
  const options = makeIgnoreMatcher({ cwd, configIgnore }).then((ignoredByCheck) => {
    const judgeCommand = judgeCommandsOf(cwd, iterations, { options: named, own, configIgnore, ignored: ignoredByCheck });
    return { writeGrading, writes: new HeldWrites(stopHereIfAsked), announceTemp: (temp: string | undefined) => writing.announce(temp), commandTimeoutMs, names, severities: check.severities, linkRoots, judgeCommand, ...(ignoredByCheck ? { ignoredByCheck } : {}) };
  });
  return {
    iterations,
    evalsSource,
    options,
    checkers: iterations.map((iteration) => new ArtifactChecker({ cwd, evals: evalsSource.forChecker(iteration), reads: evalsSource.reads, names, ...check })),
  };
}

function prepareOrSay(init: GradingThreadInit): Ready | { usageError: string } {
  try {
    return prepare(init);
  } catch (error) {
    if (error instanceof UsageError) return { usageError: error.message };
    throw error;
  }
}

async function answer({ id, jobs, write }: { id: number; jobs: ThreadJob[]; write?: true }, prepared: Ready | { usageError: string }): Promise<ThreadReply> {
  if ('usageError' in prepared) return { id, usageError: prepared.usageError };
  const { checkers, evalsSource, iterations } = prepared;
  const options = await prepared.options;
  const checked: RunChecked[] = [];
  try {
    if (write) options.writes.release();
    for (const job of jobs) {
      stopHereIfAsked();
      checked.push(await checkAndGradeRun(checkers[job.iteration]!, job.artifact, taskOf(job, iterations), evalsSource, options, gradesInThread));
    }
  } catch (error) {
    // A grading.json that cannot be written is the user's to fix: said as compare says it on the main thread.
    if (error instanceof UsageError) return { id, usageError: error.message };
    throw error;
  }
  return { id, checked };
}

function taskOf(job: ThreadJob, iterations: readonly Iteration[]) {
  return job.task && { ...job.task, location: { ...job.task.location, iteration: iterations[job.iteration]! } };
}

// One batch at a time, in order; a throw other than a UsageError is a bug: it ends the thread, and the pool rejects.
let answering = Promise.resolve();
parentPort!.on('message', (request: ThreadRequest) => {
  // Between batches (a message is taken only then): no write is under way.
  if ('stop' in request) process.exit(0);
  if ('init' in request) ready = prepareOrSay(request.init);
  else answering = answering.then(async () => parentPort!.postMessage(await answer(request, ready!)));
});
