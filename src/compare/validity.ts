// What makes a comparison untrustworthy, said before any verdict: missing or unequal runs,
// excluded artifacts, isolation failures, one arm stopping more often, ungraded assertions, and
// run counts too small for any result to reach alpha.
import { evalRemovedWords } from '../workspace/evals-path.js';
import { fewestRunsPerArm, fisherExact, reachesLevel } from '../stats/index.js';
import { evalNamer } from './eval-name.js';
import { fixedText, OWN_ENTRY, pIs, wholePercent } from './formats/numbers.js';
import { judgeUnstable, KAPPA_FLOOR, UNANIMOUS_FLOOR } from './judge-agreement.js';
import type { ArmCount, EvalComparison, ValidityCode, ValidityProblem } from './model.js';
import { isInterruption, type RunRecord } from '../workspace/run-record.js';
import { judgeUsesModel } from '../workspace/judgment-record.js';
import { checkErrorsIn, failedCheck, NOT_CHECKED } from '../workspace/counted.js';
import { CONVERSATION_FILE, JUDGE_DIR } from '../workspace/layout.js';
import { shellPathWord, shellWord } from '../text/escape.js';
import { harnessToFill, judgeRemedy, type VoteTally } from './graders/llm-judge.js';

/** How many reasons a message names, each with its runs, before one "and N more runs, for M other reasons". */
const REASONS_NAMED = 3;
/** How many run numbers a reason names of an arm before "and N more". */
const RUNS_NAMED = 5;

/**
 * Each reason runs were not counted, with the runs it holds for ("no conversation.json …, in
 * with_skill run 5 and without_skill runs 5, 6"): the reason alone did not say which run, and the
 * terminal shows no run list. Runs of several iterations (compare it-1 it-2, shards of one plan)
 * share run numbers, so when the eval's runs are pooled from several (`severalIterations`, {@link pooledFrom}:
 * of all its runs, not only those named — one shard's run 1 named beside another's counted run 1) each is named with its iteration. The reasons of most runs first, up
 * to REASONS_NAMED of them, each with up to RUNS_NAMED run numbers per arm: one message, bounded.
 * The treatment's runs are named first, then the control's, whichever the folders gave first.
 */
function byReason(facts: readonly RunFacts[], conditions: readonly [string, string], severalIterations: boolean): string {
  const reasons = new Map<string, RunFacts[]>();
  for (const f of facts) (reasons.get(f.excluded!) ?? reasons.set(f.excluded!, []).get(f.excluded!)!).push(f);
  const ranked = [...reasons].sort(([, a], [, b]) => b.length - a.length);
  const clauses = ranked.slice(0, REASONS_NAMED).map(([why, runs]) => {
    const arms = new Map<string, RunFacts[]>();
    for (const f of runs) {
      // A reason that names the run's folder (a link, a run.json's path) says which run already.
      if (f.run !== undefined && why.includes(`${f.condition}/run-${f.run}`)) continue;
      (arms.get(f.condition) ?? arms.set(f.condition, []).get(f.condition)!).push(f);
    }
    if (arms.size === 0) return why;
    // An arm of neither condition (none is counted, but said) after both.
    const place = (condition: string) => (conditions.includes(condition) ? conditions.indexOf(condition) : conditions.length);
    const where = [...arms].sort(([a], [b]) => place(a) - place(b)).map(([condition, armRuns]) => `${condition}${runsNamed(armRuns.filter((f) => f.run !== undefined), severalIterations)}`);
    return `${why}, in ${where.join(severalIterations ? ', and ' : ' and ')}`;
  });
  const rest = ranked.slice(REASONS_NAMED);
  const more = rest.length === 0 ? '' : `; and ${plural(rest.reduce((n, [, runs]) => n + runs.length, 0), 'more run')}, for ${plural(rest.length, 'other reason')}`;
  return clauses.join('; ') + more;
}

/** How many files the artifacts-excluded advice's check command names; the others are said by count. */
const FILES_NAMED = 3;

/**
 * The check command that names what check found in the runs it left out: their files as compare's
 * check took them ({@link RunFacts.checkedAs}) and compare's --evals and --config (`flags`), each a
 * word a shell reads back — run as printed, it checks them (named as shown, under a config's ignore
 * globs matched as typed it found them left out). Facts without their file (built by hand) get the words alone.
 */
function checkAdvice(checked: readonly RunFacts[], flags: readonly string[]): string {
  const files = checked.flatMap((f) => (f.checkedAs === undefined ? [] : [f.checkedAs()]));
  if (files.length < checked.length) return `eval-magic check on ${checked.length === 1 ? 'that file' : 'those files'}${flags.length > 0 ? `, with ${flags.join(' ')},` : ''} names them`;
  const more = files.length > FILES_NAMED ? `, and ${files.length - FILES_NAMED === 1 ? 'the other one' : `the other ${files.length - FILES_NAMED}`} alike` : '';
  return `${['eval-magic check', ...files.slice(0, FILES_NAMED).map(shellPathWord), ...flags].join(' ')} names them${more}`;
}

/** Whether an eval's runs are pooled from several iterations: then a run number alone does not say which run. */
function pooledFrom(facts: readonly RunFacts[]): boolean {
  return new Set(facts.map((f) => f.iteration)).size > 1;
}

/** One run by its arm and number ("with_skill run 3"), and its iteration when the runs are pooled from several. */
function runNamed(f: RunFacts, severalIterations: boolean): string {
  return `${f.condition} run ${f.run}${severalIterations ? ` of ${f.iteration}` : ''}`;
}

/** One arm's runs by number (" runs 3, 5"), each iteration's apart when named (" runs 3, 5 of it-1 and run 3 of it-2"). */
function runsNamed(runs: readonly RunFacts[], withIteration: boolean): string {
  if (runs.length === 0) return '';
  const shown = runs.slice(0, RUNS_NAMED);
  const more = runs.length > RUNS_NAMED ? ` and ${runs.length - RUNS_NAMED} more` : '';
  if (!withIteration) return ` run${runs.length === 1 ? '' : 's'} ${shown.map((f) => f.run).join(', ')}${more}`;
  const byIteration = new Map<string, number[]>();
  for (const f of shown) (byIteration.get(f.iteration) ?? byIteration.set(f.iteration, []).get(f.iteration)!).push(f.run!);
  return ` ${[...byIteration].map(([iteration, numbers]) => `run${numbers.length === 1 ? '' : 's'} ${numbers.join(', ')} of ${iteration}`).join(' and ')}${more}`;
}

