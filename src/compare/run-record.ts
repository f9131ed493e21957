// What compare uses of a run's run.json and of an iteration's campaign.json, both read and checked
// against their schemas by campaign's one reader (campaign/record-file.ts).
import type { CampaignRecord as CampaignPlan } from '../campaign/campaign-record.js';
import type { RunRecord as CampaignRunRecord } from '../campaign/run-record.js';
import type { TokenUsage } from '../runner/types.js';

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
  /** run.json's token counts by kind. */
  tokens?: TokenUsage;
  /** run.json's cost_usd: null when the CLI reported none (or the record predates it). */
  costUsd?: number | null;
  isolation?: { valid: boolean; problems: IsolationProblem[] };
  /** The final task folder, relative to the run folder. */
  taskDir?: string;
  /** The pristine staged task, relative to the run folder. */
  stagedDir?: string;
}

/** compare's view of a run.json that passed its schema. */
export function fromRunRecord(value: CampaignRunRecord): RunRecord {
  return {
    evalId: value.eval_id,
    condition: value.condition,
    harness: value.harness.name,
    model: value.model,
    skill: value.skill === null ? null : { name: value.skill.name, stagedAt: value.skill.staged_at },
    durationMs: value.duration_ms,
    status: value.status,
    stopReason: value.stop_reason,
    ...(value.tokens !== null ? { tokens: value.tokens } : {}),
    costUsd: value.cost_usd ?? null,
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
  /** As campaign was given it: relative to the folder campaign ran in, which campaign.json does not record. */
  evalsPath?: string;
  /** sha256 of that evals.json when campaign read it: tells the right file among candidates. */
  evalsSha256?: string;
  runs?: Record<string, number>;
}

/** compare's view of a campaign.json that passed its schema. */
export function fromCampaignRecord(plan: CampaignPlan): CampaignRecord {
  return { conditions: plan.conditions, skillName: plan.skill.name, harness: plan.harness.name, evalsPath: plan.evals.path, evalsSha256: plan.evals.sha256, runs: plan.runs };
}
