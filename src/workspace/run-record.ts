// run.json: the record of one run beside its conversation.json (schemas/run.schema.json), and the
// one way it is read back — by a resumed campaign, compare and the judge.
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import validateRunRecord from '../validators/run.generated.cjs';
import type { MisplacedRun } from '../types.js';
import { parseEvalFolder, parseRunFolder, RUN_RECORD_FILE, type Condition } from './layout.js';
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

/**
 * Whether an abort reason (a run's, or a failed attempt's) is an interruption: the user's Ctrl-C or
 * eval-magic killed, not the agent's doing — campaign makes such a run again. Also eval-magic's own
 * failure mid-attempt (a crash, an outcome a full disk kept from being written): the placeholder stays.
 * A judge session's alike (`judge-interrupted`, its judgment's placeholder): one rule for both kinds
 * of failed attempts, which compare leaves out of the arms' comparison.
 */
export function isInterruption(reason: string | null | undefined): boolean {
  return reason === 'interrupted' || reason === 'judge-interrupted';
}

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
  /**
   * The session its command started alone, the others waiting for its first round (a harness with
   * `serialize_first_start`): its duration holds the CLI's first-start work and no contention, so
   * compare leaves it out of `duration_ms`. Absent in every other run's record.
   */
  started_alone?: true;
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
  /**
   * Which of the two held no file or link when the run ended ({@link emptyRunFolders}): a copy that
   * keeps no empty folder drops them, and their readers take one that is gone as the empty folder
   * it was ({@link runFolderState}). Absent in records older eval-magic wrote.
   */
  empty_dirs?: RunFolderName[];
  /**
   * The digest of the conversation.json the run wrote (the sha256 of its text),
   * when it wrote one (completed or stopped): compare says when the file on disk is another text
   * (`conversation-edited`). Absent in records older eval-magic wrote, and in an aborted run's.
   */
  conversation_sha256?: string;
}

/** A run's kept folders, as run.json's `task_dir` and `staged_dir` name them. */
export type RunFolderName = 'task' | 'staged';

/** run.json's text: 2-space JSON and a newline. */
export function serializeRunRecord(record: RunRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}

/** What is in a run folder's run.json: none, a record, or why it cannot be used (one line). */
export type RunRecordRead = RecordRead<RunRecord>;

/** run.json's integer fields, by JSON pointer: written as plain digits (check's integer-literal, and every reader). */
export const RUN_INTEGER_FIELDS = /^\/(?:run|duration_ms|exit_code|rounds|delivered_followups|attempts|failures\/\d+\/attempt)$/;

/** A run.json's run folder, by its folders' names: the eval, the condition and (a canonical `run-<j>`) the run. */
export interface RunPlace {
  evalId: string;
  condition: string;
  run?: number;
}

/**
 * Where the run.json at `path` lies ({@link RunPlace}), by its path alone, as compare reads it:
 * `eval-<id>/<condition>/run-<j>/run.json`, or the reference's one-run layout
 * `eval-<id>/<condition>/run.json`, whatever the iteration's folder is called; undefined for a
 * file elsewhere (or in a run folder of another name, `run-01`, which compare counts no run of).
 */
export function runPlaceAt(path: string): RunPlace | undefined {
  const segments = path.split(/[\\/]+/);
  if (segments.at(-1) !== RUN_RECORD_FILE) return undefined;
  const run = parseRunFolder(segments.at(-2) ?? '');
  const [evalFolder, condition] = run === undefined ? segments.slice(-3, -1) : segments.slice(-4, -2);
  const evalId = parseEvalFolder(evalFolder ?? '');
  if (evalId === undefined || condition === undefined) return undefined;
  return run === undefined ? { evalId, condition } : { evalId, condition, run };
}

/**
 * The one rule of a run.json copied into another run's folder (a folder copied or renamed by
 * hand): the record names another eval, condition or run than `place`. compare counts no such
 * run, campaign makes it again, and check says so (run-folder).
 */
export function recordOfAnotherRun(record: Pick<RunRecord, 'eval_id' | 'condition' | 'run'>, place: RunPlace): MisplacedRun | undefined {
  const field = record.eval_id !== place.evalId ? 'eval_id' : record.condition !== place.condition ? 'condition' : place.run !== undefined && record.run !== place.run ? 'run' : undefined;
  if (field === undefined) return undefined;
  // Ids and conditions quoted, as judgment-folder says them: a record's and a folder's are anyone's text.
  return { field, recorded: `eval ${JSON.stringify(record.eval_id)}, ${JSON.stringify(record.condition)} run ${record.run}`, folder: `eval ${JSON.stringify(place.evalId)}, ${JSON.stringify(place.condition)}${place.run !== undefined ? ` run ${place.run}` : ''}` };
}

