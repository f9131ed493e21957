// `eval-magic compare`: its flags, help and handler. Grades every run of an iteration, compares the
// two conditions, writes each format where it goes; the numbers come from src/compare.
import type { CompareResult, ComparisonDocument } from '../compare/index.js';
import { compareNaming } from '../compare/comparison.js';
import { evalNamer } from '../compare/eval-name.js';
import { COMPARE_OPTION_NAMING } from '../compare/options.js';
import { constants as osConstants } from 'node:os';
import { listenForInterrupts } from './interrupts.js';
import { comparisonFormatters } from '../compare/formats/index.js';
import { formatComparisonMarkdown } from '../compare/formats/markdown.js';
import { STEP_SUMMARY_BYTES } from '../formatters/github-summary.js';
import { rules } from '../checker/rules/index.js';
import { UsageError, toolVersion } from '../index.js';
import { escapeTerminal } from '../text/escape.js';
import { parseConcurrency, tuneV8ForLongRuns, wantsColor } from './check.js';
import type { CliCommand, CliIO, OptionSpec } from './command.js';
import { planFormatTargets } from './format-targets.js';
import { appendStepSummary, assertOneReportPerStream, assertStepSummaryPath, writeTarget } from './write-reports.js';
import { assertReportPaths } from '../reports/report-files.js';
import { MAX_ROUND_TIMEOUT_SECONDS, parseNumberArgument } from '../runner/run-limits.js';
import { dirname, resolve } from 'node:path';
import { statSync } from 'node:fs';
import type { CheckReport } from '../types.js';
import { COMPARISON_FILE } from '../workspace/layout.js';
import { assertOutsideWorkspaceRecords } from '../workspace/report-place.js';

/** Exit codes of `compare`, as its --help explains them. */
const COMPARE_EXIT_CODES = `Exit codes:
  0  compared, nothing in the way
  1  a validity error (artifacts excluded by check, a campaign isolation failure), or the --fail-on condition met
  2  usage error, an invalid evals.json, nothing to compare, only one condition present, or three or more and no --treatment, --control naming two
  130, 143, 129  stopped by SIGINT, SIGTERM or SIGHUP (no report written; each grading.json written is kept)`;

interface CompareArgs {
  paths: string[];
  evals?: string;
  format?: string | string[];
  'output-file'?: string;
  alpha: string | number;
  'fail-on'?: 'worse' | 'no-change';
  treatment?: string;
  control?: string;
  'command-timeout': string | number;
  grading: boolean;
  config?: string;
  concurrency: string;
  color?: boolean;
}

/** Every option of `compare`, in the order --help lists them. */
const COMPARE_OPTIONS = {
  evals: { type: 'string', requiresValue: true, description: "The evals.json to grade by (default: campaign.json's, else the one check finds for each run)." },
  format: { type: 'string', alias: 'f', multiple: true, requiresValue: true, description: `Output format, repeatable: <format> (stdout) or <format>=<file>; formats: ${Object.keys(comparisonFormatters).join(', ')}.`, defaultDescription: 'stylish' },
  'output-file': { type: 'string', alias: 'o', requiresValue: true, description: 'Write the format without =<file> to this file instead of stdout.' },
  // Strings, read by parseNumberArgument: yargs' numbers take "0x1", "" and "1e-400" (as 1, 0 and 0) and hide what was typed.
  alpha: { type: 'string', numeric: true, requiresValue: true, description: 'Significance level, applied to Holm-adjusted p-values.', defaultDescription: '0.05' },
  'fail-on': { type: 'string', choices: ['worse', 'no-change'], requiresValue: true, description: 'Exit 1 when some assertion is significantly worse with the skill (worse), or none is significantly better (no-change).' },
  treatment: { type: 'string', requiresValue: true, description: 'The condition folder that is the treatment, when no campaign.json names the arms (alone: the only other folder is the control).' },
  control: { type: 'string', requiresValue: true, description: 'The condition folder that is the control, when no campaign.json names the arms (alone: the only other folder is the treatment).' },
  'command-timeout': { type: 'string', numeric: true, requiresValue: true, description: `Seconds each command_check (each matrix cell) may run (at most ${MAX_ROUND_TIMEOUT_SECONDS}).`, defaultDescription: '300' },
  grading: { type: 'boolean', default: true, description: 'Write grading.json beside each graded conversation.json; --no-grading leaves the workspace untouched.' },
  config: { type: 'string', requiresValue: true, description: 'Config file for the check stage (default: nearest eval-magic.config.json upward, as check).' },
  concurrency: { type: 'string', numeric: true, default: 'auto', requiresValue: true, description: 'Threads that check and grade runs: a number, "off" (one), or "auto" (more only for thousands of runs).' },
  color: { type: 'boolean', description: 'Colour the stylish output on stdout (--no-color: never).', defaultDescription: 'on a terminal' },
} satisfies Record<string, OptionSpec>;

