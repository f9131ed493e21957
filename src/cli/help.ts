// --help: yargs lays out the text from the same tables the parser reads (parse.ts). Loaded only
// for a help text, so no run pays for yargs (the executable imports this from the ESM build).
import yargs, { type Argv, type Options, type PositionalOptions } from 'yargs';
import { toolVersion } from '../internal.js';
import type { OptionSpec } from './command.js';
import { GLOBAL_OPTIONS, type AnyCommand } from './parse.js';

const USAGE = 'Usage: $0 <command> [options]\n\nSkill evals: check conversation.json and evals.json files, or run an agent through an eval.';
const EPILOGUE = 'Run eval-magic <command> --help for a command\'s options, examples and exit codes.\nDocs: README.md and docs/ in the eval-magic package; eval-magic rules lists each rule\'s page.';

/** The help text of `command` (a name in `commands`), or without one the list of `commands` (in that order), ending in a newline. */
export async function helpText(commands: ReadonlyArray<readonly [name: string, command: AnyCommand]>, command?: string): Promise<string> {
  let parser = yargs().scriptName('eval-magic').usage(USAGE);
  for (const [, each] of commands) parser = parser.command(each.usage, each.describe, (y) => describeCommand(y, each));
  parser = parser
    .option('debug', yargsOptions(GLOBAL_OPTIONS.debug!))
    .version(toolVersion)
    .alias('v', 'version')
    .help()
    .alias('h', 'help')
    .group(['debug', 'help', 'version'], 'Global options:')
    .epilogue(EPILOGUE)
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .exitProcess(false);
  const text = await new Promise<string>((resolve, reject) => {
    void parser.parse(command === undefined ? ['--help'] : [command, '--help'], {}, (error, _argv, output) => (error ? reject(error) : resolve(output)));
  });
  return `${text}\n`;
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
  // An empty list is no default to show (`[default: []]`): --help says nothing of it.
  if (spec.default !== undefined && !isEmptyList(spec.default)) option.default = spec.default;
  if (spec.defaultDescription) option.defaultDescription = spec.defaultDescription;
  if (spec.choices) option.choices = [...spec.choices];
  if (spec.required) option.demandOption = true;
  if (spec.requiresValue) option.requiresArg = true;
  return option;
}

/**
 * A positional: whether it is required comes from `<name>` in the usage, not from `required`. A
 * default left unsaid is said to be none, or yargs shows a variadic one's `[]` (`[paths..]` of
 * compare and judge, which need a path; check's says ".").
 */
function positionalOptions(spec: OptionSpec): PositionalOptions {
  const { demandOption, ...option } = yargsOptions(spec);
  void demandOption;
  if (option.default === undefined && option.defaultDescription === undefined) option.default = undefined;
  return option as PositionalOptions;
}

function isEmptyList(value: NonNullable<OptionSpec['default']>): boolean {
  return Array.isArray(value) && value.length === 0;
}
