// `eval-magic check`: its flags, its help, and the run — find, check, write the reports, pick the exit code.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkNaming, CHECK_OPTION_NAMING, NoSuchPathError, formatters, ruleMetas, UsageError, parseRuleFlags, toolVersion, FILE_KINDS, escapeTerminal, shownPath, withoutWarnings, type Concurrency, type FileKind } from '../internal.js';
import { EXIT, type CliCommand, type CliIO, type OptionSpec } from './command.js';
import { parseFormatSpec, planFormatTargets } from './format-targets.js';
import type { RepeatedOptions } from '../config.js';
import { writeReports } from './write-reports.js';
import { githubWorkspaceRoot } from './github-workspace.js';
import { standardStreamOf } from '../reports/report-files.js';
import { isFolder } from '../fs/folders.js';
import { concurrencyMessage } from '../checker/check-options.js';
import { parseNumberArgument } from '../runner/run-limits.js';
import { campaignRecordsOf, workspaceReadBy } from '../workspace/report-place.js';

const EXIT_CODES = `Exit codes:
  0  no errors, and warnings within --max-warnings
  1  errors, or more warnings than --max-warnings
  2  usage error, bad config, a path that does not exist, nothing found (without --allow-empty),
     a path, folder or glob that finds nothing (without --no-error-on-unmatched-pattern), or an internal error`;

/** The parsed flags of `check`. */
export interface CheckArgs {
  paths: string[];
  /** The paths given after `--` (among `paths` too). */
  '--'?: string[];
  pattern?: string;
  ignore: string[];
  'stdin-filename'?: string;
  rule: string[];
  config?: string;
  format?: string | string[];
  'output-file'?: string;
  'ci-annotations': boolean;
  quiet: boolean;
  'max-warnings': number;
  'allow-empty': boolean;
  'error-on-unmatched-pattern': boolean;
  'link-boundary'?: string;
  kind?: FileKind;
  evals?: string;
  verbose: boolean;
  concurrency: string;
  /** --color / --no-color; undefined: FORCE_COLOR, NO_COLOR, then whether stdout is a terminal. */
  color?: boolean;
}

/** Every option of `check`, in the order --help lists them. */
const CHECK_OPTIONS = {
  pattern: { type: 'string', description: "Glob of files searched for in folders (replaces the default); each file's kind still follows its name.", defaultDescription: '**/conversation.json, **/evals.json, **/grading.json, **/comparison.json and **/judge/*/*/judgment.json', requiresValue: true },
  kind: { type: 'string', choices: FILE_KINDS, description: 'Check every file as this kind, whatever its name; folders are then searched for that kind only.', requiresValue: true },
  evals: { type: 'string', description: 'The evals.json every conversation is held to (instead of looking each one up).', requiresValue: true },
  verbose: { type: 'boolean', default: false, description: 'Print to stderr which eval each conversation was matched with, or that none was found.' },
  ignore: { type: 'string', multiple: true, default: [], description: 'Glob to leave out (repeatable); searches always skip node_modules and .git.', requiresValue: true },
  'stdin-filename': { type: 'string', description: 'Name reported for stdin.', requiresValue: true },
  rule: { type: 'string', multiple: true, default: [], description: 'Rule severity, <id>=off|warn|error (repeatable).', requiresValue: true },
  config: { type: 'string', description: 'Config file (default: the nearest eval-magic.config.json at or above the paths checked, up to the repository root; paths under different ones are refused).', requiresValue: true },
  format: { type: 'string', alias: 'f', multiple: true, description: `Output format, repeatable: <format> (stdout) or <format>=<file>; formats: ${Object.keys(formatters).join(', ')}.`, defaultDescription: 'stylish', requiresValue: true },
  'output-file': { type: 'string', alias: 'o', description: 'Write the format without =<file> to this file instead of stdout.', requiresValue: true },
  'ci-annotations': { type: 'boolean', default: true, description: 'Under GitHub Actions (GITHUB_ACTIONS=true), also print github annotations; --no-ci-annotations turns this off.' },
  quiet: { type: 'boolean', default: false, description: 'Report errors only; with --max-warnings, warnings still count against it.' },
  'max-warnings': { type: 'number', numeric: true, default: -1, description: 'Fail (exit 1) when warnings exceed this number.', requiresValue: true },
  'allow-empty': { type: 'boolean', default: false, description: 'Exit 0 when no artifact is found.' },
  'error-on-unmatched-pattern': { type: 'boolean', default: true, description: 'A path, folder or glob that finds no artifact is an error (exit 2), also when others find files; --no-error-on-unmatched-pattern skips it.' },
  'link-boundary': { type: 'string', description: 'Hold files named one by one to this folder\'s link boundary, as a search of it holds what it finds: a symbolic link leading out of it is an io link-outside error, not followed (the pre-commit hook gives ".").', requiresValue: true },
  concurrency: { type: 'string', numeric: true, default: 'auto', description: 'Threads that check files: a number, "off" (one), or "auto" (more only when there are enough files to gain).', requiresValue: true },
  color: { type: 'boolean', description: 'Colour the stylish log on stdout (--no-color: never); wins over FORCE_COLOR and NO_COLOR.', defaultDescription: 'on a terminal' },
} satisfies Record<string, OptionSpec>;

