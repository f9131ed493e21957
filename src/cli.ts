// The command line: maps flags to library options, picks a formatter, returns an exit code.
// It never calls process.exit and never sets process.exitCode; src/bin.ts does.
import yargs, { type Argv } from 'yargs';
import { check, formatters, rules, UsageError, findConfigFile, loadConfigFile, resolveRuleSeverities, parseRuleFlags, toolVersion } from './index.js';
import type { RuleMeta } from './checker/rule-module.js';
import { FILE_KINDS, type FileKind } from './checker/file-kind.js';
import type { Concurrency } from './checker/worker-pool.js';
import { escapeTerminal } from './formatters/escape.js';
import { planFormatTargets } from './format-targets.js';
import { writeReports } from './write-reports.js';
import { createHarnessCommand, createRunCommand } from './runner/cli-commands.js';

/** What the CLI needs from its surroundings, injected so tests can run it in-process. */
export interface CliIO {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  readStdin: () => Promise<Buffer>;
}

const STDIN_ARG = '\u0000stdin';

/** Exit codes: 0 clean, 1 errors (or too many warnings), 2 usage, I/O or internal failure. */
export const EXIT = { ok: 0, problems: 1, failure: 2 } as const;

interface CheckArgs {
  paths: string[];
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
  kind?: FileKind;
  evals?: string;
  verbose: boolean;
  concurrency: string;
}

/** Runs eval-magic with `argv` (without node and script); resolves to the exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  let exitCode: number = EXIT.ok;
  // yargs silently drops a bare "-" argument; carry it through under a name no path can have.
  const parser = buildParser(argv.map((a) => (a === '-' ? STDIN_ARG : a)), io, (code) => (exitCode = code));
  await parser.parseAsync();
  return exitCode;
}

function buildParser(argv: string[], io: CliIO, setExit: (code: number) => void): Argv {
  return yargs(argv)
    .scriptName('eval-magic')
    .usage('$0 <command> [options]')
    .command<CheckArgs>(
      'check [paths..]',
      'Validate and lint conversation.json artifacts in files, folders and globs.',
      (y) => describeCheckOptions(y) as unknown as Argv<CheckArgs>,
      async (args) => setExit(await runCheck(args, io)),
    )
    .command(createRunCommand(io, setExit))
    .command(createHarnessCommand(io, setExit))
    .demandCommand(1, 'Name a command, e.g. eval-magic check .')
    .option('debug', { type: 'boolean', description: 'Show stack traces of internal errors.' })
    .strict()
    .version(toolVersion)
    .help()
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .exitProcess(false)
    .fail((message, error) => {
      if (error) throw error;
      throw new UsageError(message);
    });
}

function describeCheckOptions(y: Argv) {
  return y
    .positional('paths', { type: 'string', array: true, default: ['.'], description: 'Files, folders (searched) or globs; "-" reads stdin.' })
    .option('pattern', { type: 'string', description: 'Glob of files searched for in folders (replaces the default); each file\'s kind still follows its name.', defaultDescription: '**/conversation.json and **/evals.json' })
    .option('kind', { type: 'string', choices: FILE_KINDS, description: 'Check every file as this kind, whatever its name; folders are then searched for that kind only.' })
    .option('evals', { type: 'string', description: 'The evals.json every conversation is held to (instead of looking each one up).' })
    .option('verbose', { type: 'boolean', default: false, description: 'Print to stderr which eval each conversation was matched with, or that none was found.' })
    .option('ignore', { type: 'string', array: true, default: [], description: 'Glob to leave out (repeatable); node_modules and .git always are.' })
    .option('stdin-filename', { type: 'string', description: 'Name reported for stdin.' })
    .option('rule', { type: 'string', array: true, default: [], description: 'Rule severity, <id>=off|warn|error (repeatable).' })
    .option('config', { type: 'string', description: 'Config file (default: nearest eval-magic.config.json upward).' })
    .option('format', { alias: 'f', type: 'string', description: `Output format, repeatable: <format> (stdout) or <format>=<file>; formats: ${Object.keys(formatters).join(', ')}.`, defaultDescription: 'stylish' })
    .option('output-file', { alias: 'o', type: 'string', description: 'Write the format without =<file> to this file instead of stdout.' })
    .option('ci-annotations', { type: 'boolean', default: true, description: 'Under GitHub Actions (GITHUB_ACTIONS=true), also print github annotations; --no-ci-annotations turns this off.' })
    .option('quiet', { type: 'boolean', default: false, description: 'Report errors only.' })
    .option('max-warnings', { type: 'number', default: -1, description: 'Fail (exit 1) when warnings exceed this number.' })
    .option('allow-empty', { type: 'boolean', default: false, description: 'Exit 0 when no artifact is found.' })
    .option('concurrency', { type: 'string', default: 'auto', description: 'Threads that check files: a number, "off" (one), or "auto" (more only when there are enough files to gain).' });
}

