// compare: check every artifact, grade every clean run, measure its behaviour, and compare the two
// conditions of the iteration with honest statistics. The library door of `eval-magic compare`.
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { UnsafeOutputError, writeFileAtomicallySync } from '../fs/safe-write.js';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { checkEach, type CheckedFile } from '../checker/index.js';
import { resolveRuleSeverities } from '../checker/rule-config.js';
import { summarize } from '../checker/result.js';
import { resolveConfig } from '../config.js';
import { UsageError } from '../errors.js';
import { readRunnableEvals } from '../runner/evals-input.js';
import { assertCompareOptions } from './options.js';
import type { EvalCase, EvalsFile } from '../evals/types.js';
import type { CheckReport, Conversation, FileResult } from '../types.js';
import { ArgsSource, gradeRun, type Assertion } from './graders/index.js';
import { findIterations, findRuns, pickConditions, type Iteration, type RunLocation } from './layout.js';
import { shownPath } from '../fs/shown-path.js';
import { measureRun } from './metrics.js';
import { armUsage } from './usage.js';
import type { ArmCount, ComparisonDocument, EvalComparison, RunEntry } from './model.js';
import { readRunRecordFile } from '../campaign/run-record.js';
import { readRegularText } from '../fs/read-file.js';
import { fromRunRecord, type RunRecord } from './run-record.js';
import { applyHolm, armCount, compareAssertions, compareMetrics, compareOverall, evalTable, type CountedRun } from './tabulate.js';
import { validityProblems, type RunFacts } from './validity.js';

export type * from './model.js';
export type { GradingDocument, AssertionResult, UngradedAssertion } from './graders/index.js';
export { comparisonFormatters } from './formats/index.js';
export { comparisonHeadlines, evalHeadline } from './headline.js';

