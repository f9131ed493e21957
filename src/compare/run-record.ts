// run.json and campaign.json as compare reads them: tolerant, since a run can be older, hand-made
// or cut short. A field of the wrong type is left out, never trusted.

/** One isolation problem campaign recorded for a run (the control saw the skill, or the skill arm did not). */
interface IsolationProblem {
  code: string;
  message: string;
}

/** What compare uses of a run's run.json (CONTRACT.md); every field is optional. */
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
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Reads a parsed run.json; undefined when it is not an object. */
export function readRunRecord(value: unknown): RunRecord | undefined {
  if (!isObject(value)) return undefined;
  const record: RunRecord = {};
  if (str(value.eval_id)) record.evalId = value.eval_id as string;
  if (str(value.condition)) record.condition = value.condition as string;
  if (isObject(value.harness) && str(value.harness.name)) record.harness = value.harness.name as string;
  if (value.model === null || str(value.model)) record.model = value.model as string | null;
  if (value.skill === null) record.skill = null;
  else if (isObject(value.skill)) record.skill = { name: str(value.skill.name), stagedAt: str(value.skill.staged_at) };
  if (num(value.duration_ms) !== undefined) record.durationMs = value.duration_ms as number;
  if (str(value.status)) record.status = value.status as string;
  if (value.stop_reason === null || str(value.stop_reason)) record.stopReason = value.stop_reason as string | null;
  if (isObject(value.tokens)) {
    const t = value.tokens;
    const input = num(t.input);
    const output = num(t.output);
    const total = num(t.total) ?? (input !== undefined || output !== undefined ? (input ?? 0) + (output ?? 0) : undefined);
    record.tokens = { input, output, total };
  }
  if (isObject(value.isolation) && typeof value.isolation.valid === 'boolean') {
    const problems = Array.isArray(value.isolation.problems) ? value.isolation.problems : [];
    record.isolation = {
      valid: value.isolation.valid,
      problems: problems.filter(isObject).map((p) => ({ code: str(p.code) ?? 'isolation', message: str(p.message) ?? '' })),
    };
  }
  if (str(value.task_dir)) record.taskDir = value.task_dir as string;
  if (str(value.staged_dir)) record.stagedDir = value.staged_dir as string;
  return record;
}

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