/** `eval-magic check`. */
export const command: CliCommand<CheckArgs> = {
  usage: 'check [paths..]',
  describe: 'Validate and lint conversation.json, evals.json, grading.json, comparison.json and judgment.json files in files, folders and globs.',
  // No parser default: names after `--` join these (src/cli/index.ts), and none at all means "." (runCheck).
  positionals: { paths: { type: 'string', multiple: true, defaultDescription: '.', description: 'Files, folders (searched) or globs; "-" reads stdin; after "--" every argument is a path, even one that looks like an option.' } },
  options: CHECK_OPTIONS,
  examples: [
    ['$0 check', 'Check every conversation.json, evals.json, grading.json, comparison.json and judgment.json under this folder'],
    ['$0 check .eval-magic --max-warnings 0', 'Fail on any error or warning'],
    ['$0 check runs/ -f stylish -f sarif=reports/eval-magic.sarif', 'Log to the terminal and write SARIF (folders are created)'],
    ['cat conversation.json | $0 check - --stdin-filename e1/conversation.json', 'Check standard input'],
    ['$0 check --max-warnings 0 -- "$@"', 'In a script or hook: names after -- are paths, even one that looks like an option'],
  ],
  exitCodes: EXIT_CODES,
  run: runCheck,
};

/** Fewer files than this, each named, make a check too short to gain from tuning V8 for long runs. */
export const LONG_CHECK_FILES = 1000;

/**
 * Whether a check of `paths` may run long: a folder, a glob, a path stat cannot answer for, or
 * many files. A few files named one by one (the pre-commit hook) will not.
 */
export function mayRunLong(paths: readonly string[], isFile: (path: string) => boolean = isRegularFile): boolean {
  return paths.length >= LONG_CHECK_FILES || !paths.every((path) => path === '-' || isFile(path));
}

/**
 * Two V8 settings for checks that may run long, and for compare (always a folder), process-wide
 * (so worker threads get them too): a larger interrupt budget, so V8 optimizes fewer functions,
 * later (each thread compiles the same code again), and scavenging without helper tasks, which
 * have no idle core to run on. Not for one-file checks, which would pay for loading node:v8 and
 * gain nothing.
 */
export async function tuneV8ForLongRuns(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--interrupt-budget=400000 --no-parallel-scavenge');
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false; // the check will say what is wrong with the path
  }
}

/**
 * A path like an option that names nothing can only have come after `--` (where a pre-commit
 * hook's `args:` land): the error says why it was taken as a path.
 */
function withDoubleDashHint(error: unknown): unknown {
  if (!(error instanceof NoSuchPathError) || !error.path.startsWith('-')) return error;
  return new UsageError(`${error.message} Every argument after "--" is a path; give options before it (in a pre-commit hook: in \`entry:\`, before its "--").`);
}

