// Stage 2 for one run: its conversation.json checked, then — when the run counts — graded and
// measured with the value just parsed, and its grading.json written. The same functions run in
// compare's threads and on the main thread, so a run gets one verdict however it is reached.
import type { RuleSeverities } from '../checker/rule-config.js';
import { lstatSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ArtifactChecker, DiscoveredArtifact, IgnoreMatcher } from '../checker/index.js';
import { UsageError } from '../errors.js';
import type { EvalCase } from '../evals/types.js';
import { describeFsError, whyNotWritable } from '../fs/folders.js';
import { readRegularText } from '../fs/read-file.js';
import { atomicWriteTarget, UnsafeOutputError, writeFileAtomicallySync } from '../fs/safe-write.js';
import type { Conversation, FileResult } from '../types.js';
import { GRADING_FILE } from '../workspace/layout.js';
import { ignoredAsChecked, type FolderListings, type Iteration, type RunLocation } from '../workspace/locate.js';
import { checkedOutReason } from '../workspace/counted.js';
import { skillFoldersOf } from '../workspace/hidden-folders.js';
import type { RunRecord } from '../workspace/run-record.js';
import { conversationChanged, conversationSha256, conversationSha256OfFile } from '../workspace/conversation-digest.js';
import { questionsChanged, type EvalsForRun, type EvalsSource, type LoadedEvals, type LookedUp } from './evals-source.js';
import { ArgsSource, gradeRun, type Assertion, type GradingDocument, type JudgeCommands, type RefusedJudgment, type VotesByJudge } from './graders/index.js';
import { measureRun, type RunMetrics } from './metrics.js';
import type { CompareOptionNames } from './options.js';

/** What a run's place and records say before its artifact is checked (the located stage's verdict). */
export interface RunTask {
  location: RunLocation;
  record?: RunRecord;
  /** Why the plan leaves it out (null: counted, if its artifact passes check). */
  excluded: string | null;
}

/** Whether a checked run counts, and by which eval: one rule, asked wherever the run was checked. */
export interface RunSettled {
  found: EvalsForRun;
  evalCase?: EvalCase;
  skill?: string;
  /** null: counted. */
  excluded: string | null;
  /** Its eval is not in the evals.json it is graded by (taken out after the campaign): left out, not a check failure. */
  evalGone: boolean;
}

/**
 * How a run comes out of its check: `errors` is undefined when its artifact was not checked (none,
 * or an ignore glob passed it over), `lookedUp` the evals.json the checker found for it, and why it did not read it.
 */
export function settleRun(task: RunTask, errors: number | undefined, lookedUp: LookedUp, evalsSource: EvalsSource): RunSettled {
  const { location, record } = task;
  const found = evalsSource.forRun(location, lookedUp);
  const evalCase = found.evals ? found.evalCase : undefined;
  // The skill the runs were given: campaign.json's, which an evals.json edited since (its skill_name) does not change.
  const skill = location.iteration.campaign?.skill.name ?? found.evals?.file.skill_name ?? record?.skill?.name;
  if (task.excluded !== null) return { found, evalCase, skill, excluded: task.excluded, evalGone: false };
  // Before check's errors: check fails such a run for the very reason (no eval of its id, or no
  // evals.json at all: eval-missing), and an eval taken out of evals.json is the user's choice,
  // not a broken artifact; an evals.json gone is said with what to do (--evals).
  const evalGone = errors !== undefined && found.evals !== undefined && evalCase === undefined;
  const excluded = errors === undefined ? checkedOutReason(errors) : evalGone ? `its eval is not in ${evalsSource.shown(found.evals!.path)}` : !found.evals ? found.problem : checkedOutReason(errors);
  return { found, evalCase, skill, excluded, evalGone };
}

