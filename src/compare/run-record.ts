// What compare uses of a run's run.json (read and checked by campaign's one reader,
// campaign/run-record.ts) and of campaign.json (tolerant: a field of the wrong type is left out).
import type { RunRecord as CampaignRunRecord } from '../campaign/run-record.js';

/** One isolation problem campaign recorded for a run (the control saw the skill, or the skill arm did not). */
interface IsolationProblem {
  code: string;
  message: string;
}

/** What compare uses of a run's run.json (CONTRACT.md); absent fields are unknown (a hand-made test record). */
export interface RunRecord {
  evalId?: string;
  condition?: string;
  harness?: string;
  model?: string | null;
  skill?: { name?: string; stagedAt?: string } | null;
  durationMs?: number;
  status?: string;
  stopReason?: string | null;
  tokens?: { input?: number; output?: number; total?: number };
  isolation?: { valid: boolean; problems: IsolationProblem[] };
  /** The final task folder, relative to the run folder. */
  taskDir?: string;
  /** The pristine staged task, relative to the run folder. */
  stagedDir?: string;
}

/** compare's view of a run.json that passed its schema. */
export function fromRunRecord(value: CampaignRunRecord): RunRecord {
  const tokens = value.tokens === null ? undefined : { input: value.tokens.input, output: value.tokens.output, total: value.tokens.input + value.tokens.output };
  return {
    evalId: value.eval_id,
    condition: value.condition,
    harness: value.harness.name,
    model: value.model,
    skill: value.skill === null ? null : { name: value.skill.name, stagedAt: value.skill.staged_at },
    durationMs: value.duration_ms,
    status: value.status,
    stopReason: value.stop_reason,
    ...(tokens ? { tokens } : {}),
    isolation: { valid: value.isolation.valid, problems: value.isolation.problems.map((p) => ({ code: p.code, message: p.message })) },
    taskDir: value.task_dir,
    stagedDir: value.staged_dir,
  };
}

/** What compare uses of campaign.json. */
export interface CampaignRecord {
  conditions?: [string, string];
  skillName?: string;
  harness?: string;
  evalsPath?: string;
  runs?: Record<string, number>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Reads a parsed campaign.json; undefined when it is not an object. */
export function readCampaignRecord(value: unknown): CampaignRecord | undefined {
  if (!isObject(value)) return undefined;
  const record: CampaignRecord = {};
  if (Array.isArray(value.conditions) && value.conditions.length === 2 && value.conditions.every((c) => typeof c === 'string')) {
    record.conditions = [value.conditions[0], value.conditions[1]] as [string, string];
  }
  if (isObject(value.skill) && str(value.skill.name)) record.skillName = value.skill.name as string;
  if (isObject(value.harness) && str(value.harness.name)) record.harness = value.harness.name as string;
  if (isObject(value.evals) && str(value.evals.path)) record.evalsPath = value.evals.path as string;
  if (isObject(value.runs)) {
    record.runs = Object.fromEntries(Object.entries(value.runs).filter(([, n]) => Number.isInteger(n)) as Array<[string, number]>);
  }
  return record;
}
