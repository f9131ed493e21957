// What compare's pool (grading-threads.ts) and its threads (grading-thread.ts) say to each other;
// apart from both, so that neither imports the other.
import type { ArtifactCheckerOptions, ConfigIgnore, DiscoveredArtifact } from '../checker/index.js';
import type { Iteration, RunLocation } from '../workspace/locate.js';
import type { RunRecord } from '../workspace/run-record.js';
import type { RunChecked } from './run-stage.js';
import type { CompareOptionNames } from './options.js';

/** What each grading thread is started with (structured-cloned). */
export interface GradingThreadInit {
  cwd: string;
  iterations: Iteration[];
  /** --evals, for every run. */
  evals?: string;
  /** --config (what the judge command a message names is given). */
  config?: string | false;
  /** --treatment and --control (what the judge command a message names is given too). */
  treatment?: string | undefined;
  control?: string | undefined;
  /** The digest of each evals.json the main thread has validated, by path: a thread only parses those bytes. */
  validated: Record<string, string>;
  check: Pick<ArtifactCheckerOptions, 'severities' | 'keepArtifacts'>;
  writeGrading: boolean;
  commandTimeoutMs?: number;
  /** How messages name the options (the library's, or the CLI's flags). */
  names: CompareOptionNames;
  /** The folders compare was named, as links are bounded (GradeOptions' linkRoots). */
  linkRoots?: readonly string[] | undefined;
  /** The config's ignore globs, which each thread matches as check does (GradeOptions' ignoredByCheck). */
  configIgnore?: ConfigIgnore | undefined;
}

/** One artifact to check, and the run it is (absent: a conversation.json no located run owns). */
export interface ThreadJob {
  artifact: DiscoveredArtifact;
  /** Index into the init's iterations: the iteration the artifact was found in. */
  iteration: number;
  task?: { location: Omit<RunLocation, 'iteration'>; record?: RunRecord; excluded: string | null };
}

/**
 * The first message a thread gets is its init (it boots while the runs are still being located),
 * then batches. `write`: the walk is done, every file met and none refused — the grading.json
 * files held so far are written, and each after at once (run-stage.ts HeldWrites). `stop`: end now
 * (between batches: no write is under way).
 */
export type ThreadRequest = { init: GradingThreadInit } | { id: number; jobs: ThreadJob[]; write?: true } | { stop: true };

/**
 * What every thread is started with: a flag the pool raises to stop them (an Int32Array's first
 * element over this buffer). A thread looks at it before each run and each grading.json write and
 * ends itself there, never between a write and its rename, as terminating it could.
 */
export interface GradingThreadData {
  stop: SharedArrayBuffer;
  /** The thread's own slot, where it tells the grading.json temp file it is writing (announced-temp.ts). */
  temp: SharedArrayBuffer;
}
export type ThreadReply = { id: number; checked: RunChecked[] } | { id: number; usageError: string };