/** What grading a counted run gives. */
export interface RunGraded {
  grading: GradingDocument;
  metrics: RunMetrics;
  /** Of each llm_judge assertion, the votes cast by each judge (not in grading.json). */
  judges: VotesByJudge;
  /** Its judgments check rejects, each no vote (validity judgments-refused names them). */
  refused: RefusedJudgment[];
  /** The reasons of the judge sessions that failed before its votes cast were made, by assertion id (validity judge-attempts-failed). */
  judgeFailures: Record<string, string[]>;
  /** Its ungraded reasons, by id, as the ungraded warning says them where grading.json's differ (graders/told.ts: paths from where compare was started; a rejected judgment by its folder, not check's finding). */
  plainReasons: Record<string, string>;
  /** Its run.json records the digest of the conversation.json the run wrote, and the text graded is another (edited since): said, still graded. */
  conversationEdited: boolean;
  /**
   * Its conversation.json holds a CR, which campaign never writes (JSON escapes one in a string):
   * the workspace was checked out with line-ending conversion, which rewrote its task files too.
   */
  lineEndingsConverted: boolean;
  /** The judge command its messages name (GradeOptions judgeCommand, as the report says it), when its eval has llm_judge assertions: validity's judge-votes-unequal names it too. */
  judgeCommand: string | undefined;
}

/** How compare grades: what every thread is told. */
export interface GradeOptions {
  /** Write grading.json beside each graded conversation.json. */
  writeGrading: boolean;
  /** Where each write waits until the check's walk has met every file ({@link HeldWrites}). */
  writes: HeldWrites;
  /** In a thread: told each grading.json temp file's path while it may stand (the pool removes the one a thread it terminated left: grading-threads.ts). */
  announceTemp?: (temp: string | undefined) => void;
  commandTimeoutMs?: number;
  /** How messages name the options (the library's, or the CLI's flags). */
  names: CompareOptionNames;
  /**
   * The command that judges the runs compare counted, for a run of `iteration` (what a message tells the user to run).
   * `lookedUp`: the evals.json a run of an iteration with none of its own (no usable campaign.json,
   * no --evals) was graded by, as check found it — which the command names (judge, given none, looks it up alike, one for every iteration).
   */
  judgeCommand: (iteration: Iteration, lookedUp?: string) => JudgeCommands;
  /** check's rule severities under the config: how a judgment check rejects is said (graders/llm-judge.ts). */
  severities?: RuleSeverities | undefined;
  /** The folders compare was named, real paths (check's linkRoots of the same paths): a judgment.json linked out of them is check's io finding. */
  linkRoots?: readonly string[] | undefined;
  /** The config's ignore globs as check matches them (a path as reported, and where it is): a judgment.json they leave out is one check says nothing of. */
  ignoredByCheck?: IgnoreMatcher | undefined;
  signal?: AbortSignal;
  /**
   * What the code a command_check runs must find empty: the workspace folders of every iteration
   * compared (a run's code could reach another's), and, with each run's evals.json, its skill's
   * folders, those campaign.json names (skillFoldersOf). Absent in a thread, which runs no command.
   */
  commandsHide?: CommandsHide;
}

/** What compare's command_checks must find empty, known before the runs are graded: {@link commandsHidden} adds what is found on the way. */
interface CommandsHide {
  /** The workspace folders of every iteration compared (../workspace/hidden-folders.ts workspaceFolders). */
  workspaces: readonly string[];
  /** compare's working folder, one of those campaign.json's relative skill sources are tried from. */
  cwd: string;
  /** Each compared iteration's skill folders (skillFoldersOf), by the evals.json it is graded by where that is known up front. */
  skills: readonly string[];
}

/**
 * The folders a run's command_check must find empty: every compared iteration's workspace and
 * every compared skill's folders — not its own skill's alone: in a comparison of several skills,
 * a run's code could rewrite another skill's held-out setup files, which that skill's
 * command_checks copy in later in the same compare. Its own evals.json and each one read so far
 * (a per-run lookup) count too.
 */
