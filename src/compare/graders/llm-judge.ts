// llm_judge: graded from the run's judgments (written by `eval-magic judge`): one judgment gives
// its verdict; several give the majority, and a tie is ungraded. A judgment without a verdict is
// not a vote; no vote at all is ungraded, with why.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { shellOptionWords, shellPathWord, shellWord } from '../../text/escape.js';
import { andList } from '../../text/lists.js';
import { shownPath } from '../../fs/shown-path.js';
import { answerMismatch } from '../../workspace/judge-answer.js';
import { leftAtLockWords } from '../../workspace/held-lock.js';
import { judgmentStanding, type OtherInput } from '../../workspace/judgment-standing.js';
import { judgeNamed, judgmentFolder, judgmentLeftAtLock, keptWithoutVerdict, readRunJudgments, UNFINISHED, type JudgedInputs, type JudgedRun, type JudgmentRecord, type RefusedAt } from '../../workspace/judgment-record.js';
import { assertionFolderProblem, JUDGE_DIR, JUDGMENT_FILE } from '../../workspace/layout.js';
import { namedPathOf, type Iteration, type PathsIgnored } from '../../workspace/locate.js';
import { runsHarnessOf } from '../../workspace/counted.js';
import type { JudgeVote, Verdict, VoteJudge, VotesByJudge } from './types.js';
import { recordPath, toldUngraded, type PathNamer, type ToldVerdict } from './told.js';
import type { RuleSeverities } from '../../checker/rule-config.js';
import type { ConfigIgnore } from '../../checker/index.js';
import { builtInHarnessNames } from '../../runner/harness-descriptor.js';
import type { ArmNames } from '../../workspace/arms.js';
import { isLinkOutside } from '../../checker/link-boundary.js';

/** What a judgment must have been made of to count (workspace/judgment-record.ts {@link JudgedInputs}): the rubric and expected_output, the prompt and turns of evals.json now, the run's conversation.json and diff now. */
interface LlmJudgeInput extends JudgedInputs {
  id: string;
  /** The run's folder (absolute). */
  runDir: string;
  /** The command that judges the runs compare counted ({@link judgeCommand}), as grading.json and as the report say it. */
  judgeCommand: JudgeCommands;
  /** False for a run in the reference tool's layout (`<condition>/conversation.json`, no run-<j> folder), which `eval-magic judge` never judges. */
  inRunFolder?: boolean;
  /** The run the folder is (a run-<j> folder): a judgment of another run copied there is no vote. */
  of?: JudgedRun;
  /** check's rule severities under the comparison's config: how each judgment check rejects is said (default: every rule's default). */
  severities?: RuleSeverities | undefined;
  /** The folders compare was named, as check bounds links for the same paths: a judgment.json linked out of them is check's io finding, which no config turns off. */
  linkRoots?: readonly string[] | undefined;
  /** Whether the config's ignore globs leave a path of the run out of check: check says nothing of a judgment there, so neither does compare. */
  ignoredByCheck?: ((path: string) => boolean) | undefined;
}

/** The reason of a vote made by criteria the evals.json no longer states. */
const STALE = 'judged by an earlier rubric or expected_output';
/** The reason of a vote made for a task (prompt, turns) the evals.json no longer states: the judge read of another task. */
const REPROMPTED = 'judged by an earlier prompt or turns';
/** The reason of a vote made on a transcript since edited: the judge read another one. */
const EDITED = 'judged on an earlier conversation.json';
/** The reason of a vote made on changes since edited (diff.patch, or the task the diff is computed from): the judge read other ones. */
const REDIFFED = "judged on an earlier diff of the run's changes";
/** Each input a judgment may have been made of another version of, by the reason its vote says. */
const OUTDATED: Record<OtherInput, string> = { criteria: STALE, prompts: REPROMPTED, conversation: EDITED, diff: REDIFFED };
/** Votes judge makes again by itself: compare says to run it. */
const outdated = (reason: string | undefined) => Object.values(OUTDATED).includes(reason ?? '');
/**
 * The `eval-magic judge` command a message tells the user to run: it names every iteration
 * compared together (several pooled, the shards of one campaign, each skill of a workspace: as the
 * user named them), so that judge — which takes one pair of arms over the iterations named
 * together, counts each run once over all of them and looks the config up from them all — judges
 * exactly the runs compare counted, with the options that change what judge counts and judges by:
 * compare's evals.json (the rubrics a judgment is made by), config file (the runs counted) and the
 * arms the user named (the runs judged: unnamed, judge may take another pair, and never judge the
 * runs compare asks for) — each a word a shell reads back unchanged, shown as every message shows
 * a path (`name`: absolute in grading.json, relative to `cwd` when inside it in the report: told.ts).
 * A config of false (none: the library's) has no flag of judge's, and is left out. `harness`: the
 * --harness judge requires, the agent CLI the runs were made with ({@link agentHarnessOf}).
 */
