// Everything a campaign checks and decides before any agent starts: the inputs, the plan, the
// iteration it writes into, and which of its runs are already done. Bad input is a UsageError.
import { realpathSync, statSync } from 'node:fs';
import { linkTarget, readRegularFile } from '../fs/read-file.js';
import { shownPath } from '../fs/shown-path.js';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';
import { parserReportsCost } from '../workspace/streams/index.js';
import { nearestName } from '../suggest.js';
import type { EvalCase, EvalsFile } from '../evals/types.js';
import { toolVersion } from '../version.js';
import { readRunnableEvalsBytes } from '../runner/evals-input.js';
import { checkAgentStart, evalsPlaces } from '../runner/index.js';
import { checkRunLimits } from '../runner/run-limits.js';
import { loadHarness, type HarnessDescriptor } from '../runner/harness-descriptor.js';
import { describeExposure, runFolderExposures } from '../runner/harness-exposure.js';
import { assertHistoryLeavesOut, assertOwnRepositories } from './task-history.js';
import { chooseIteration, type IterationChoice } from './campaign-record.js';
import type { CampaignRecord } from '../workspace/campaign-record.js';
import { listTree, sha256, treeDigest, type TreeEntry } from '../fs/file-tree.js';
import { readHarnessVersion } from '../runner/harness-check.js';
import { evalsMeet } from '../workspace/plan-identity.js';
import { setupFilesRecord } from '../workspace/setup-files.js';
import { heldOutFiles } from '../evals/held-out.js';
import { MAX_PLANNED_SESSIONS, MAX_RETRIES } from '../workspace/layout.js';
import { checkOutSkillAt, removeCheckedOutTree, type CheckedOutTree } from './baseline-ref.js';
import { findExposures, projectSkillDirs } from './isolation.js';
import { sessionsRoot } from '../process/work-folders.js';
import { conditionsFor, DEFAULT_WORKSPACE, interleave, readShard, runFolder, shardRuns, type Condition, type PlannedRun, type Shard } from './plan.js';
import { readSkill, type SkillSource } from './skill.js';
import { defaultSkillDir } from '../workspace/evals-path.js';
import { isFolder, realFolder } from '../fs/folders.js';
import { checkTaskPaths, resolveFixtures, type Fixture } from './staging.js';
import type { CampaignOptionNames } from './option-names.js';
import type { CampaignOptions } from './types.js';

/** The campaign's inputs, checked, and its plan. */
export interface PreparedCampaign {
  baseDir: string;
  env: NodeJS.ProcessEnv;
  /** The agent's program, found once from the user's PATH and folder. */
  program: string;
  evalsPath: string;
  evals: EvalsFile;
  harness: HarnessDescriptor;
  skill: SkillSource;
  baseline: SkillSource | undefined;
  /** --baseline-ref's tree, written out for staging: remove it with {@link releaseCampaign} when the campaign ends. */
  checkedOut: CheckedOutTree | undefined;
  /** The CLI's version line (null: unreadable), part of the plan. */
  harnessVersion: string | null;
  /** Its read was stopped by the signal: the null is no version the CLI gave, so no plan is recorded with it. */
  harnessVersionStopped: boolean;
  conditions: [Condition, Condition];
  /** Where the skill goes in a task, e.g. `.claude/skills/csv-reports`. */
  stagedAt: string;
  /** `leftOut`: paths below it that are the skill's, not the task's (never copied). */
  template: { dir: string; entries: TreeEntry[]; leftOut: ReadonlySet<string> } | undefined;
  fixtures: ReadonlyMap<string, Fixture[]>;
  workspaceDir: string;
  iteration: IterationChoice;
  record: CampaignRecord;
  /** The runs this command is responsible for: the order, narrowed by --eval and --shard. */
  share: PlannedRun[];
  shard: Shard | undefined;
  jobs: number;
  retries: number;
  /** Dollars this command may spend (`--max-cost`): no run starts once its runs' recorded cost reaches it. */
  maxCostUsd: number | undefined;
  model: string | undefined;
  roundTimeoutMs: number | undefined;
  maxEventsBytes: number | undefined;
}

/** Agents at once unless --jobs says otherwise. */
export const DEFAULT_JOBS = 4;

/**
 * Checks every input and makes the plan; writes nothing but --baseline-ref's tree (into a temp
 * folder, removed again when it throws; else by {@link releaseCampaign}).
 * @throws {UsageError} for bad input (the CLI's exit 2, one line, nothing run).
 */