/** Runs `check` with parsed flags; resolves to the exit code. */
async function runCheck(args: CheckArgs, io: CliIO): Promise<number> {
  const targets = planFormatTargets({
    formats: args.format,
    outputFile: args['output-file'],
    known: Object.keys(formatters),
    ciAnnotations: args['ci-annotations'] && io.env.GITHUB_ACTIONS === 'true',
    streamOf: (path) => standardStreamOf(resolve(io.cwd, path)),
  });
  if (!Number.isInteger(args['max-warnings'])) throw new UsageError('--max-warnings takes a whole number.');
  const paths = args.paths.length > 0 ? args.paths : ['.'];
  const ruleFlags = parseRuleFlags(args.rule);
  // The library looks the config up (or reads --config) and names it here, before any file is checked.
  let configPath: string | undefined;
  let configShown: string | undefined;
  const onConfig = (path: string | undefined) => {
    configPath = path;
    configShown = path === undefined ? undefined : shownPath(io.cwd, path);
    if (args.verbose) io.stderr.write(escapeTerminal(`eval-magic: config: ${configShown ?? 'none (no eval-magic.config.json at or above the paths checked, up to the repository root)'}`) + '\n');
  };
  // Without "-" the piped text would be ignored and the folders checked instead: a pass for it.
  if (args['stdin-filename'] !== undefined && !paths.includes('-')) {
    throw new UsageError('--stdin-filename names standard input, which is checked only when "-" is among the paths: eval-magic check - --stdin-filename <name>.');
  }
  const linkBoundary = args['link-boundary'];
  if (linkBoundary !== undefined && !isFolder(resolve(io.cwd, linkBoundary))) throw new UsageError(`--link-boundary ${JSON.stringify(linkBoundary)} is not a folder.`);
  if (mayRunLong(paths)) await tuneV8ForLongRuns();
  const input = paths.includes('-') ? await io.readStdin() : undefined;
  const stdin = input === undefined ? undefined : Buffer.isBuffer(input) ? { bytes: input, filePath: args['stdin-filename'] } : { bytes: '', filePath: args['stdin-filename'], tooLarge: true };

  const lookups: Array<[string, string]> = [];
  const maxWarnings = args['max-warnings'];
  // --quiet alone skips the warnings; with --max-warnings they are checked and counted (as
  // ESLint does), and only left out of what is shown.
  const countHiddenWarnings = args.quiet && maxWarnings >= 0;
  const checked = await checkNaming(paths, {
    cwd: io.cwd,
    pattern: args.pattern,
    config: args.config,
    onConfig,
    rules: ruleFlags,
    ignore: args.ignore,
    quiet: args.quiet && !countHiddenWarnings,
    allowEmpty: args['allow-empty'],
    errorOnUnmatchedPattern: args['error-on-unmatched-pattern'],
    linkBoundary,
    stdin,
    kind: args.kind,
    evals: args.evals,
    onEvalLookup: args.verbose ? (filePath, found) => void lookups.push([filePath, found.note]) : undefined,
    concurrency: parseConcurrency(args.concurrency),
    // The html format shows each file's text and eval, which the check keeps only when asked.
    keepArtifacts: targets.some((t) => t.format === 'html'),
  }, CHECK_OPTION_NAMING.flags, repeatedOptions(args, io.cwd)).catch((error: unknown) => {
    throw withDoubleDashHint(error);
  });
  const report = countHiddenWarnings ? withoutWarnings(checked) : checked;
  // Notes arrive in completion order; sorted, the output is the same on every run.
  lookups.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [filePath, note] of lookups) io.stderr.write(escapeTerminal(`eval-magic: ${filePath}: ${note}`) + '\n');

  // What the check read of a workspace (its iterations' campaign.json, its run folders), for the
  // rule no report breaks; worked out only when a report or the step summary goes to a file.
  const stepSummaryPath = io.env.GITHUB_STEP_SUMMARY || undefined;
  const workspace = targets.some((t) => t.to === 'file') || stepSummaryPath !== undefined ? workspaceReadBy(report.results.map((r) => r.filePath), io.cwd) : undefined;
  const maxWarningsExceeded = maxWarnings >= 0 && checked.warningCount > maxWarnings ? { maxWarningsExceeded: { maxWarnings, foundWarnings: checked.warningCount } } : {};
  await writeReports(report, targets, formatters, { cwd: io.cwd, rules: ruleMetas(), toolVersion, ...(configShown !== undefined ? { configFile: configShown } : {}), ...maxWarningsExceeded }, {
    cwd: io.cwd,
    stdout: io.stdout,
    stderr: io.stderr,
    stepSummaryPath,
    githubRoot: githubWorkspaceRoot(io.cwd, io.env),
    stdoutColor: wantsColor(io, args.color),
    // Every file this check read; a report written over one would lose it.
    inputs: [...report.results.map((r) => r.filePath), ...[args['stdin-filename'], args.evals, configPath].filter((p) => p !== undefined), ...(workspace === undefined ? [] : campaignRecordsOf(workspace, io.cwd))],
    ...(workspace !== undefined ? { workspace } : {}),
  });

  if (checked.errorCount > 0) return EXIT.problems;
  if (maxWarnings >= 0 && checked.warningCount > maxWarnings) {
    io.stderr.write(`eval-magic: too many warnings (${checked.warningCount}); --max-warnings is ${maxWarnings}.\n`);
    return EXIT.problems;
  }
  return EXIT.ok;
}

