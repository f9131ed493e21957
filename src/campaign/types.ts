// The campaign's public shapes: what it takes, what it reports while it goes, what it returns.
import type { RunProgress } from '../runner/progress.js';
import type { NeededPath } from '../runner/agent-process.js';
import type { Condition, PlannedRun, Shard } from './plan.js';
import type { RunRecord } from '../workspace/run-record.js';

/** Options of {@link runCampaign}, as `eval-magic campaign` takes them. Relative paths resolve from `baseDir`. */
export interface CampaignOptions {
  /** The skill's evals.json. */
  evals: string;
  /** A built-in harness name or a descriptor file. */
  harness: string;
  /** The skill folder (holding SKILL.md); default: the folder above the `evals/` folder holding evals.json. */
  skill?: string;
  /** The task template copied into every run (default: an empty folder). */
  task?: string;
  /** Where iterations go (default `.eval-magic`). */
  workspace?: string;
  /** The iteration to write into (default: the newest one holding the same plan, else the next free number). */
  iteration?: number;
  /** Runs per condition for evals that do not set their own `runs` (default 1). */
  runs?: number;
  /** Agents at once (default 4). */
  jobs?: number;
  /** This command's share of the run list: `"k/n"` or {index, count}. */
  shard?: string | Shard;
  /** Run only these evals (each must exist). */
  evalIds?: readonly string[];
  /** A baseline skill folder: the arms become new_skill and old_skill. */
  baseline?: string;
  /** A Git ref (branch, tag, commit): the baseline is the skill folder as it is at that commit of its repository. Not with `baseline`. */
  baselineRef?: string;
  model?: string;
  /** Seconds a round may take (default 1800); 0 for no limit. */
  roundTimeoutSeconds?: number;
  /** Most bytes a round may write to its events file (and its stderr log); default 256 MiB. */
  maxEventsBytes?: number;
  /** Further attempts for a run whose agent failed (default 0). */
  retries?: number;
  /** Go on starting runs when the first ones all fail with the same agent error (default: stop). */
  keepGoing?: boolean;
  /**
   * US dollars this command may spend: once the cost its runs recorded (run.json `cost_usd`)
   * reaches it, no further run starts; runs under way finish. Refused for a harness whose stream
   * reports no cost. Each command has its own cap: run it again to continue.
   */
  maxCostUsd?: number;
  /** Folder relative paths resolve from (default: process.cwd()). */
  baseDir?: string;
  /** The agents' environment (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Abort to stop: no run starts any more, running agents get SIGTERM (then SIGKILL after the grace). */
  signal?: AbortSignal;
  /** Abort to SIGKILL every running agent's group at once. */
  killSignal?: AbortSignal;
  /** SIGTERM → SIGKILL grace for stopped agents (default 3000 ms). */
  killGraceMs?: number;
  reporter?: CampaignReporter;
}

/** What the campaign is about to do, reported before any agent starts. */
export interface CampaignPlanSummary {
  skillName: string;
  harness: string;
  conditions: [Condition, Condition];
  iteration: number;
  iterationDir: string;
  /** The iteration already held this plan (this command continues it). */
  continuing: boolean;
  /** A new iteration after an older one: what the agent meets that changed since the newest one (e.g. `SKILL.md changed`). */
  changes?: string[];
  /** A new iteration after one that has no campaign.json, so cannot be continued: what that one holds (e.g. `iteration-1 holds 4 runs but no campaign.json, so it cannot be continued`). */
  notContinued?: string;
  /** Evals in this command's share. */
  evals: number;
  /** Runs per condition, by eval id (this command's evals). */
  runs: Record<string, number>;
  /** Agent sessions and most rounds in this command's share (every planned run, done or not). */
  sessions: number;
  rounds: number;
  /** Of those, already done (skipped) and still to run (not those `underWay`). */
  done: number;
  pending: number;
  /**
   * The runs left out because another command that may still run holds their folder's lock: each
   * folder and why, with what to do (wait for it; a lock of another host, maybe delete it). Its
   * holder makes them; not aborted. Absent when none is.
   */
  underWay?: string[];
  /** Sessions of the whole plan (every eval, every shard). */
  planSessions: number;
  shard: Shard | undefined;
  jobs: number;
  /** Assertions of the evals planned: the Holm family compare will adjust over (at most). */
  familySize: number;
  /**
   * For each distinct runs-per-arm count: the smallest two-sided Fisher exact p it can ever give,
   * the smallest Holm-adjusted p an assertion of that many runs can get among the plan's
   * assertions (compare's min_attainable_p_holm; p itself when the family is one), and the
   * smallest change from a 50 % pass rate it detects with power 0.8 (Fisher at 0.05 / familySize,
   * steps of 0.05; null when none up to 0.5 is).
   */
  smallestP: Array<{ runs: number; p: number; pHolm: number; detectableDelta: number | null }>;
  /**
   * Why the agents' namespaces cannot hide from each session the work folders of the sessions
   * running beside it (no PID namespace, or the mounts refused); absent when they do. With it,
   * no session has a /tmp, /var/tmp, /dev/shm or $TMPDIR of its own either (the same mounts): the plan says so.
   */
  unhidden?: string;
  /** With `unhidden`: the paths where the harness's CLI keeps every session's transcript, shared by both arms (the descriptor's session_stores). */
  sharedStores?: string[];
  /** Why HOME is shared by every session of both arms (with `unhidden` it is that; else the overlay refused, or a HOME that cannot have one); absent where each session's HOME is its own. */
  sharedHome?: string;
  /**
   * The CLI's user-level instruction files (the descriptor's instruction_files) no session's
   * namespace makes read-only — every one with `unhidden`, else those missing (a bind needs the
   * file, and eval-magic makes none) — which a session can write for every later one. The plan
   * warns of them only with `unhidden`: a missing one a session creates is caught after the run
   * (`instruction-file-changed`), and there is nothing for the user to do before.
   */
  writableInstructionFiles?: string[];
  /**
   * The CLI's instruction files that already differ, as the command starts, from their state when
   * the iteration's first command started on this machine (`iteration-<n>/instruction-files.json`),
   * each with both: every run the command ends will be marked invalid (`instruction-file-changed`)
   * until the file is put back; absent when none does.
   */
  instructionFilesChanged?: Array<{ path: string; was: string; now: string }>;
  /** Why the sessions of the user's other commands cannot be hidden from the agents (the sessions folder cannot be used); absent when they are. */
  otherCommandsSeen?: string;
  /**
   * The folders every agent's namespace shows empty (the workspace, the skill's folders, the folder
   * holding evals.json: `roles`) that it cannot, because each holds what the sessions need — the
   * agent's program, Node, HOME, a folder the CLI keeps elsewhere, the sessions' own folders
   * (`holds`, the first such path): they stay readable, and writable, in both arms. Absent when
   * there is none, and with `unhidden` (no folder is hidden then: that warning says so).
   */
  uncovered?: Array<{ folder: string; roles: CoveredRole[]; holds: NeededPath }>;
}