/** Options of {@link compareIterations}. */
export interface CompareOptions {
  /** Base of relative paths, and of paths as shown. Default: process.cwd(). */
  cwd?: string;
  /** The evals.json every run is graded by; default: campaign.json's, else each artifact's as `check` finds it. */
  evals?: string;
  /** Significance level for verdicts after Holm; default 0.05. */
  alpha?: number;
  /** Write grading.json beside each graded conversation.json (default true). */
  writeGrading?: boolean;
  /** Time limit of each command_check cell, in ms (default 300,000). */
  commandTimeoutMs?: number;
  /** The config file, as `check --config` (default: eval-magic.config.json looked up from `cwd`; false: none). */
  config?: string | false;
  /** Keep each checked artifact's text in `report` (the html format shows the transcripts). */
  keepArtifacts?: boolean;
  /** eval-magic's version, written into the document. */
  toolVersion?: string;
  /** Aborted (Ctrl-C): the running command_check's process group is killed, its scratch folder removed, and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The outcome of a comparison: the document every format renders. */
export interface CompareResult {
  document: ComparisonDocument;
  /** The check of every artifact compared (texts kept with `keepArtifacts`), for the html report. */
  report: CheckReport;
  /** What else it read, as shown: each evals file the runs were graded by, and the setup files and folders their command_checks copy in (no report may replace one). */
  inputs: string[];
}

/**
 * Compares the two conditions of the iterations under `paths` (iteration folders or workspaces).
 * Throws `UsageError` when a path is not one, when there is nothing to compare, when only one
 * condition is present, or when evals.json is not valid (exit 2 in the CLI).
 */
export async function compareIterations(paths: readonly string[], options: CompareOptions = {}): Promise<CompareResult> {
  assertCompareOptions(paths, options as Record<string, unknown>);
  const cwd = options.cwd ?? process.cwd();
  const alpha = options.alpha ?? 0.05;
  if (paths.length === 0) throw new UsageError('Name at least one iteration folder or workspace to compare.');
  const iterations = dedupe(paths.flatMap((p) => findIterations(p, cwd)));
  const locations = iterations.flatMap((i) => findRuns(i, cwd));
  if (!locations.some((l) => l.hasConversation)) throw new UsageError(`No conversation.json under ${paths.map((p) => JSON.stringify(p)).join(', ')}: nothing to compare.`);
  const picked = pickConditions(new Set(locations.map((l) => l.condition)), iterations[0]!.campaign);
  if (!picked) {
    const found = [...new Set(locations.map((l) => l.condition))];
    throw new UsageError(`compare needs two conditions; found ${found.length === 1 ? `only ${JSON.stringify(found[0])}` : found.map((c) => JSON.stringify(c)).join(', ')}.`);
  }
  const conditions = picked.conditions;
  // Each condition is a key beside these in every row of the document (the issue's shape).
  const clash = conditions.find((c) => ROW_FIELDS.has(c));
  if (clash !== undefined) throw new UsageError(`The condition ${JSON.stringify(clash)} has the name of a field of the comparison's rows (${[...ROW_FIELDS].join(', ')}); rename its folders (eval-<id>/${clash}/).`);
  const shown = (path: string) => shownPath(cwd, path);
  // One pair of conditions per comparison: an iteration whose runs are all under others would be left out without a word.
  for (const iteration of iterations) {
    const own = new Set(locations.filter((l) => l.iteration === iteration && l.hasConversation).map((l) => l.condition));
    if (own.size > 0 && !conditions.some((c) => own.has(c))) {
      throw new UsageError(`${shown(iteration.dir)} has no run under ${conditions.map((c) => JSON.stringify(c)).join(' or ')}, the conditions this comparison is of (its runs are under ${[...own].sort().map((c) => JSON.stringify(c)).join(', ')}): compare it on its own.`);
    }
  }

  // Stage 1: the checker's verdict on every artifact (its config applied, as `check` does); one
  // with errors is out of the numbers. Each file is read and parsed once, for check and grading.
  // --evals for every run; else each iteration's campaign.json names its own; else the checker's lookup.
  const evalsOf = new Map(iterations.map((i) => [i.dir, options.evals ?? campaignEvals([i], cwd)]));
  const config = resolveConfig(cwd, options.config);

  // Stage 2, as each file is checked: grade and measure each clean run (then its value is let go).
  const evalsFiles = new Map<string, { file: EvalsFile; dir: string; byId: Map<string, EvalCase> }>();
  const loadEvals = (path: string) => {
    let loaded = evalsFiles.get(path);
    if (!loaded) {
      const file = readRunnableEvals(path, shown(path), cwd);
      // The first eval of an id wins, as in the checker's lookup (eval-id-unique reports the others).
      const byId = new Map<string, EvalCase>();
      for (const e of file.evals) if (!byId.has(e.id)) byId.set(e.id, e);
      evalsFiles.set(path, (loaded = { file, dir: dirname(path), byId }));
    }
    return loaded;
  };
  for (const path of new Set(evalsOf.values())) if (path !== undefined) loadEvals(resolve(cwd, path));
  // Keyed by skill folder and eval id: two skills' evals of the same id are never pooled.
  const byEval = new Map<string, { id: string; evalCase?: EvalCase; skill?: string; planned?: number; counted: CountedRun[]; facts: RunFacts[]; entries: RunEntry[] }>();
  const gradeAndMeasure = async (location: RunLocation, file: CheckedFile | undefined) => {
    const conversationPath = join(location.dir, 'conversation.json');
    const { record, recordProblem } = location.notFolder !== undefined ? {} : readRecord(location, shown(join(location.dir, 'run.json')));
    const lookedUp = file?.lookup?.evalsFile;
    const given = evalsOf.get(location.iteration.dir);
    const evalsPath = given !== undefined ? resolve(cwd, given) : lookedUp === undefined ? undefined : resolve(cwd, lookedUp);
    const evals = evalsPath === undefined ? undefined : loadEvals(evalsPath);
    const evalCase = evals?.byId.get(location.evalId);
    const key = `${basename(dirname(location.iteration.dir))}\u0000${location.evalId}`;
    const group = byEval.get(key) ?? { id: location.evalId, planned: location.iteration.campaign?.runs?.[location.evalId], counted: [], facts: [], entries: [] };
    byEval.set(key, group);
    group.evalCase ??= evalCase;
    group.skill ??= evals?.file.skill_name ?? location.iteration.campaign?.skillName ?? record?.skill?.name;
    const errors = file?.result.errorCount;
    const noEval = evals === undefined ? 'no evals.json was found for it; name one with --evals' : `its eval is not in ${shown(evalsPath!)}`;
    const excluded = location.notFolder ?? (!location.hasConversation ? 'no conversation.json (the run did not finish)' : errors === undefined ? 'not checked' : errors > 0 ? `check found ${errors} error${errors === 1 ? '' : 's'}` : evalCase === undefined ? noEval : null);
    // A run that aborted left no conversation.json, but its run.json says how it ended.
    const fact: RunFacts = { condition: location.condition, run: location.run, record, recordProblem, excluded, iteration: location.iteration.dir, status: record?.status };
    group.facts.push(fact);
    const entry: RunEntry = { condition: location.condition, run: location.run ?? null, path: shown(conversationPath), excluded, passed: 0, failed: 0, ungraded: 0, skill_invoked: null };
    group.entries.push(entry);
    if (excluded !== null) return;
    // Checked without error, so it parsed, and its value is a schema-valid conversation.
    const loaded = file!.loaded as { text: string; value: unknown };
    const args = new ArgsSource(loaded.text);
    const conversation = loaded.value as Conversation;
    const grading = await gradeRun((evalCase!.assertions ?? []) as Assertion[], {
      conversation, args, runDir: location.dir, harness: record?.harness ?? location.iteration.campaign?.harness,
      taskDir: record?.taskDir, stagedDir: record?.stagedDir, skillStagedAt: record?.skill?.stagedAt, evalsDir: evals!.dir, commandTimeoutMs: options.commandTimeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (options.writeGrading !== false) writeJsonAtomically(join(location.dir, 'grading.json'), shown(join(location.dir, 'grading.json')), grading);
    const metrics = measureRun(conversation, args, record, group.skill);
    fact.status = metrics.status;
    Object.assign(entry, { passed: grading.summary.passed, failed: grading.summary.failed, ungraded: grading.ungraded.length, skill_invoked: metrics.skill_invoked });
    group.counted.push({ condition: location.condition, grading, metrics });
  };
  const compared = new Map(locations.filter((l) => conditions.includes(l.condition) && l.hasConversation).map((l) => [join(l.dir, 'conversation.json'), l]));
  const results: FileResult[] = [];
  for (const iteration of iterations) {
    for await (const file of checkEach([shown(iteration.dir)], {
      cwd, pattern: '**/conversation.json', evals: evalsOf.get(iteration.dir), keepArtifacts: options.keepArtifacts,
      severities: resolveRuleSeverities(config.config.rules), ignore: config.config.ignore ?? [],
    })) {
      results.push(file.result);
      const location = compared.get(file.absolutePath);
      if (location === undefined) continue;
      compared.delete(file.absolutePath);
      options.signal?.throwIfAborted();
      await gradeAndMeasure(location, file);
    }
  }
  // Runs that left no conversation.json, or whose file the checker did not reach (an ignore glob).
  for (const location of locations) {
    if (conditions.includes(location.condition) && (!location.hasConversation || compared.has(join(location.dir, 'conversation.json')))) await gradeAndMeasure(location, undefined);
  }
  const report = summarize(results);
  const byRun = (a: RunEntry, b: RunEntry) => conditions.indexOf(a.condition) - conditions.indexOf(b.condition) || (a.run ?? 0) - (b.run ?? 0);
  for (const group of byEval.values()) group.entries.sort(byRun);

  // Stage 3: the numbers, Holm across every eval's graded assertions at once.
  const groups = [...byEval.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group);
  // Runs there but not one counted, and not for check's errors (exit 1 says those): a gate (--fail-on worse) must not pass on nothing.
  if (groups.every((g) => g.counted.length === 0) && !groups.some((g) => g.facts.some((f) => f.excluded?.startsWith('check')))) {
    const why = [...new Set(groups.flatMap((g) => g.facts.flatMap((f) => (f.excluded === null ? [] : [f.excluded]))))];
    throw new UsageError(`Nothing to compare under ${paths.map((p) => JSON.stringify(p)).join(', ')}: no run can be counted (${why.join('; ')}).`);
  }
  const evals: EvalComparison[] = groups.map((group) => {
    const shouldTrigger = group.evalCase?.skill_should_trigger !== false;
    return {
      id: group.id,
      skill: group.skill ?? null,
      skill_should_trigger: shouldTrigger,
      runs: Object.fromEntries(conditions.map((c) => [c, group.counted.filter((r) => r.condition === c).length])),
      assertions: compareAssertions((group.evalCase?.assertions ?? []) as Assertion[], group.counted, conditions),
      metrics: compareMetrics(group.counted, conditions, shouldTrigger),
      usage: armUsage(group.counted, conditions),
      run_list: group.entries,
    };
  });
  const familySize = applyHolm(evals.flatMap((e) => e.assertions), alpha);
  const tables = evals.map((e) => evalTable(e.assertions, conditions)).filter((t) => t !== undefined);
  const invocation = Object.fromEntries(conditions.map((c) => {
    const runs = [...byEval.values()].filter((g) => g.evalCase?.skill_should_trigger !== false).flatMap((g) => g.counted.filter((r) => r.condition === c));
    const invoked = runs.filter((r) => r.metrics.skill_invoked).length;
    return [c, armCount(invoked, runs.length - invoked)];
  })) as Record<string, ArmCount>;
  const document: ComparisonDocument = {
    schema_version: 1,
    tool: `eval-magic ${options.toolVersion ?? ''}`.trim(),
    conditions,
    alpha,
    family_size: familySize,
    validity: validityProblems({ conditions, guessed: picked.guessed, alpha, familySize, evals, facts: groups.map((g) => g.facts), plannedRuns: groups.map((g) => g.planned), campaignProblems: iterations.flatMap((i) => (i.campaignProblem === undefined ? [] : [i.campaignProblem])) }),
    evals,
    overall: compareOverall(tables, invocation),
    usage: armUsage(groups.flatMap((g) => g.counted), conditions),
    iterations: iterations.map((i) => shown(i.dir)),
    excluded_count: report.results.filter((r) => r.errorCount > 0).length,
  };
  const inputs = [...evalsFiles].flatMap(([path, { file, dir }]) => [
    shown(path),
    ...file.evals.flatMap((e) => ((e.assertions ?? []) as Assertion[]).flatMap((a) => (a.type === 'command_check' ? (a.setup_files ?? []).map((f) => shown(join(dir, f))) : []))),
  ]);
  return { document, report, inputs: [...new Set(inputs)] };
}

/** The fields of an assertion or metric row (schemas/comparison.schema.json), which sit beside the per-condition keys. */
const ROW_FIELDS: ReadonlySet<string> = new Set(['id', 'grader', 'delta', 'p_value', 'p_holm', 'min_attainable_p', 'significant', 'direction', 'kind', 'method', 'expected']);

/** Each iteration once, however its path was spelt: through a link to it, its runs would count twice. */
function dedupe(iterations: Iteration[]): Iteration[] {
  const seen = new Set<string>();
  return iterations.filter((i) => {
    const real = realpathSync(i.dir);
    return !seen.has(real) && Boolean(seen.add(real));
  });
}

/**
 * campaign.json's evals.json, if one is found. A relative path was relative to where campaign ran,
 * which is not recorded: tried from the iteration folder and each folder above it (the workspace's
 * own, whatever the working directory), then the working directory; the first whose sha256 is the
 * recorded one wins, else the first there, so another folder's file of that name never grades the runs.
 */
function campaignEvals(iterations: readonly Iteration[], cwd: string): string | undefined {
  for (const iteration of iterations) {
    const path = iteration.campaign?.evalsPath;
    if (path === undefined) continue;
    const bases = isAbsolute(path) ? [''] : [...ancestors(iteration.dir), cwd];
    const found = [...new Set(bases.map((base) => resolve(base, path)))].filter(isThere);
    const recorded = iteration.campaign?.evalsSha256;
    const same = found.find((p) => recorded !== undefined && sha256Of(p) === recorded);
    if (same ?? found[0]) return same ?? found[0];
  }
  return undefined;
}

/** Whether something is at `path`; behind a folder this user may not enter (EACCES) counts as not. */
function isThere(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** `dir` and every folder above it, nearest first. */
function ancestors(dir: string): string[] {
  const all = [dir];
  for (let up = dirname(dir); up !== all[all.length - 1]; up = dirname(up)) all.push(up);
  return all;
}

/** Only a regular file is hashed (a FIFO or device is never opened here; reading it as evals.json says why it cannot be used). */
function sha256Of(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) return undefined;
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return undefined;
  }
}

/** The run's run.json as compare uses it; one that cannot be used is a problem validity reports, and the run is compared without it. */
function readRecord(location: RunLocation, shownFile: string): { record?: RunRecord; recordProblem?: string } {
  const read = readRunRecordFile(location.dir, shownFile);
  if (!read.found) return {};
  if (!('record' in read)) return { recordProblem: read.problem };
  // A record of another run (a folder copied or renamed by hand) would lend it that run's isolation and skill.
  const { eval_id: evalId, condition, run } = read.record;
  if (evalId !== location.evalId || condition !== location.condition || (location.run !== undefined && run !== location.run)) {
    const says = `eval ${JSON.stringify(evalId)}, ${condition} run ${run}`;
    const is = `eval ${JSON.stringify(location.evalId)}, ${location.condition}${location.run !== undefined ? ` run ${location.run}` : ''}`;
    return { recordProblem: `${shownFile} is the record of ${says}, not of this folder's ${is}` };
  }
  return { record: fromRunRecord(read.record) };
}

/**
 * Written beside, then renamed over: a reader never sees half a grading.json. A file that already
 * says the same is left alone — grading the same runs again rewrites nothing (and renaming over
 * 10,000 files cost a quarter of a run on an overlay file system).
 */
function writeJsonAtomically(path: string, shownFile: string, value: unknown): void {
  const text = JSON.stringify(value, null, 2) + '\n';
  // Only a regular file is read to compare (a link or a device there is replaced, never read).
  const existing = readRegularText(path, 'a grading.json', { noFollow: true });
  if (existing.ok && existing.text === text) return;
  try {
    writeFileAtomicallySync(path, text, { replacing: 'any-but-folder' });
  } catch (error) {
    // A folder cannot be renamed over (and is not compare's to remove).
    if (error instanceof UnsafeOutputError) throw new UsageError(`${shownFile} is a folder; compare writes each run's grading.json there. Remove the folder, or pass --no-grading.`);
    throw new UsageError(`Cannot write ${shownFile} (${(error as NodeJS.ErrnoException).code ?? String(error)}); pass --no-grading to leave the workspace untouched.`);
  }
}