export async function prepareCampaign(options: CampaignOptions, names: CampaignOptionNames): Promise<PreparedCampaign> {
  if (options.baseline !== undefined && options.baselineRef !== undefined) {
    throw new UsageError(`${names.baseline} and ${names.baselineRef} both name the baseline; give one: a folder, or a Git ref of the skill's repository (nothing was run)`);
  }
  const held: { tree?: CheckedOutTree } = {};
  try {
    return await prepare(options, names, held);
  } catch (error) {
    if (held.tree) removeCheckedOutTree(held.tree);
    throw error;
  }
}

/** Removes what the prepared campaign wrote for itself (--baseline-ref's tree). */
export function releaseCampaign(campaign: PreparedCampaign): void {
  if (campaign.checkedOut) removeCheckedOutTree(campaign.checkedOut);
}

async function prepare(options: CampaignOptions, names: CampaignOptionNames, held: { tree?: CheckedOutTree }): Promise<PreparedCampaign> {
  const baseDir = options.baseDir ?? process.cwd();
  const env = options.env ?? process.env;
  const runs = positiveInteger(options.runs, names.runs, 1);
  const jobs = positiveInteger(options.jobs, names.jobs, DEFAULT_JOBS);
  const retries = wholeNumber(options.retries, names.retries, 0);
  if (retries > MAX_RETRIES) throw new UsageError(`${names.retries} ${retries} would make up to ${retries + 1} agent sessions of one run; a campaign retries a run at most ${MAX_RETRIES} times: lower ${names.retries} (nothing was run)`);
  const iteration = options.iteration === undefined ? undefined : positiveInteger(options.iteration, names.iteration, 1);
  const shard = readShard(options.shard, names.shard);
  const timeout = options.roundTimeoutSeconds;
  checkRunLimits(options, { roundTimeoutSeconds: names.roundTimeoutSeconds, maxEventsBytes: names.maxEventsBytes });

  const evalsPath = resolve(baseDir, options.evals);
  const evalsShown = shownPath(baseDir, evalsPath);
  const { evals, bytes: evalsBytes, sha256: evalsSha256 } = readRunnableEvalsBytes(evalsPath, evalsShown, baseDir);
  // What only campaign can refuse in evals.json (a missing fixture, a text no agent can receive) is placed in it as check places its findings.
  const places = evalsPlaces(evals.evals, evalsBytes);
  const inEvals = (evalCase: EvalCase, pointer: string) => `${evalsShown}:${places.inEval(evalCase, pointer)}`;
  const selected = selectEvals(evals.evals, options.evalIds, evalsShown, names.evalIds);

  const harness = loadHarness(options.harness, baseDir, names.harness);
  if (!harness.skills_dir) throw new UsageError(`harness ${harness.name} (${harness.source}) has no skills_dir, so campaign cannot stage a skill for it; add "skills_dir" to the descriptor (see docs/harnesses.md)`);
  const maxCostUsd = checkMaxCost(options.maxCostUsd, harness, names);
  const leaks = runFolderExposures(harness).filter((e) => e.shownToModel);
  if (leaks.length > 0) {
    throw new UsageError(`${names.harness} ${JSON.stringify(options.harness)}: ${leaks.map(describeExposure).join('; ')}. A campaign keeps the run folder, whose path names the arm, out of what the agent sees: name a file strictly below it ({outputs_dir}/<file>, no . or .. segment) or leave the element out (nothing was run)`);
  }

  const workspaceDir = resolve(baseDir, options.workspace ?? DEFAULT_WORKSPACE);
  const workspaceShown = JSON.stringify(options.workspace ?? DEFAULT_WORKSPACE);
  if (exists(workspaceDir) && !isFolder(workspaceDir)) throw new UsageError(`${names.workspace} ${workspaceShown} is a file, not a folder (nothing was run)`);
  const danglingTarget = linkTarget(workspaceDir);
  if (danglingTarget !== undefined && !exists(workspaceDir)) {
    throw new UsageError(`${names.workspace} ${workspaceShown} is a link to ${danglingTarget}, which does not exist; make that folder or name another workspace (nothing was run)`);
  }

  // Where the iterations go: never part of what is copied, even when the skill or the task holds it
  // (`--workspace .` beside a skill folder named like the skill makes it the skill folder itself).
  const skillRoot = join(workspaceDir, evals.skill_name);
  const written = (absolute: string) => absolute === workspaceDir || absolute === skillRoot || (dirname(absolute) === skillRoot && /^iteration-\d+$/.test(basename(absolute)));
  const evalsDir = dirname(evalsPath);
  const skillGiven = options.skill ?? (relative(baseDir, defaultSkillDir(evalsPath)) || '.');
  const readOptions = { evalsPath, heldOut: heldOutFiles(evals), exclude: written, harnessName: harness.name };
  const skill = readSkill(resolve(baseDir, skillGiven), skillGiven, { ...readOptions, flag: names.skill, defaulted: options.skill === undefined });
  if (skill.name !== evals.skill_name) {
    throw new UsageError(`${join(skill.source, 'SKILL.md')} names the skill ${JSON.stringify(skill.name)}, but ${evalsShown}:${places.at('/skill_name')} evaluates ${JSON.stringify(evals.skill_name)}; point ${names.skill} at the skill's folder (nothing was run)`);
  }
  // evals.json inside the skill: the baseline's folder at the same place (its evals/, say) is the
  // grader's too and stays out, or the old arm alone would be handed assertions and expected outputs.
  const evalsInSkill = relative(skill.dir, evalsPath);
  const insideSkill = !evalsInSkill.startsWith(`..${sep}`) && !isAbsolute(evalsInSkill);
  const gradersIn = (baselineDir: string) => (insideSkill ? join(baselineDir, evalsInSkill) : evalsPath);
  const baselineDir = options.baseline === undefined ? undefined : resolve(baseDir, options.baseline);
  let baseline = baselineDir === undefined ? undefined : readSkill(baselineDir, options.baseline!, { ...readOptions, evalsPath: gradersIn(baselineDir), flag: names.baseline });
  if (options.baselineRef !== undefined) {
    const ref = options.baselineRef;
    const tree = (held.tree = checkOutSkillAt(skill.dir, ref, JSON.stringify(skillGiven), names));
    const read = readSkill(tree.dir, `${skillGiven}@${ref}`, { ...readOptions, evalsPath: gradersIn(tree.dir), flag: names.baselineRef });
    baseline = { ...read, git: { ref, commit: tree.commit } };
  }
  if (baseline && baseline.name !== skill.name) {
    const named = options.baseline !== undefined ? `${names.baseline} ${JSON.stringify(options.baseline)}` : `${names.baselineRef} ${JSON.stringify(options.baselineRef)}`;
    throw new UsageError(`${named} is the skill ${JSON.stringify(baseline.name)}, not ${JSON.stringify(skill.name)}; both arms stage the same name (nothing was run)`);
  }

  let template: PreparedCampaign['template'];
  // The task template as the caller named it, in every message about it.
  const taskNamed = `${names.task} ${JSON.stringify(options.task)}`;
  if (options.task !== undefined) {
    const dir = resolve(baseDir, options.task);
    if (!isFolder(dir)) throw new UsageError(`${taskNamed} is not a folder (nothing was run)`);
    const left = leftOutOfTemplate(dir, taskNamed, names.task, [[skill.dir, 'the skill folder'], ...(baseline ? [[baseline.dir, 'the baseline'] as const] : []), [evalsDir, 'the folder holding evals.json']]);
    // The workspace's iterations too, by real path: named through a link (a linked checkout's
    // $PWD, macOS's /tmp) they would otherwise be copied into every later run, the control arm's too.
    const iterations = relative(realFolder(dir), join(realFolder(workspaceDir), evals.skill_name));
    if (iterations !== '' && iterations !== '..' && !iterations.startsWith(`..${sep}`) && !isAbsolute(iterations)) left.add(iterations.split(sep).join('/'));
    template = { dir, entries: listTree(dir, taskNamed, (path, absolute) => written(absolute) || left.has(path)), leftOut: left };
    assertOwnRepositories(dir, template.entries, taskNamed);
    assertHistoryLeavesOut(dir, left, taskNamed, { name: skill.name, at: projectSkillDirs(harness) });
  }
  const filesEntry = (e: EvalCase) => (i: number) => `${inEvals(e, `/files/${i}`)}: eval ${JSON.stringify(e.id)} files[${i}]`;
  const fixtures = new Map(evals.evals.map((e) => [e.id, resolveFixtures(e, evalsDir, filesEntry(e))]));
  const stagedAt = `${harness.skills_dir}/${skill.name}`;
  for (const e of evals.evals) {
    checkTaskPaths({ template: template?.entries, fixtures: fixtures.get(e.id)!, skillAt: stagedAt }, taskNamed, filesEntry(e));
  }

  const conditions = conditionsFor(baseline !== undefined);
  const runsPerEval = Object.fromEntries(evals.evals.map((e) => [e.id, e.runs ?? runs]));
  const sessions = evals.evals.reduce((sum, e) => sum + 2 * runsPerEval[e.id]!, 0);
  if (sessions > MAX_PLANNED_SESSIONS) {
    throw new UsageError(`the plan would take ${sessions} agent sessions (${evals.evals.length} eval${evals.evals.length === 1 ? '' : 's'} × 2 conditions × runs); a campaign plans at most ${MAX_PLANNED_SESSIONS}: lower ${names.runs} or an eval's "runs" (nothing was run)`);
  }
  const order = interleave(evals.evals.map((e) => e.id), runsPerEval, conditions);
  // The version is part of the plan: an upgraded CLI is another agent.
  // Stopped by Ctrl-C, the read gives no version: the command then writes nothing (run-campaign.ts).
  const harnessVersion = await readHarnessVersion(harness, { cwd: baseDir, env, signal: options.signal });
  const harnessVersionStopped = options.signal?.aborted === true;
  const record: CampaignRecord = {
    schema_version: 1,
    eval_magic_version: toolVersion,
    conditions,
    skill: { name: skill.name, source: skill.source, sha256: skill.sha256, files: skill.files },
    baseline: baseline ? { source: baseline.source, sha256: baseline.sha256, files: baseline.files, ...(baseline.git ? { git: baseline.git } : {}) } : null,
    harness: { name: harness.name, descriptor_sha256: harness.source === 'built-in' ? null : sha256(readDescriptorBytes(harness.source, names.harness)), version: harnessVersion },
    // Absolute, so compare and the judge find it from any folder.
    // The setup files only grade (no part of the plan), but compare holds them to these bytes.
    evals: { path: evalsPath, sha256: evalsSha256, meets: evalsMeet(evals, evalsDir), ...setupFilesRecord(evals, evalsDir) },
    task: template ? { source: options.task!, sha256: treeDigest(template.dir, template.entries) } : null,
    runs: runsPerEval,
    order,
    model: options.model ?? null,
    // Where a relative source above was typed: compare and judge, started elsewhere, find its folder by it.
    started_in: resolve(baseDir),
  };
  const wanted = new Set(selected.map((e) => e.id));
  const share = shardRuns(order, shard, conditions).filter((run) => wanted.has(run.eval_id));

  // Command lines carry the task and round folders; the longest a run can have stands for all.
  const longestId = evals.evals.reduce((a, e) => (e.id.length > a.length ? e.id : a), '');
  const longest = join(skillRoot, 'iteration-99999', runFolder({ eval_id: longestId, condition: 'without_skill', run: 99999 }));
  const program = checkAgentStart({ harness, evals: selected, env, baseDir, cwd: join(longest, 'task'), outDir: longest, evalsPath: evalsShown, placeInEval: places.inEval, ...(options.model !== undefined ? { model: options.model, modelNamed: names.model } : {}) });
  const exposures = findExposures({ skillName: skill.name, harness, templateDir: template?.dir, ...(template ? { templateLeftOut: template.leftOut } : {}), workspaceDir, workRoot: sessionsRoot(), env, fixtures });
  if (exposures.length > 0) {
    throw new UsageError(`the control arm would see the skill ${JSON.stringify(skill.name)} at ${exposures.join(', ')}: ${harness.name} finds skills there; move it away or use a ${names.task} or ${names.workspace} outside its reach (nothing was run)`);
  }

  // The workspace may be a link the user named; below it, campaign writes only into folders it makes.
  checkOwnFolder(skillRoot, `${names.workspace} ${workspaceShown}`);
  if (iteration !== undefined) checkOwnFolder(join(skillRoot, `iteration-${iteration}`), `${names.workspace} ${workspaceShown}`);
  const iterationChoice = chooseIteration(skillRoot, record, iteration, names.iteration);
  checkOwnFolder(iterationChoice.dir, `${names.workspace} ${workspaceShown}`);
  return {
    baseDir, env, program, evalsPath, evals, harness, skill, baseline, checkedOut: held.tree, harnessVersion, harnessVersionStopped, conditions,
    stagedAt,
    template, fixtures, workspaceDir,
    iteration: iterationChoice,
    record, share, shard, jobs, retries, maxCostUsd,
    model: options.model,
    roundTimeoutMs: timeout === undefined ? undefined : timeout * 1000,
    maxEventsBytes: options.maxEventsBytes,
  };
}