/** What a folder every agent's namespace shows empty is to the campaign: the workspace, the skill's folder, the folder holding evals.json, a baseline's. */
export type CoveredRole = 'workspace' | 'skill' | 'evals' | 'baseline';

/** One progress report; the library never prints. */
export type CampaignProgress =
  | { kind: 'plan'; plan: CampaignPlanSummary }
  | { kind: 'run-started'; run: PlannedRun; attempt: number }
  | { kind: 'run-retry'; run: PlannedRun; attempt: number; reason: string; message: string }
  /** `doneElsewhere`: another command on the workspace finished the run since the plan was made; `record` is its, not this command's. */
  | { kind: 'run-finished'; run: PlannedRun; record: RunRecord; finished: number; total: number; doneElsewhere: boolean }
  /** Its folder's lock was taken by another command that may still run after this one planned: left to it, as the plan leaves one whose lock it sees (`underWay`: its folder and why, in the plan's words). */
  | { kind: 'run-under-way'; run: PlannedRun; underWay: string }
  /** What the runner reports of the run's rounds. */
  | { kind: 'agent'; run: PlannedRun; progress: RunProgress };

/** Receives progress reports. */
export type CampaignReporter = (progress: CampaignProgress) => void;

/** What {@link runCampaign} returns. */
export interface CampaignResult {
  plan: CampaignPlanSummary;
  /** The records of the runs this command ran, in the order they finished. */
  records: RunRecord[];
  /** Runs already done by an earlier command (their conversation.json passes check). */
  skipped: PlannedRun[];
  /** Of `skipped`, the records whose run.json says their isolation was broken: the campaign's verdict counts them as the command that ran them did. */
  skippedInvalid: RunRecord[];
  /**
   * Runs planned whose folder's lock another command that may still run took after this one
   * planned: left to it, as the plan leaves out one whose lock it sees (`plan.underWay`), each with
   * its folder and why in the plan's words. Not aborted: the holder makes them.
   */
  underWay: Array<{ run: PlannedRun; underWay: string }>;
  /** Runs never started because the campaign was stopped (a signal, or the cost cap). */
  notStarted: PlannedRun[];
  /** The cost this command's runs recorded, in US dollars (null when none reported a cost), and the cap. */
  cost: { spentUsd: number | null; maxUsd: number | null; capReached: boolean };
  /** The campaign was stopped (signal) before every run ended. */
  interrupted: boolean;
  /**
   * No new run was started: the first `failed` runs all failed with the agent error `reason`
   * (`same-agent-error`), or a run aborted because the workspace's disk is full (`disk-full`:
   * `reason` is the file system's error; every later run would abort alike).
   */
  stoppedEarly?: { kind: 'same-agent-error' | 'disk-full'; reason: string; failed: number };
  /**
   * The CLI's instruction files that differed, when the command ended, from their state when it
   * started (each with both): a session wrote them, most likely; every run that ended so is
   * marked invalid (`instruction-file-changed`). eval-magic leaves them as they are.
   */
  instructionFilesChanged?: Array<{ path: string; was: string; now: string }>;
}