function commandsHidden(hide: CommandsHide, evalsPath: string, iteration: Iteration, evalsSource: EvalsSource): string[] {
  const read = evalsSource.loaded().filter((l) => l.path !== evalsPath).flatMap((l) => skillFoldersOf(l.path, undefined, hide.cwd));
  return [...new Set([...hide.workspaces, ...hide.skills, ...skillFoldersOf(evalsPath, iteration, hide.cwd), ...read])];
}

/**
 * Grades and measures a counted run whose artifact passed check (`text` and `conversation` are the
 * file as loaded, `bytes` what it was decoded from when in hand), and writes its grading.json.
 */
export async function gradeCheckedRun(task: RunTask, settled: RunSettled & { found: { evals: LoadedEvals } }, text: string, conversation: Conversation, evalsSource: EvalsSource, options: GradeOptions, bytes?: Uint8Array): Promise<RunGraded> {
  const { location, record } = task;
  const evalCase = settled.evalCase!;
  const args = new ArgsSource(text);
  // Of the text in hand (never the file read again), and only when run.json has a digest to hold it to (older records have none).
  const textSha256 = record?.conversation_sha256 === undefined ? undefined : bytes !== undefined ? conversationSha256OfFile(bytes, text) : conversationSha256(text);
  // A digest that differs is an edit unless the same conversation was only formatted anew (conversation-digest.ts).
  const edited = textSha256 !== undefined && textSha256 !== record!.conversation_sha256 && conversationChanged(text, conversation, record!.conversation_sha256!);
  // Only a run with llm_judge assertions is told one: working it out reads the iteration's judgments (graders/llm-judge.ts judgeCommandsOf).
  const judged = (evalCase.assertions ?? []).some((a) => a.type === 'llm_judge');
  const judgeCommand = judged ? options.judgeCommand(location.iteration, evalsSource.forIteration(location.iteration) === undefined ? settled.found.evals.path : undefined) : undefined;
  const { grading, judges, refused, judgeFailures, plainReasons } = await gradeRun(evalCase.assertions ?? [], {
    conversation, args, text, textSha256, runDir: location.dir, harness: record?.harness.name ?? location.iteration.campaign?.harness.name,
    taskDir: record?.task_dir, stagedDir: record?.staged_dir, emptyDirs: record?.empty_dirs, skillStagedAt: record?.skill?.staged_at, harnessPaths: record?.harness_paths, expectedOutput: evalCase.expected_output, prompts: evalCase, evalsDir: settled.found.evals.dir, shown: (path) => evalsSource.shown(path), commandTimeoutMs: options.commandTimeoutMs,
    // Worked out only for a run whose command_checks run (it reads every compared skill's SKILL.md).
    ...(options.commandsHide && runsCommands(evalCase.assertions ?? []) ? { hidden: commandsHidden(options.commandsHide, settled.found.evals.path, location.iteration, evalsSource) } : {}), judgeCommand,
    inRunFolder: location.run !== undefined, severities: options.severities, linkRoots: options.linkRoots, ...ignoredIn(location.iteration, options.ignoredByCheck), ...(location.run !== undefined ? { judged: { evalId: location.evalId, condition: location.condition, run: location.run } } : {}), ...(options.signal ? { signal: options.signal } : {}),
  });
  if (options.writeGrading) options.writes.add(() => writeJsonAtomically(join(location.dir, GRADING_FILE), () => evalsSource.shown(join(location.dir, GRADING_FILE)), grading, options.names, options.announceTemp));
  return { grading, metrics: measureRun(conversation, args, record, settled.skill), judges, refused, judgeFailures, plainReasons, conversationEdited: edited, lineEndingsConverted: text.includes('\r'), judgeCommand: judgeCommand?.shown };
}

/** Whether check leaves a path of a run of `iteration` out by the config's ignore globs ({@link ignoredAsChecked}). */
function ignoredIn(iteration: Iteration, ignored: IgnoreMatcher | undefined): { ignoredByCheck?: (path: string) => boolean } {
  if (ignored === undefined) return {};
  return { ignoredByCheck: (path) => ignoredAsChecked(iteration, ignored, path) };
}

