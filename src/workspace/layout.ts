// The workspace's names, in one place: `.eval-magic/<skill>/iteration-<n>/eval-<id>/<condition>/run-<j>/`
// and the files campaign, compare and the judge keep there. Pure: names in, names out.

/** The workspace folder's usual name (campaign's default `--workspace`). */
export const WORKSPACE_DIR = '.eval-magic';

/** A run's artifact, written by the runner. */
export const CONVERSATION_FILE = 'conversation.json';
/** Each iteration's Git attributes, which campaign writes: no line-ending conversion below it. */
export const GIT_ATTRIBUTES_FILE = '.gitattributes';
/** A run's record, written by campaign (schemas/run.schema.json). */
export const RUN_RECORD_FILE = 'run.json';
/** An iteration's plan, written by campaign (schemas/campaign.schema.json). */
export const CAMPAIGN_FILE = 'campaign.json';
/** The CLI's instruction files as an iteration's first command found them, written by campaign (src/campaign/instructions-record.ts). */
export const INSTRUCTIONS_FILE = 'instruction-files.json';
/** A run's grading, written by compare (schemas/grading.schema.json). */
export const GRADING_FILE = 'grading.json';
/** The evals an artifact is held to (found by the eval lookup, and by a search). */
export const EVALS_FILE = 'evals.json';
/** compare's document, as a report file (schemas/comparison.schema.json). */
export const COMPARISON_FILE = 'comparison.json';
/** The folder of a run's judgments: judge/<assertion-id>/<repeat>/ (workspace/judgment-record.ts). */
export const JUDGE_DIR = 'judge';
/** judge's record of one judgment, in a run's judge/<assertion-id>/<repeat>/. */
export const JUDGMENT_FILE = 'judgment.json';
/**
 * The names `check` searches a folder for (each kind of document it knows by name and finds by
 * search): a report never takes one, or the next search would check it as that document.
 */
export const SEARCHED_FILES: readonly string[] = [CONVERSATION_FILE, EVALS_FILE, GRADING_FILE, COMPARISON_FILE, JUDGMENT_FILE];
/**
 * Most agent sessions one plan may hold (a campaign's runs, a judge command's judgments): the plan
 * is made in memory, each session a record and a folder; a typo such as --runs 100000000 or
 * --repeats 1000000000 must not exhaust it.
 */
export const MAX_PLANNED_SESSIONS = 100_000;
/**
 * Most further sessions for one run of a campaign, or one judgment of judge, whose session failed
 * (--retries): retries are for a passing failure (a dropped connection, a rate limit), and a typo
 * such as --retries 1000000000000000 would start agent after agent on a run that always fails.
 */
export const MAX_RETRIES = 10;
/** The runner's lock in a run folder, taken before the task is staged. */
export const RUN_LOCK_FILE = '.eval-magic-run.lock';
/** Where campaign keeps a run's final task folder and its pristine staged copy. */
export const KEPT_TASK_FOLDERS: ReadonlySet<string> = new Set(['task', 'staged']);

/** The arms eval-magic names: skill against none, or a new version of the skill against an old one. */
export type Condition = 'with_skill' | 'without_skill' | 'new_skill' | 'old_skill';

/** Known condition pairs, treatment first. */
export const CONDITION_PAIRS: ReadonlyArray<readonly [Condition, Condition]> = [
  ['with_skill', 'without_skill'],
  ['new_skill', 'old_skill'],
];

/**
 * What a campaign's arm stages: the treatment (the first of `conditions`) the skill, `old_skill`
 * the baseline, any other arm nothing. One rule, for what campaign stages and what a run.json must
 * say it staged.
 */
export function armStages(condition: string, conditions: readonly [string, string]): 'skill' | 'baseline' | 'nothing' {
  return condition === conditions[0] ? 'skill' : condition === 'old_skill' ? 'baseline' : 'nothing';
}

// Canonical numbers: 1, 2, … — never 0 or a leading zero, so one run has one folder name.
const NUMBER = '[1-9]\\d*';
const ITERATION_NAME = new RegExp(`^iteration-(${NUMBER})$`);
const RUN_NAME = new RegExp(`^run-(${NUMBER})$`);
const REPEAT_NAME = new RegExp(`^${NUMBER}$`);
/** Any run-like name, canonical or not (`run-01`, `run-0`): what a reader must not take for a run silently. */
const RUN_LIKE = /^run-\d+$/;
const EVAL_NAME = /^eval-(.+)$/;

export const iterationFolder = (n: number): string => `iteration-${n}`;
/** The folder of an eval's runs in an iteration: `eval-<id>`. */
export const evalFolder = (id: string): string => `eval-${id}`;
const runFolderName = (j: number): string => `run-${j}`;

/** n of a canonical `iteration-<n>`; undefined for any other name. */
export function parseIterationFolder(name: string): number | undefined {
  return exactNumber(ITERATION_NAME.exec(name)?.[1]);
}

/** j of a canonical `run-<j>`; undefined for any other name, `run-01` included. */
export function parseRunFolder(name: string): number | undefined {
  return exactNumber(RUN_NAME.exec(name)?.[1]);
}

/**
 * The repeat a judgment's folder judge/<assertion-id>/<repeat>/ names: its number alone (`1`, never
 * `01`), one a double holds exactly; undefined for any other name.
 */
export function parseRepeatFolder(name: string): number | undefined {
  return exactNumber(REPEAT_NAME.test(name) ? name : undefined);
}

/** A canonical number's value, when a double holds it exactly: past 2^53 two names would read as one number. */
function exactNumber(digits: string | undefined): number | undefined {
  const n = digits === undefined ? undefined : Number(digits);
  return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
}