/** One run as validity sees it. */
export interface RunFacts {
  condition: string;
  run: number | undefined;
  record: RunRecord | undefined;
  /** Why its run.json is there but cannot be used (a link, not a file, against its schema); the run counts without it. */
  recordProblem?: string | undefined;
  /** Why it is out of the numbers, or null. */
  excluded: string | null;
  /** Its iteration folder, as shown (messages name it where run numbers of several iterations meet). */
  iteration: string;
  /** Its conversation.json as check is to be given it to find what compare's check found (compare sets it): the advice of artifacts-excluded names it. Asked of the runs that advice names only: 10,000 runs' paths cost compare ~80 ms. */
  checkedAs?: (() => string) | undefined;
  /** The experiment it is of (workspace/shards.ts), as shown: its iteration, or the first of the shards of one plan it is one of (default: its iteration). */
  experiment?: string;
  /** completed / stopped / aborted…, once measured. */
  status: string | undefined;
  /** A run folder of no run campaign.json plans: of an eval it does not plan (`eval`), or beyond its runs per arm (`run`). */
  overPlan?: 'eval' | 'run' | undefined;
  /** Its folder holds no run of the plan by its name (a copy named run-01 or run-1 copy, a folder of another name, a conversation.json beside the run folders). */
  noRun?: boolean;
  /** Its run.json is of another plan than its iteration's campaign.json (another skill version, harness or model): a run of another experiment. */
  otherPlan?: boolean;
  /** Its eval is not in the evals.json it is graded by (taken out after the campaign). */
  evalGone?: boolean;
  /** The run folder (as shown) whose run this one's run.json is: a copy. */
  copyOf?: string | undefined;
  /** A counted run's run.json and conversation.json disagree on how it ended (`status` is run.json's). */
  statusConflict?: { run_json: string; conversation_json: string } | null;
  /** A counted run's conversation.json is not the text its run.json's digest (`conversation_sha256`) is of: edited after the run. */
  conversationEdited?: boolean;
  /** A counted run's conversation.json holds a CR, which campaign never writes: its workspace was checked out with line-ending conversion. */
  lineEndingsConverted?: boolean;
  /** A counted run's assertions that were not graded, with why (its grading.json's `ungraded`). */
  ungraded?: ReadonlyArray<{ id: string; reason: string }>;
  /** A counted run's llm_judge votes cast, by assertion id and judge (graders/types.ts VotesByJudge). */
  judges?: Readonly<Record<string, Readonly<Record<string, number>>>> | undefined;
  /** How a counted run's llm_judge judgments stand, by assertion id, where its verdict rests on votes (graders/llm-judge.ts voteTallies). */
  votes?: Readonly<Record<string, VoteTally>> | undefined;
  /** The judge command a counted run's messages name (what judge-votes-unequal tells the user to run). */
  judgeCommand?: string | undefined;
  /** Of a counted run's llm_judge judgments whose votes are cast, by assertion id, the reason of each judge session that failed before it answered (judgment.json `failures`: judge's --retries, or the same judge command run again). */
  judgeFailures?: Readonly<Record<string, readonly string[]>> | undefined;
  /** A counted run's judgments check rejects, each no vote (graders/llm-judge.ts RefusedJudgment). */
  refusedJudgments?: ReadonlyArray<{ id: string; repeat: number; why: string; at: string; rule: string; removeFirst?: true; severity: 'error' | 'warning'; leftAtLock?: string }> | undefined;
  /** Its ungraded reasons as the ungraded warning says them, by assertion id, where grading.json's differ (graders/told.ts: paths from where compare was started; a rejected judgment by its folder, where grading.json names check's finding). */
  plainReasons?: Readonly<Record<string, string>> | undefined;
}

/** What one iteration's campaign.json plans of an eval, and what of it is counted. */
export interface IterationPlan {
  /** The iteration, as shown. */
  iteration: string;
  /** Runs per arm planned. */
  runs: number;
  /** Runs counted, by condition. */
  counted: Readonly<Record<string, number>>;
}

export interface ValidityInput {
  conditions: readonly [string, string];
  /** The rule that guessed which condition is the treatment from the folder names, or undefined when nothing was guessed. */
  guess?: string | undefined;
  alpha: number;
  familySize: number;
  evals: readonly EvalComparison[];
  /** Each eval's runs, in the order of `evals`. */
  facts: ReadonlyArray<readonly RunFacts[]>;
  /** Each eval's plan (in the order of `evals`): each iteration pooled whose campaign.json plans it (none when none does). */
  plans: ReadonlyArray<readonly IterationPlan[]>;
  /** Why each campaign.json that is there could not be used, naming the file as it is shown. */
  campaignProblems?: readonly string[];
  /** Each eval's own `runs` in evals.json, or undefined where it has none (in the order of `evals`): campaign's --runs does not set its runs. */
  ownRuns?: ReadonlyArray<number | undefined>;
  /** Each eval's llm_judge assertions that name their judge's `model`, by id (in the order of `evals`). */
  judgeModels?: ReadonlyArray<Readonly<Record<string, string>>>;
  /** The skills' folders compared, as shown, sorted: skills-pooled names one to compare alone. */
  skillFolders?: readonly string[];
  /** The options check needs to find what compare's check found (`--evals`, `--config`: graders/llm-judge.ts namedFilesFlags), said with its advice. */
  checkFlags?: readonly string[];
  /** Warnings found before the numbers (an iteration passed over, an evals.json that changed). */
  notices?: ReadonlyArray<{ code: ValidityCode; message: string; severity?: ValidityProblem['severity'] }>;
}