/**
 * Whether a run's assertions may be graded in a helper thread: those that run the user's commands
 * (command_check) or read the task's folders (diff_scope) are graded on the main thread, one run at
 * a time, so that two runs' commands never run at once.
 */
export function gradesInThread(assertions: readonly Assertion[]): boolean {
  return assertions.every((a) => a.type === 'transcript_check' || a.type === 'llm_judge');
}

/** Whether grading these assertions runs the user's commands (a command_check's cells, which must find {@link commandsHidden} empty). */
function runsCommands(assertions: readonly Assertion[]): boolean {
  return assertions.some((a) => a.type === 'command_check');
}

/** One run's stage 2, as a thread gives it back (plain data: no parsed value crosses threads). */
export interface RunChecked {
  result: FileResult;
  /** The evals.json the checker looked up for it, and why it did not read it, if it did not. */
  lookedUp: LookedUp;
  /** What the run was asked that its eval no longer asks. */
  questionsChanged?: string;
  graded?: RunGraded;
  /** Counted and clean, but its eval's assertions are graded on the main thread: the file's text, to parse there. */
  gradeOnMain?: string;
}

/**
 * Checks one discovered artifact and, when it is a run that counts, grades it — unless
 * `gradesHere` says its assertions belong to the main thread (then its text comes back).
 */
export async function checkAndGradeRun(checker: ArtifactChecker, artifact: DiscoveredArtifact, task: RunTask | undefined, evalsSource: EvalsSource, options: GradeOptions, gradesHere: (assertions: readonly Assertion[]) => boolean): Promise<RunChecked> {
  const file = checker.check(artifact);
  const checked: RunChecked = { result: file.result, lookedUp: { path: file.lookup?.evalsFile, unread: file.lookup?.unread } };
  if (task === undefined) return checked;
  const settled = settleRun(task, file.result.errorCount, checked.lookedUp, evalsSource);
  // Asked of every run the plan counts, check's errors or not: a prompt edit also fails the
  // checker's cross-file rules, and the runs' questions still say what they answered.
  const parsed = file.loaded?.ok ? (file.loaded.value as { events?: unknown }) : undefined;
  if (task.excluded === null && settled.evalCase && Array.isArray(parsed?.events)) checked.questionsChanged = questionsChanged(parsed as Conversation, settled.evalCase);
  if (settled.excluded !== null || !settled.found.evals) return checked;
  // Checked without error, so it parsed, and its value is a schema-valid conversation.
  const loaded = file.loaded as { text: string; value: unknown };
  if (!gradesHere(settled.evalCase!.assertions ?? [])) checked.gradeOnMain = loaded.text;
  else checked.graded = await gradeCheckedRun(task, settled as RunSettled & { found: { evals: LoadedEvals } }, loaded.text, loaded.value as Conversation, evalsSource, options, file.bytes);
  return checked;
}

/**
 * grading.json writes held until the check's walk has met every file: it refuses a file on the
 * way (a conversation.json under a config of its own), and the runs graded before it must not
 * keep a grading.json then — every grading.json or none. Released, the held writes are made in
 * order, and each one after at once.
 */
export class HeldWrites {
  #held: Array<() => void> | undefined = [];

  /** `beforeEach` runs before every write: a grading thread ends itself there when told to stop (grading-thread.ts). */
  constructor(private readonly beforeEach: () => void = () => {}) {}

