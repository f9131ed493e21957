// iteration-<n>/campaign.json: the plan of one iteration (schemas/campaign.schema.json), and the one
// way it is read back — by the next campaign (resume, shards), compare and the judge.
import { join, resolve } from 'node:path';
import { fileDigests } from '../fs/file-tree.js';
import { readRegularText } from '../fs/read-file.js';
import { peekSkillName } from '../skill/skill-md.js';
import validateCampaignRecord from '../validators/campaign.generated.cjs';
import { CAMPAIGN_FILE, type Condition } from './layout.js';
import { readRecordFile, type RecordRead } from './record-file.js';

/** One agent session of the plan: eval, arm, and its 1-based number in that cell. */
export interface PlannedRun {
  eval_id: string;
  condition: Condition;
  run: number;
}


/** What one eval shows the agent, as sha256 digests: its first message, its scripted follow-ups (and their gates), its files' paths and bytes. */
export interface EvalMeets {
  prompt: string;
  turns: string;
  files: string;
  /** Newer, and only where a file holds a CRLF: `files` with each CRLF read as LF, so a checkout that converted line endings is the same files. */
  files_lf?: string;
}

/** A skill tree as the plan knows it: `files` maps each entry's path to its fingerprint (absent in records of eval-magic before 0.2), so a new iteration can say which file changed. */
interface PlannedTree {
  sha256: string;
  files?: Record<string, string>;
}

/**
 * campaign.json (schemas/campaign.schema.json). Nothing in it depends on the shard or the time; its
 * paths (evals.path, started_in) name folders of the machine that wrote it, and are no part of the
 * plan. The fields marked "newer" are absent from records older eval-magic wrote; readers
 * compare what is there.
 */
export interface CampaignRecord {
  schema_version: 1;
  eval_magic_version: string;
  /** [treatment, control]. */
  conditions: [Condition, Condition];
  skill: { name: string; source: string } & PlannedTree;
  /** `git` (newer): a baseline read from a commit (--baseline-ref): the ref as given and the commit it named. */
  baseline: ({ source: string; git?: { ref: string; commit: string } } & PlannedTree) | null;
  /** `descriptor_sha256`: of the descriptor file's bytes; null for a built-in. `version` (newer): the CLI's version line, null when unreadable. */
  harness: { name: string; descriptor_sha256: string | null; version?: string | null };
  /**
   * `path`: absolute in newer records. `meets` (newer): what each eval shows the agent, by id.
   * `setup_files` (newer, where a command_check names any): each setup file's fingerprint, by its
   * path as evals.json names it, as the command_check's copy reads it — what compare grades by, no
   * part of the plan. `setup_files_lf` (newer, only for those holding a CRLF):
   * the same with each CRLF read as LF.
   */
  evals: { path: string; sha256: string; meets?: Record<string, EvalMeets>; setup_files?: Record<string, string>; setup_files_lf?: Record<string, string> };
  /** Newer: the task template's tree digest, null for none (an empty task). */
  task?: { source: string; sha256: string } | null;
  /** Runs per condition, by eval id (an eval's own `runs`, else --runs). */
  runs: Record<string, number>;
  /** Every run of the plan, in the order they are started (a shard takes every n-th pair of arms). */
  order: PlannedRun[];
  model: string | null;
  /**
   * Newer: the folder campaign was started in (absolute), which a relative `skill.source`,
   * `baseline.source` or `task.source` is relative to, as typed ({@link campaignSourceDirs}).
   */
  started_in?: string;
}

/**
 * The folders a source campaign.json names (`skill.source`, `baseline.source`: as typed to campaign)
 * is taken to be: a relative one from the folder campaign was started in, where a SKILL.md is —
 * and, since that folder is the writer's, absent in older records and another machine's in a moved
 * workspace, from each of `bases` too (evals-path.ts relativeBases, as evals.path is found again),
 * but a folder found only so is the source only when its SKILL.md is the one `tree` records (its
 * bytes, or their LF reading) or names the recorded skill (its front matter's `name`, as campaign
 * reads it): a folder above the workspace, or the reader's, may hold a SKILL.md of another skill,
 * while the skill itself may have been edited since, or recorded before `files` was.
 */
export function campaignSourceDirs(campaign: Pick<CampaignRecord, 'started_in' | 'skill'>, source: string, tree: Pick<PlannedTree, 'files'>, bases: readonly string[]): string[] {
  const started = campaign.started_in !== undefined ? resolve(campaign.started_in, source) : undefined;
  const isTheSkill = (dir: string) => holdsRecordedSkillMd(dir, tree) || (holdsSkillMd(dir) && peekSkillName(join(dir, 'SKILL.md')) === campaign.skill.name);
  const guessed = bases.map((base) => resolve(base, source)).filter((dir) => dir !== started && isTheSkill(dir));
  return [...new Set([...(started !== undefined && holdsSkillMd(started) ? [started] : []), ...guessed])];
}

function holdsSkillMd(dir: string): boolean {
  return readRegularText(join(dir, 'SKILL.md'), 'a SKILL.md', { noFollow: true }).ok;
}

/** Whether `dir`'s SKILL.md is a regular file whose fingerprint is the one `tree` records, of its bytes or their LF reading (a checkout's conversion). */
function holdsRecordedSkillMd(dir: string, tree: Pick<PlannedTree, 'files'>): boolean {
  const recorded = tree.files?.['SKILL.md']?.replace(/ x$/, '');
  if (recorded === undefined || !holdsSkillMd(dir)) return false;
  try {
    const { sha256, lfSha256 } = fileDigests(join(dir, 'SKILL.md'));
    return recorded === `file ${sha256}` || recorded === `file ${lfSha256}`;
  } catch {
    return false;
  }
}

/** campaign.json's text: 2-space JSON, keys in the order above, and a newline. */
export function serializeCampaign(record: CampaignRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}

/** campaign.json's integer fields, by JSON pointer (`runs` is keyed by eval ids): written as plain digits (check's integer-literal, and every reader). */
export const CAMPAIGN_INTEGER_FIELDS = /^\/(?:runs\/[^/]+|order\/\d+\/run)$/;

/**
 * Reads `iterationDir`'s campaign.json the one way every reader does ({@link readRecordFile}).
 * `shown` names the file in the problem.
 */
export function readCampaignRecordFile(iterationDir: string, shown = join(iterationDir, CAMPAIGN_FILE)): RecordRead<CampaignRecord> {
  return readRecordFile<CampaignRecord>(validateCampaignRecord, join(iterationDir, CAMPAIGN_FILE), shown, CAMPAIGN_INTEGER_FIELDS);
}