/** `eval-magic compare`. */
export const command: CliCommand<CompareArgs> = {
  usage: 'compare [paths..]',
  describe: 'Grade every run of an iteration and compare the two conditions: rates, intervals, p-values, validity.',
  positionals: { paths: { type: 'string', multiple: true, description: 'Iteration folders (…/<skill>/iteration-<n>) or workspaces (the latest iteration of each skill); after "--" every argument is a path.' } },
  options: COMPARE_OPTIONS,
  examples: [
    ['$0 compare .eval-magic/my-skill/iteration-1', 'Compare with_skill and without_skill in the terminal'],
    ['$0 compare .eval-magic -f stylish -f html=report.html -f json=comparison.json', "Every skill's latest iteration, also as a page and JSON"],
    ['$0 compare .eval-magic/my-skill/iteration-2 --fail-on worse', 'Fail CI when the skill makes an assertion significantly worse'],
    ['$0 compare runs/iteration-1 --treatment run-b --control run-a', 'Name the arms of an iteration without campaign.json'],
  ],
  exitCodes: COMPARE_EXIT_CODES,
  run: (args, io) => {
    // Paths after `--` are among them (`compare --fail-on worse -- "$dir"`); at least one.
    const paths = args.paths ?? [];
    if (paths.length === 0) throw new UsageError('compare needs an iteration folder or a workspace, e.g. eval-magic compare .eval-magic/<skill>/iteration-1');
    return runCompare({ ...args, paths }, io);
  },
};

