// The full command line (yargs): help, version, every command, and the exact error for any
// mistake. It maps flags to library calls and returns an exit code; src/bin.ts sets it.
import yargs, { type Argv, type Options } from 'yargs';
import { UsageError, toolVersion } from './index.js';
import { CHECK_OPTIONS, EXIT, runCheck, type CheckArgs, type CliIO } from './check-command.js';
import { createHarnessCommand, createRunCommand } from './runner/cli-commands.js';

export { EXIT, type CliIO } from './check-command.js';

/** yargs drops a bare "-" argument; it travels under a name no path can have. */
const STDIN_ARG = '\u0000stdin';

/** Runs eval-magic with `argv` (without node and script); resolves to the exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  let exitCode: number = EXIT.ok;
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
      async (args) => setExit(await runCheck({ ...args, paths: args.paths.map((p) => (p === STDIN_ARG ? '-' : p)) }, io)),
    )
    .command(createRunCommand(io, setExit))
    .command(createHarnessCommand(io, setExit))
    .demandCommand(1, 'Name a command, e.g. eval-magic check .')
    .option('debug', { type: 'boolean', description: 'Show stack traces of internal errors.' })
    // `--ignore a b` means one ignore glob and one path, as in the fast parser; repeat the flag for more.
    .parserConfiguration({ 'greedy-arrays': false })
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

function describeCheckOptions(y: Argv): Argv {
  let described = y.positional('paths', { type: 'string', array: true, default: ['.'], description: 'Files, folders (searched) or globs; "-" reads stdin.' });
  for (const [name, spec] of Object.entries(CHECK_OPTIONS)) {
    const option: Options = { type: spec.type, description: spec.description };
    if (spec.multiple) option.array = true;
    if (spec.alias) option.alias = spec.alias;
    if (spec.default !== undefined) option.default = spec.default;
    if (spec.defaultDescription) option.defaultDescription = spec.defaultDescription;
    if (spec.choices) option.choices = [...spec.choices];
    described = described.option(name, option);
  }
  return described;
}
