// run.json: the record of one run beside its conversation.json (schemas/run.schema.json).
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_RECORD_FILE } from '../checker/engine/kept-task-folders.js';
import type { TokenUsage } from '../runner/types.js';
import type { IsolationProblem } from './isolation.js';
import type { Condition } from './plan.js';

/** How a run ended: the runner's outcomes (`aborted` covers an interrupt, with `abort_reason` "interrupted"). */
export type RunStatus = 'completed' | 'stopped' | 'aborted';

/** One failed attempt before the last. */
export interface AttemptFailure {
  attempt: number;
  reason: string;
  message: string;
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
  skill: { name: string; source: string; sha256: string; staged_at: string } | null;
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
  /** The session's skills as its stream lists them (Claude Code's init event); null when it shows none. */
  skill_roster: string[] | null;
  isolation: { valid: boolean; problems: IsolationProblem[] };
  task_dir: string;
  staged_dir: string;
}

/** run.json's text: 2-space JSON and a newline. */
export function serializeRunRecord(record: RunRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}

/** The record an earlier command left in `runDir`, if one is there and readable. */
export function readRunRecord(runDir: string): RunRecord | undefined {
  const file = join(runDir, RUN_RECORD_FILE);
  try {
    if (!lstatSync(file).isFile()) return undefined;
    const value = JSON.parse(readFileSync(file, 'utf8')) as RunRecord;
    return value?.schema_version === 1 && Number.isInteger(value.attempts) ? value : undefined;
  } catch {
    return undefined;
  }
}

export { RUN_RECORD_FILE };
