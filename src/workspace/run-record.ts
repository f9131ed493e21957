// run.json: the record of one run beside its conversation.json (schemas/run.schema.json), and the
// one way it is read back — by a resumed campaign, compare and the judge.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import validateRunRecord from '../validators/run.generated.cjs';
import { RUN_RECORD_FILE, type Condition } from './layout.js';
import { readRecordFile, type RecordRead } from './record-file.js';

/**
 * Token counts as the stream reports them, by kind. `input` and `output` are always there;
 * the others only when the stream has them (so a 0 means the stream said 0).
 */
export interface TokenUsage {
  input: number;
  output: number;
  cache_read?: number;
  cache_write?: number;
  reasoning?: number;
}

/** One isolation problem of a run: the control saw the skill, or the skill arm did not, or a CLI's instruction file changed (every later session reads it). */
export interface IsolationProblem {
  code: 'control-saw-skill' | 'skill-not-in-roster' | 'skill-reachable' | 'instruction-file-changed';
  message: string;
}

/** How a run ended: the runner's outcomes (`aborted` covers an interrupt, with `abort_reason` "interrupted"). */
export type RunStatus = 'completed' | 'stopped' | 'aborted';

/** One failed attempt before the last. */
export interface AttemptFailure {
  attempt: number;
  reason: string;
  message: string;
  /** The work folder the attempt's agent ran in (removed since): what the model saw as its project's path. */
  work_dir?: string | null;
}

/** run.json. Keys in this order; paths relative to the run folder. */
export interface RunRecord {
  schema_version: 1;
  eval_magic_version: string;
  eval_id: string;
  condition: Condition;
  run: number;
  harness: { name: string; version: string | null };
  model: string | null;
  /** The staged skill; null for the control arm. */
  skill: { name: string; source: string; sha256: string; git?: { ref: string; commit: string }; staged_at: string } | null;
  started_at: string;
  ended_at: string;
  duration_ms: number;
  status: RunStatus;
  /** The gate's reason when `stopped`; null otherwise. */
  stop_reason: string | null;
  /** Why the run aborted (the runner's reason, e.g. `agent-failed`, `interrupted`); null otherwise. */
  abort_reason: string | null;
  /** The abort's one-line explanation; null otherwise. */
  message: string | null;
  /** The agent's own error text (its stream's error event, one line) when it failed with one; null otherwise. */
  agent_error?: string | null;
  /** The agent's exit status in the last round: 0 when it ended well, the status when it failed, null when it was killed or never started. */
  exit_code: number | null;
  rounds: number;
  delivered_followups: number | null;
  /** Attempts this run took, counting those of earlier commands on the same iteration. */
  attempts: number;
  /** The attempts that failed before the last, oldest first. */
  failures: AttemptFailure[];
  /** Token counts summed over the rounds; null when the stream reports none. */
  tokens: TokenUsage | null;
  /** What the rounds cost in US dollars as the CLI reported it (summed); null when it reports no cost — never 0 for unknown. */
  cost_usd: number | null;
  /** The session's skills as its stream lists them (Claude Code's init event); null when it shows none. */
  skill_roster: string[] | null;
  isolation: { valid: boolean; problems: IsolationProblem[] };
  /** The task's folders that are the harness's own (skills, config): no diff counts them. */
  harness_paths?: string[];
  /**
   * The neutral folder the agent worked in (`<tmp>/eval-magic-sessions-<uid>/<random>/<random>/work`), moved to `task_dir` when the
   * attempt ended; while an attempt runs, the folder a killed command leaves behind. Null when none was made.
   */
  work_dir?: string | null;
  task_dir: string;
  staged_dir: string;
}

/** run.json's text: 2-space JSON and a newline. */
export function serializeRunRecord(record: RunRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}

/** What is in a run folder's run.json: none, a record, or why it cannot be used (one line). */
export type RunRecordRead = RecordRead<RunRecord>;

/** Reads `runDir`'s run.json the one way every reader does ({@link readRecordFile}); `shown` names the file in the problem (a function: worked out only then). */
export function readRunRecordFile(runDir: string, shown: string | (() => string) = join(runDir, RUN_RECORD_FILE)): RunRecordRead {
  return readRecordFile<RunRecord>(validateRunRecord, join(runDir, RUN_RECORD_FILE), shown);
}

/** The record an earlier command left in `runDir`, if one is there and usable. */
export function readRunRecord(runDir: string): RunRecord | undefined {
  const read = readRunRecordFile(runDir);
  return read.found && 'record' in read ? read.record : undefined;
}

/**
 * Why a run's task/ or staged/ folder, which its run.json names, cannot be used (graded, or copied
 * for a judge): campaign keeps each as a folder of its own, so a link there would be followed out
 * of the workspace, and one that is gone was removed. Undefined when it is a real folder, or when
 * no run.json names it.
 */
export function brokenRunFolder(path: string | undefined, name: string): string | undefined {
  if (path === undefined) return undefined;
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return undefined;
  const what = stats === undefined ? 'is gone' : stats.isSymbolicLink() ? 'is a symbolic link (not followed: it may point out of the workspace)' : 'is not a folder';
  return `the run's ${name} folder, which its run.json names, ${what}`;
}

/**
 * The evidence of an assertion that fails because a run folder its grader reads is broken
 * ({@link brokenRunFolder}): an agent must not turn a run it would fail into an ungraded one.
 */
export function failedOnBrokenFolderEvidence(problem: string): string {
  return `${problem}; counted as failed, since only the run could have done it`;
}

/**
 * Why every llm_judge assertion of a run fails without a judge session, as its evidence, or
 * undefined: the task folder its run.json names — which the judge is given a copy of — is broken
 * ({@link brokenRunFolder}), the rule compare fails a command_check by. `taskDir` is absolute;
 * undefined when no run.json names one (the judge is then given no copy).
 */
export function judgeFailsRun(taskDir: string | undefined): string | undefined {
  const problem = brokenRunFolder(taskDir, 'task');
  return problem === undefined ? undefined : failedOnBrokenFolderEvidence(problem);
}