/** Whether `name` looks like a run folder (`run-` and digits), canonical or not. */
export function isRunLikeFolder(name: string): boolean {
  return RUN_LIKE.test(name);
}

/** A run folder's copy as file managers and shells name one: `run-3 copy`, `run-3 (1)`, `run-3.bak`. */
const RUN_COPY = /^run-\d+\D/;

/** Whether `name` is a run folder's name or a copy's (`run-3 copy`): what compare lists, counting only canonical ones. */
export function isRunOrCopyFolder(name: string): boolean {
  return RUN_LIKE.test(name) || RUN_COPY.test(name);
}

/** The eval id of an `eval-<id>` folder name; undefined for any other name. */
export function parseEvalFolder(name: string): string | undefined {
  return EVAL_NAME.exec(name)?.[1];
}

/** Where a run's folder lies, by its path's last folders (see {@link runFolderAt}). */
export interface RunFolderPlace {
  /** The iteration folder's path: the run folder's, up to the separator before `eval-<id>`. */
  iterationDir: string;
  skill: string;
  iteration: string;
  /** The name of the folder holding the skill's: the workspace's. */
  workspace: string;
  /** The path up to the workspace folder, ending with a separator: where a `.eval-magic` workspace's evals.json candidates lie. */
  aboveWorkspace: string;
  evalId: string;
  condition: string;
  /** The folder name `run-<k>` (any run-like name: the checker holds a copy to its eval too), absent in the reference's one-run layout. */
  run?: string;
}

/**
 * Where a run's folder (`dir`, an absolute normalized path; `sep` its separator) lies in the
 * workspace layout, whatever the workspace is called: `<skill>/iteration-<n>/eval-<id>/<condition>/run-<k>`,
 * or the reference's one-run `<skill>/iteration-<n>/eval-<id>/<condition>` (compare takes both:
 * locate.ts). Pure, and read from the path's end (the checker asks it of every file: no split of
 * the whole path); whether it is a workspace's run is then one question per iteration folder (its
 * campaign.json, or the `.eval-magic` name).
 */
export function runFolderAt(dir: string, sep: string): RunFolderPlace | undefined {
  // ends[k]: where the k-th folder from the end stops (ends[0]: the path's end); -1 when there is no k-th folder.
  const ends = [dir.length, -1, -1, -1, -1, -1, -1];
  for (let k = 1; k < ends.length && ends[k - 1]! > 0; k++) ends[k] = dir.lastIndexOf(sep, ends[k - 1]! - 1);
  return runFolderFrom(dir, sep, ends, true) ?? runFolderFrom(dir, sep, ends, false);
}

/** {@link runFolderAt} with the run folder's own name a `run-<k>` (`hasRun`) or the condition's (the reference's one-run layout). */
function runFolderFrom(dir: string, sep: string, ends: readonly number[], hasRun: boolean): RunFolderPlace | undefined {
  const segment = (k: number) => dir.slice(ends[k + 1]! + 1, ends[k]);
  const run = hasRun ? segment(0) : undefined;
  if (run !== undefined && !isRunLikeFolder(run)) return undefined;
  const at = hasRun ? 1 : 0;
  // The condition's, the eval's, the iteration's and the skill's folders, and the workspace's: an iteration is a skill's, in a workspace.
  if (ends[at + 4]! < 0) return undefined;
  const evalId = parseEvalFolder(segment(at + 1));
  if (evalId === undefined || parseIterationFolder(segment(at + 2)) === undefined) return undefined;
  const aboveEnd = ends[at + 5]!;
  const place: RunFolderPlace = {
    iterationDir: dir.slice(0, ends[at + 2]),
    skill: segment(at + 3),
    iteration: segment(at + 2),
    workspace: segment(at + 4),
    aboveWorkspace: (aboveEnd < 0 ? '' : dir.slice(0, aboveEnd)) + sep,
    evalId,
    condition: segment(at),
  };
  if (run !== undefined) place.run = run;
  return place;
}

/** A run's folder relative to its iteration: `eval-<id>/<condition>/run-<j>`. */
export function runPath(run: { eval_id: string; condition: string; run: number }): string {
  return `${evalFolder(run.eval_id)}/${run.condition}/${runFolderName(run.run)}`;
}

/** The longest folder name Linux and macOS allow, in bytes. */
const NAME_MAX_BYTES = 255;

/**
 * Why an eval's id cannot name its folder `eval-<id>/` (campaign's; run's `<out>/<id>/` is shorter),
 * undefined when it can: the name would be longer than a folder name may be. One rule for check
 * (eval-id-unique) and, through check's verdict on evals.json, for run and campaign.
 */
export function evalFolderProblem(evalId: string): string | undefined {
  const bytes = Buffer.byteLength(evalFolder(evalId));
  return bytes > NAME_MAX_BYTES ? `eval-<id> would be a name of ${bytes} bytes; the system allows ${NAME_MAX_BYTES}` : undefined;
}

/**
 * Why an llm_judge assertion's id cannot name its folder judge/<assertion-id>/ of a run (undefined:
 * it can). It must be one path segment: an id such as `../../x` would put judgments outside the run
 * folder, and every run's would land on one file. One rule for check (llm-judge-id), judge and compare.
 */
export function assertionFolderProblem(assertionId: string): string | undefined {
  if (assertionId === '' || assertionId === '.' || assertionId === '..') return `it is ${JSON.stringify(assertionId)}`;
  if (/[/\\\0]/.test(assertionId)) return 'it holds a "/", a "\\" or a NUL';
  if (Buffer.byteLength(assertionId) > NAME_MAX_BYTES) return `it is longer than a folder name may be (${NAME_MAX_BYTES} bytes)`;
  return undefined;
}