  add(write: () => void): void {
    if (this.#held !== undefined) return void this.#held.push(write);
    this.beforeEach();
    write();
  }

  /** Makes the writes held (the first that fails throws, as a write made at once did). */
  release(): void {
    const held = this.#held ?? [];
    this.#held = undefined;
    for (const write of held) {
      this.beforeEach();
      write();
    }
  }
}

/** How old a grading.json temporary file must be to be one an interrupted compare left, never another compare's write under way. */
const LEFT_TEMP_AGE_MS = 60_000;

/**
 * Removes from the folders of the runs graded the grading.json temporary files an interrupted
 * compare left (a thread stopped between writing one and renaming it into place), found in the
 * located stage's listings: regular files only, a minute old at least. Best effort: one that
 * cannot be removed stays, as it was.
 */
export function removeLeftGradingTemps(tasks: readonly RunTask[], listings: FolderListings): void {
  const now = Date.now();
  for (const { location } of tasks) {
    for (const entry of listings.get(location.dir) ?? []) {
      if (!entry.isFile() || atomicWriteTarget(entry.name) !== GRADING_FILE) continue;
      const path = join(location.dir, entry.name);
      try {
        const stats = lstatSync(path, { throwIfNoEntry: false });
        if (stats?.isFile() && now - stats.mtimeMs >= LEFT_TEMP_AGE_MS) rmSync(path, { force: true });
      } catch {
        // Left as it was: it harms nothing but the folder's tidiness.
      }
    }
  }
}

/** How many unwritable grading.json files a refusal names before "and N more". */
const UNWRITABLE_NAMED = 5;

/**
 * Refuses, before the first grading.json is written, when any run that may be graded (its plan
 * counts it and it left a conversation.json) could not have its grading.json written: its folder
 * not writable (modes, ACLs, a read-only mount; root is refused by a read-only mount too) or a
 * folder at that name. Each is named; nothing is written, so a workspace is never left partly
 * graded. Asked of every such run, also one whose artifact check then fails, or whose grading.json
 * would say the same again: a read-only workspace is compared without writing grading (--no-grading).
 * @throws {UsageError} naming each file (up to five) and why.
 */
export function assertGradingWritable(tasks: readonly RunTask[], shown: (path: string) => string, names: CompareOptionNames, listings?: FolderListings): void {
  const unwritable: string[] = [];
  for (const { location, excluded } of tasks) {
    if (excluded !== null || !location.hasConversation) continue;
    const path = join(location.dir, GRADING_FILE);
    // The run folder's listing, when the located stage has it, says what an lstat would.
    const listed = listings?.get(location.dir);
    const folder = listed === undefined ? lstatSync(path, { throwIfNoEntry: false })?.isDirectory() : listed.some((e) => e.name === GRADING_FILE && e.isDirectory());
    const why = folder === true ? 'a folder is there, which compare does not remove' : whyNotWritable(location.dir);
    if (why !== undefined) unwritable.push(`${shown(path)} (${why})`);
  }
  if (unwritable.length === 0) return;
  const more = unwritable.length - UNWRITABLE_NAMED;
  const named = more > 0 ? `${unwritable.slice(0, UNWRITABLE_NAMED).join(', ')} and ${more} more` : unwritable.join(', ');
  throw new UsageError(`Cannot write ${named}; no grading.json was written. Pass ${names.writeGrading} to leave the workspace untouched.`);
}

/**
 * Written beside, then renamed over: a reader never sees half a grading.json. A file that already
 * says the same is left alone — grading the same runs again rewrites nothing (and renaming over
 * 10,000 files cost a quarter of a run on an overlay file system).
 */
function writeJsonAtomically(path: string, shown: () => string, value: unknown, names: CompareOptionNames, announce?: (temp: string | undefined) => void): void {
  const text = JSON.stringify(value, null, 2) + '\n';
  // Only a regular file is read to compare (a link or a device there is replaced, never read).
  const existing = readRegularText(path, 'a grading.json', { noFollow: true });
  if (existing.ok && existing.text === text) return;
  try {
    writeFileAtomicallySync(path, text, { replacing: 'any-but-folder', ...(announce ? { announce } : {}) });
  } catch (error) {
    // Refused before the first write (assertGradingWritable); one that became so meanwhile is said as well.
    // A folder cannot be renamed over (and is not compare's to remove).
    if (error instanceof UnsafeOutputError) throw new UsageError(`${shown()} is a folder; compare writes each run's grading.json there. Remove the folder, or pass ${names.writeGrading}.`);
    throw new UsageError(`Cannot write ${shown()} (${describeFsError(error)}); pass ${names.writeGrading} to leave the workspace untouched.`);
  }
}