function judgeCommand(told: 'record' | 'report', cwd: string, iterations: readonly Iteration[], harness: string, options: NamedFiles & { treatment?: string | undefined; control?: string | undefined }, ignore: ConfigIgnore | undefined): string {
  const name: PathNamer = told === 'record' ? recordPath : (path) => shownPath(cwd, path);
  // A folder named "-x" would be read as an option: given as --treatment=-x, it is the value.
  const arms = (['treatment', 'control'] as const).flatMap((arm) => (options[arm] === undefined ? [] : [shellOptionWords(`--${arm}`, options[arm])]));
  // Under ignore globs the report names each iteration as the user typed it (typedPathOf): judge
  // then matches them against the spelling check and compare did (a relative glob leaves out
  // nothing of an absolute path). Else as every path is shown; the record names it absolute,
  // through a linked workspace as named — but for globs matched as reported (a config named, with
  // no folder of its own), whose meaning the spelling carries: typed, from compare's folder.
  const asTyped = ignore !== undefined && (told === 'report' || ignore.base === undefined);
  const iteration = (i: Iteration) => (asTyped && i.typed !== undefined ? shellPathWord(i.typed) : pathWord(name, cwd, namedPathOf(i, i.dir)));
  const command = ['eval-magic judge', ...iterations.map(iteration), '--harness', harness, ...namedFilesFlags(cwd, options, name), ...arms].join(' ');
  const fromCwd = told === 'record' && asTyped && iterations.some((i) => i.typed !== undefined && !isAbsolute(i.typed));
  return fromCwd ? `cd ${shellWord(resolve(cwd))} && ${command}` : command;
}

/** The --harness of a judge command that cannot name the CLI: a word to fill in, which a shell does not run as printed (it reads `<` as a redirection). */
const HARNESS_TO_FILL = '<cli>';

const isBuiltIn = (name: string) => (builtInHarnessNames as readonly string[]).includes(name);

/**
 * The agent CLI the runs of `iteration` were made with, when it is a built-in one: the one its
 * campaign.json records (not a descriptor file: campaign.json keeps its name and digest, not the
 * path judge would need), else — no campaign.json — the one every run.json records (of the runs
 * the config's ignore globs keep: `ignored`); else
 * {@link HARNESS_TO_FILL}.
 */
function agentHarnessOf(iteration: Iteration, cwd: string, arms: ArmNames, ignored: PathsIgnored | undefined): string {
  const harness = iteration.campaign?.harness;
  if (harness === undefined) return iteration.campaignProblem === undefined ? runsHarnessOf(iteration, cwd, arms, builtInHarnessNames, ignored) ?? HARNESS_TO_FILL : HARNESS_TO_FILL;
  return harness.descriptor_sha256 === null && isBuiltIn(harness.name) ? harness.name : HARNESS_TO_FILL;
}

/**
 * What a message that names judge commands says after them when one holds a word to fill in
 * (`text`: the commands, or the message naming them): that it is to be filled in, not run as
 * printed, and with what; else nothing.
 */
export function harnessToFill(text: string): string {
  const fill = (word: string, what: string) => (text.includes(`--harness ${word}`) ? ` In --harness ${word}, ${word} is for you to fill in (the command does not run as printed): ${what}.` : '');
  return fill(HARNESS_TO_FILL, 'the CLI to judge with, a built-in name or its descriptor file — the agent CLI the runs were made with, which eval-magic cannot tell from what the iteration records, or another of your choice (with the same one as any judgments there already, else compare warns judges-mixed)');
}

/** The evals.json and config file compare was given. */
interface NamedFiles {
  evals?: string | undefined;
  config?: string | false | undefined;
}

/**
 * `--evals` and `--config` as compare was given them, each a word a shell reads back: what check
 * and judge need to take the runs as compare took them. A config of false (none: the library's)
 * has no flag, and is left out. Named as the report names paths, unless `name` says otherwise.
 */