async function runCompare(args: CompareArgs, io: CliIO): Promise<number> {
  const alpha = args.alpha === undefined ? 0.05 : parseNumberArgument('--alpha', args.alpha);
  if (!(alpha > 0 && alpha < 1)) throw new UsageError(`--alpha takes a number between 0 and 1 (exclusive); got ${JSON.stringify(String(args.alpha))}.`);
  const timeout = args['command-timeout'] === undefined ? 300 : parseNumberArgument('--command-timeout', args['command-timeout']);
  if (!(timeout > 0)) throw new UsageError(`--command-timeout takes a positive number of seconds; got ${JSON.stringify(String(args['command-timeout']))}.`);
  if (timeout > MAX_ROUND_TIMEOUT_SECONDS) throw new UsageError(`--command-timeout may be at most ${MAX_ROUND_TIMEOUT_SECONDS} seconds (about 24.8 days, the longest a timer can wait); got ${JSON.stringify(String(args['command-timeout']))}.`);
  const targets = planFormatTargets({ formats: args.format, outputFile: args['output-file'], known: Object.keys(comparisonFormatters) });
  const reportFiles = targets.flatMap((t) => (t.to === 'file' ? [t.path] : []));
  // The json format is the comparison document itself: it may be named comparison.json.
  const comparisonFiles = new Set(targets.flatMap((t) => (t.to === 'file' && t.format === 'json' ? [t.path] : [])));
  const documentOf = (path: string) => (comparisonFiles.has(path) ? COMPARISON_FILE : undefined);
  const given = [args.evals, args.config].filter((p): p is string => p !== undefined);
  // Before anything is graded: names compare reads (conversation.json, evals.json), two reports in one file, links.
  assertReportPaths(reportFiles, given, io.cwd, documentOf);
  assertOneReportPerStream(targets, io.cwd);
  // compare always walks folders: V8 is tuned as for a long check.
  await tuneV8ForLongRuns();
  // Ctrl-C while a command_check runs: its process group is killed and its scratch folder removed before the exit.
  // A second one ends a grading thread still busy in a run at once, rather than waiting for it.
  // Heard until the last report is written: one landing then stops before the next report (each written whole).
  let reporting = false;
  const interrupts = listenForInterrupts((signal) => io.stderr.write(reporting
    ? `eval-magic: ${signal}: stopping; no report is written after the one being written, if any (each report written is whole)\n`
    : `eval-magic: ${signal}: stopping; no report is written (each grading.json already written is complete)\n`));
  const interrupted = () => {
    const signal = interrupts.received();
    return signal === undefined ? undefined : 128 + osConstants.signals[signal];
  };
  try {
    let compared: CompareResult;
    try {
      compared = await compareNaming(args.paths, {
        cwd: io.cwd,
        evals: args.evals,
        alpha,
        writeGrading: args.grading,
        commandTimeoutMs: timeout * 1000,
        keepArtifacts: targets.some((t) => t.format === 'html'),
        config: args.config,
        concurrency: parseConcurrency(args.concurrency ?? 'auto'),
        toolVersion,
        treatment: args.treatment,
        control: args.control,
        signal: interrupts.stop,
        killSignal: interrupts.kill,
      }, COMPARE_OPTION_NAMING.flags);
    } catch (error) {
      const code = interrupted();
      if (code !== undefined) return code;
      throw error;
    }
    // A signal that landed in the comparison's last synchronous stretch is taken on the loop's next turn.
    await new Promise((resolve) => setImmediate(resolve));
    const code = interrupted();
    if (code !== undefined) return code;
    reporting = true;
    return await writeComparisonReports(compared, { args, io, targets, reportFiles, given, documentOf, interrupted });
  } finally {
    interrupts.dispose();
  }
}

/** What compare's report phase is given: the command's arguments and report plan, and how to tell it was interrupted (its exit code). */
interface ReportPhase {
  args: CompareArgs;
  io: CliIO;
  targets: ReturnType<typeof planFormatTargets>;
  reportFiles: readonly string[];
  given: readonly string[];
  documentOf: (path: string) => string | undefined;
  interrupted: () => number | undefined;
}

/** Writes each report of `compared` (a signal stops before the next one: its exit code), then the step summary; resolves to the exit code. */
async function writeComparisonReports(compared: CompareResult, { args, io, targets, reportFiles, given, documentOf, interrupted }: ReportPhase): Promise<number> {
  const { document, report, inputs, runRecords } = compared;
  // Now that the runs are known, before any report is written: none replaces a file compare read or lands in a folder it reads.
  // (Every file read is listed only for a report to hold to them: 40,000 names for 10,000 runs.)
  if (reportFiles.length > 0) assertReportPaths(reportFiles, [...given, ...comparedFiles(document, report), ...inputs], io.cwd, documentOf);
  assertOutsideReadFolders(reportFiles, document, inputs, io.cwd);
  const summary = io.env.GITHUB_ACTIONS === 'true' ? io.env.GITHUB_STEP_SUMMARY : undefined;
  if (summary) {
    assertStepSummaryPath(summary, reportFiles, [...given, ...comparedFiles(document, report), ...inputs], io.cwd, documentOf);
    // Appended inside a run folder (task/), it would be graded with the run next time, as a report would.
    try {
      assertOutsideReadFolders([summary], document, inputs, io.cwd);
    } catch (error) {
      throw new UsageError(`GITHUB_STEP_SUMMARY: ${(error as Error).message}`);
    }
  }
  const context = { cwd: io.cwd, rules: Object.fromEntries(Object.entries(rules).map(([id, rule]) => [id, rule.meta])), toolVersion, color: false };
  for (const target of targets) {
    const color = target.to === 'stdout' && wantsColor(io, args.color);
    await writeTarget(target, comparisonFormatters[target.format]!({ document, report, runRecords, context: { ...context, color } }), io);
    // A signal that landed while the report was made and written (one synchronous stretch) is taken here.
    await new Promise((resolve) => setImmediate(resolve));
    const code = interrupted();
    if (code !== undefined) return code;
  }
  // GitHub drops the whole step summary past its limit, counting what earlier commands of the step wrote.
  if (summary) await appendStepSummary(summary, io.cwd, (used) => formatComparisonMarkdown(document, { stepSummary: true, maxBytes: Math.max(0, STEP_SUMMARY_BYTES - used) }));
  return exitCode(document, args['fail-on'], io);
}

