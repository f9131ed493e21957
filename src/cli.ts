// The full command line (yargs): help, version, every command, and the exact error for any
// mistake. It maps flags to library calls and returns an exit code; src/bin.ts sets it.
import yargs, { type Argv, type CommandModule, type Options } from 'yargs';
import { UsageError, toolVersion } from './index.js';
import { CHECK_EXIT_CODES, CHECK_OPTIONS, runCheck, type CheckArgs, type CliIO } from './check-command.js';
import { createHarnessCommand, createRunCommand } from './runner/cli-commands.js';
import { CAMPAIGN_HELP, createCampaignCommand } from './cli/campaign.js';
import { createRulesCommand } from './rules-command.js';
import { createInitCommand } from './cli/init.js';
import { createCompareCommand } from './cli/compare.js';
import { explainUsageError, optionsShownIn } from './usage-message.js';

export { EXIT, type CliIO } from './check-command.js';

/** yargs drops a bare "-" argument; it travels under a name no path can have. */
const STDIN_ARG = '\u0000stdin';
const COMMANDS = ['check', 'run', 'campaign', 'harness', 'rules', 'init', 'compare'];
const GLOBAL_OPTIONS = ['debug', 'help', 'version'];

/** Runs eval-magic with `argv` (without node and script); resolves to the exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  let exitCode = 0;
  const setExit = (code: number): void => void (exitCode = code);
  const parser = yargs(argv.map((a) => (a === '-' ? STDIN_ARG : a)))
    .scriptName('eval-magic')
    .usage('Usage: $0 <command> [options]\n\nSkill evals: check conversation.json and evals.json files, or run an agent through an eval.')
    .command<CheckArgs>(
      'check [paths..]',
      'Validate and lint conversation.json and evals.json files in files, folders and globs.',
      (y) => describeCheck(y) as unknown as Argv<CheckArgs>,
      async (args) => setExit(await runCheck({ ...args, paths: args.paths.map((p) => (p === STDIN_ARG ? '-' : p)) }, io)),
    )
    .command(withHelp(createRunCommand(io, setExit), RUN_HELP))
    .command(withHelp(createCampaignCommand(io, setExit), CAMPAIGN_HELP))
    .command(withHelp(createHarnessCommand(io, setExit), HARNESS_HELP))
    .command(createRulesCommand(io, setExit))
    .command(createInitCommand(io, setExit))
    .command(createCompareCommand(io, setExit, toolVersion))
    .demandCommand(1, 'Name a command, e.g. eval-magic check . (eval-magic --help lists them).')
    .option('debug', { type: 'boolean', description: 'Show stack traces of internal errors.' })
    // `--ignore a b` is one ignore glob and one path, as in the fast parser; camelCase spellings are not flags.
    .parserConfiguration({ 'greedy-arrays': false, 'camel-case-expansion': false })
    .strict()
    .version(toolVersion)
    .alias('v', 'version')
    .help()
    .alias('h', 'help')
    .group(GLOBAL_OPTIONS, 'Global options:')
    .epilogue('Run eval-magic <command> --help for a command\'s options, examples and exit codes.\nDocs: https://github.com/eval-magic/eval-magic#readme')
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .exitProcess(false)
    .fail((message, error, usage) => {
      // yargs' own complaints (YError) are usage errors too; anything else came from a command.
      if (error && error.name !== 'YError') throw error;
      throw new UsageError(explainUsageError(message ?? error!.message, argv, optionsShownIn(usage), COMMANDS));
    });
  await parser.parseAsync();
  return exitCode;
}

interface CommandHelp {
  examples: Array<[string, string]>;
  exitCodes: string;
}

const RUN_HELP: CommandHelp = {
  examples: [
    ['$0 run --evals skill/evals/evals.json --eval rename-column --harness claude-code --cwd task --out runs/rename-column', 'Run one eval with Claude Code'],
    ['$0 run --evals evals.json --harness codex --cwd task --out runs --model gpt-5 --round-timeout 600', 'Run every eval, each into runs/<eval-id>/'],
  ],
  exitCodes: `Exit codes:
  0  every run completed or stopped at a gate
  1  a run aborted (the agent failed, a timeout, Ctrl-C); no conversation.json is written
  2  usage error, an invalid evals.json, an unknown eval, or conversation.json already there without --overwrite`,
};

const HARNESS_HELP: CommandHelp = {
  examples: [
    ['$0 harness list', 'The built-in harnesses'],
    ['$0 harness show codex > my-codex.json', 'Start a descriptor of your own from a built-in one'],
  ],
  exitCodes: 'Exit codes:\n  0  listed or shown\n  2  usage error, or a descriptor that is missing or invalid',
};

/** A command with examples and exit codes added to its --help. */
function withHelp<T>(command: CommandModule<object, T>, help: CommandHelp): CommandModule<object, T> {
  const builder = command.builder as (y: Argv) => Argv<T>;
  return {
    ...command,
    builder: (y: Argv) => {
      const built = builder(y);
      const positionals = [...String(command.command).matchAll(/[<[](\w+)/g)].map((m) => m[1]!);
      const declared = Object.keys((built as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key);
      const own = declared.filter((name) => !GLOBAL_OPTIONS.includes(name) && !positionals.includes(name));
      return help.examples.reduce((described, [example, meaning]) => described.example(example, meaning), built.group(own, 'Options:')).epilogue(help.exitCodes);
    },
  };
}

function describeCheck(y: Argv): Argv {
  let described = y.positional('paths', { type: 'string', array: true, default: ['.'], description: 'Files, folders (searched) or globs; "-" reads stdin.' });
  for (const [name, spec] of Object.entries(CHECK_OPTIONS)) {
    const option: Options = { type: spec.type, description: spec.description };
    if (spec.type !== 'boolean') option.requiresArg = true;
    if (spec.multiple) option.array = true;
    if (spec.alias) option.alias = spec.alias;
    if (spec.default !== undefined) option.default = spec.default;
    if (spec.defaultDescription) option.defaultDescription = spec.defaultDescription;
    if (spec.choices) option.choices = [...spec.choices];
    described = described.option(name, option);
  }
  return described
    .group(Object.keys(CHECK_OPTIONS), 'Options:')
    .example('$0 check', 'Check every conversation.json and evals.json under this folder')
    .example('$0 check .eval-magic --max-warnings 0', 'Fail on any error or warning')
    .example('$0 check runs/ -f stylish -f sarif=reports/eval-magic.sarif', 'Log to the terminal and write SARIF (folders are created)')
    .example('cat conversation.json | $0 check - --stdin-filename e1/conversation.json', 'Check standard input')
    .epilogue(CHECK_EXIT_CODES);
}