/**
 * What of the template at `dir` is the skill's, not the task's: the skill folder, the baseline and
 * the folder holding evals.json (the grader's assertions and expected outputs), by their paths
 * below the template — left out, or the control arm would get the skill through the task.
 * `taskNamed`: the template as the caller named it (`--task "t"`); `taskName`: the option alone.
 * @throws {UsageError} when the template is one of them.
 */
function leftOutOfTemplate(dir: string, taskNamed: string, taskName: string, folders: ReadonlyArray<readonly [string, string]>): Set<string> {
  const real = (path: string) => {
    try {
      return realpathSync.native(path);
    } catch {
      return path;
    }
  };
  const root = real(dir);
  const left = new Set<string>();
  for (const [folder, what] of folders) {
    const inside = relative(root, real(folder));
    if (inside === '') throw new UsageError(`${taskNamed} is ${what}: every run, the control arm's too, would get the skill through it; point ${taskName} at the task's own folder (nothing was run)`);
    if (inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside)) left.add(inside.split(sep).join('/'));
  }
  return left;
}

/** Eval ids a message lists at most. */
const LISTED_IDS = 10;

/** The evals --eval names (every one must exist), or all of them. */
function selectEvals(evals: EvalCase[], ids: readonly string[] | undefined, evalsShown: string, name: string): EvalCase[] {
  if (ids === undefined || ids.length === 0) return evals;
  const known = new Set(evals.map((e) => e.id));
  const unknown = [...new Set(ids.filter((id) => !known.has(id)))];
  if (unknown.length > 0) {
    // An id is at most a line long in practice; a longer one is no typo worth an edit distance.
    const hint = unknown.length === 1 && unknown[0]!.length <= 200 ? nearestName(unknown[0]!, known) : undefined;
    const listed = evals.slice(0, LISTED_IDS).map((e) => JSON.stringify(e.id)).join(', ') + (evals.length > LISTED_IDS ? `, … and ${evals.length - LISTED_IDS} more` : '');
    const shown = unknown.slice(0, LISTED_IDS).map((id) => JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id)).join(', ') + (unknown.length > LISTED_IDS ? `, … and ${unknown.length - LISTED_IDS} more` : '');
    throw new UsageError(`${name} ${shown} matches no eval of ${evalsShown}${hint ? `; did you mean ${JSON.stringify(hint)}?` : ''} (ids: ${listed}) (nothing was run)`);
  }
  return evals.filter((e) => ids.includes(e.id));
}