export function namedFilesFlags(cwd: string, options: NamedFiles, name: PathNamer = (path) => shownPath(cwd, path)): string[] {
  return [...(options.evals !== undefined ? ['--evals', pathWord(name, cwd, options.evals)] : []), ...(typeof options.config === 'string' ? ['--config', pathWord(name, cwd, options.config)] : [])];
}

/** A path (from `cwd`) as `name` names it, a word a shell reads back unchanged; one starting with "-" would be read as an option. */
function pathWord(name: PathNamer, cwd: string, path: string): string {
  return shellPathWord(name(resolve(cwd, path)));
}

/** A judge command as grading.json says it (paths absolute) and as the report does (from where compare was started): told.ts. */
export interface JudgeCommands {
  record: string;
  shown: string;
}

/** What a judge command is worked out from, besides the iterations: compare's named files and arms, which iterations have their own evals.json, and whether the config ignores files. */
interface CommandInputs {
  options: Parameters<typeof judgeCommand>[4];
  own: (iteration: Iteration) => boolean;
  /** The config's ignore globs (undefined: none): matched against the folders as typed, they make the spelling of the command's iterations matter. */
  configIgnore: ConfigIgnore | undefined;
  /** The config's ignore globs as check matches them: a run they leave out names no agent CLI. */
  ignored?: PathsIgnored | undefined;
}

/**
 * The judge command of each run of the comparison ({@link judgeCommand}), naming the iterations
 * that take the evals.json the run was graded by — as judge takes one --evals for every iteration
 * it is given, else each one's campaign.json's (`own`: whether an iteration has one that compare
 * found, or compare's --evals). `lookedUp`: the evals.json check found for the run (its iteration
 * has none of its own), which judge given no --evals looks up alike: the command names no --evals,
 * and only the iterations without their own in the run's skill folder, where the lookup finds theirs by the
 * layout. Else the iterations with their own: one with none would stop judge. Of those, the
 * iterations whose runs were made with the same agent CLI as the run's ({@link agentHarnessOf}):
 * judge takes one --harness, so the runs of another CLI (a workspace's other skill) are another
 * command's. Worked out once per agent CLI (one a looked-up evals.json names, once per evals.json), as
 * every run of them is told it.
 */
export function judgeCommandsOf(cwd: string, iterations: readonly Iteration[], inputs: CommandInputs): (iteration: Iteration, lookedUp?: string) => JudgeCommands {
  const { options, own, configIgnore, ignored } = inputs;
  const arms = { treatment: options.treatment, control: options.control };
  const cached = <T>(map: Map<string, T>, key: string, make: () => T): T => (map.has(key) ? map.get(key)! : map.set(key, make()).get(key)!);
  const agents = new Map<string, string>();
  const agentOf = (i: Iteration) => cached(agents, i.dir, () => agentHarnessOf(i, cwd, arms, ignored));
  const commands = new Map<string, JudgeCommands>();
  return (iteration, lookedUp) => {
    const agent = agentOf(iteration);
    return cached(commands, JSON.stringify(lookedUp === undefined ? [agent] : [agent, lookedUp, dirname(iteration.dir)]), () => {
      const alike = iterations.filter((i) => agentOf(i) === agent);
      const named = lookedUp === undefined ? alike.filter(own) : alike.filter((i) => !own(i) && dirname(i.dir) === dirname(iteration.dir));
      // No --evals for a looked-up one: judge given none looks it up by compare's rule, and leaves out the runs compare leaves out for theirs (given it, judge would judge them).
      return { record: judgeCommand('record', cwd, named, agent, options, configIgnore), shown: judgeCommand('report', cwd, named, agent, options, configIgnore) };
    });
  };
}

/** Who made a judgment, as its record says: the judge's CLI and model (not where its answer is: that is the record's to hold it to). */
function judgeOf(record: JudgmentRecord): VoteJudge {
  return { harness: { name: record.harness.name, version: record.harness.version }, model: record.model };
}

/**
 * Of each llm_judge assertion graded (by id), how many votes cast each judge made, each judge as
 * judgment-record.ts's judgeNamed names it (as judge's plan does): for compare to say when votes
 * of several judges are pooled (validity judges-mixed). A vote cast always names its judge.
 */
