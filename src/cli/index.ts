// The command line: the table of commands, the global options, and the exit code of a run.
// yargs parses every command; each command's flags, help and handler live in its own file here.
import yargs, { type Argv, type Options, type PositionalOptions } from 'yargs';
import { UsageError, toolVersion } from '../internal.js';
import { EXIT, type CliCommand, type CliIO, type OptionSpec } from './command.js';
import { describeFailure } from './process-io.js';
import { explainUsageError, optionsShownIn } from './usage-message.js';

export { EXIT, type CliIO } from './command.js';

/**
 * Every command, in the order `eval-magic --help` lists them, each loaded only when it runs (a
 * one-file `check` never loads the runner). A new command is one file exporting `command` and
 * one line here.
 */
const COMMANDS: Readonly<Record<string, () => Promise<{ command: AnyCommand }>>> = {
  check: () => import('./check.js'),
  run: () => import('./run.js'),
  init: () => import('./init.js'),
  campaign: () => import('./campaign.js'),
  harness: () => import('./harness.js'),
  rules: () => import('./rules.js'),
  compare: () => import('./compare.js'),
};

/** A command of any arguments: yargs hands each handler the arguments its own options declared. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCommand = CliCommand<any>;

const GLOBAL_OPTIONS = ['debug', 'help', 'version'];

/** yargs drops a bare "-" argument; it travels under a name no path can have. */
const STDIN_ARG = '\u0000stdin';

/**
 * Runs eval-magic with `argv` (without node and script) and maps the outcome to an exit code:
 * the command's own, or 2 with a one-line message (a stack too under --debug) for a failure.
 */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const debug = argv.includes('--debug');
  try {
    return await runCli(argv, io);
  } catch (error) {
    io.stderr.write(describeFailure(error, debug));
    return EXIT.failure;
  }
}

/** Runs eval-magic with `argv`; resolves to the exit code, throws for a usage error or a failure. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  // Only the command named is loaded; without one (help, a typo), all are, to be listed.
  const named = Object.hasOwn(COMMANDS, argv[0] ?? '') ? [argv[0]!] : Object.keys(COMMANDS);
  const loaded = await Promise.all(named.map(async (name) => [name, (await COMMANDS[name]!()).command] as const));
  let exitCode: number = EXIT.ok;
  let parser = yargs(argv.map((a) => (a === '-' ? STDIN_ARG : a)))
    .scriptName('eval-magic')
    .usage('Usage: $0 <command> [options]\n\nSkill evals: check conversation.json and evals.json files, or run an agent through an eval.');
  for (const [, command] of loaded) {
    parser = parser.command(command.usage, command.describe, (y) => describeCommand(y, command), async (args) => {
      exitCode = await command.run(restoreStdinArg(withArgsAfterDoubleDash(args, command)), io);
    });
  }
  parser = parser
    .demandCommand(1, 'Name a command, e.g. eval-magic check . (eval-magic --help lists them).')
    .option('debug', { type: 'boolean', description: 'Show stack traces of internal errors.' })
    // `--ignore a b` is one ignore glob and one path; camelCase spellings are not flags.
    // `--` ends the options: what follows goes to the command's variadic positional (see withArgsAfterDoubleDash).
    .parserConfiguration({ 'greedy-arrays': false, 'camel-case-expansion': false, 'populate--': true })
    .strict()
    .version(toolVersion)
    .alias('v', 'version')
    .help()
    .alias('h', 'help')
    .group(GLOBAL_OPTIONS, 'Global options:')
    .epilogue('Run eval-magic <command> --help for a command\'s options, examples and exit codes.\nDocs: README.md and docs/ in the eval-magic package; eval-magic rules lists each rule\'s page.')
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .exitProcess(false)
    .fail((message, error, usage) => {
      // yargs' own complaints (YError) are usage errors too; anything else came from a command.
      if (error && error.name !== 'YError') throw error;
      throw new UsageError(explainUsageError(message ?? error!.message, argv, optionsShownIn(usage), Object.keys(COMMANDS)));
    });
  skipHelpCache(parser);
  await parser.parseAsync();
  return exitCode;
}

/** A command's positionals and options from its tables, then its --help: its own options grouped before the global ones, examples, exit codes. */
function describeCommand(y: Argv, command: AnyCommand): Argv {
  let described = y;
  for (const [name, spec] of Object.entries(command.positionals ?? {})) described = described.positional(name, positionalOptions(spec));
  for (const [name, spec] of Object.entries(command.options)) described = described.option(name, yargsOptions(spec));
  described = described.group(Object.keys(command.options), 'Options:');
  for (const [example, meaning] of command.examples) described = described.example(example, meaning);
  return described.epilogue(command.exitCodes);
}

/** What yargs is told of an option (or, without alias and demand, a positional). */
function yargsOptions(spec: OptionSpec): Options {
  const option: Options = { description: spec.description };
  if (spec.type) option.type = spec.type;
  if (spec.alias) option.alias = spec.alias;
  if (spec.multiple) option.array = true;
  if (spec.default !== undefined) option.default = spec.default;
  if (spec.defaultDescription) option.defaultDescription = spec.defaultDescription;
  if (spec.choices) option.choices = [...spec.choices];
  if (spec.required) option.demandOption = true;
  if (spec.requiresValue) option.requiresArg = true;
  return option;
}

/** A positional: whether it is required comes from `<name>` in the usage, not from `required`. */
function positionalOptions(spec: OptionSpec): PositionalOptions {
  const { demandOption, ...option } = yargsOptions(spec);
  void demandOption;
  return option as PositionalOptions;
}

/**
 * Everything after `--` joins the command's variadic positional (`check [paths..]`): a name that
 * looks like an option (a staged `--ignore=**\/conversation.json`) is then a path, never obeyed.
 */
function withArgsAfterDoubleDash(args: Record<string, unknown>, command: AnyCommand): Record<string, unknown> {
  const { '--': rest, ...parsed } = args;
  const variadic = Object.entries(command.positionals ?? {}).find(([, spec]) => spec.multiple)?.[0];
  if (!Array.isArray(rest) || rest.length === 0) return parsed;
  // A command without a variadic positional (`init [skill-dir]`) gets them as `--`, for operands.ts.
  if (variadic === undefined) return { ...parsed, '--': rest.map(String) };
  return { ...parsed, [variadic]: [...((parsed[variadic] as unknown[] | undefined) ?? []), ...rest.map(String)] };
}

/** The parsed arguments with every STDIN_ARG back to "-". */
function restoreStdinArg<T extends object>(args: T): T {
  const restore = (value: unknown): unknown => (value === STDIN_ARG ? '-' : Array.isArray(value) ? value.map(restore) : value);
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, restore(value)])) as T;
}

/**
 * yargs renders the running command's whole --help after starting its handler, in case the
 * program asks for it later; eval-magic never does, and the rendering made a one-file check
 * ~20 % slower (docs/performance.md). yargs has no setting for it, so the cache is switched off
 * on its usage object; should a yargs release rename that, the cache simply comes back.
 */
function skipHelpCache(parser: Argv): void {
  const usage = (parser as unknown as { getInternalMethods?(): { getUsageInstance?(): { cacheHelpMessage?: () => void } } }).getInternalMethods?.().getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => {};
}