function positiveInteger(value: number | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`${flag} must be a whole number of at least 1, got ${String(value)}`);
  return value;
}

/**
 * `--max-cost`: a positive number of dollars, for a harness whose stream says what a round cost;
 * with any other harness the cap could never be reached, so it is refused rather than ignored.
 */
function checkMaxCost(value: number | undefined, harness: HarnessDescriptor, names: CampaignOptionNames): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`${names.maxCostUsd} must be a positive number of US dollars, got ${String(value)}`);
  if (!parserReportsCost[harness.parser]) {
    throw new UsageError(`${names.maxCostUsd} needs a harness that reports what a run costs, and ${harness.name} (parser ${harness.parser}) reports none, so the cap could never be reached; run without ${names.maxCostUsd} and cap ${names.runs} instead (nothing was run)`);
  }
  return value;
}

function wholeNumber(value: number | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw new UsageError(`${flag} must be a whole number (0 or more), got ${String(value)}`);
  return value;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/**
 * Refuses a folder campaign makes below the workspace that is something else: a link (a write
 * would land wherever it points) or a file.
 */
function checkOwnFolder(dir: string, workspaceNamed: string): void {
  const target = linkTarget(dir);
  if (target !== undefined) throw new UsageError(`${dir} is a link (to ${target}); campaign writes only into real folders below ${workspaceNamed}: remove the link (nothing was run)`);
  if (exists(dir) && !isFolder(dir)) throw new UsageError(`${dir} is a file, not a folder; campaign makes its own folders below ${workspaceNamed}: move it away (nothing was run)`);
}

/** The descriptor file's bytes for its digest, by the checker's read rule (loadHarness read it the same way). */
function readDescriptorBytes(path: string, harnessName: string): Buffer {
  const read = readRegularFile(path, 'a harness descriptor', { named: true });
  if (!read.ok) throw new UsageError(`${harnessName} ${JSON.stringify(path)}: ${read.message} (nothing was run)`);
  return read.bytes;
}