/** Every file this comparison read: the checked artifacts, each run's run.json and grading.json, each iteration's campaign.json. */
function comparedFiles(document: ComparisonDocument, report: CheckReport): string[] {
  const runFiles = document.evals.flatMap((e) => e.run_list.flatMap((r) => [r.path, ...['run.json', 'grading.json'].map((name) => `${dirname(r.path)}/${name}`)]));
  return [...report.results.map((r) => r.filePath), ...runFiles, ...document.iterations.map((i) => `${i}/campaign.json`)];
}

/**
 * The workspace rule every command's reports keep (assertOutsideWorkspaceRecords): not in a run
 * folder compare read, nor in a command_check setup folder (its files are copied in as held-out ones).
 */
function assertOutsideReadFolders(reportFiles: readonly string[], document: ComparisonDocument, inputs: readonly string[], cwd: string): void {
  const runDirs = [...new Set(document.evals.flatMap((e) => e.run_list.map((r) => resolve(cwd, dirname(r.path)))))];
  const setupDirs = inputs.map((p) => resolve(cwd, p)).filter((p) => statSync(p, { throwIfNoEntry: false })?.isDirectory());
  const iterations = document.iterations.map((i) => resolve(cwd, i));
  assertOutsideWorkspaceRecords(reportFiles, { iterations, runDirs, otherFolders: setupDirs.map((dir) => ({ dir, what: 'the command_check setup folder' })) }, cwd, 'compare');
}

/**
 * 1 for a validity error or the --fail-on condition; 0 otherwise. Each that holds is said on stderr:
 * a validity error must not hide that the skill made an assertion worse (CI shows only this log).
 */
function exitCode(document: ComparisonDocument, failOn: CompareArgs['fail-on'], io: CliIO): number {
  const rows = document.evals.flatMap((e) => e.assertions);
  const errors = document.validity.filter((v) => v.severity === 'error');
  const reasons: string[] = [];
  if (errors.length > 0) {
    // Said on stderr too: with every report in a file (CI), a bare exit 1 left the user to open them to learn why.
    reasons.push(`eval-magic: ${errors.length} validity error${errors.length === 1 ? '' : 's'} (${[...new Set(errors.map((v) => v.code))].join(', ')}): see Validity in the report before trusting the comparison.`);
  }
  if (failOn === 'worse') {
    // Named with its eval (and skill, beside another skill's evals): two evals may have assertions of one id.
    const name = evalNamer(document.evals);
    const worse = document.evals.flatMap((e) => {
      const ids = e.assertions.filter((r) => r.significant && r.direction === 'worse').map((r) => r.id);
      return ids.length === 0 ? [] : [`in eval ${name(e)}, ${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'}`];
    });
    if (worse.length > 0) reasons.push(escapeTerminal(`eval-magic: --fail-on worse: ${worse.join('; ')} significantly worse with ${document.conditions[0]}.`));
  }
  if (failOn === 'no-change' && !rows.some((r) => r.significant && r.direction === 'better')) {
    reasons.push(escapeTerminal(`eval-magic: --fail-on no-change: no assertion is significantly better with ${document.conditions[0]}.`));
  }
  for (const reason of reasons) io.stderr.write(reason + '\n');
  return reasons.length === 0 ? 0 : 1;
}