/** The votes cast on assertion `id` over the eval's counted runs, by judge (judgment-record.ts judgeNamed), most first (then by name). */
function votesCast(id: string, facts: readonly RunFacts[]): Array<[string, number]> {
  const votes = new Map<string, number>();
  for (const f of facts) {
    if (f.excluded !== null) continue;
    for (const [judge, n] of Object.entries(f.judges?.[id] ?? {})) votes.set(judge, (votes.get(judge) ?? 0) + n);
  }
  return [...votes].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The assertions whose votes cast, over the eval's counted runs, are of more than one judge: by id,
 * each judge with its votes, most first (then by name). A judge is its harness and model
 * (judgment-record.ts judgeNamed), so another --model or --harness is another judge.
 */
function judgesPooled(ids: readonly string[], facts: readonly RunFacts[]): Map<string, Array<[string, number]>> {
  const pooled = new Map<string, Array<[string, number]>>();
  for (const id of ids) {
    const votes = votesCast(id, facts);
    if (votes.length > 1) pooled.set(id, votes);
  }
  return pooled;
}

/**
 * The counted runs of an eval graded on llm_judge assertion `id` by fewer votes cast than the most
 * any of them has (a judge command stopped, or run again with more --repeats): each arm's runs by
 * their votes, most first, the runs below the most named (`with_skill: 3 votes in 4 runs, 2 in run
 * 2`); the judge command and the --repeats that make the missing judgments (the highest repeat
 * there); and how many of the short runs hold answers judge keeps without a verdict (never made
 * again). Undefined when every run has as many. Runs without a vote cast are the ungraded warning's.
 */
function votesUnequal(id: string, facts: readonly RunFacts[], conditions: readonly [string, string]): { counts: string; commands: string[]; repeats: number; kept: number; evened: number } | undefined {
  const tallied = facts.flatMap((f) => {
    const tally = f.excluded === null ? f.votes?.[id] : undefined;
    return tally !== undefined && tally.cast > 0 ? [{ f, tally }] : [];
  });
  const most = Math.max(0, ...tallied.map(({ tally }) => tally.cast));
  const short = tallied.filter(({ tally }) => tally.cast < most);
  if (short.length === 0) return undefined;
  const runsNamed = (runs: ReadonlyArray<RunFacts>) => {
    const numbers = runs.map((f) => f.run ?? '?');
    return `run${numbers.length === 1 ? '' : 's'} ${numbers.slice(0, 5).join(', ')}${numbers.length > 5 ? ` and ${numbers.length - 5} more` : ''}`;
  };
  const counts = conditions.flatMap((c) => {
    const byVotes = new Map<number, RunFacts[]>();
    for (const { f, tally } of tallied) if (f.condition === c) byVotes.set(tally.cast, [...(byVotes.get(tally.cast) ?? []), f]);
    const parts = [...byVotes].sort(([m], [n]) => n - m).map(([n, runs], i) => `${i === 0 ? plural(n, 'vote') : n} in ${n === most ? plural(runs.length, 'run') : runsNamed(runs)}`);
    return parts.length === 0 ? [] : [`${c}: ${parts.join(', ')}`];
  }).join('; ');
  // Each agent CLI's runs are judged by a command of their own (one --harness each).
  const commands = judgeCommandsNamed(short.map(({ f }) => f));
  // A run with as many judgments as the repeats asked (its answers without a verdict among them) gets none from judge again.
  const repeats = Math.max(...tallied.map(({ tally }) => tally.highest));
  const evened = short.filter(({ tally }) => tally.cast + tally.kept < repeats).length;
  return { counts, commands, repeats, kept: short.filter(({ tally }) => tally.kept > 0).length, evened };
}

/** The judge commands the runs are told, each once, in their order (one per agent CLI their runs were made with, each naming its judge: graders/llm-judge.ts judgeCommandsOf). */
function judgeCommandsNamed(runs: readonly RunFacts[]): string[] {
  const commands = [...new Set(runs.flatMap((f) => (f.judgeCommand === undefined ? [] : [f.judgeCommand])))];
  return commands.length === 0 ? ['eval-magic judge'] : commands;
}

/**
 * An assertion's ungraded reasons, each with the judge command of its run, the command said once:
 * a judge stopped part way leaves runs not judged ("not judged: run <command>") beside judgments
 * it left unfinished ("…: run <command> to make it again"), and the warning named it twice. The
 * highest --repeats named makes the judgments of them all.
 */
function judgeCommandOnce(reasons: ReadonlyArray<[reason: string, command: string | undefined]>): string[] {
  const byCommand = new Map<string, Array<{ reason: string; cause: string; repeats: number }>>();
  for (const [reason, command] of reasons) {
    const remedy = command === undefined ? undefined : judgeRemedy(reason, command);
    if (remedy !== undefined) byCommand.set(command!, [...(byCommand.get(command!) ?? []), { reason, ...remedy }]);
  }
  const merged = new Map<string, string>();
  for (const [command, told] of byCommand) {
    if (told.length < 2) continue;
    const repeats = Math.max(...told.map((t) => t.repeats));
    const once = `${told.map((t) => t.cause).join('; ')} — for ${told.length === 2 ? 'both' : 'each'}, run ${command}${repeats > 1 ? ` --repeats ${repeats}` : ''}`;
    told.forEach((t, i) => merged.set(t.reason, i === 0 ? once : ''));
  }
  return reasons.map(([reason]) => merged.get(reason) ?? reason).filter((reason) => reason !== '');
}

/** How many judgments check rejects a judgments-refused error names, each with why, before "and N more". */
const REFUSED_NAMED = 5;

/**
 * The judgments of an eval's counted runs that check rejects (a verdict edited by hand, a field
 * removed, a copy, a judgment folder that is no folder), each by its run, folder and check's
 * finding, or undefined when there is none: records of the workspace that cannot be trusted, as a
 * conversation.json check rejects is, so an error — a CI job gating on compare's exit must not
 * pass over them. Each is no vote: its run is graded on that assertion by its other judgments, if
 * any, else ungraded. An old but valid judgment (an earlier rubric or packet) is no such record:
 * judge makes it again, and ungraded says so. `severity`: those check says so under the config
 * (its rule set to warn: judgments-warned; off: only the ungraded warning says why).
 */
function judgmentsRefused(facts: readonly RunFacts[], severity: 'error' | 'warning'): string | undefined {
  const counted = facts.filter((f) => f.excluded === null && f.refusedJudgments?.some((j) => j.severity === severity) === true);
  // A judge/ that is no folder is found under each llm_judge assertion: one finding of its run.
  const all = counted.flatMap((f) => [...new Map(f.refusedJudgments!.filter((j) => j.severity === severity).map((j) => [j.at, j])).values()].map((j) => ({ f, j })));
  if (all.length === 0) return undefined;
  const severalIterations = new Set(facts.map((f) => f.iteration)).size > 1;
  // A finding that ends a sentence of its own (a read problem: "…must be a file.") is one clause of the list.
  const named = all.slice(0, REFUSED_NAMED).map(({ f, j }) => `${JSON.stringify(f.condition)}${f.run !== undefined ? ` run ${f.run}` : ''}${severalIterations ? ` of ${f.iteration}` : ''}, ${j.at}: ${j.why.replace(/\.$/, '')}`);
  const more = all.length > REFUSED_NAMED ? `; and ${all.length - REFUSED_NAMED} more` : '';
  const one = all.length === 1;
  const it = one ? 'it' : 'them';
  const commands = judgeCommandsNamed(all.map(({ f }) => f));
  const folders = all.every(({ j }) => j.at === `${JUDGE_DIR}/`);
  const rules = [...new Set(all.map(({ j }) => j.rule))].join(', ');
  const what = folders
    ? `${plural(all.length, 'judgment folder')} check ${severity === 'error' ? 'rejects' : `warns of (${rules})`} ${one ? 'is' : 'are'} not counted, no vote on any assertion below ${it}`
    : `${plural(all.length, 'judgment')} check ${severity === 'error' ? 'rejects' : `warns of (${rules})`} ${one ? 'is' : 'are'} not counted, each no vote on its assertion`;
  // judge refuses to write over a judgment folder that is no folder: the remedy removes it first.
  const stray = all.filter(({ j }) => j.removeFirst === true);
  const remove = stray.length === 0 ? '' : `${stray.length === all.length ? `remove ${it}` : 'remove each that is no folder'} (judge does not write over ${stray.length === 1 ? 'it' : 'them'}), then `;
  const trust = severity === 'error'
    ? `${one ? 'It is a record' : 'They are records'} of the workspace that cannot be trusted (edited by hand, copied, or not a judgment at all), as check says of ${it}`
    : `The config has check warn of ${it}, not fail; compare counts no vote of ${it} all the same`;
  // One whose folder is locked judge leaves out, as its plan says: said by its lock, not as one to run judge for.
  const atLock = all.filter(({ j }) => j.leftAtLock !== undefined);
  const remade = all.length - atLock.length;
  const lockWords = atLock.length === 0 ? '' : `${remade === 0 ? '' : '; '}judge leaves ${atLock.length === 1 ? (one ? it : 'one') : `${atLock.length} of them`} out at ${atLock.length === 1 ? 'its' : 'their'} folder's lock: ${atLock[0]!.j.leftAtLock!}${atLock.length > 1 ? `; and ${atLock.length - 1} more` : ''}`;
  const remedy = remade === 0 ? '' : `${remove}run ${commands.join(', and ')} to make ${remade === all.length ? it : 'the others'} again`;
  return `${what}: ${named.join('; ')}${more}. ${trust}; ${remedy}${lockWords}.${remade === 0 ? '' : harnessToFill(commands.join(' '))}`;
}

/** One arm's failed attempts: how many, against how many things they were attempts at (runs, judgments), and their reasons by count (`timed-out ×2`). */
interface ArmAttempts {
  failed: number;
  made: number;
  reasons: string;
}

/**
 * Whether the arms differ in how many attempts failed before what is counted was made (attempts-failed:
 * the runs; judge-attempts-failed: the judgments), and by how much: each arm's failures against what
 * they were made for (Fisher's exact test), each with its reasons by count. Undefined when the arms
 * failed at the same rate. One count for the agent's attempts and the judge's.
 */
function failedAttempts(arms: ReadonlyArray<{ failed: readonly string[]; made: number }>): { p: number; arms: [ArmAttempts, ArmAttempts] } | undefined {
  const [t, c] = arms as [(typeof arms)[number], (typeof arms)[number]];
  // The same rate, not the same count: 2 of 2 judgments against 4 of 4 is no difference, 12 of 4 against 12 of 20 is one.
  if (t.failed.length * c.made === c.failed.length * t.made) return undefined;
  const arm = ({ failed, made }: (typeof arms)[number]): ArmAttempts => {
    const byReason = new Map<string, number>();
    for (const reason of failed) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
    return { failed: failed.length, made, reasons: [...byReason].map(([reason, n]) => `${reason} ×${n}`).join(', ') };
  };
  return { p: fisherExact([[t.failed.length, t.made], [c.failed.length, c.made]]), arms: [arm(t), arm(c)] };
}

/** How many distinct reasons an `ungraded` warning names for one assertion. */
const UNGRADED_REASONS = 2;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The runs check failed, all of one reason: one clause whatever each one's count of errors ("check
 * found 1 to 30 errors in the conversation.json of each"), where a reason per count made a clause each.
 */
function checkedAlike(checked: readonly RunFacts[]): RunFacts[] {
  if (checked.length === 1) return [...checked];
  const counts = checked.map((f) => checkErrorsIn(f.excluded!) ?? 0);
  const [low, high] = [Math.min(...counts), Math.max(...counts)];
  const reason = `check found ${low === high ? plural(low, 'error') : `${low} to ${high} errors`} in the ${CONVERSATION_FILE} of each`;
  return checked.map((f) => ({ ...f, excluded: reason }));
}

/**
 * What of eval `e` cannot reach alpha, said of it alone: its runs, the assertions (with their graded
 * runs where fewer), the smallest p they allow after Holm. Only what Holm implies: an assertion
 * cannot reach alpha when no outcome of these runs, in it and in every other assertion of the
 * family, brings its Holm p to alpha. `short`: some are graded in fewer runs than the eval has.
 */
function underpowered(e: EvalComparison, input: ValidityInput): { own: string; short: boolean } | undefined {
  const [treatment, control] = input.conditions;
  const tested = e.assertions.filter((a) => a.min_attainable_p_holm !== null);
  const stuck = tested.filter((a) => !reachesLevel(a.min_attainable_p_holm!, input.alpha));
  if (stuck.length === 0) return undefined;
  const best = Math.min(...stuck.map((a) => a.min_attainable_p_holm!));
  const which = stuck.length === tested.length ? 'no assertion can' : `${stuck.map((a) => a.id).join(', ')} cannot`;
  const holmNote = input.familySize > 1 ? ` after Holm over ${input.familySize} assertions` : '';
  const runs = [e.runs[treatment] ?? 0, e.runs[control] ?? 0];
  // What bounds p is the graded runs: ungraded ones (a judge split, a missing task) are fewer than the runs.
  const graded = (a: (typeof stuck)[number]) => [(a[treatment] as ArmCount).n, (a[control] as ArmCount).n];
  const short = stuck.filter((a) => graded(a)[0] !== runs[0] || graded(a)[1] !== runs[1]);
  const what = short.length === 0
    ? `with ${runs[0]} and ${runs[1]} runs, ${which}`
    : `with ${runs[0]} and ${runs[1]} runs, ${stuck.map((a) => (short.includes(a) ? `${a.id} (graded in ${graded(a)[0]} and ${graded(a)[1]} of them)` : a.id)).join(', ')} cannot`;
  return { own: `${what} come out significant at alpha ${input.alpha}, whatever the outcomes: the smallest p they allow${holmNote} is ${best.toPrecision(3)}.`, short: short.length > 0 };
}

interface ReachAdvice {
  /** The runs per condition an assertion needs to reach alpha. */
  needed: number;
  /** A new iteration of more runs, asked for by `campaign --runs`. */
  campaignRuns: string;
  /** A new iteration, asked for by the eval's own "runs" in evals.json, which `campaign --runs` does not set. */
  ownRuns: string;
  /** The runs campaign planned are enough: make those not counted, grade those not graded. */
  planned: (planned: number, notCounted: boolean, notGraded: boolean) => string;
}

/**
 * What would let any assertion reach alpha (the underpowered warning's advice): the runs per arm
 * needed, and how to have them — the planned runs made (or graded) where campaign already plans
 * that many (a new N was advice to lower it), else a new iteration: `campaign --runs`, or for an
 * eval with its own "runs" in evals.json (`ownRuns`) that field, since --runs sets only the others.
 */
function whatWouldReach(input: ValidityInput, weakEvals: ReadonlyArray<{ short: boolean } | undefined>): ReachAdvice {
  const needed = fewestRunsPerArm(input.alpha, Math.max(1, input.familySize));
  const graded = weakEvals.some((weak) => weak?.short === true) ? 'graded ' : '';
  const atLeast = `At least ${needed} ${graded}runs per condition are needed, in every eval, for any assertion to reach it`;
  const advice = (how: string) => `${atLeast}: a new iteration ${how}, not runs added to these — runs added after seeing a result, all tested together, overstate the evidence.`;
  return {
    campaignRuns: advice(`(campaign --runs ${needed})`),
    ownRuns: advice(`with "runs": ${needed} ${OWN_ENTRY.one} (campaign --runs sets only the evals without their own "runs")`),
    planned: (planned, notCounted, notGraded) => {
      const todo = [
        ...(notCounted ? ['make the planned runs not counted (the same campaign command again — every shard of it, if it was sharded — makes every run not done: aborted, interrupted or not yet made)'] : []),
        ...(notGraded ? ['grade the runs not graded (the ungraded warning says how)'] : []),
      ];
      return `${atLeast}, and campaign planned ${planned} per condition: ${todo.join(', and ')} — no new iteration.`;
    },
    needed,
  };
}

/**
 * Eval `e`'s advice: where campaign planned the runs needed and fewer are counted or graded (runs
 * aborted, interrupted, not yet made; llm_judge votes missing), those runs — not a new iteration.
 */
function underpoweredAdvice(e: EvalComparison, index: number, notGraded: boolean, input: ValidityInput, reach: ReachAdvice): string {
  const plans = input.plans[index] ?? [];
  // One experiment's plan only (iterations pooled sum to no campaign's plan), and no run the config
  // leaves out: campaign would make those again, and the config would leave them out again.
  const leftOutByConfig = (input.facts[index] ?? []).some((f) => f.excluded === NOT_CHECKED);
  const planned = plans.length === 1 && !leftOutByConfig ? plans[0]!.runs : 0;
  if (planned >= reach.needed) {
    const notCounted = input.conditions.some((c) => (e.runs[c] ?? 0) < planned);
    if (notCounted || notGraded) return reach.planned(planned, notCounted, notGraded);
  }
  return input.ownRuns?.[index] === undefined ? reach.campaignRuns : reach.ownRuns;
}

/** Every problem found, each once, errors first, then by eval. */
export function validityProblems(input: ValidityInput): ValidityProblem[] {
  const problems: ValidityProblem[] = [];
  const name = evalNamer(input.evals);
  const add = (code: ValidityCode, severity: ValidityProblem['severity'], message: string, e?: EvalComparison, advice?: string) => problems.push({
    code, severity, message, ...(e !== undefined ? { eval: e.id, ...(name(e) !== e.id && e.skill !== null ? { skill: e.skill } : {}) } : {}), ...(advice !== undefined ? { advice } : {}),
  });
  const [treatment, control] = input.conditions;
  if (input.guess !== undefined) {
    add('conditions-guessed', 'warning', `No campaign.json names the conditions and they are not a known pair as campaign names them; ${JSON.stringify(treatment)} is taken as the treatment and ${JSON.stringify(control)} as the control, ${input.guess}. To name the arms for sure, name them with --treatment and --control (the treatment and control options of compareIterations), or rename the folders with_skill and without_skill (or new_skill and old_skill), the treatment first in each pair.`);
  }

  const weakEvals = input.evals.map((e) => underpowered(e, input));
  // The same words for every underpowered eval, worked out once: each eval's scan of every eval's made it quadratic.
  const reachAdvice = weakEvals.some((weak) => weak !== undefined) ? whatWouldReach(input, weakEvals) : undefined;
  input.evals.forEach((e, index) => {
    const facts = input.facts[index] ?? [];
    // An eval taken out of evals.json: one word for it, rather than its runs counted as missing.
    const gone = facts.filter((f) => f.evalGone);
    if (gone.length > 0 && gone.length === facts.length) {
      add('eval-removed', 'warning', `${evalRemovedWords(name(e), gone.length, 'left out of the numbers')}.`, e);
      return;
    }
    const severalIterations = pooledFrom(facts);
    const checked = facts.filter((f) => failedCheck(f.excluded));
    // Named by run, as runs-missing names its runs: this error sets the exit code, and the terminal shows no run list.
    if (checked.length > 0) add('artifacts-excluded', 'error', `${plural(checked.length, 'artifact')} of eval ${name(e)} failed check and ${checked.length === 1 ? 'is' : 'are'} left out of the numbers: ${byReason(checkedAlike(checked), input.conditions, severalIterations)} (${checkAdvice(checked, input.checkFlags ?? [])}).`, e);
    const refused = judgmentsRefused(facts, 'error');
    if (refused !== undefined) add('judgments-refused', 'error', `Eval ${name(e)}: ${refused}`, e);
    const warned = judgmentsRefused(facts, 'warning');
    if (warned !== undefined) add('judgments-warned', 'warning', `Eval ${name(e)}: ${warned}`, e);
    const over = facts.filter((f) => f.overPlan === 'run');
    const unplanned = facts.filter((f) => f.overPlan === 'eval');
    if (unplanned.length > 0) add('runs-over-plan', 'error', `Eval ${name(e)} is not in the plan of campaign.json: its ${plural(unplanned.length, 'run folder')} ${unplanned.length === 1 ? 'is' : 'are'} not counted: campaign never writes them, so they were added by hand or by an agent.`, e);
    // No run of the plan at all: nothing is missing, unequal or stopping more often (as for an eval taken out of evals.json).
    if (unplanned.length > 0 && unplanned.length === facts.length) return;
    if (over.length > 0) add('runs-over-plan', 'error', `Eval ${name(e)}: ${plural(over.length, 'run folder')} beyond the runs campaign.json plans (${over.map((f) => runNamed(f, severalIterations)).join(', ')}) ${over.length === 1 ? 'is' : 'are'} not counted: campaign never writes them, so they were added by hand or by an agent.`, e);
    const copies = facts.filter((f) => f.copyOf !== undefined);
    if (copies.length > 0) add('runs-duplicated', 'warning', `Eval ${name(e)}: ${plural(copies.length, 'run folder')} ${copies.length === 1 ? 'holds' : 'hold'} a run already counted (${copies.map((f) => `${runNamed(f, severalIterations)}, a copy of ${f.copyOf}`).slice(0, 3).join('; ')}${copies.length > 3 ? `; and ${copies.length - 3} more` : ''}): each run is counted once.`, e);
    const unfinished = facts.filter((f) => f.excluded !== null && !failedCheck(f.excluded) && !f.overPlan && f.copyOf === undefined && !f.noRun);
    if (unfinished.length > 0) add('runs-missing', 'warning', `${plural(unfinished.length, 'run')} of eval ${name(e)} ${unfinished.length === 1 ? 'is' : 'are'} not counted: ${byReason(unfinished, input.conditions, severalIterations)}.`, e);
    // Folders that hold no run of the plan (a copy named run-01 or run-1 copy, a folder of another
    // name): said, but not as runs not counted — every run of the plan may be there.
    const noRuns = facts.filter((f) => f.noRun && f.excluded !== null);
    if (noRuns.length > 0) add('runs-missing', 'warning', `${plural(noRuns.length, 'folder')} of eval ${name(e)} ${noRuns.length === 1 ? 'holds' : 'hold'} no run of the plan, not counted: ${[...new Set(noRuns.map((f) => f.excluded))].join('; ')}.`, e);
    const plans = input.plans[index] ?? [];
    const expected = plans.reduce((sum, plan) => sum + plan.runs, 0);
    for (const condition of input.conditions) {
      const n = e.runs[condition] ?? 0;
      // Per iteration: pooled, the runs one iteration counts never make up another's shortfall, which is named.
      const short = plans.filter((plan) => (plan.counted[condition] ?? 0) < plan.runs);
      if (short.length > 0) {
        const where = plans.length === 1 ? '' : ` (${plural(plans.length, 'iteration')} pooled; ${short.map((plan) => `${plan.iteration} counts ${plan.counted[condition] ?? 0} of its ${plan.runs}`).join(', ')})`;
        add('runs-missing', 'warning', `Eval ${name(e)}: ${condition} counts ${n} of the ${expected} runs campaign planned${where}.`, e);
      }
      if (n === 0) add('runs-missing', 'warning', `Eval ${name(e)}: ${condition} has no counted run, so nothing can be compared.`, e);
    }
    if ((e.runs[treatment] ?? 0) !== (e.runs[control] ?? 0)) add('runs-unequal', 'warning', `Eval ${name(e)}: ${plural(e.runs[treatment] ?? 0, `${treatment} run`)} but ${plural(e.runs[control] ?? 0, `${control} run`)}.`, e);

    const isolation = facts.filter((f) => f.record?.isolation && !f.record.isolation.valid);
    for (const f of isolation) {
      const what = f.record!.isolation!.problems.map((p) => p.message || p.code).join('; ') || 'isolation marked invalid';
      add('isolation-failed', 'error', `Eval ${name(e)}, ${f.condition}${f.run !== undefined ? ` run ${f.run}` : ''}: ${what}.`, e);
    }
    const conflicts = facts.filter((f) => f.statusConflict);
    if (conflicts.length > 0) {
      const runs = conflicts.map((f) => `${f.condition}${f.run !== undefined ? ` run ${f.run}` : ''}: run.json says ${f.statusConflict!.run_json}, conversation.json says ${f.statusConflict!.conversation_json}`);
      add('status-mismatch', 'error', `Eval ${name(e)}: run.json and conversation.json disagree on how ${conflicts.length === 1 ? 'a run' : `${conflicts.length} runs`} ended (${runs.join('; ')}). Campaign writes the two alike, so one was edited by hand; run.json's status is the one counted (stopped_or_aborted, stop-imbalance): restore the record that was edited, or run the eval again.`, e);
    }
    // Graded and counted all the same: an edit may be legitimate (a secret redacted), but the verdicts are of the edited text.
    // A command_check runs the task's files as they are on disk: converted, a shell script with CRLF
    // endings fails (`cannot open ./files/math.sh\r`), in every arm the checkout converted. Said of
    // campaign's runs (a run.json beside: campaign wrote the conversation with LF) whose command ran.
    const commands = e.assertions.filter((a) => a.grader === 'command_check').map((a) => a.id);
    const converted = commands.length === 0 ? [] : facts.filter((f) => f.lineEndingsConverted && f.excluded === null && f.record !== undefined && commands.some((id) => !(f.ungraded ?? []).some((u) => u.id === id)));
    if (converted.length > 0) {
      const one = converted.length === 1;
      const runs = converted.map((f) => `${f.condition}/${f.run !== undefined ? `run-${f.run}` : 'run'}`);
      add('line-endings-converted', 'error', `Eval ${name(e)}: the conversation.json of ${one ? 'run' : `${converted.length} runs`} ${runs.slice(0, 5).join(', ')}${runs.length > 5 ? ` and ${runs.length - 5} more` : ''} has CRLF line endings, which campaign never writes: the workspace was checked out with line-ending conversion (Git's core.autocrlf, or text in .gitattributes), which rewrites the files of the runs' task folders too, so the command_check commands may have run on converted files (a shell script with CRLF endings fails): their verdicts may not be the runs'. Compare where the workspace was made, or check it out again without conversion (campaign writes each iteration a .gitattributes that asks Git for none; docs/campaign.md, Keeping a workspace in Git).`, e);
    }
    const edited = facts.filter((f) => f.conversationEdited && f.excluded === null);
    if (edited.length > 0) {
      const runs = edited.map((f) => `${f.condition}/${f.run !== undefined ? `run-${f.run}` : 'run'}`);
      const one = edited.length === 1;
      add('conversation-edited', 'warning', `Eval ${name(e)}: the conversation.json of ${one ? 'run' : `${edited.length} runs`} ${runs.join(', ')} was changed after the run (it is not the text campaign recorded in ${one ? 'its' : 'their'} run.json): ${one ? 'its' : 'their'} transcript checks (and judge rubrics) grade the edited text, not what the agent did. ${one ? 'The run is' : 'They are'} still graded and counted (a redacted secret is an edit too); to grade the run's own conversation, restore the file from where the workspace came from, or run the eval again.`, e);
    }
    // Every run of the experiment, counted or left out (an aborted run says how it ended too), but
    // for folders that hold no run of its own: copies, runs beyond the plan and runs of another plan.
    const runsOfPlan = facts.filter((f) => f.copyOf === undefined && !f.overPlan && !f.otherPlan);
    const stops = input.conditions.map((c) => {
      // A run the user cut short says which arm was in flight at the Ctrl-C, not how the arm ends.
      const counted = runsOfPlan.filter((f) => f.condition === c && f.status !== undefined && !(f.status === 'aborted' && isInterruption(f.record?.abort_reason)));
      const stopped = counted.filter((f) => f.status !== 'completed').length;
      return [stopped, counted.length - stopped] as [number, number];
    }) as [[number, number], [number, number]];
    if (stops[0][0] !== stops[1][0] && stops[0][0] + stops[0][1] > 0 && stops[1][0] + stops[1][1] > 0) {
      const p = fisherExact(stops);
      add('stop-imbalance', 'warning', `Eval ${name(e)}: ${stops[0][0]} of ${stops[0][0] + stops[0][1]} ${treatment} runs and ${stops[1][0]} of ${stops[1][0] + stops[1][1]} ${control} runs did not complete (stopped at a gate or aborted; Fisher ${pIs(p)}); runs that stop early are graded on less.`, e);
    }
    // Attempts that failed before their run was made again (by --retries, or by the next command,
    // which makes every unfinished run again): the runs counted are those that got through. An
    // interruption is the user's (Ctrl-C, eval-magic killed), not the agent's.
    const runsFailed = failedAttempts(input.conditions.map((c) => {
      const ofArm = runsOfPlan.filter((f) => f.condition === c);
      return { failed: ofArm.flatMap((f) => (f.record?.failures ?? []).filter((x) => !isInterruption(x.reason)).map((x) => x.reason)), made: ofArm.filter((f) => f.record !== undefined).length };
    }));
    if (runsFailed !== undefined) {
      // Each arm's failures with the runs they failed before: the rates differ, not the counts (1 and 1 may).
      const [t, c] = runsFailed.arms;
      const reasons = (arm: typeof t) => (arm.reasons === '' ? '' : ` (${arm.reasons})`);
      add('attempts-failed', 'warning', `Eval ${name(e)}: ${plural(t.failed, `${treatment} attempt`)} failed before the ${plural(t.made, `${treatment} run`)} ${t.made === 1 ? 'was' : 'were'} made${reasons(t)}, and ${c.failed} before the ${c.made} ${control} ${c.made === 1 ? 'one' : 'ones'}${reasons(c)} (by --retries, or by the same campaign command run again; Fisher ${pIs(runsFailed.p)}): the runs counted are those that got through, so an arm whose attempts fail more often is graded on its luckier ones.`, e);
    }
    // The judge's sessions alike, of the judgments compare counts (votes cast, in counted runs): a
    // judge that fails more often on one arm's runs, made again until it answers, leaves verdicts
    // that look complete. Sessions cut short by eval-magic's end are left out, as interrupted runs are.
    // Per assertion, as its votes are counted: pooled over an eval's assertions, one judge failing
    // on one arm's runs and another's on the other's would hide each other.
    for (const a of e.assertions) {
      const judgeFailed = failedAttempts(input.conditions.map((c) => {
        const counted = facts.filter((f) => f.condition === c && f.excluded === null);
        // Own keys only: an assertion of id "constructor" is no key of every object.
        const own = <T>(byId: Readonly<Record<string, T>> | undefined): T | undefined => (byId !== undefined && Object.hasOwn(byId, a.id) ? byId[a.id] : undefined);
        return { failed: counted.flatMap((f) => (own(f.judgeFailures) ?? []).filter((reason) => !isInterruption(reason))), made: counted.reduce((n, f) => n + (own(f.votes)?.cast ?? 0), 0) };
      }));
      // An arm with no judgment counted is the ungraded warning's: nothing to set its failures against.
      if (judgeFailed === undefined || !judgeFailed.arms.every((arm) => arm.made > 0)) continue;
      const [t, c] = judgeFailed.arms;
      const reasons = (arm: typeof t) => (arm.reasons === '' ? '' : ` (${arm.reasons})`);
      add('judge-attempts-failed', 'warning', `Eval ${name(e)}: ${plural(t.failed, 'judge session')} of ${a.id} failed before the ${plural(t.made, `${treatment} judgment`)} counted ${t.made === 1 ? 'was' : 'were'} made${reasons(t)}, and ${c.failed} before the ${c.made} ${control} ${c.made === 1 ? 'one' : 'ones'}${reasons(c)} (by judge's --retries, or by the same judge command run again; Fisher ${pIs(judgeFailed.p)}): the verdicts counted are those of the sessions that answered, so where the judge fails more often on one arm's runs (a longer transcript, a task it times out on) that arm is graded by its luckier sessions, and the judge may be telling the arms apart. Each failed session's files are kept in attempt-<n>/ of its judgment's folder (judge/<assertion-id>/<repeat>/).`, e);
    }
    const ungraded = e.assertions.filter((a) => input.conditions.some((c) => ((a[c] as { ungraded: number }).ungraded > 0)));
    const pooled = judgesPooled(e.assertions.map((a) => a.id), facts);
    for (const a of e.assertions) {
      const agreement = a.judge_agreement;
      if (agreement === undefined || !judgeUnstable(agreement)) continue;
      const kappa = agreement.kappa === null ? 'undefined' : fixedText(agreement.kappa, 2);
      const unanimous = agreement.unanimous === null ? '–' : `${wholePercent(agreement.unanimous)} %`;
      // Votes of several judges: their agreement with each other, not a judge's with itself (judges-mixed names them).
      const who = pooled.has(a.id) ? `the ${pooled.get(a.id)!.length} judges of ${a.id} agree with each other` : `the judge of ${a.id} agrees with itself`;
      add('judge-unstable', 'warning', `Eval ${name(e)}: ${who} on ${unanimous} of ${plural(agreement.runs, 'run')} (Fleiss' kappa ${kappa}; below ${KAPPA_FLOOR} or under ${UNANIMOUS_FLOOR * 100} % is unstable): its verdicts on this assertion may change when judged again.`, e);
    }
    if (pooled.size > 0) {
      // Assertions whose votes were pooled alike (one --model added to every one) are said once, together.
      const alike = new Map<string, string[]>();
      for (const [id, judges] of pooled) {
        const key = judges.map(([judge, n]) => `${n} by ${judge}`).join(', ');
        alike.set(key, [...(alike.get(key) ?? []), id]);
      }
      const clauses = [...alike].map(([key, ids]) => `${ids.join(', ')}${ids.length === 1 ? '' : ' each'} (votes cast: ${key})`);
      add('judges-mixed', 'warning', `Eval ${name(e)}: the votes counted on ${clauses.join('; ')} are of different judges, pooled: each run's verdict is the majority of them all, so it may change with which judge was asked more often, and their judge agreement (Fleiss' kappa, unanimous runs) is between judges, not of one judge with itself. To count one judge alone, remove the other's judgment folders (judge/<assertion-id>/<repeat>/) and run judge again with the one.`, e);
    }
    // An assertion that names its judge's model (edited in after judging, say) is graded by votes of another: said, not passed off as the named judge's.
    for (const [id, model] of Object.entries(input.judgeModels?.[index] ?? {})) {
      const others = votesCast(id, facts).filter(([judge]) => !judgeUsesModel(judge, model));
      if (others.length === 0) continue;
      // The command its runs are told (their judge's --harness), one repeat past the highest there: judge asks the named model for it.
      const counted = facts.filter((f) => f.excluded === null && f.votes?.[id] !== undefined);
      const next = Math.max(0, ...counted.map((f) => f.votes![id]!.highest)) + 1;
      const commands = judgeCommandsNamed(counted).map((command) => `${command} --eval ${shellWord(e.id)} --repeats ${next}`).join(', and ');
      add('judges-mixed', 'warning', `Eval ${name(e)}: the llm_judge assertion ${id} names the model ${JSON.stringify(model)}, but votes counted on it are of another judge (votes cast: ${others.map(([judge, n]) => `${n} by ${judge}`).join(', ')}): its verdicts are not, or not all, the named judge's. Run ${commands} to add that judge's votes (judge asks the model the assertion names, whatever --model), or remove the others' judgment folders (judge/${id}/<repeat>/) and run judge again.${harnessToFill(commands)}`, e);
    }
    for (const a of e.assertions) {
      if (a.grader === 'llm_judge') {
        const unequal = votesUnequal(a.id, facts, input.conditions);
        if (unequal === undefined) continue;
        const head = `Eval ${name(e)}: the runs are graded on ${a.id} by different numbers of votes (${unequal.counts}): a verdict of fewer votes is the majority of fewer judgments, one vote the judge's single answer, so the runs are not graded alike`;
        // Every short run is short by answers judge keeps: no command evens them, and the judge answering one arm's runs so more often is itself to look at.
        if (unequal.evened === 0) add('judge-votes-unequal', 'warning', `${head} — the judge answered some of their judgments without a verdict (malformed-verdict or no-evidence), which judge keeps and does not ask again, so no judge command evens them. Read those answers (judge/${a.id}/<repeat>/ of the runs named): a judge that answers one arm's runs without a verdict more often may be telling the arms apart.`, e);
        else add('judge-votes-unequal', 'warning', `${head} — a judge command stopped before it ended, or run again with more --repeats, leaves them so. Run ${unequal.commands.map((command) => `${command} --eval ${shellWord(e.id)} --repeats ${unequal.repeats}`).join(', and ')} to make the missing judgments${unequal.kept > 0 ? ` (${plural(unequal.kept, 'run')} short of votes by answers judge keeps without a verdict, malformed-verdict or no-evidence, stay${unequal.kept === 1 ? 's' : ''} short: judge does not ask again)` : ''}.${harnessToFill(unequal.commands.join(' '))}`, e);
      }
    }
    if (ungraded.length > 0) {
      // In how many runs of each arm, and why: "not graded in some runs" left the user to open grading.json files.
      const inRuns = (a: (typeof ungraded)[number]) => input.conditions.flatMap((c) => {
        const arm = a[c] as ArmCount;
        // An arm with no counted run is said by runs-missing, not as "0 of 0"; one graded in every run is left out ("not graded in 0 of 3").
        return arm.ungraded === 0 ? [] : [`${arm.ungraded} of ${arm.n + arm.ungraded} ${c}`];
      }).join(' and ');
      // Each assertion's reasons in the order the runs give them, gathered in one pass: a pass per
      // assertion cost assertions² × runs (every llm_judge assertion is ungraded before judge runs).
      const reasonsOf = new Map<string, Map<string, string | undefined>>();
      for (const f of facts) {
        for (const u of f.ungraded ?? []) {
          const reasons = reasonsOf.get(u.id) ?? new Map<string, string | undefined>();
          const reason = f.plainReasons?.[u.id] ?? u.reason;
          if (!reasons.has(reason)) reasonsOf.set(u.id, reasons.set(reason, f.judgeCommand));
        }
      }
      const why = (a: (typeof ungraded)[number]) => {
        const reasons = judgeCommandOnce([...(reasonsOf.get(a.id) ?? [])]);
        if (reasons.length === 0) return '';
        const more = reasons.length - UNGRADED_REASONS;
        return ` (${reasons.slice(0, UNGRADED_REASONS).join('; ')}${more > 0 ? `; and ${plural(more, 'other reason')}: see each run's grading.json` : ''})`;
      };
      // Assertions ungraded alike (a rubric of each, none judged yet) are said once, together.
      const alike = new Map<string, typeof ungraded>();
      for (const a of ungraded) {
        const key = `${inRuns(a)} runs${why(a)}`;
        alike.set(key, [...(alike.get(key) ?? []), a]);
      }
      const clauses = [...alike].map(([key, rows]) => {
        const graders = [...new Set(rows.map((a) => a.grader))];
        const ids = graders.map((g) => `${rows.filter((a) => a.grader === g).map((a) => a.id).join(', ')} (${g})`).join(', ');
        return `${ids} ${rows.length === 1 ? 'was' : 'were'} not graded in ${key}`;
      });
      // Untested (no graded run in an arm), an assertion is out of Holm's family: every other p (Holm) is adjusted over fewer than it will be once graded (the trial: judge skipped, 0.300 became 0.400).
      const untested = ungraded.filter((a) => a.p_value === null && input.conditions.every((c) => (e.runs[c] ?? 0) > 0) && input.conditions.some((c) => (a[c] as ArmCount).n === 0)).map((a) => a.id);
      const family = untested.length === 0 ? '' : ` Graded in no run of an arm, ${untested.join(', ')} ${untested.length === 1 ? 'is' : 'are'} untested and out of Holm's family, which spans every eval's assertions: the others' p (Holm) are adjusted over fewer assertions than if ${untested.length === 1 ? 'it were' : 'they were'} tested.`;
      add('ungraded', 'warning', `Eval ${name(e)}: ${clauses.join('; ')}; ungraded runs count as neither pass nor fail.${family}${harnessToFill(clauses.join('; '))}`, e);
    }
    const weak = weakEvals[index];
    if (weak !== undefined) {
      // What to do is the same for every eval (the runs every assertion needs, a new iteration), but
      // for how an eval's runs are asked for: whole in each, for a consumer of the json that reads
      // one eval's; the reports say each advice once (formats/numbers.ts).
      const advice = underpoweredAdvice(e, index, weak.short, input, reachAdvice!);
      add('underpowered', 'warning', `Eval ${name(e)}: ${weak.own} ${advice}`, e, advice);
    }
  });
  input.evals.forEach((e, index) => {
    for (const f of input.facts[index] ?? []) {
      if (f.recordProblem === undefined) continue;
      add('run-record-unusable', 'error', `Eval ${name(e)}, ${f.condition}${f.run !== undefined ? ` run ${f.run}` : ''}: run.json cannot be used, so its isolation, duration and tokens are unknown: ${f.recordProblem.replace(/\.$/, '')}.`, e);
    }
  });
  for (const notice of input.notices ?? []) add(notice.code, notice.severity ?? 'warning', notice.message.endsWith('.') ? notice.message : `${notice.message}.`);
  for (const problem of input.campaignProblems ?? []) {
    add('campaign-record-unusable', 'warning', `campaign.json cannot be used, so the conditions and planned runs it names are not known to this comparison: ${problem.replace(/\.$/, '')}.`);
  }
  const withoutRecord = input.facts.flat().filter((f) => f.record === undefined && f.recordProblem === undefined && f.excluded === null).length;
  if (withoutRecord > 0) add('no-run-record', 'warning', `${plural(withoutRecord, 'run')} ha${withoutRecord === 1 ? 's' : 've'} no run.json (the reference's layout): isolation is unknown, duration and tokens are not compared, and command_check / diff_scope are ungraded.`);
  input.evals.forEach((e, index) => {
    // Shards of one plan in separate iterations are one experiment's runs: nothing was pooled.
    const iterations = new Set((input.facts[index] ?? []).filter((f) => f.excluded === null).map((f) => f.experiment ?? f.iteration));
    if (iterations.size > 1) add('iterations-pooled', 'warning', `Eval ${name(e)}: runs of ${iterations.size} iteration folders are counted together; make sure they ran the same skill version.`, e);
  });
  const skills = [...new Set(input.evals.flatMap((e) => (e.skill === null ? [] : [e.skill])))].sort();
  if (skills.length > 1) {
    // Holm's family is the comparison's: a skill's verdicts beside another's are stricter than alone, said with the way to read it alone.
    const alone = input.skillFolders?.[0] === undefined ? '' : ` (eval-magic compare ${shellWord(input.skillFolders[0])})`;
    add('skills-pooled', 'warning', `The overall result and the skill-invoked rate pool the evals of ${skills.length} skills (${skills.map((s) => JSON.stringify(s)).join(', ')}): they say whether the skills helped taken together, not which one did. Holm adjusts over the assertions of every skill at once (${input.familySize} in the family), so each eval's p (Holm) and significance are stricter than with its skill compared alone; compare one skill's folder on its own for its verdicts alone${alone}.`);
  }
  // Each problem once (two evals of one id under two skills can say the same), errors first.
  const seen = new Set<string>();
  const unique = problems.filter((p) => { const key = `${p.severity}\u0000${p.code}\u0000${p.message}`; return !seen.has(key) && Boolean(seen.add(key)); });
  return unique.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
}