export function votesByJudge(verdicts: readonly Verdict[]): VotesByJudge {
  const judges: VotesByJudge = {};
  for (const v of verdicts) {
    const { id, votes } = 'graded' in v ? v.graded : v.ungraded;
    for (const { passed, judge } of votes ?? []) {
      if (passed === null || judge === undefined) continue;
      const counts = (judges[id] ??= {});
      const named = judgeNamed(judge.harness.name, judge.model, judge.harness.version);
      counts[named] = (counts[named] ?? 0) + 1;
    }
  }
  return judges;
}

/**
 * How one run's judgments of an llm_judge assertion stand: the votes cast, the answers judge keeps
 * without a verdict (malformed-verdict, no-evidence: it does not ask again), and the highest repeat
 * there — for compare to tell runs graded on fewer votes than others (validity judge-votes-unequal).
 */
export interface VoteTally {
  cast: number;
  kept: number;
  highest: number;
}

/**
 * Of each llm_judge assertion of a run graded from its judgments (a verdict or a tie: they carry
 * every vote), how its votes stand ({@link VoteTally}); one with no vote cast, or failed by the
 * broken-task-folder rule, has none.
 */
export function voteTallies(verdicts: ReadonlyArray<{ id: string; votes?: readonly JudgeVote[] | undefined }>): Record<string, VoteTally> {
  const tallies: Record<string, VoteTally> = {};
  for (const { id, votes } of verdicts) {
    if (votes === undefined || votes.length === 0) continue;
    tallies[id] = { cast: votes.filter((v) => v.passed !== null).length, kept: votes.filter((v) => v.passed === null && keptWithoutVerdict(v.reason)).length, highest: Math.max(...votes.map((v) => v.repeat)) };
  }
  return tallies;
}

/** The reason of a judgment a rule decided (its task folder broken) that no longer holds: the caller grades a run the rule holds for without reading its judgments. */
const LAPSED = 'failed by eval-magic while the task folder was broken (rule broken-task-folder), which it no longer is';

/**
 * The judge command an ungraded reason below ends with, when judge makes what it says is missing:
 * "not judged: run <command>", "judged by an earlier rubric…: run <command>" and "…: run <command>
 * [--repeats k] to make it again", split into the cause and the --repeats (1 when none). Undefined
 * for any other reason (a new repeat of every run, for answers judge keeps, is another remedy). A
 * message naming several runs says the command once (a judge stopped part way leaves several kinds).
 */
export function judgeRemedy(reason: string, command: string): { cause: string; repeats: number } | undefined {
  const at = reason.lastIndexOf(`: run ${command}`);
  if (at === -1) return undefined;
  const cause = reason.slice(0, at);
  const tail = /^(?: --repeats (\d+))?( to make it again)?$/.exec(reason.slice(at + `: run ${command}`.length));
  if (tail === null || (tail[2] === undefined && cause !== 'not judged' && !outdated(cause))) return undefined;
  return { cause, repeats: Number(tail[1] ?? 1) };
}

/**
 * A judgment check rejects — a record against its schema, a copy, one behind a link, a verdict its
 * judge's answer does not give (the workspace rules check's judgment rules call) — by its repeat
 * and check's finding: no vote, and a record of the workspace that cannot be trusted, which compare
 * says as a validity error (judgments-refused).
 */
export interface RefusedJudgment {
  id: string;
  repeat: number;
  why: string;
  /** The check rule that finds it (workspace/judgment-record.ts RefusedAt), and the folder below the run it concerns. */
  rule: string;
  at: string;
  /** A folder that is no folder, which judge does not write over: remove it, then judge. */
  removeFirst?: true;
  /** As check says it under the config: an error (judgments-refused) or, the rule set to warn, a warning (judgments-warned). */
  severity: 'error' | 'warning';
  /** Its folder is locked, so judge leaves it out (workspace judgmentLeftAtLock): its folder and why, with what to do. */
  leftAtLock?: string;
}

/**
 * How check says a finding of `rule` under `severities`: 2 error, 1 warning, 0 nothing. A rule
 * the config cannot name (parse, schema, io) is always an error; so is every rule with no config.
 */
function severityOf(rule: string, severities: RuleSeverities | undefined): 0 | 1 | 2 {
  return severities !== undefined && Object.hasOwn(severities, rule) ? severities[rule]! : 2;
}

/**
 * Of the findings check reports of one judgment, the one that decides how check says it under
 * `severities` — the first of the strongest (a rule that cannot be turned off is an error) — and
 * that severity: off for all of them, the first.
 */