/**
 * The flags a config refusal's checks apart repeat (src/config.ts): every option given other than
 * its default, in --help's order — but `--config` (given, nothing is refused), `--stdin-filename`
 * (given only to the check apart that reads "-": `stdinName`) and the report files, named instead: each check would write over the last
 * (not a standard stream, /dev/stdout, which each writes to in turn).
 */
function repeatedOptions(args: CheckArgs, cwd: string): RepeatedOptions {
  const options: Array<readonly [string, string?]> = [];
  const reportFiles: Array<readonly [string, string]> = [];
  const isFile = (path: string) => standardStreamOf(resolve(cwd, path)) === undefined;
  for (const [name, spec] of Object.entries(CHECK_OPTIONS) as Array<[keyof typeof CHECK_OPTIONS, OptionSpec]>) {
    const given = args[name];
    if (name === 'config' || name === 'stdin-filename' || given === undefined || given === spec.default) continue;
    if (name === 'format' || name === 'output-file') {
      for (const value of [given as string | string[]].flat()) {
        const path = name === 'format' ? parseFormatSpec(value, Object.keys(formatters)).path : value;
        (path !== undefined && isFile(path) ? reportFiles : options).push([`--${name}`, value]);
      }
    } else if (typeof given === 'boolean') options.push([given ? `--${name}` : `--no-${name}`]);
    else for (const value of [given].flat()) options.push([`--${name}`, String(value)]);
  }
  const stdinName = args['stdin-filename'] === undefined ? {} : { stdinName: ['--stdin-filename', args['stdin-filename']] as const };
  return { options, reportFiles, ...stdinName, ...(args.pattern === undefined ? {} : { pattern: ['--pattern', args.pattern] as const }), ...(args['--'] === undefined ? {} : { beforePaths: '"--"' }) };
}

/** `--concurrency` as typed: a positive whole number, `auto` or `off` (check's and compare's). */
export function parseConcurrency(value: string): Concurrency {
  if (value === 'auto' || value === 'off') return value;
  if (/^[1-9][0-9]*$/.test(value)) return parseNumberArgument('--concurrency', value);
  throw new UsageError(concurrencyMessage('--concurrency', value));
}

/** --color / --no-color win, then FORCE_COLOR, then NO_COLOR (https://no-color.org), then "is stdout a terminal". */
export function wantsColor(io: CliIO, flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (io.env.NO_COLOR) return false;
  return io.stdout.isTTY === true;
}
