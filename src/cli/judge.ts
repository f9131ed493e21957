// `eval-magic judge`: its flags, its help, and the handler — the plan line before any session,
// progress as judgments finish, a summary; the work is the library's (src/judge/).
import { constants as osConstants } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { escapeTerminal, escapeTerminalLines } from '../text/escape.js';
import { shownPath } from '../fs/shown-path.js';
import { DEFAULT_JUDGE_JOBS, runJudge, type JudgePlanSummary, type JudgeProgress, type JudgeResult, type PlannedJudgment } from '../judge/index.js';
import type { JudgmentRecord } from '../judge/index.js';
import { TASK_COPY_FAILED } from '../judge/session.js';
import { remadeByJudge } from '../workspace/judgment-record.js';
import { MAX_RETRIES } from '../workspace/layout.js';
import { builtInHarnessNames } from '../runner/harness-descriptor.js';
import { describeWritableInstructionFiles } from '../runner/session-stores.js';
import { neededElsewhere, neededName } from '../runner/agent-process.js';
import { TEMPORARY_FOLDERS_NAMED } from '../process/private-temp.js';
import { MAX_ROUND_TIMEOUT_SECONDS, parseNumberArgument } from '../runner/run-limits.js';
import { LiveProgress } from './campaign-progress.js';
import type { CliCommand, CliIO } from './command.js';
import { listenForInterrupts } from './interrupts.js';

interface JudgeArgs {
  paths: string[];
  harness: string;
  model?: string;
  repeats?: string;
  jobs?: string;
  eval?: string[];
  shard?: string;
  retries?: string;
  'round-timeout'?: string;
  evals?: string;
  config?: string;
  treatment?: string;
  control?: string;
  'dry-run'?: boolean;
}

/** `eval-magic judge`. Bad input throws UsageError (exit 2) before any session starts. */
export const command: CliCommand<JudgeArgs> = {
  usage: 'judge [paths..]',
  describe: 'Grade every llm_judge assertion of every counted run with a blinded one-shot session of an agent CLI, k times; resumable and shardable.',
  positionals: { paths: { type: 'string', multiple: true, description: 'Iteration folders (…/<skill>/iteration-<n>) or workspaces (the newest iteration of each skill); after "--" every argument is a path.' } },
  options: {
    harness: { type: 'string', required: true, requiresValue: true, description: `The judge's CLI: ${builtInHarnessNames.join(' | ')} | <descriptor file>` },
    model: { type: 'string', requiresValue: true, description: 'The judge\'s model when the assertion names none.', defaultDescription: 'the harness default' },
    repeats: { type: 'string', numeric: true, requiresValue: true, description: 'Judgments of each assertion on each run (k ≥ 2: a majority, and how far the judge agrees with itself).', defaultDescription: '1' },
    jobs: { type: 'string', numeric: true, requiresValue: true, description: 'Judge sessions at once.', defaultDescription: String(DEFAULT_JUDGE_JOBS) },
    eval: { type: 'string', multiple: true, requiresValue: true, description: 'Judge only this eval\'s runs (repeatable).' },
    shard: { type: 'string', numeric: true, requiresValue: true, description: 'k/n: make the k-th of n disjoint shares of the judgments.' },
    retries: { type: 'string', numeric: true, requiresValue: true, description: `Further sessions for a judgment whose session failed or timed out, at most ${MAX_RETRIES} (an answer outside the verdict contract is kept, never asked again).`, defaultDescription: '0' },
    'round-timeout': { type: 'string', numeric: true, requiresValue: true, description: `Seconds a judge session may take (0: no limit; at most ${MAX_ROUND_TIMEOUT_SECONDS}).`, defaultDescription: '600' },
    evals: { type: 'string', requiresValue: true, description: 'The evals.json of every iteration.', defaultDescription: "campaign.json's, else check's lookup, as compare" },
    config: { type: 'string', requiresValue: true, description: "Config file the runs' conversations are checked with (give compare the same: the runs it counts are the runs judged).", defaultDescription: 'nearest eval-magic.config.json at or above the paths, as check and compare' },
    treatment: { type: 'string', requiresValue: true, description: "The condition folder that is the treatment, when no campaign.json names the arms, as compare's (give compare the same: the arms it compares are the arms judged)." },
    control: { type: 'string', requiresValue: true, description: "The condition folder that is the control, as compare's --control." },
    'dry-run': { type: 'boolean', default: false, description: 'Print the plan (judgments, sessions, what they replace and leave out), refusing what judge refuses, then exit 0: no session starts, nothing is written or left behind (the judge\'s CLI is run only for its --version, where judgments made already need it).' },
  },
  examples: [
    ['$0 judge .eval-magic --harness claude-code', 'Judge the newest iteration of each skill once'],
    ['$0 judge .eval-magic/csv-reports/iteration-2 --harness codex --repeats 3 --jobs 8', 'Three judgments per assertion and run, 8 at a time'],
  ],
  exitCodes: `Exit codes:
  0  the judgments were made and one at least gave a verdict (one without a verdict is ungraded, not a failure), or none was left to make and one at least holds a verdict (or none was planned); with --dry-run, the plan was printed
  1  nothing was judged: no judgment this command made gave a verdict (every session failed, or every answer broke the verdict contract), or it made none and none made before holds one (one under way in another command counts as due: run judge again after it ends); or a judgment could not be made (an error writing its files, or its folder locked by no running command: a stale or unreadable lock; one under way in another command is left to it, not a failure); or the judge's CLI's instruction file changed while the judges ran (the judgments are kept)
  2  usage error or bad input (nothing was judged), with --dry-run as without it
  130, 143, 129  stopped by SIGINT, SIGTERM or SIGHUP (finished judgments are kept)`,
  run: runJudgeCommand,
};

