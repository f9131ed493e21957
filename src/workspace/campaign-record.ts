// iteration-<n>/campaign.json: the plan of one iteration (schemas/campaign.schema.json), and the one
// way it is read back — by the next campaign (resume, shards), compare and the judge.
import { join } from 'node:path';
import validateCampaignRecord from '../validators/campaign.generated.cjs';
import { CAMPAIGN_FILE, type Condition } from './layout.js';
import { readRecordFile, type RecordRead } from './record-file.js';

/** One agent session of the plan: eval, arm, and its 1-based number in that cell. */
export interface PlannedRun {
  eval_id: string;
  condition: Condition;
  run: number;
}


/** campaign.json (schemas/campaign.schema.json). Nothing in it depends on the shard, the machine or the time. */
export interface CampaignRecord {
  schema_version: 1;
  eval_magic_version: string;
  /** [treatment, control]. */
  conditions: [Condition, Condition];
  skill: { name: string; source: string; sha256: string };
  baseline: { source: string; sha256: string } | null;
  /** `descriptor_sha256`: of the descriptor file's bytes; null for a built-in. */
  harness: { name: string; descriptor_sha256: string | null };
  evals: { path: string; sha256: string };
  /** Runs per condition, by eval id (an eval's own `runs`, else --runs). */
  runs: Record<string, number>;
  /** Every run of the plan, in the order they are started (a shard takes every n-th). */
  order: PlannedRun[];
  model: string | null;
}

/** campaign.json's text: 2-space JSON, keys in the order above, and a newline. */
export function serializeCampaign(record: CampaignRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}

/**
 * Reads `iterationDir`'s campaign.json the one way every reader does ({@link readRecordFile}).
 * `shown` names the file in the problem.
 */
export function readCampaignRecordFile(iterationDir: string, shown = join(iterationDir, CAMPAIGN_FILE)): RecordRead<CampaignRecord> {
  return readRecordFile<CampaignRecord>(validateCampaignRecord, join(iterationDir, CAMPAIGN_FILE), shown);
}