function strongest<F extends { rule: string }>(findings: readonly [F, ...F[]], severities: RuleSeverities | undefined): { finding: F; severity: 0 | 1 | 2 } {
  let decided = { finding: findings[0], severity: severityOf(findings[0].rule, severities) };
  for (const finding of findings.slice(1)) {
    const severity = severityOf(finding.rule, severities);
    if (severity > decided.severity) decided = { finding, severity };
  }
  return decided;
}

/**
 * An llm_judge assertion's verdict on one run, with the judgments check rejects among its own
 * (absent when none is) and, when it is ungraded, its reason as the ungraded warning says it where
 * that differs from grading.json's (`plainReason`, told.ts): the judge command named from where
 * compare was started, and a rejected judgment by its file, not check's finding, which
 * judgments-refused gives. `failedBefore`: of each vote cast, the reason of each judge session that
 * failed before it answered (its judgment.json's `failures`), for validity judge-attempts-failed.
 */
export type LlmJudgeVerdict = ToldVerdict & { refused?: RefusedJudgment[]; failedBefore?: string[] };

/** How a reason is formed: with the judge command as grading.json or the report says it, and whether it is the report's (which names a rejected judgment by its file). */
interface ReasonNaming {
  command: string;
  report: boolean;
}

export function gradeLlmJudge(input: LlmJudgeInput): LlmJudgeVerdict {
  const refused: RefusedJudgment[] = [];
  const failedBefore: string[] = [];
  const verdict = gradeVotes(input, refused, failedBefore);
  return { ...verdict, ...(refused.length === 0 ? {} : { refused }), ...(failedBefore.length === 0 ? {} : { failedBefore }) };
}