/** A judgment as its line names it; with judgments of several iterations (two skills may share an eval id), its skill and iteration first. */
function labelOf(j: PlannedJudgment, severalIterations: boolean): string {
  const where = severalIterations ? `${basename(dirname(j.root))}/${basename(j.root)} ` : '';
  return `${where}${j.evalId} ${j.run.condition} run-${j.run.run} ${j.assertionId} #${j.repeat}`;
}

async function runJudgeCommand(args: JudgeArgs, io: CliIO): Promise<number> {
  // Known once the plan is: every line after it names the judgment the same way.
  let severalIterations = false;
  const label = (j: PlannedJudgment) => labelOf(j, severalIterations);
  const live = io.stderr.isTTY ? new LiveProgress<PlannedJudgment>((text) => io.stderr.write(text), () => io.stderr.columns, label) : undefined;
  const interrupts = listenForInterrupts((signal) => {
    live?.pause();
    // A dry run starts no judge: nothing to stop but the plan.
    io.stderr.write(args['dry-run'] === true ? `eval-magic: ${signal}: stopping (a dry run: no judge was started)\n` : `eval-magic: ${signal}: stopping every judge; finished judgments are kept (send it again to kill them at once)\n`);
  });
  const tally = { passed: 0, failed: 0, ungraded: new Map<string, number>() };
  // Each judgment this command made, with its folder: what nothingJudged looks at.
  const made: Judged[] = [];
  const reporter = (p: JudgeProgress) => {
    if (p.kind === 'plan') {
      severalIterations = (p.plan.iterations ?? 1) > 1;
      io.stdout.write(escapeTerminalLines(describePlan(p.plan)) + '\n');
      live?.start(p.plan.pending);
    } else if (p.kind === 'judgment-started') live?.started(p.judgment);
    else if (p.kind === 'judgment-under-way') {
      // As the plan says one whose lock it saw: the holder makes it.
      const line = escapeTerminal(`${label(p.judgment)}: under way in another command, left out: ${p.underWay}`);
      if (live) live.finished(p.judgment, line, false);
      else io.stderr.write(line + '\n');
    }
    else if (p.kind === 'judgment-failed') {
      const line = escapeTerminal(`${label(p.judgment)}: not made: ${p.message}`);
      if (live) live.finished(p.judgment, line, true);
      else io.stderr.write(line + '\n');
    } else {
      count(tally, p.record);
      made.push({ dir: p.judgment.dir, record: p.record });
      const line = escapeTerminal(`${label(p.judgment)}: ${describeRecord(p.record)}`);
      if (live) live.finished(p.judgment, line, p.record.verdict === null);
      else io.stderr.write(`[${p.finished}/${p.total}] ${line}\n`);
    }
  };
  try {
    const result = await runJudge({
      paths: args.paths ?? [],
      harness: args.harness,
      baseDir: io.cwd,
      env: io.env,
      signal: interrupts.stop,
      killSignal: interrupts.kill,
      reporter,
      ...(args.model !== undefined ? { model: args.model } : {}),
      ...(args.repeats !== undefined ? { repeats: parseNumberArgument('--repeats', args.repeats) } : {}),
      ...(args.jobs !== undefined ? { jobs: parseNumberArgument('--jobs', args.jobs) } : {}),
      ...(args.eval !== undefined ? { evalIds: args.eval } : {}),
      ...(args.shard !== undefined ? { shard: args.shard } : {}),
      ...(args.retries !== undefined ? { retries: parseNumberArgument('--retries', args.retries) } : {}),
      ...(args['round-timeout'] !== undefined ? { roundTimeoutSeconds: parseNumberArgument('--round-timeout', args['round-timeout']) } : {}),
      ...(args.evals !== undefined ? { evals: args.evals } : {}),
      ...(args.config !== undefined ? { config: args.config } : {}),
      ...(args.treatment !== undefined ? { treatment: args.treatment } : {}),
      ...(args.control !== undefined ? { control: args.control } : {}),
      ...(args['dry-run'] === true ? { dryRun: true } : {}),
    });
    // The plan is all a dry run does: no tally. With nothing left to make, the judgments made before
    // are all the real run would have, and what it would say of them (none holds a verdict) is said.
    if (args['dry-run'] === true) {
      const signal = interrupts.received();
      if (signal) return 128 + osConstants.signals[signal];
      const nothing = result.plan.pending === 0 ? nothingJudged([], madeBefore(result), underWayElsewhere(result), result.plan.repeats, io.cwd) : undefined;
      if (nothing !== undefined) io.stderr.write(escapeTerminalLines(nothing) + '\n');
      io.stdout.write('dry run: no judge session started, nothing written\n');
      return 0;
    }
    live?.stop();
    // The judgments that could not be written are counted too: exit 1 with a tally silent on why (or none at all) left the user to count the lines above.
    if (result.records.length > 0 || result.notMade.length > 0 || result.failed.length > 0 || result.underWay.length > 0) {
      const ungraded = [...tally.ungraded].map(([reason, n]) => `${n} ${reason}`).join(', ');
      // A lock no command holds is said as that, not as a write that failed; one another command took up since the plan, as the plan says one it sees.
      const stale = result.failed.filter((f) => f.stale).length;
      const unwritten = result.failed.length - stale;
      const underWay = result.underWay.length;
      const failed = (unwritten > 0 ? `; ${unwritten} could not be made (their files could not be written: see above)` : '') + (stale > 0 ? `; ${stale} could not be made (${stale === 1 ? 'its folder has a lock' : 'their folders have locks'} no running command holds: see above)` : '') + (underWay > 0 ? `; ${underWay} under way in another command, left out: see above` : '');
      io.stdout.write(`judged ${result.records.length}: ${tally.passed} passed, ${tally.failed} failed, ${ungraded === '' ? '0 ungraded' : `ungraded ${ungraded}`}${failed}${result.notMade.length > 0 ? `; ${result.notMade.length} not made (stopped)` : ''}\n`);
    }
    const signal = interrupts.received();
    const nothing = signal ? undefined : nothingJudged(made, madeBefore(result), underWayElsewhere(result), result.plan.repeats, io.cwd);
    if (nothing !== undefined) io.stderr.write(escapeTerminalLines(nothing) + '\n');
    // A judgment has no isolation of its own to mark: the command fails, loudly, and the judgments stay.
    for (const { path, was, now } of result.instructionFilesChanged ?? []) {
      io.stderr.write(escapeTerminal(`eval-magic: warning: ${result.plan.harness}'s instruction file ${path} changed during this judge command (was ${was}, now ${now}): ${result.plan.harness} puts it into the prompt of every later session, so the judgments made since may follow what a session wrote there rather than the rubric. eval-magic left it as it is: inspect it and remove what an agent wrote, then judge again (each judgment folder made since removed, or one more --repeats)`) + '\n');
    }
    const changed = (result.instructionFilesChanged ?? []).length > 0;
    // A judgment left out at a lock no command holds is one no command will make: a judgment that could
    // not be made, not a share done (one under way in another command is its holder's to make and say).
    const stuck = (result.plan.stuckLocks ?? []).length > 0;
    return signal ? 128 + osConstants.signals[signal] : result.failed.length > 0 || stuck || nothing !== undefined || changed ? 1 : 0;
  } catch (error) {
    // Interrupted while the runs were located: no plan was made, nothing started.
    const signal = interrupts.received();
    if (signal !== undefined) return 128 + osConstants.signals[signal];
    throw error;
  } finally {
    live?.stop();
    interrupts.dispose();
  }
}

