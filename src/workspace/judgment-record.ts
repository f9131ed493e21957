// judgment.json: the record of one judgment (schemas/judgment.schema.json), and the layout of a
// run's judgments: judge/<assertion-id>/<repeat>/ with packet.md, the session's files and the
// record. Written by judge, read by judge (resume) and by compare (the llm_judge grader).
import { lstatSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { dirname, join } from 'node:path';
import validateJudgment from '../validators/judgment.generated.cjs';
import { linkedRecord, readRecordFile, type RecordRead } from './record-file.js';
import { sha256 } from '../fs/file-tree.js';
import type { LockRecord } from '../process/lock-record.js';
import { assertionFolderProblem, JUDGE_DIR, JUDGMENT_FILE, parseEvalFolder, parseRepeatFolder, parseRunFolder } from './layout.js';
import { heldAtLockWords, leftAtLock, leftAtLockWords, type HeldBy, type LeftAtLock } from './held-lock.js';
import type { RunDiff } from './run-diff.js';
import type { MisplacedJudgment } from '../types.js';

/** A judge's verdict on one assertion of one run. */
export interface JudgeVerdict {
  passed: boolean;
  evidence: string;
  confidence: number;
}

/**
 * Why a judgment has no verdict. `judge-interrupted`: the record judge writes as a session starts,
 * replaced by its outcome — left standing, the command was killed (or the machine went down) during
 * that session ({@link judgmentLeftAtLock} tells one still running).
 */
export type UngradedReason = 'malformed-verdict' | 'no-evidence' | 'judge-failed' | 'judge-timed-out' | 'judge-interrupted';

/**
 * Reasons a judgment is made again — by the next `eval-magic judge`, and by `--retries` within one:
 * the session never answered, whatever the run (the judge may do better next time). An answer
 * outside the verdict contract is kept: asking again only then would pick the verdicts.
 */
const REMADE: ReadonlySet<string> = new Set<UngradedReason>(['judge-failed', 'judge-timed-out', 'judge-interrupted']);

/** Whether `eval-magic judge` (or its `--retries`) makes a judgment with this reason again (one the judge answered, even malformed, is kept). */
export function remadeByJudge(reason: string | null | undefined): boolean {
  return REMADE.has(reason ?? '');
}

/**
 * The one rule of whether judge makes a judgment it would otherwise make, by its folder's lock (the
 * rule, and the words, campaign's runs are read by: held-lock.ts leftAtLock): undefined when it
 * does, else why it is left out — under way in a command that may still run, or at a lock no
 * command holds and none takes over. judge's plan leaves such a
 * judgment out, and compare says it in these words (no vote, and never as one to run judge for):
 * whatever record stands there — none, a session cut short, a failed one, one of other inputs, one
 * check rejects. A placeholder (`judge-interrupted`) under a live lock is a session under way, not
 * one cut short: its holder may yet replace it with a verdict.
 */
export function judgmentLeftAtLock(dir: string): LeftAtLock | undefined {
  return leftAtLock(dir, JUDGE_HELD);
}

/** A judgment's lock holder as said: its judge command. */
const JUDGE_HELD: HeldBy = { by: 'its judge command', again: 'the judge command' };

/**
 * Why a judgment is under way in another command, said after its folder, when this command's
 * session found the folder's lock held (`holder`: the lock as read then; absent, it was released
 * at that moment) — in the words the plan says a lock it sees in ({@link judgmentLeftAtLock}): one
 * verdict, whenever the lock is met. Its holder makes it; this command leaves it to it.
 */
export function judgmentHeldWords(holder: LockRecord | undefined): string {
  return heldAtLockWords(holder, JUDGE_HELD);
}

/** The judge's answers outside the verdict contract, which `eval-magic judge` keeps: only a new judgment of every run alike (a further repeat) judges again. */
const KEPT: ReadonlySet<string> = new Set<UngradedReason>(['malformed-verdict', 'no-evidence']);

/** Whether a judgment with this reason is an answer `eval-magic judge` keeps though it holds no verdict. */
export function keptWithoutVerdict(reason: string | null | undefined): boolean {
  return KEPT.has(reason ?? '');
}

/**
 * A judge as every message names it: its harness and model ("claude-code with model \"opus\"", or
 * the harness's default). Two judgments are of one judge when their names are equal: judge's plan
 * (judgments another judge made) and compare (votes of several judges pooled) go by this one rule.
 * Given the CLI's `--version` line (compare has each record's; judge's plan has none yet), a judge of
 * the default model is named with it: the default a CLI picks moves with its version, so votes of two
 * versions may be two models' (`claude-code with the harness's default model (2.0.14 (Claude Code))`).
 */
export function judgeNamed(harness: string, model: string | null | undefined, version?: string | null): string {
  if (model !== null && model !== undefined) return `${harness} with model ${JSON.stringify(model)}`;
  return `${harness} with the harness's default model${version === null || version === undefined ? '' : ` (${version})`}`;
}

/** Whether the judge {@link judgeNamed} named is one of `model` (whatever its harness). */
export function judgeUsesModel(judge: string, model: string): boolean {
  return judge.endsWith(` with model ${JSON.stringify(model)}`);
}

/** The packet's file name (the folder of a run's judgments and the record's are layout.ts's). */
export const PACKET_FILE = 'packet.md';
/** The round a judgment's session answered in: a retry's earlier attempts are moved to attempt-<n>/, so the last attempt's stream is always here. */
export const ANSWER_ROUND = 'turn-1';
/** While a session runs, the temporary folder it works in (`{"work_dir": …}`): a command killed mid-session leaves it for the next to remove. */
export const SESSION_FILE = 'session.json';

/** judgment.json. Keys in this order. */
export interface JudgmentRecord {
  schema_version: 1;
  eval_magic_version: string;
  eval_id: string;
  /** The run judged (its folder's condition and number): a judgment copied into another run's folder is told. Absent in records older eval-magic wrote. */
  condition?: string;
  run?: number;
  assertion_id: string;
  repeat: number;
  verdict: JudgeVerdict | null;
  reason: UngradedReason | null;
  message: string | null;
  /**
   * The judge's CLI; with `events_file` and `parser` (the descriptor's) when a session ran: where in
   * turn-1/ its answer is and how it is read (judge-answer's rule). Absent in records older eval-magic wrote.
   */
  harness: { name: string; version: string | null; events_file?: string; parser?: string };
  model: string | null;
  started_at: string;
  ended_at: string;
  duration_ms: number;
  tokens: { input: number; output: number; cache_read?: number; cache_write?: number; reasoning?: number } | null;
  packet_sha256: string;
  /** What the judge judged by ({@link judgeCriteriaSha256}); absent in records older eval-magic wrote. */
  criteria_sha256?: string;
  /** The transcript the judge was given (the sha256 of its text, as run.json's); absent in records older eval-magic wrote. */
  conversation_sha256?: string;
  /** The task the judge was told the agent had ({@link promptsSha256}); absent in records older eval-magic wrote. */
  prompts_sha256?: string;
  /** The run's changes the judge was shown ({@link diffSha256}); absent in records older eval-magic wrote. */
  diff_sha256?: string;
  /** Judge sessions it took, counting an earlier command's that never answered it: 0 when a {@link JudgmentRule} decided it. */
  attempts: number;
  /** The attempts before the last, oldest first, as `attempts` counts them: each one's files are kept in attempt-<attempt>/ of the judgment's folder. */
  failures: Array<{ attempt: number; reason: UngradedReason; message: string }>;
  /** The rule that decided it without a judge session (its verdict a fail, saying why); absent when a judge decided it. */
  rule?: JudgmentRule;
}

/**
 * A rule of eval-magic that decides a judgment without a judge session. `broken-task-folder`: the
 * run's task folder, which the judge is given a copy of, is a link, gone or not a folder:
 * the assertion fails, as compare fails a command_check.
 * Such a judgment stands while its rule holds; once it no longer does, it is no vote and judge makes it again.
 */
export type JudgmentRule = 'broken-task-folder';

/**
 * The digest of what a judge judges a run by — the assertion's rubric and the eval's
 * expected_output — recorded in each judgment, so that a reader can tell a judgment made by
 * criteria the evals.json no longer states (the judge makes such a judgment again).
 */
export function judgeCriteriaSha256(rubric: string | undefined, expectedOutput: string | undefined): string {
  return sha256(JSON.stringify([rubric ?? null, expectedOutput ?? null]));
}

/**
 * The digest of the task a packet tells the judge the agent had — the eval's prompt and its
 * scripted follow-ups, each with when it was to be sent — recorded in each judgment, so that
 * compare counts no vote made of a task the evals.json no longer states. Only what the packet
 * shows: a turn's gate, which the judge never reads, is not in it.
 */
export function promptsSha256(evalCase: { prompt: string; turns?: ReadonlyArray<{ prompt: string; deliver_when?: string }> | undefined }): string {
  return sha256(JSON.stringify([evalCase.prompt, (evalCase.turns ?? []).map((turn) => [turn.prompt, turn.deliver_when ?? null])]));
}

/**
 * The digest of the run's changes as a packet shows them ({@link runDiff}: the run's diff.patch,
 * else the diff computed from its task folders), recorded in each judgment, so that compare counts
 * no vote made of other changes (a diff.patch edited or removed since). No diff at all is one
 * value, whatever the reason.
 */
export function diffSha256(diff: RunDiff): string {
  // Byte for byte: a patch's CR can be a change (a file with CRLF endings); runDiff undoes a checkout's CRLF (run-diff.ts asWritten), for the packet too.
  return sha256(JSON.stringify([diff.text ?? null]));
}

/**
 * What a run's judgment must have been made of to stand: each input's digest now. The diff's may
 * be a function, worked out only for a record that holds a diff digest (computing a run's diff
 * reads its task folders when it has no diff.patch).
 */
export interface JudgedInputs {
  criteriaSha256: string;
  conversationSha256: string;
  promptsSha256: string;
  diffSha256: string | (() => string);
}

/** The folder of one judgment below the run folder; the id must name a folder ({@link assertionFolderProblem}). */
export function judgmentFolder(runDir: string, assertionId: string, repeat: number): string {
  const problem = assertionFolderProblem(assertionId);
  if (problem !== undefined) throw new Error(`internal: the assertion id ${JSON.stringify(assertionId)} cannot name a folder (${problem})`);
  return join(runDir, JUDGE_DIR, assertionId, String(repeat));
}

export function serializeJudgment(record: JudgmentRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}

/** What is at a judgment.json: nothing, a record, or why it cannot be used (one line naming the file). */
export type JudgmentRead = RecordRead<JudgmentRecord>;

/** judgment.json's integer fields, by JSON pointer: written as plain digits (check's integer-literal, and every reader). */
export const JUDGMENT_INTEGER_FIELDS = /^\/(?:run|repeat|duration_ms|attempts|failures\/\d+\/attempt)$/;

/** Reads a judgment.json the one way every record is read ({@link readRecordFile}). */
export function readJudgmentFile(path: string, shown = path, followLink = false): JudgmentRead {
  return readRecordFile<JudgmentRecord>(validateJudgment, path, shown, JUDGMENT_INTEGER_FIELDS, followLink);
}

/**
 * Why a level of a run's judgment folders — judge/, judge/<assertion-id>/ and, given `repeat`,
 * judge/<assertion-id>/<repeat>/ — is no real folder, or undefined: judge makes each a folder of
 * its own, so a link there is never followed (the judgments through it were made elsewhere, or
 * forged): compare counts no vote of it, and judge refuses to write there, naming it. `shown` names a level by its path below the run folder.
 */
function judgmentFolderProblem(runDir: string, assertionId: string, repeat?: number, shown: (below: string) => string = (below) => below): string | undefined {
  const stray = strayLevel(runDir, assertionId, repeat);
  return stray === undefined ? undefined : strayFolder(shown(stray.below), stray.link);
}

/** The highest level of {@link judgmentFolderProblem} that is no real folder: its path below the run folder, and whether it is a link. */
function strayLevel(runDir: string, assertionId: string, repeat?: number): { below: string; link: boolean } | undefined {
  const levels = [JUDGE_DIR, `${JUDGE_DIR}/${assertionId}`, ...(repeat === undefined ? [] : [`${JUDGE_DIR}/${assertionId}/${repeat}`])];
  for (const below of levels) {
    const stats = lstatSync(join(runDir, below), { throwIfNoEntry: false });
    if (stats === undefined) return undefined;
    const stray = notAFolder(stats);
    if (stray !== undefined) return { below, link: stray.link };
  }
  return undefined;
}

/**
 * The one rule of a judgment folder level: anything there but a real folder (a symbolic link, a
 * regular file, a device) is no judgment folder — compare reads nothing through it, judge refuses
 * to write there, and check reports it (judgment-folder). `link`: it is a symbolic link.
 */
function notAFolder(stats: { isDirectory(): boolean; isSymbolicLink(): boolean }): { link: boolean } | undefined {
  return stats.isDirectory() ? undefined : { link: stats.isSymbolicLink() };
}

/** A judgment folder level that is no real folder, said as what it is (`shown`: its path). */
function strayEntry(shown: string, link: boolean): string {
  return `${shown}/ is ${link ? 'a symbolic link (not followed)' : 'not a folder'}`;
}

/** `condition`: what the remedy holds on, when whether judge makes that judgment is not known. */
function strayFolder(shown: string, link: boolean, condition = ''): string {
  return `${strayEntry(shown, link)}: judge makes its judgment folders as folders of their own, so what is there was not judged here: ${condition}remove it, and judge makes the judgment`;
}

/** The run a judgment is of: its folder's eval, condition and run number. */
export interface JudgedRun {
  evalId: string;
  condition: string;
  run: number;
}

/**
 * What {@link readRunJudgment} finds: a judgment.json as read, or a level of its folders that is no
 * real folder — `stray` says which, as what it is: judge does not write over it (a judgment.json
 * that cannot be used it makes again), so its plan names it to remove.
 */
export type RunJudgmentRead = JudgmentRead | { found: true; problem: string; stray: string };

/**
 * Reads the judgment.json of one repeat of a run's assertion, as compare and judge both take it:
 * a judgment folder that is no real folder ({@link judgmentFolderProblem}) is not read, and a
 * record of another assertion, repeat or run (a copy) cannot be used. `of`: the run whose folder
 * it is. `shown` names a path below the run folder.
 */
export function readRunJudgment(runDir: string, assertionId: string, repeat: number, of: JudgedRun | undefined, shown: (below: string) => string = (below) => below, earlier = true): RunJudgmentRead {
  const stray = strayLevel(runDir, assertionId, repeat);
  if (stray !== undefined) return { found: true, problem: strayFolder(shown(stray.below), stray.link), stray: strayEntry(shown(stray.below), stray.link) };
  const read = judgmentOf(readJudgmentFile(join(judgmentFolder(runDir, assertionId, repeat), JUDGMENT_FILE), shown(`${JUDGE_DIR}/${assertionId}/${repeat}/${JUDGMENT_FILE}`)), assertionId, repeat, of, shown);
  // `earlier`: also held to the earlier repeats' judgments (not when reading those).
  const copied = earlier && read.found && 'record' in read ? copiedRepeat(runDir, assertionId, repeat, read.record, of) : undefined;
  return copied === undefined ? read : { found: true, problem: copiedRepeatProblem(shown(`${JUDGE_DIR}/${assertionId}/${repeat}/${JUDGMENT_FILE}`), assertionId, copied) };
}

/**
 * Where a judgment.json lies: the assertion and repeat its folder judge/<assertion-id>/<repeat>/
 * names, and the run whose folder that is (absent where compare takes none: judge/ not in a
 * canonical eval-<id>/<condition>/run-<j> folder).
 */
export interface JudgmentPlace {
  assertionId: string;
  repeat: number;
  run?: JudgedRun;
}

/**
 * The one rule of a copied judgment: how `record` is the judgment of another assertion or repeat
 * than its folder's, or of another run than the one it lies in (eval_id; condition and run where
 * it records them), or undefined. Such a judgment is no vote there (compare), judge makes that one
 * again (as a run.json copied into another run is refused), and check says so (judgment-folder).
 */
export function misplacedJudgment(record: Pick<JudgmentRecord, 'assertion_id' | 'repeat' | 'eval_id' | 'condition' | 'run'>, place: JudgmentPlace): Extract<MisplacedJudgment, { problem: 'other-folder' | 'other-run' }> | undefined {
  if (record.assertion_id !== place.assertionId || record.repeat !== place.repeat) {
    const field = record.assertion_id !== place.assertionId ? 'assertion_id' : 'repeat';
    return { problem: 'other-folder', field, assertionId: record.assertion_id, repeat: record.repeat, folder: { assertionId: place.assertionId, repeat: place.repeat } };
  }
  const of = place.run;
  if (of === undefined) return undefined;
  const field = record.eval_id !== of.evalId ? 'eval_id'
    : record.condition !== undefined && record.condition !== of.condition ? 'condition'
    : record.run !== undefined && record.run !== of.run ? 'run'
    : undefined;
  if (field === undefined) return undefined;
  // The condition quoted as the eval id is: the record's is anyone's text (a line break, an escape).
  const recorded = `eval ${JSON.stringify(record.eval_id)}${record.condition !== undefined ? `, ${JSON.stringify(record.condition)} run ${record.run}` : ''}`;
  return { problem: 'other-run', field, recorded, folder: `eval ${JSON.stringify(of.evalId)}, ${JSON.stringify(of.condition)} run ${of.run}` };
}

/**
 * Where the judgment.json at `path` lies ({@link JudgmentPlace}), by its path alone:
 * `eval-<id>/<condition>/run-<j>/judge/<assertion-id>/<repeat>/judgment.json`, or undefined for a
 * file elsewhere (compare and judge never read it as a judgment). Pure, for check: compare and
 * judge know the place from their plan. The run is the three folders above judge/ whatever the
 * iteration's folder is called, since compare takes any iteration folder it is given (`baseline`).
 */
export function judgmentPlaceAt(path: string): JudgmentPlace | undefined {
  const segments = path.split(/[\\/]+/);
  const [judgeDir, assertionId, repeat, file] = segments.slice(-4);
  const repeatNumber = parseRepeatFolder(repeat ?? '');
  if (file !== JUDGMENT_FILE || judgeDir !== JUDGE_DIR || assertionId === undefined || repeatNumber === undefined) return undefined;
  const [evalFolder, condition, runFolder] = segments.slice(-7, -4);
  const evalId = parseEvalFolder(evalFolder ?? '');
  const run = parseRunFolder(runFolder ?? '');
  return { assertionId, repeat: repeatNumber, ...(evalId !== undefined && condition !== undefined && run !== undefined ? { run: { evalId, condition, run } } : {}) };
}

/** A repeat's judgment as read from its run's folder: its repeat and record. */
interface RepeatJudgment {
  repeat: number;
  record: JudgmentRecord;
}

/**
 * The one rule of a judgment copied into another repeat's folder with its `repeat` edited to fit:
 * `later` is `earlier`'s session when both started and ended at the same moments (to the
 * millisecond), record the same answer (verdict, or reason and message), and their judge streams
 * (turn-1/<events_file> beside each) are the same bytes. Sessions judge runs at once can start and
 * end in one millisecond with one answer (their times are taken around the session), but each has
 * a stream of its own (its session id, its work folder): a copied folder keeps the stream. A record
 * that names no stream (older eval-magic, or one a rule decided: alike by design) is never taken for
 * a copy. Not tamper-proof: a copy with its times and its stream edited gets past. compare counts
 * one vote of the two, judge makes the later again, and check says so (judgment-folder).
 */
function sameSession(runDir: string, assertionId: string, earlier: RepeatJudgment, later: RepeatJudgment): boolean {
  if (earlier.record.rule !== undefined || later.record.rule !== undefined) return false;
  if (sessionAnswer(earlier.record) !== sessionAnswer(later.record)) return false;
  const earlierStream = judgeStream(runDir, assertionId, earlier);
  const laterStream = judgeStream(runDir, assertionId, later);
  return earlierStream !== undefined && laterStream !== undefined && earlierStream.equals(laterStream);
}

const sessionAnswers = new WeakMap<JudgmentRecord, string>();

/** A record's times and answer as {@link sameSession} compares them, worked out once per record: check compares each with every earlier repeat's. */
function sessionAnswer(r: JudgmentRecord): string {
  let answer = sessionAnswers.get(r);
  if (answer === undefined) sessionAnswers.set(r, (answer = JSON.stringify([r.started_at, r.ended_at, r.verdict?.passed, r.verdict?.evidence, r.verdict?.confidence, r.reason, r.message])));
  return answer;
}

/** The bytes of a judgment's judge stream (turn-1/<events_file>), or undefined when its record names none or it cannot be read. */
function judgeStream(runDir: string, assertionId: string, { repeat, record }: RepeatJudgment): Buffer | undefined {
  const eventsFile = record.harness.events_file;
  if (eventsFile === undefined) return undefined;
  try {
    return readFileSync(join(judgmentFolder(runDir, assertionId, repeat), ANSWER_ROUND, eventsFile));
  } catch {
    return undefined;
  }
}

/**
 * The records of earlier repeats as {@link copiedRepeat} read them (undefined: none it can use), by
 * run folder, assertion and repeat: check asks of every repeat of a run in turn, and reading the
 * earlier ones again for each made n repeats n²/2 reads (300 repeats: 1.6 s, against 0.2). One per check, so a later
 * check reads the disk anew.
 */
export type EarlierJudgments = Map<string, JudgmentRecord | undefined>;

/**
 * The earlier repeat of the run's assertion whose judgment `record` (of `repeat`) is a copy of
 * ({@link sameSession}), read from disk as compare reads each (a link, a broken or misplaced record
 * is none), or undefined. `reads`: the earlier repeats already read, and where to keep those read now.
 */
function copiedRepeat(runDir: string, assertionId: string, repeat: number, record: JudgmentRecord, of: JudgedRun | undefined, reads: EarlierJudgments = new Map()): number | undefined {
  for (const earlier of repeatsBelow(runDir, assertionId, repeat)) {
    const key = JSON.stringify([runDir, assertionId, earlier]);
    if (!reads.has(key)) {
      const read = readRunJudgment(runDir, assertionId, earlier, of, (below) => below, false);
      reads.set(key, read.found && 'record' in read ? read.record : undefined);
    }
    const found = reads.get(key);
    if (found !== undefined && sameSession(runDir, assertionId, { repeat: earlier, record: found }, { repeat, record })) return earlier;
  }
  return undefined;
}

/**
 * The repeats of a run's assertion below `repeat` whose folders are there, in order: those listed,
 * not every number below it (a folder named 1000000 made check read a million absent ones).
 */
function repeatsBelow(runDir: string, assertionId: string, repeat: number): number[] {
  let names: string[];
  try {
    names = readdirSync(join(runDir, JUDGE_DIR, assertionId));
  } catch {
    return [];
  }
  return names.map(parseRepeatFolder).filter((n): n is number => n !== undefined && n < repeat).sort((a, b) => a - b);
}

/** {@link copiedRepeat} of the judgment.json at `path` ({@link judgmentPlaceAt} `place`), for check, which keeps the earlier repeats it read in `reads`. */
export function copiedRepeatAt(path: string, place: JudgmentPlace, record: JudgmentRecord, reads: EarlierJudgments): number | undefined {
  return copiedRepeat(runDirOf(path), place.assertionId, place.repeat, record, place.run, reads);
}

/** The run folder of the judgment.json at `path`: <run folder>/judge/<assertion-id>/<repeat>/judgment.json. */
const runDirOf = (path: string): string => dirname(dirname(dirname(dirname(path))));

function copiedRepeatProblem(file: string, assertionId: string, earlier: number): string {
  return `${file} is the judgment of ${JUDGE_DIR}/${assertionId}/${earlier}/, copied (the same session: started and ended at the same moments, with the same answer and the same judge stream): a copy, not counted`;
}

/**
 * Why compare reads no judgment at `path` ({@link judgmentPlaceAt} `place`) for a symbolic link,
 * in the words compare says it in: a level of its run's judgment folders is no real folder
 * ({@link judgmentFolderProblem}), or the judgment.json is itself a link ({@link readRecordFile}
 * follows none). Undefined when there is none. For check, which finds a linked judgment.json and
 * reads it through the link.
 */
export function linkedJudgment(path: string, place: JudgmentPlace): string | undefined {
  const folder = judgmentFolderProblem(runDirOf(path), place.assertionId, place.repeat);
  if (folder !== undefined) return folder;
  return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() === true ? linkedRecord(`${JUDGE_DIR}/${place.assertionId}/${place.repeat}/${JUDGMENT_FILE}`, JUDGMENT_FILE) : undefined;
}

/**
 * A level of a run's judgment folders that is no real folder ({@link notAFolder}): judge/ (no
 * assertion), or judge/<assertion-id>/ or judge/<assertion-id>/<repeat>/ (`below`: that path from
 * `runDir`, the run folder); `link`: a symbolic link, else a file (or another non-folder).
 */
export interface StrayJudgmentFolder {
  runDir: string;
  below: string;
  assertionId?: string;
  link: boolean;
}

/**
 * The level of a run's judgment folders that the entry at `path` stands at — judge/,
 * judge/<assertion-id>/ or judge/<assertion-id>/<repeat>/ of an eval-<id>/<condition>/run-<j>
 * folder, as {@link judgmentPlaceAt} reads a run — when it is no real folder ({@link notAFolder}),
 * or undefined. For check, whose folder search never enters a link and finds no file named so,
 * while compare counts no vote there.
 */
export function strayJudgmentFolderAt(path: string): StrayJudgmentFolder | undefined {
  // Asked of every file a search meets: most name no judge/ at all.
  if (!path.includes(JUDGE_DIR)) return undefined;
  const segments = path.split(/[\\/]+/).filter(Boolean);
  // judge/ the last folder, or the one or two above it (then the repeat by its number alone: compare reads no other).
  const judge = [0, 1, 2].map((below) => segments.length - 1 - below).find((at) =>
    at >= 3 && segments[at] === JUDGE_DIR && (at !== segments.length - 3 || parseRepeatFolder(segments.at(-1)!) !== undefined)
    && parseEvalFolder(segments[at - 3]!) !== undefined && parseRunFolder(segments[at - 1]!) !== undefined);
  if (judge === undefined) return undefined;
  const stats = lstatSync(path, { throwIfNoEntry: false });
  const stray = stats === undefined ? undefined : notAFolder(stats);
  if (stray === undefined) return undefined;
  const below = segments.slice(judge).join('/');
  let runDir = path;
  for (let level = judge; level < segments.length; level += 1) runDir = dirname(runDir);
  return judge === segments.length - 1 ? { runDir, below, link: stray.link } : { runDir, below, assertionId: segments[judge + 1]!, link: stray.link };
}

/** Why check reports a stray judgment folder (judgment-folder), and whether it is a link (the finding's message id says which). */
export interface StrayFolderWhy {
  why: string;
  link: boolean;
}

/**
 * Why compare counts no vote at a stray judgment folder, in the words it says it in
 * ({@link judgmentFolderProblem}), given the ids of the llm_judge assertions of the run's eval —
 * the judge/<assertion-id>/ folders compare reads — or undefined when the eval is not known.
 * Undefined for a judge/<name>/ that names none of them: compare never reads it, and judge never
 * makes a judgment there. Not knowing the eval, it promises no judgment.
 */
export function strayJudgmentFolderProblem(folder: StrayJudgmentFolder, llmJudgeIds: readonly string[] | undefined): StrayFolderWhy | undefined {
  const { below, assertionId, link } = folder;
  if (assertionId === undefined || llmJudgeIds?.includes(assertionId) === true) return { why: strayFolder(below, link), link };
  if (llmJudgeIds !== undefined) return undefined;
  return { why: strayFolder(below, link, `if ${JSON.stringify(assertionId)} is an llm_judge assertion of this run's eval (no evals.json told check the eval), `), link };
}

/**
 * The record read, unless it is the judgment of another assertion or repeat than its folder's, or
 * of another run than `of` ({@link misplacedJudgment}): a copy, not counted.
 */
function judgmentOf(read: JudgmentRead, assertionId: string, repeat: number, of: JudgedRun | undefined, shown: (below: string) => string): JudgmentRead {
  if (!read.found || !('record' in read)) return read;
  const misplaced = misplacedJudgment(read.record, { assertionId, repeat, ...(of !== undefined ? { run: of } : {}) });
  if (misplaced === undefined) return read;
  const file = shown(`${JUDGE_DIR}/${assertionId}/${repeat}/${JUDGMENT_FILE}`);
  return misplaced.problem === 'other-folder'
    ? { found: true, problem: `${file} is the judgment of assertion ${JSON.stringify(misplaced.assertionId)}, repeat ${misplaced.repeat}, not of its folder judge/${assertionId}/${repeat}/: a copy, not counted` }
    : { found: true, problem: `${file} is the judgment of ${misplaced.recorded}, not of this run's ${misplaced.folder}: a copy, not counted` };
}

/**
 * What check reports of the record a judgment.json that is a link leads to: check reads through a
 * link within the folders it checks (`linkRule` judgment-folder's) and says its target's problems
 * beside the link, never whether its verdict is its judge's answer (compare reads none through a link).
 * A link out of them, or to nothing, is io's alone: check reads nothing there.
 */
function throughLink(path: string, shown: string, linkRule: string): Array<{ problem: string; rule: string }> {
  if (linkRule === 'io') return [];
  const target = readJudgmentFile(path, shown, true);
  if (!target.found || 'record' in target) return [];
  return [target, ...(target.more ?? [])].map((m) => ({ problem: m.problem, rule: m.rule ?? 'judgment-folder' }));
}

/**
 * One judgment of a run found on disk: its repeat and record, why it cannot be used, or that it
 * is unfinished ({@link UNFINISHED}).
 */
export type FoundJudgment = { repeat: number; record: JudgmentRecord } | ({ repeat: number } & RefusedAt) | { repeat: number; unfinished: true; underWay?: string };

/**
 * Why a judgment cannot be used, as check finds it: `problem` in compare's words, `rule` the id
 * check reports it under (a reader weighs it by check's config: `parse`, `schema` and `io` cannot
 * be turned off), and `at` the folder below the run it concerns (judge/, judge/<id>/ or
 * judge/<id>/<repeat>/: one judge/ that is no folder is one finding, whatever the assertions below).
 */
export interface RefusedAt {
  problem: string;
  rule: string;
  at: string;
  /** A folder that is no folder: judge refuses to write over it, so it is removed before judging. */
  removeFirst?: true;
  /** The other findings check reports of the same judgment.json (a reader weighs it by the strongest), each with its rule. */
  more?: Array<{ problem: string; rule: string }>;
  /** The record as check's further rules read it (judgment-answer holds it to its judge's answer), when it is one the schema accepts and not a link. */
  parsed?: JudgmentRecord;
}

/**
 * The check rule of a read's problem: one the record file names none of (a copy, a folder that is
 * no folder) is judgment-folder's; a judgment.json that is a link is `linked`'s, the rule check
 * reports that link under (judgment-folder's, or io's for one leading out of the folders checked).
 */
const ruleOfRead = (rule: string | undefined, linked: string): string => (rule === undefined ? 'judgment-folder' : rule === 'link' ? linked : rule);

/**
 * The one rule of an unfinished judgment: its folder judge/<assertion-id>/<repeat>/ is there and
 * holds no judgment.json. judge makes the folder and writes the packet before the session, and the
 * record only when it ends, so a judge command stopped (Ctrl-C, killed) or still running leaves
 * such a folder. No vote, and not a judgment never begun: compare says it is not finished (a tie
 * beside it is no judge split), and judge's plan, which reads no record there
 * ({@link readRunJudgment}: not found), makes it. One whose judgment.json is the placeholder of a
 * session cut short whose folder is locked ({@link judgmentLeftAtLock}) is unfinished too, said by its lock.
 */
export const UNFINISHED = 'holds no judgment.json: its judge command was stopped before the verdict, or still runs';

/**
 * Every judgment of one assertion of a run (judge/<assertion-id>/<repeat>/), by repeat, each as
 * {@link readRunJudgment} takes it, and each folder with no judgment.json as unfinished; none when
 * it was never judged. `linkRule`: the check rule of a judgment.json at `path` that is a symbolic
 * link (check's own boundary: a link out of the folders it checks is io's, never off).
 */
export function readRunJudgments(runDir: string, assertionId: string, of?: JudgedRun, linkRule: (path: string) => string = () => 'judgment-folder'): FoundJudgment[] {
  if (assertionFolderProblem(assertionId) !== undefined) return [];
  // A judge/ or judge/<id>/ that is a link is never listed: one vote-less judgment says why.
  const stray = strayLevel(runDir, assertionId);
  if (stray !== undefined) return [{ repeat: 1, problem: strayFolder(stray.below, stray.link), rule: 'judgment-folder', at: `${stray.below}/`, removeFirst: true }];
  let entries: Dirent[];
  try {
    entries = readdirSync(join(runDir, JUDGE_DIR, assertionId), { withFileTypes: true });
  } catch {
    return [];
  }
  const found: FoundJudgment[] = [];
  const repeats = new Map(entries.flatMap((e) => { const repeat = parseRepeatFolder(e.name); return repeat === undefined ? [] : [[repeat, e] as const]; }));
  // Named from the run folder, as grading.json beside it says it: an absolute path there would be this machine's.
  const shown = (below: string) => below;
  for (const repeat of [...repeats.keys()].sort((a, b) => a - b)) {
    const entry = repeats.get(repeat)!;
    // The levels above were looked at once; the repeat's folder by its directory entry.
    const at = `${JUDGE_DIR}/${assertionId}/${repeat}/`;
    const stray = notAFolder(entry);
    if (stray !== undefined) {
      found.push({ repeat, problem: strayFolder(`${JUDGE_DIR}/${assertionId}/${repeat}`, stray.link), rule: 'judgment-folder', at, removeFirst: true });
      continue;
    }
    const file = `${JUDGE_DIR}/${assertionId}/${repeat}/${JUDGMENT_FILE}`;
    const path = join(judgmentFolder(runDir, assertionId, repeat), JUDGMENT_FILE);
    const read = readJudgmentFile(path, file);
    const rule = (of: string | undefined) => ruleOfRead(of, of === 'link' ? linkRule(path) : '');
    // No record yet, or the placeholder of a session a live command still runs.
    if (!read.found || ('record' in read && read.record.reason === 'judge-interrupted')) {
      const left = judgmentLeftAtLock(dirname(path));
      if (!read.found || left !== undefined) {
        found.push({ repeat, unfinished: true, ...(left !== undefined ? { underWay: leftAtLockWords(left) } : {}) });
        continue;
      }
    }
    // Every finding check reports of the file, in its order: the file's own, then where it lies (as check-source.ts asks of a record the schema accepts).
    const findings = 'record' in read ? [] : [{ problem: read.problem, rule: rule(read.rule) }, ...(read.more ?? []).map((m) => ({ problem: m.problem, rule: rule(m.rule) })), ...(read.rule === 'link' ? throughLink(path, file, rule('link')) : [])];
    const record = 'record' in read ? read.record : read.parsed;
    const misplaced = record === undefined ? undefined : judgmentOf({ found: true, record }, assertionId, repeat, of, shown);
    if (misplaced !== undefined && 'problem' in misplaced) findings.push({ problem: misplaced.problem, rule: 'judgment-folder' });
    else if (record !== undefined) {
      const copied = found.find((f): f is RepeatJudgment => 'record' in f && sameSession(runDir, assertionId, f, { repeat, record }));
      if (copied !== undefined) findings.push({ problem: copiedRepeatProblem(file, assertionId, copied.repeat), rule: 'judgment-folder' });
    }
    const [first, ...more] = findings;
    if (first === undefined) found.push({ repeat, record: record! });
    else found.push({ repeat, ...first, at, ...(more.length > 0 ? { more } : {}), ...(record !== undefined ? { parsed: record } : {}) });
  }
  return found;
}