/** Reads `runDir`'s run.json the one way every reader does ({@link readRecordFile}); `shown` names the file in the problem (a function: worked out only then). */
export function readRunRecordFile(runDir: string, shown: string | (() => string) = join(runDir, RUN_RECORD_FILE)): RunRecordRead {
  return readRecordFile<RunRecord>(validateRunRecord, join(runDir, RUN_RECORD_FILE), shown, RUN_INTEGER_FIELDS);
}

/** The record an earlier command left in `runDir`, if one is there and usable. */
export function readRunRecord(runDir: string): RunRecord | undefined {
  const read = readRunRecordFile(runDir);
  return read.found && 'record' in read ? read.record : undefined;
}

/**
 * The run folders in `runDir` that hold no file or link — folders at most, or nothing a copy keeps
 * (a FIFO): what run.json's `empty_dirs` records when the run ends. Git, and an artifact upload,
 * keep no empty folder, so a workspace moved by one loses these; the record says what a missing
 * one was. A folder that cannot be read through is taken as holding a file (its loss stays a failure).
 */
export function emptyRunFolders(runDir: string): RunFolderName[] {
  return (['task', 'staged'] as const).filter((name) => lstatSync(join(runDir, name), { throwIfNoEntry: false })?.isDirectory() && holdsNoFile(join(runDir, name)));
}

function holdsNoFile(dir: string): boolean {
  try {
    return readdirSync(dir, { withFileTypes: true }).every((entry) => (entry.isDirectory() ? holdsNoFile(join(dir, entry.name)) : !entry.isFile() && !entry.isSymbolicLink()));
  } catch {
    return false;
  }
}

/**
 * A run's task/ or staged/ folder as graders and the judge take it: a `folder` to read; `empty`,
 * gone but recorded as holding no file (run.json `empty_dirs`: a copy that keeps no empty folder
 * dropped it), read as the empty folder it was; or `broken`, with why ({@link brokenRunFolder}).
 */
export type RunFolderState = { kind: 'folder' } | { kind: 'empty' } | { kind: 'broken'; problem: string };

/**
 * How `path` (absolute), the run's `name` folder its run.json names, is read. Campaign keeps each
 * as a folder of its own, so a link there would be followed out of the workspace, and one that is
 * gone though it held a file (or its record does not say: older eval-magic) was removed.
 */
export function runFolderState(path: string, name: RunFolderName, emptyDirs: readonly string[] | undefined): RunFolderState {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return { kind: 'folder' };
  if (stats === undefined && emptyDirs?.includes(name)) return { kind: 'empty' };
  const what =
    stats !== undefined ? (stats.isSymbolicLink() ? 'is a symbolic link (not followed: it may point out of the workspace)' : 'is not a folder')
    : emptyDirs === undefined ? `is gone (its run.json, from an older eval-magic, does not say whether it held any file: a copy that keeps no empty folder, as git does, drops one that held none)`
    : 'is gone';
  return { kind: 'broken', problem: `the run's ${name} folder, which its run.json names, ${what}` };
}

/**
 * Why a run's task/ or staged/ folder, which its run.json names, cannot be used (graded, or copied
 * for a judge): {@link runFolderState}'s problem. Undefined when it is a real folder, or gone but
 * recorded empty (`emptyDirs`, run.json's), or when no run.json names it.
 */
function brokenRunFolder(path: string | undefined, name: RunFolderName, emptyDirs: readonly string[] | undefined): string | undefined {
  if (path === undefined) return undefined;
  const state = runFolderState(path, name, emptyDirs);
  return state.kind === 'broken' ? state.problem : undefined;
}

/**
 * The evidence of an assertion that fails because a run folder its grader reads is broken
 * ({@link brokenRunFolder}): an agent must not turn a run it would fail into an ungraded one.
 */
export function failedOnBrokenFolderEvidence(problem: string): string {
  return `${problem}${BROKEN_FOLDER_VERDICT}`;
}

const BROKEN_FOLDER_VERDICT = '; counted as failed, since only the run could have done it';

/** Whether a verdict's evidence is {@link failedOnBrokenFolderEvidence}'s: the assertion failed by the rule, its grader never ran (no command, no judge session). */
export function failedByBrokenFolder(evidence: string): boolean {
  return evidence.endsWith(BROKEN_FOLDER_VERDICT);
}

/**
 * Why every llm_judge assertion of a run fails without a judge session, as its evidence, or
 * undefined: the task folder its run.json names — which the judge is given a copy of — is broken
 * ({@link brokenRunFolder}), the rule compare fails a command_check by. `taskDir` is absolute;
 * undefined when no run.json names one (the judge is then given no copy); `emptyDirs` is run.json's.
 */
export function judgeFailsRun(taskDir: string | undefined, emptyDirs: readonly string[] | undefined): string | undefined {
  const problem = brokenRunFolder(taskDir, 'task', emptyDirs);
  return problem === undefined ? undefined : failedOnBrokenFolderEvidence(problem);
}