/** The judgments this command found made already, each with its record. */
function madeBefore(result: JudgeResult): Judged[] {
  return result.madeBefore.flatMap((j) => (j.earlier ? [{ dir: j.dir, record: j.earlier }] : []));
}

/** The judgments due that another command is making: those the plan left out at its lock, and those it took up after the plan. */
function underWayElsewhere(result: JudgeResult): number {
  return (result.plan.underWay ?? []).length + result.underWay.length;
}

/** A judgment made, now or before, and its folder. */
interface Judged {
  dir: string;
  record: JudgmentRecord;
}

/**
 * What to say when nothing was judged — the judgments this command made (or, when it made none,
 * those made before) hold not one verdict, so compare would grade no llm_judge assertion: why,
 * and the way forward for each kind. A session that never answered is made again by the same
 * command; an answer outside the verdict contract is kept, so only new judgments of every run
 * alike (a further repeat) judge again; judgments another command is making (`underWay`): run judge
 * again after it ends. Undefined when something was judged, or nothing was due.
 */
function nothingJudged(made: readonly Judged[], before: readonly Judged[], underWay: number, repeats: number, cwd: string): string | undefined {
  const judged = made.length > 0 ? made : before;
  // Judgments under way elsewhere are due, not none planned: with no verdict anywhere, compare would grade nothing yet.
  if (judged.length === 0 && underWay > 0) {
    const them = underWay === 1 ? 'the 1 judgment due is' : `the ${underWay} judgments due are`;
    return `eval-magic: nothing was judged: ${them} under way in another command and not one made before holds a verdict; run the judge command again after it ends (compare would leave these llm_judge assertions ungraded until then)`;
  }
  if (judged.length === 0 || judged.some((j) => j.record.verdict !== null)) return undefined;
  const reasons = new Map<string, number>();
  for (const { record } of judged) reasons.set(record.reason!, (reasons.get(record.reason!) ?? 0) + 1);
  const why = [...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ');
  // No session started for these (their task copy could not be made): no turn-1/ to read, nothing the judge's CLI did.
  const uncopied = judged.filter((j) => j.record.message?.startsWith(TASK_COPY_FAILED) === true);
  const folder = (remade: boolean) => {
    const found = judged.find((j) => remadeByJudge(j.record.reason) === remade && !uncopied.includes(j));
    return found === undefined ? undefined : shownPath(cwd, join(found.dir, 'turn-1'));
  };
  const lines = [`eval-magic: nothing was judged: no judgment of the ${judged.length}${made.length > 0 ? ' made' : ' (made before)'} gave a verdict (${why}); compare will leave these llm_judge assertions ungraded`];
  const failed = folder(true);
  if (failed !== undefined) lines.push(`eval-magic: see why in ${failed}, fix the judge's CLI (its login, --model, --round-timeout) and run the same command again: it makes a judgment whose session failed or timed out again`);
  if (uncopied.length > 0) lines.push(`eval-magic: no judge session started for ${uncopied.length} of them: ${uncopied[0]!.record.message}`);
  const kept = folder(false);
  if (kept !== undefined) {
    lines.push(`eval-magic: the judge answered outside the verdict contract: read its final message in ${kept}. Such answers are kept (asking again only where the answer was unusable would pick the verdicts): to judge again, make a new judgment of every run alike with a judge that keeps to the contract: the same command with --repeats ${repeats + 1} (and --model, or another --harness)`);
  }
  return lines.join('\n');
}

function count(tally: { passed: number; failed: number; ungraded: Map<string, number> }, record: JudgmentRecord): void {
  if (record.verdict === null) tally.ungraded.set(record.reason!, (tally.ungraded.get(record.reason!) ?? 0) + 1);
  else if (record.verdict.passed) tally.passed++;
  else tally.failed++;
}

function describeRecord(record: JudgmentRecord): string {
  const tries = record.attempts > 1 ? ` after ${record.attempts} attempts` : '';
  if (record.verdict === null) return `ungraded (${record.reason}: ${record.message})${tries}`;
  if (record.rule !== undefined) return `fail, no judge asked (${record.verdict.evidence})`;
  return `${record.verdict.passed ? 'pass' : 'fail'} (confidence ${record.verdict.confidence})${tries}`;
}

/**
 * The condition names blinding cannot hide in the transcript's text (a folder name is the user's,
 * so each is escaped): the judge may read them there, and so tell the arms apart.
 */
function conditionsWarning(conditions: JudgePlanSummary['conditionsInPathsOnly']): string {
  if (conditions === undefined || conditions.length === 0) return '';
  const named = conditions.map(({ name, reason }) => `${escapeTerminal(JSON.stringify(name))} (${escapeTerminal(reason)})`).join(', ');
  const one = conditions.length === 1;
  return `\n  warning: the condition${one ? '' : 's'} ${named} ${one ? 'is' : 'are'} hidden from the judges only as ${one ? "its arm's folder" : "their arms' folders"} in a path (eval-<id>/<condition>/, <condition>/run-<j>): anywhere else in the transcript ${one ? 'it stays' : 'they stay'} as written, and a judge reading ${one ? 'it' : 'them'} there can tell the arms apart; name the condition folders distinctively (5 characters or more, a word the evals do not use, e.g. skill-v2 and baseline)`;
}

/**
 * Each user-level skill folder of the judge's CLI left shown to the judges while it holds the
 * judged skill (installed there after its campaign), as a folder left shown is said (its path and
 * the skill's are the user's: escaped).
 */
function userSkillsWarnings(plan: JudgePlanSummary): string {
  const harness = escapeTerminal(plan.harness);
  return (plan.userSkillsShown ?? []).map(({ folder, skills, holds }) => {
    const one = skills.length === 1;
    const loads = `${harness} loads the judged skill${one ? '' : 's'} ${skills.map(escapeTerminal).join(', ')} from there into every judge's context, ${one ? 'its' : 'their'} name and description unblinded, and a judge can read ${one ? 'its' : 'their'} SKILL.md`;
    const head = `\n  warning: ${escapeTerminal(folder)} (${harness}'s user-level skill folder) is not hidden from the judges`;
    if (holds === undefined) return `${head} (${escapeTerminal(plan.unhidden ?? 'the mounts cannot be made')}): ${loads}: remove ${one ? 'it' : 'them'} from there while the judges run (e.g. move ${one ? 'it' : 'them'} aside), then put ${one ? 'it' : 'them'} back`;
    return `${head}: it holds ${escapeTerminal(neededName(holds))} (${escapeTerminal(holds.path)}), which they need, so their namespace cannot show it empty: ${loads}; ${escapeTerminal(neededElsewhere(holds, plan.harness))}`;
  }).join('');
}

/**
 * The skill's names of one word the evals' own texts hold (a name is the user's, so each is
 * escaped): blinding replaces the word there and wherever either arm's agent writes it, so the
 * judges read a changed task and changed answers.
 */
function skillNamesWarning(names: JudgePlanSummary['skillNamesInCriteria']): string {
  if (names === undefined || names.length === 0) return '';
  const named = names.map((name) => escapeTerminal(JSON.stringify(name))).join(', ');
  const one = names.length === 1;
  return `\n  warning: the skill's name${one ? '' : 's'} ${named} ${one ? 'is' : 'are'} written in the evals' own task, follow-ups, expected output or rubric: blinding replaces ${one ? 'it' : 'them'} there too, and wherever either arm's agent writes ${one ? 'it' : 'them'}, so the judges read the placeholder (the_skill, the-skill, …) in ${one ? 'its' : 'their'} place, in both arms: a task changed from the one the agents were given; give the skill a name the evals' texts do not use`;
}

/** How many of an eval's withheld lines the plan names, and how much of each. */
const WITHHELD_LINES_NAMED = 3;
/** Long enough to show a SKILL.md line whole, so that it can be copied into a rubric to let it through. */
const WITHHELD_LINE_SHOWN = 200;

/**
 * Each eval whose counted runs' changes hold a SKILL.md line blinding withholds (the agent wrote it
 * into the task: a snippet, a header, a rule): their judges read `[withheld]` there — broken code or
 * text in those runs, and a mark of their arm when they are of one arm — unless the criteria state
 * it (every text the user's, or SKILL.md's: escaped). Each line is shown whole up to a length, to be
 * copied into a rubric.
 */
function withheldInChangesWarnings(evals: JudgePlanSummary['withheldInChanges']): string {
  return (evals ?? []).map(({ evalId, runs, byCondition, lines }) => {
    const arms = byCondition.map(({ condition, runs: n }) => `${escapeTerminal(JSON.stringify(condition))} ${n}`).join(', ');
    const shorten = (line: string) => escapeTerminal(JSON.stringify([...line].length > WITHHELD_LINE_SHOWN ? `${[...line].slice(0, WITHHELD_LINE_SHOWN - 1).join('')}…` : line));
    const named = lines.slice(0, WITHHELD_LINES_NAMED).map(shorten).join(', ') + (lines.length > WITHHELD_LINES_NAMED ? ` and ${lines.length - WITHHELD_LINES_NAMED} more` : '');
    const one = lines.length === 1;
    const runsSaid = `${runs} run${runs === 1 ? '' : 's'}`;
    return `\n  warning: eval ${escapeTerminal(JSON.stringify(evalId))}: the changes of ${runsSaid} (${arms}) hold ${lines.length} line${one ? '' : 's'} of SKILL.md that blinding withholds (${named}): their judges read [withheld] where the agent wrote ${one ? 'it' : 'them'}, in the diff and in the task copy alike — broken code or text in those runs ${byCondition.length === 1 ? 'only, which marks their arm' : 'of each arm named'}; to let a line through, state it in the eval's expected_output (every packet of the eval) or in an assertion's rubric (that assertion's packets)`;
  }).join('');
}

/** Why an earlier judgment no longer stands, as the plan says it (the library's `replacesEarlierBecause`). */
const REPLACED_BECAUSE: Record<keyof NonNullable<JudgePlanSummary['replacesEarlierBecause']>, string> = {
  criteria: 'the rubric or expected output changed',
  prompts: "the eval's prompt or turns changed",
  conversation: "the run's conversation.json changed",
  diff: "the run's diff changed",
  'task-folder': "the run's task folder broke, or was mended, since",
};

/**
 * How many of the judgments to make replace an earlier one no longer of this run's inputs, by why
 * (in {@link REPLACED_BECAUSE}'s order): each earlier verdict is overwritten, so the user learns it
 * (an input edited by a tool, not by hand) before anything is spent.
 */
function replacedLine(plan: JudgePlanSummary): string {
  const n = plan.replacesEarlier ?? 0;
  if (n === 0) return '';
  const by = Object.entries(REPLACED_BECAUSE).flatMap(([key, why]) => {
    const k = plan.replacesEarlierBecause?.[key as keyof typeof REPLACED_BECAUSE] ?? 0;
    return k > 0 ? [`${why}: ${k}`] : [];
  }).join('; ');
  const one = n === 1;
  return `\n  ${n} of them ${one ? 'replaces an earlier judgment' : 'replace earlier judgments'} no longer of this run's inputs (${by}): ${one ? 'its verdict is' : 'their verdicts are'} overwritten`;
}

/** How this judge's judgments join another judge's: the repeats this command makes beyond theirs, else the --repeats that would. */
function addThisJudge(plan: JudgePlanSummary): string {
  if (plan.repeatsToAddThisJudge === undefined) return "this command's judge has judgments of its own there too";
  const first = plan.repeatsToAddThisJudge;
  if (plan.repeats < first) return `to add this judge's, run again with --repeats ${first}`;
  return `this command adds this judge's as repeat${first === plan.repeats ? ` ${first}` : `s ${first}–${plan.repeats}`}`;
}

/** The plan line: what will be spent before any of it is. */
export function describePlan(plan: JudgePlanSummary): string {
  const perRun = [...new Set(Object.values(plan.sessionsPerRun))];
  // Every text of the plan not eval-magic's own (an eval id, a harness's name, a reason a system
  // call or mount gave) is escaped where it is put in: a line break in it is no line of the plan's.
  const sessions = perRun.length === 1 ? `${perRun[0]} per run` : Object.entries(plan.sessionsPerRun).map(([id, n]) => `${escapeTerminal(id)} ${n}`).join(', ') + ' per run';
  const harness = escapeTerminal(plan.harness);
  // A shard's judgments are its share of the plan's, whose runs the line counts: both said.
  const shard = plan.shard ? ` of the plan's ${plan.ofAll ?? plan.judgments} (shard ${plan.shard.index}/${plan.shard.count})` : '';
  const head = `judge with ${harness}: ${plan.runs} run${plan.runs === 1 ? '' : 's'} × llm_judge assertions × ${plan.repeats} repeat${plan.repeats === 1 ? '' : 's'} = ${plan.judgments} judgment${plan.judgments === 1 ? '' : 's'}${shard}, sessions ${plan.runs === 0 ? '0 per run' : sessions}`;
  // Runs compare counts but judge cannot keep a judgment for (no run folder): said, so that compare's "not judged" is not a mystery.
  const n = plan.unjudgeable ?? 0;
  const unjudgeable = `${n} run${n === 1 ? '' : 's'} with llm_judge assertions ${n === 1 ? 'is' : 'are'} in the reference tool's layout (<condition>/conversation.json, no run-<j> folder), which judge does not judge: it keeps each judgment in a campaign run's folder`;
  // Runs compare does not count are not judged either: said, with the first reason, not passed over without a word;
  // the reason may quote a run.json, so a line break in it is an escape, never a line of the plan's own.
  const passed = plan.notCounted ?? [];
  const passedOver = passed.length === 0 ? '' : `\n  ${passed.length} run${passed.length === 1 ? '' : 's'} with llm_judge assertions not judged, as compare does not count ${passed.length === 1 ? 'it' : 'them'}: ${escapeTerminal(passed[0]!)}${passed.length > 1 ? ` (and ${passed.length - 1} more; compare names each)` : ''}`;
  // A newer iteration passed over, a third condition folder and an eval taken out of evals.json: said as compare says them (a folder name is the user's: escaped).
  const thirdArms = [...(plan.iterationsPicked ?? []), ...(plan.conditionsBeside ?? []), ...(plan.evalsRemoved ?? [])].map((message) => `\n  warning: ${escapeTerminal(message)}`).join('');
  // A judgment.json that cannot be used is replaced: said, never overwritten without a word.
  const unusable = plan.unusable ?? [];
  const remade = unusable.length === 0 ? '' : `\n  ${unusable.length} judgment.json file${unusable.length === 1 ? '' : 's'} cannot be used and ${unusable.length === 1 ? 'is' : 'are'} made again: ${escapeTerminal(unusable[0]!)}${unusable.length > 1 ? ` (and ${unusable.length - 1} more)` : ''}`;
  // A judgment folder that is no folder is not written over: its judgments fail, said as such (they were counted "made again"), with the entry to remove.
  const strays = plan.strays ?? [];
  const strayEntries = [...new Set(strays)];
  const notMade = strays.length === 0 ? '' : `\n  ${strays.length} of them cannot be made, as judge does not write over a judgment folder that is no folder: ${escapeTerminal(strayEntries[0]!)}${strayEntries.length > 1 ? ` (and ${strayEntries.length - 1} more)` : ''}: remove ${strayEntries.length === 1 ? 'it' : 'them'}, then run this command again`;
  // Earlier judgments no longer of this run's inputs are made again, their verdicts overwritten: said before anything is spent.
  const replaced = replacedLine(plan);
  // Judgments another judge made (a --model given after a first judge without it) are kept: said, not passed off as this judge's.
  const others = plan.madeByOtherJudge ?? [];
  const otherJudge = others.length === 0 ? '' : `\n  warning: ${others.length} of the judgments made already ${others.length === 1 ? 'was' : 'were'} made by another judge than this command asks (${escapeTerminal(others[0]!)}${others.length > 1 ? `; and ${others.length - 1} more` : ''}): ${others.length === 1 ? 'it is kept, and compare counts its vote' : 'they are kept, and compare counts their votes'} with any made now (its validity warning judges-mixed names each judge with its votes); ${addThisJudge(plan)}`;
  if (plan.judgments === 0 && n > 0) return `${head}\n  nothing to judge: ${unjudgeable}${passedOver}${thirdArms}`;
  // Those another command's session is under way for: left out, with what to do (wait for it; a lock of another host, maybe delete it).
  const underWay = plan.underWay ?? [];
  const underWayLine = underWay.length === 0 ? '' : `\n  ${underWay.length} under way in another command, left out: ${escapeTerminal(underWay[0]!)}${underWay.length > 1 ? `; and ${underWay.length - 1} more` : ''}`;
  // Those whose folder's lock no command holds: left out, with what to do (compare's words, the refusal's).
  const stuck = plan.stuckLocks ?? [];
  const stuckLine = stuck.length === 0 ? '' : `\n  ${stuck.length} left out, ${stuck.length === 1 ? 'its folder' : 'their folders'} locked by no running command: ${escapeTerminal(stuck[0]!)}${stuck.length > 1 ? `; and ${stuck.length - 1} more` : ''}`;
  const notJudged = (n > 0 ? `\n  ${unjudgeable}` : '') + passedOver + thirdArms + otherJudge + underWayLine + stuckLine;
  // An empty share of a plan with judgments is no plan without any: the other shards hold them.
  const none = plan.shard !== undefined && (plan.ofAll ?? 0) > 0 ? `nothing to judge in this shard: the other shards hold all ${plan.ofAll} judgment${plan.ofAll === 1 ? '' : 's'} of the plan` : 'nothing to judge: no counted run has an llm_judge assertion';
  const leftOut = [...(underWay.length > 0 ? [`${underWay.length} under way in another command`] : []), ...(stuck.length > 0 ? [`${stuck.length} left out at a lock no command holds`] : [])];
  const made = leftOut.length === 0 ? `all ${plan.done} made already: nothing to judge` : `${plan.done} made already, ${leftOut.join(', ')}: nothing to judge now`;
  if (plan.pending === 0) return `${head}\n  ${plan.judgments === 0 ? none : made}${notJudged}`;
  const k = plan.failingWithoutSession ?? 0;
  // Those carrying on earlier failed attempts: compare compares them between the arms (judge-attempts-failed).
  const carried = plan.afterFailedAttempts === undefined ? '' : ` (${plan.afterFailedAttempts} after earlier failed attempts)`;
  // Sessions at once: the judgments a rule fails take none, nor those below a folder that is no folder (not made).
  const atOnce = Math.min(plan.jobs, plan.pending - k - strays.length);
  const beside = atOnce > 1;
  const unhiddenWhy = plan.unhidden === undefined ? undefined : escapeTerminal(plan.unhidden);
  const unhidden =
    (unhiddenWhy === undefined ? '' : `\n  warning: the workspace is not hidden from the judges${beside ? ', nor the judges from each other' : ''} (${unhiddenWhy}): a judge that searches the disk can find its run's folder, whose path names the arm${beside ? ", and the task copies of the judges beside it (other runs, of either arm)" : ''}`) +
    (unhiddenWhy === undefined ? '' : `\n  warning: ${TEMPORARY_FOLDERS_NAMED} are shared by every judge and every campaign session of this user (${unhiddenWhy}): a judge can read there what a skill session left (notes, a script), which may name the skill`) +
    (plan.sharedHome === undefined ? '' : `\n  warning: HOME is shared by every judge (${escapeTerminal(plan.sharedHome)}): a file a judge writes there outside ${harness}'s session store (~/.cache, ~/.gitconfig, notes) is seen by every later judge`) +
    (plan.sharedStores === undefined ? '' : `\n  warning: ${harness}'s session store (${escapeTerminal(plan.sharedStores.join(', '))}) is shared by every judge and every campaign session of this user: a judge can read there the transcripts of the runs it judges, which name the skill`) +
    // Only where the mounts cannot be made: a missing one a judge creates is caught after the judges.
    (plan.writableInstructionFiles === undefined || plan.unhidden === undefined ? '' : `\n  warning: ${escapeTerminal(describeWritableInstructionFiles(plan.harness, plan.writableInstructionFiles, plan.unhidden))} later judge; when one changes while the judges run, judge says so and exits 1`) +
    (plan.otherCommandsSeen === undefined ? '' : `\n  warning: the sessions of your other commands running at the same time (another shard, a campaign, another judge) are not hidden from the judges (${escapeTerminal(plan.otherCommandsSeen)}): remove it, or run one command at a time`) +
    // Folders the judges' namespaces should show empty but cannot (their program installed there): said as campaign says its own.
    (plan.uncovered ?? []).map(({ folder, holds }) => `\n  warning: ${escapeTerminal(folder)} is not hidden from the judges: it holds ${escapeTerminal(neededName(holds))} (${escapeTerminal(holds.path)}), which they need, so their namespace cannot show it empty: a judge can read there what the skill's folders and a workspace hold (SKILL.md, evals.json, the run folders, whose paths name the arms); ${escapeTerminal(neededElsewhere(holds, plan.harness))}`).join('') +
    userSkillsWarnings(plan) +
    conditionsWarning(plan.conditionsInPathsOnly) +
    skillNamesWarning(plan.skillNamesInCriteria) +
    withheldInChangesWarnings(plan.withheldInChanges);
  const ruled = k === 0 ? '' : `\n  ${k} of them fail${k === 1 ? 's' : ''} without a session: ${k === 1 ? 'its' : 'their'} run's task folder is a symbolic link, gone or not a folder (compare fails ${k === 1 ? 'it' : 'them'} too)`;
  // Every one failing by the rule: no session starts, and the judge's CLI is not needed (runJudge does not look for it).
  if (k === plan.pending) {
    const one = k === 1;
    return `${head}\n  ${plan.pending} to make${carried}, ${plan.done} made already, no session to start: ${one ? 'it fails' : 'they fail'} without one, as ${one ? 'its' : 'their'} run's task folder is a symbolic link, gone or not a folder (compare fails ${one ? 'it' : 'them'} too); the judge's CLI is not run${replaced}${remade}${notJudged}`;
  }
  // None starts either where the rest are below a stray level (or all are): runJudge starts no session for those, nor looks for the CLI.
  if (atOnce === 0) return `${head}\n  ${plan.pending} to make${carried}, ${plan.done} made already, no session to start; the judge's CLI is not run${ruled}${notMade}${replaced}${remade}${notJudged}`;
  return `${head}\n  ${plan.pending} to make${carried}, ${plan.done} made already, ${atOnce} at a time${ruled}${notMade}${replaced}${remade}${notJudged}${unhidden}`;
}