/** The verdict of the run's judgments of `input.id`; each judgment check rejects is added to `refused`, and the failed sessions before each vote cast to `failedBefore`. */
function gradeVotes(input: LlmJudgeInput, refused: RefusedJudgment[], failedBefore: string[]): ToldVerdict {
  const ungraded = (reason: string): Verdict => ({ ungraded: { id: input.id, grader: 'llm_judge', reason } });
  // A reason that names the judge command (or a rejected judgment) is formed once for grading.json, once for the report.
  const told = (reason: (naming: ReasonNaming) => string, votes?: JudgeVote[]) => toldUngraded({ id: input.id, grader: 'llm_judge', ...(votes === undefined ? {} : { votes }) }, reason, { command: input.judgeCommand.record, report: false }, { command: input.judgeCommand.shown, report: true });
  // Never looked up: such an id would name a folder outside the run's judge/.
  const unusable = assertionFolderProblem(input.id);
  if (unusable !== undefined) return ungraded(`its id cannot name the folder judge/<assertion-id>/ (${unusable}), so it cannot be judged: rename it`);
  const roots = input.linkRoots;
  // A link check does not read (out of the folders named) or cannot read (to nothing) is its io finding, never off; another, judgment-folder's.
  const found = readRunJudgments(input.runDir, input.id, input.of, (path) => ((roots !== undefined && isLinkOutside(path, roots)) || !existsSync(path) ? 'io' : 'judgment-folder'));
  if (found.length === 0) {
    return input.inRunFolder === false
      ? ungraded("not judged: eval-magic judge judges a campaign's run-<j> folders only, and this run is in the reference tool's layout (<condition>/conversation.json)")
      : told(({ command }) => `not judged: run ${command}`);
  }
  // Votes of records that do not stand (judgmentStanding): judge makes them again.
  const madeAgain = new Set<JudgeVote>();
  // Judgments a stopped judge command left unfinished: no vote, and judge makes them.
  const unfinished = new Set<JudgeVote>();
  // Judgments check rejects: their votes and grading.json keep check's finding; the ungraded
  // warning names only their folders (judgments-refused says why): a finding inside the reason
  // inside the warning read as parentheses in parentheses.
  const rejected = new Map<JudgeVote, { severity: 'error' | 'warning'; at: string; removeFirst?: true }>();
  // Judgment folders that are no folder, which judge does not write over: the remedy removes them first.
  const strays = new Set<string>();
  // Whatever the config says of them, no vote, and judge makes them again (it reads them as compare does).
  const refusedVotes = new Set<JudgeVote>();
  // Said as check says it under the config: off, only the ungraded warning's reason names it.
  const refuse = (vote: JudgeVote, found: RefusedAt, ruled: 0 | 1 | 2) => {
    refusedVotes.add(vote);
    if (found.removeFirst) strays.add(found.at);
    // Where check reports it (the judgment.json, or the level that is no folder): left out by the config's ignore, check says nothing, every rule as though off.
    const reportedAt = join(input.runDir, found.removeFirst ? found.at.replace(/\/$/, '') : `${found.at}${JUDGMENT_FILE}`);
    const severity = input.ignoredByCheck?.(reportedAt) === true ? 0 : ruled;
    if (severity === 0) return;
    const said = severity === 2 ? 'error' : 'warning';
    refused.push({ id: input.id, repeat: vote.repeat, why: found.problem, rule: found.rule, at: found.at, ...(found.removeFirst ? { removeFirst: true as const } : {}), severity: said });
    rejected.set(vote, { severity: said, at: found.at, ...(found.removeFirst ? { removeFirst: true as const } : {}) });
  };
  const votes: JudgeVote[] = found.map((f) => {
    if ('problem' in f) {
      // Held to its judge's answer too, as check holds a record its schema accepts, wherever it lies.
      const below = `${JUDGE_DIR}/${input.id}/${f.repeat}`;
      const mismatch = f.parsed === undefined ? undefined : answerMismatch(join(input.runDir, below), f.parsed, (name) => `${below}/${name}`);
      const { finding, severity } = strongest([f, ...(f.more ?? []), ...(mismatch === undefined ? [] : [{ problem: mismatch, rule: 'judgment-answer' }])], input.severities);
      const vote = { repeat: f.repeat, passed: null, confidence: null, reason: finding.problem };
      refuse(vote, { ...f, ...finding }, severity);
      return vote;
    }
    if ('unfinished' in f) {
      const vote = { repeat: f.repeat, passed: null, confidence: null, reason: `${JUDGE_DIR}/${input.id}/${f.repeat}/ ${f.underWay ?? UNFINISHED}` };
      // One under way is its command's to finish: running judge meanwhile is refused at its lock.
      if (f.underWay === undefined) unfinished.add(vote);
      return vote;
    }
    // Decided by a rule (no judge asked): its vote names no judge.
    const judged = f.record.rule === undefined ? { repeat: f.repeat, judge: judgeOf(f.record) } : { repeat: f.repeat };
    // Whether it stands is judge's rule (workspace judgmentStanding): a vote counted is one judge keeps.
    const standing = judgmentStanding(input.runDir, input.id, f.repeat, f.record, input);
    const remadeVote = (reason: string) => {
      const vote = { ...judged, passed: null, confidence: null, reason };
      madeAgain.add(vote);
      return vote;
    };
    // Made of another rubric, prompt, transcript or diff than the run's now, or by a rule that no
    // longer holds: no vote (judge makes it again). Older records, without a digest, say nothing of it.
    if ('replaced' in standing) return remadeVote(standing.replaced === 'task-folder' ? LAPSED : OUTDATED[standing.replaced]);
    // A session that never answered: said by the input changed since, if one did, else by its reason.
    if ('unanswered' in standing) return remadeVote(standing.other === undefined ? f.record.reason! : OUTDATED[standing.other]);
    // Edited since the judge answered (a flipped or made-up verdict), or its answer gone: no vote.
    if ('notTheAnswer' in standing) {
      const vote = remadeVote(standing.notTheAnswer);
      refuse(vote, { problem: standing.notTheAnswer, rule: 'judgment-answer', at: `${JUDGE_DIR}/${input.id}/${f.repeat}/` }, severityOf('judgment-answer', input.severities));
      return vote;
    }
    // An answer judge keeps without a verdict: no vote, and not made again.
    if (f.record.verdict === null) return { ...judged, passed: null, confidence: null, reason: f.record.reason! };
    failedBefore.push(...f.record.failures.map((failure) => failure.reason));
    return { ...judged, passed: f.record.verdict.passed, confidence: f.record.verdict.confidence, evidence: f.record.verdict.evidence };
  });
  // One judge would make again (check's findings too) whose folder is locked — under way in another
  // command, or behind a lock no command holds — judge's plan leaves out by the one rule
  // (workspace judgmentLeftAtLock), so it is said by that lock, as the plan says it, not as one to run judge for.
  votes.forEach((v, i) => {
    const again = madeAgain.has(v) || refusedVotes.has(v);
    const left = again ? judgmentLeftAtLock(judgmentFolder(input.runDir, input.id, v.repeat)) : undefined;
    if (left === undefined) return;
    const words = `${JUDGE_DIR}/${input.id}/${v.repeat}/ ${leftAtLockWords(left)}`;
    votes[i] = { ...v, reason: words };
    // check's finding stays (judgments-refused), its remedy the lock's.
    const finding = refused.find((r) => r.repeat === v.repeat);
    if (finding !== undefined) finding.leftAtLock = words;
  });
  const cast = votes.filter((v) => v.passed !== null);
  // The command names the highest repeat there: judge plans repeats 1..k, so one made again at repeat 3 needs --repeats 3.
  const highest = Math.max(...votes.map((v) => v.repeat));
  const repeated = (command: string) => (highest > 1 ? `${command} --repeats ${highest}` : command);
  for (const reason of Object.values(OUTDATED)) if (votes.every((v) => v.reason === reason)) return told(({ command }) => `${reason}: run ${repeated(command)}`);
  // A stale vote, a session that failed or timed out, one not finished, or one check rejects, is made again by judge: say so, as for "not judged".
  const remade = votes.filter((v) => madeAgain.has(v) || unfinished.has(v) || refusedVotes.has(v));
  const again = (command: string) => (remade.length > 0 ? `: ${strays.size > 0 ? `remove ${[...strays].join(', ')}, then ` : ''}run ${repeated(command)} to make it again` : '');
  // Every answer kept without a verdict: judge makes nothing again, so the way forward is a new
  // judgment of every run alike — one more repeat — never these asked again (that would pick verdicts).
  const forward = (command: string) => (remade.length === 0 && votes.every((v) => keptWithoutVerdict(v.reason))
    ? `: judge keeps an answer outside the verdict contract, so to judge again make a new judgment of every run alike with a judge that keeps to it: run ${command} --repeats ${highest + 1}`
    : again(command));
  const said = (v: JudgeVote) => {
    const found = rejected.get(v);
    if (found === undefined) return v.reason!;
    // A level that is no folder is named as what it is: judge/ a file holds no judgment to reject.
    return `check ${found.severity === 'error' ? 'rejects' : 'warns of'} ${found.removeFirst ? `${found.at}, which is no real folder` : `the judgment in ${found.at}`}`;
  };
  const listed = (list: readonly JudgeVote[], name: (v: JudgeVote) => string | undefined) => [...new Set(list.map(name))].join(', ');
  // Each vote as grading.json names it (check's finding), or as the warning does (a rejected judgment by its folder).
  const named = (report: boolean) => (report ? said : (v: JudgeVote) => v.reason);
  if (cast.length === 0) {
    return told(({ command, report }) => {
      if (report && rejected.size > 0) {
        return votes.every((v) => rejected.has(v))
          ? `${andList([...new Set(votes.map(said))])}, so no verdict of the judge counted${forward(command)}`
          : `no verdict of the judge counted (${listed(votes, said)})${forward(command)}`;
      }
      // A reason with a parenthesis of its own ("a pass (confidence 0.9)") is said first, not inside another.
      const reasons = listed(votes, (v) => v.reason);
      return reasons.includes('(') ? `${[...new Set(votes.map((v) => v.reason))].join('; ')}; no verdict of the judge counted${forward(command)}` : `no verdict of the judge counted (${reasons})${forward(command)}`;
    });
  }
  const passes = cast.filter((v) => v.passed).length;
  if (passes * 2 === cast.length) {
    // A tie beside judgments judge makes (one a stopped command left unfinished) is no judge
    // disagreeing with itself: the votes are not all in.
    return told(({ command, report }) => (remade.length > 0
      ? `not finished: ${passes} pass and ${cast.length - passes} fail so far, and ${remade.length} judgment${remade.length === 1 ? '' : 's'} to make again (${listed(remade, named(report))})${again(command)}`
      : `judge-split: ${passes} pass and ${cast.length - passes} fail`), votes);
  }
  const passed = passes * 2 > cast.length;
  const majority = cast.filter((v) => v.passed === passed);
  const confidence = majority.reduce((sum, v) => sum + v.confidence!, 0) / majority.length;
  return { graded: { id: input.id, passed, evidence: majority[0]!.evidence ?? '', grader: 'llm_judge', confidence, votes } };
}