async function runCheck(args: CheckArgs, io: CliIO): Promise<number> {
  const targets = planFormatTargets({
    formats: args.format,
    outputFile: args['output-file'],
    known: Object.keys(formatters),
    ciAnnotations: args['ci-annotations'] && io.env.GITHUB_ACTIONS === 'true',
  });
  if (!Number.isInteger(args['max-warnings'])) throw new UsageError('--max-warnings takes a whole number.');
  const configPath = args.config ?? findConfigFile(io.cwd);
  const config = configPath ? loadConfigFile(configPath) : {};
  const severities = resolveRuleSeverities(config.rules, parseRuleFlags(args.rule));
  const paths = args.paths.length > 0 ? args.paths.map((p) => (p === STDIN_ARG ? '-' : p)) : ['.'];
  const stdin = paths.includes('-') ? { bytes: await io.readStdin(), filePath: args['stdin-filename'] } : undefined;

  const lookups: Array<[string, string]> = [];
  const report = await check(paths, {
    cwd: io.cwd,
    pattern: args.pattern,
    ignore: [...(config.ignore ?? []), ...args.ignore],
    severities,
    quiet: args.quiet,
    allowEmpty: args['allow-empty'],
    stdin,
    kind: args.kind,
    evals: args.evals,
    onEvalLookup: args.verbose ? (filePath, found) => void lookups.push([filePath, found.note]) : undefined,
    concurrency: parseConcurrency(args.concurrency),
  });
  // Notes arrive in completion order; sorted, the output is the same on every run.
  lookups.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [filePath, note] of lookups) io.stderr.write(escapeTerminal(`eval-magic: ${filePath}: ${note}`) + '\n');

  await writeReports(report, targets, formatters, { cwd: io.cwd, rules: rulesMeta(), toolVersion }, {
    cwd: io.cwd,
    stdout: io.stdout,
    stderr: io.stderr,
    stepSummaryPath: io.env.GITHUB_STEP_SUMMARY || undefined,
    stdoutColor: wantsColor(io),
  });

  if (report.errorCount > 0) return EXIT.problems;
  const maxWarnings = args['max-warnings'];
  if (maxWarnings >= 0 && report.warningCount > maxWarnings) {
    io.stderr.write(`eval-magic: too many warnings (${report.warningCount}); --max-warnings is ${maxWarnings}.\n`);
    return EXIT.problems;
  }
  return EXIT.ok;
}

function parseConcurrency(value: string): Concurrency {
  if (value === 'auto' || value === 'off') return value;
  if (/^[1-9][0-9]*$/.test(value)) return Number(value);
  throw new UsageError(`--concurrency ${JSON.stringify(value)}: expected a positive whole number, "auto" or "off".`);
}

/** FORCE_COLOR wins, then NO_COLOR (https://no-color.org), then "is stdout a terminal". */
function wantsColor(io: CliIO): boolean {
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (io.env.NO_COLOR) return false;
  return io.stdout.isTTY === true;
}

function rulesMeta(): Record<string, RuleMeta> {
  return Object.fromEntries(Object.entries(rules).map(([id, rule]) => [id, rule.meta]));
}
