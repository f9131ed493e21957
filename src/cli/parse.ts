// The one parser of every command line: yargs' own tokenizer (yargs-parser, configured as yargs
// configures it) under the rules yargs applied to the command table, in yargs' order and words —
// the command, help and version, positionals, a value that is missing, required options, unknown
// names, choices. A run never loads yargs itself: loading and running it made a one-file check
// ~10 % slower (docs/performance.md). help.ts renders --help with yargs, from the same tables.
import parseArgv, { type Arguments, type DetailedArguments, type Options } from 'yargs-parser';
import { UsageError } from '../errors.js';
import type { CliCommand, OptionSpec } from './command.js';
import { explainUsageError } from './usage-message.js';
import { isNumberText, parseNumberArgument } from '../runner/run-limits.js';

/** A command of any arguments: the parser hands each handler the arguments its own options declared. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommand = CliCommand<any>;

/** What a command line asks for: a command's run, a help text (a command's, or the list of commands), the version, or nothing. */
export type CommandLine =
  | { action: 'run'; args: Record<string, unknown> }
  | { action: 'help'; command?: string }
  | { action: 'version' }
  | { action: 'nothing' };

/** The options every command takes, in the order yargs knew them ("Did you mean" takes the first of equals); help.ts words version and help as yargs does. */
export const GLOBAL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  debug: { type: 'boolean', description: 'Show stack traces of internal errors.' },
  version: { type: 'boolean', alias: 'v', description: 'Show version number' },
  help: { type: 'boolean', alias: 'h', description: 'Show help' },
};

const NO_COMMAND_MESSAGE = 'Name a command, e.g. eval-magic check . (eval-magic --help lists them).';

// `--ignore a b` is one ignore glob and one path; camelCase spellings are not flags; `--` ends the
// options (what follows joins the command's variadic positional); a path "10" stays a string.
const CONFIGURATION = { 'greedy-arrays': false, 'camel-case-expansion': false, 'populate--': true, 'parse-positional-numbers': false };

/** The tokenizer drops a bare "-" argument; it travels under a name no path can have. */
const STDIN_ARG = '\u0000stdin';

/** One positional of a command's usage (`check [paths..]`, `harness <action> [harness]`). */
interface Positional {
  name: string;
  required: boolean;
  variadic: boolean;
}

/** The command `argv` names: its first operand, read with the global options only (as yargs read it). */
export function commandNamed(argv: readonly string[], commands: readonly string[]): string | undefined {
  const first = String(tokenize(argv, GLOBAL_OPTIONS, []).argv._[0] ?? '');
  return commands.includes(first) ? first : undefined;
}

/** What `argv` names no command for: the list of commands (help), the version, or a usage error. */
export function parseWithoutCommand(argv: readonly string[], commands: readonly string[]): CommandLine {
  const parsed = tokenize(argv, GLOBAL_OPTIONS, []);
  if (wantsHelp(parsed.argv)) return { action: 'help' };
  if (parsed.argv.version) return { action: 'version' };
  const fail = failWith(argv, Object.keys(GLOBAL_OPTIONS), commands);
  if (parsed.error) fail(parsed.error.message);
  // Before "Name a command": `--help=yes` read as false must not pass for a line with nothing asked.
  rejectSwitchValues(argv, [GLOBAL_OPTIONS], fail);
  if (parsed.argv._.length + (parsed.argv['--']?.length ?? 0) < 1) fail(NO_COMMAND_MESSAGE);
  rejectUnknown(parsed, [], parsed.argv._.map(String).filter((operand) => !commands.includes(operand)), fail);
  return { action: 'nothing' };
}

/**
 * `argv` (which names the command `name`, see commandNamed) as that command's arguments: its options from its table,
 * its positionals from its usage, everything after `--` in its variadic positional (or, without
 * one, under `--`). Throws a UsageError for a line the command cannot take.
 */
export function parseCommand(argv: readonly string[], name: string, command: AnyCommand, commands: readonly string[]): CommandLine {
  const positionals = positionalsOf(command.usage);
  const tables = [GLOBAL_OPTIONS, command.positionals ?? {}, command.options];
  const parsed = tokenize(argv, { ...GLOBAL_OPTIONS, ...command.positionals, ...command.options }, positionals);
  const args = parsed.argv;
  if (wantsHelp(args)) return { action: 'help', command: name };
  if (args.version) return { action: 'version' };
  const fail = failWith(argv, tables.flatMap((table) => Object.keys(table)), commands);

  // The first operand is the command's name (yargs took it to be, whatever came before).
  const operands = args._.slice(1).map(String);
  const required = positionals.filter((p) => p.required).length;
  if (operands.length < required) {
    // Named in the command's words (yargs said "Not enough non-option arguments: got 0, need at least 1").
    const missing = positionals.filter((p) => p.required).slice(operands.length);
    const named = missing.map((p) => {
      const choices = command.positionals?.[p.name]?.choices;
      const listed = choices === undefined ? '' : choices.length === 1 ? ` (${choices[0]})` : ` (${choices.slice(0, -1).join(', ')} or ${choices.at(-1)})`;
      return `<${p.name}>${listed}`;
    });
    throw new UsageError(`${name} needs ${named.join(' and ')}; eval-magic ${name} --help shows how it is used.`);
  }
  const given = new Set<string>();
  for (const positional of [...positionals.filter((p) => p.required), ...positionals.filter((p) => !p.required)]) {
    if (operands.length === 0) continue;
    args[positional.name] = positional.variadic ? operands.splice(0) : operands.shift();
    given.add(positional.name);
  }

  // A positional is no flag: its wrong value is named as the usage names it (`harness <action>`).
  for (const positional of positionals) {
    const allowed = command.positionals?.[positional.name]?.choices;
    const value = args[positional.name];
    if (allowed && given.has(positional.name) && !positional.variadic && !allowed.includes(value)) {
      throw new UsageError(`${name} <${positional.name}> ${JSON.stringify(value)}: use one of ${allowed.map((c) => JSON.stringify(c)).join(', ')}.`);
    }
  }
  if (parsed.error) fail(parsed.error.message);
  rejectSwitchValues(argv, [GLOBAL_OPTIONS, command.options], fail);
  const missing = Object.entries(command.options).filter(([name, spec]) => spec.required && args[name] === undefined).map(([name]) => name);
  if (missing.length > 0) fail(`Missing required argument${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  rejectUnknown(parsed, [...given], operands, fail);
  rejectChoices(args, tables, fail);
  rejectRepeated(args, [GLOBAL_OPTIONS, command.options], fail);
  rejectEmpty(args, [GLOBAL_OPTIONS, command.options], positionals, fail);
  rejectPadded(args, [GLOBAL_OPTIONS, command.options], fail);
  readNumbers(args, [GLOBAL_OPTIONS, command.options]);
  const final = withArgsAfterDoubleDash(args, positionals, argv);
  rejectEmptyOperands(final, name, positionals);
  return { action: 'run', args: restoreStdinArg(final) };
}

/**
 * An empty operand (`init "$SKILL"`, `check -- "$DIR"` with the variable unset) is refused as an
 * empty flag value is: `resolve(cwd, "")` is the current folder, which the user never named.
 * Checked once the operands after `--` have joined their positional, so both ways are held alike.
 */
function rejectEmptyOperands(args: Record<string, unknown>, command: string, positionals: readonly Positional[]): void {
  // A command without a variadic positional keeps the operands after `--` under `--` (init's second folder).
  const named: Array<[string, unknown]> = [...positionals.map((p) => [p.name, args[p.name]] as [string, unknown]), ...(positionals[0] ? [[positionals.at(-1)!.name, args['--']] as [string, unknown]] : [])];
  for (const [positional, value] of named) {
    const empty = [value].flat().find((one) => typeof one === 'string' && one.trim() === '');
    if (empty !== undefined) throw new UsageError(`${command} <${positional}> is empty (${JSON.stringify(empty)}): an empty argument (an unset variable?) never stands for the current folder or a default; name one.`);
  }
}

/** yargs-parser over `argv` with the options of `table` (and the positionals as options too, as yargs declared them). */
function tokenize(argv: readonly string[], table: Readonly<Record<string, OptionSpec>>, positionals: readonly Positional[]): DetailedArguments {
  const options = { alias: {}, array: [], boolean: [], number: [], string: [], default: {}, narg: {}, key: {}, configuration: CONFIGURATION } satisfies Options & Record<string, unknown>;
  const add = (list: string[], name: string, alias: string | undefined) => list.push(...(alias ? [name, alias] : [name]));
  for (const [name, spec] of Object.entries(table)) {
    const positional = positionals.find((p) => p.name === name);
    (options.key as Record<string, boolean>)[name] = true;
    if (spec.alias) (options.alias as Record<string, string[]>)[name] = [spec.alias];
    if (spec.default !== undefined) (options.default as Record<string, unknown>)[name] = spec.default;
    else if (positional?.variadic) (options.default as Record<string, unknown>)[name] = [];
    if (spec.type === 'boolean') add(options.boolean, name, spec.alias);
    if (positional ? positional.variadic : spec.multiple) add(options.array, name, spec.alias);
    // A numeric number option is read as typed, then converted (`readNumbers`): yargs' numbers take " 0" and "0x10".
    if (spec.type === 'number' && !spec.numeric) add(options.number, name, spec.alias);
    if (spec.type === 'string' || (spec.type === 'number' && spec.numeric)) add(options.string, name, spec.alias);
    // A value is required: NaN is how yargs says "one, and complain when it is missing".
    if (spec.requiresValue && !positional) (options.narg as Record<string, number>)[name] = Number.NaN;
  }
  return parseArgv.detailed(argv.map((a) => (a === '-' ? STDIN_ARG : a)), options);
}

/** --help, -h, or a last operand "help" (which is then no operand). */
function wantsHelp(args: Arguments): boolean {
  if (args._.length > 0 && String(args._[args._.length - 1]) === 'help') {
    args._.pop();
    return true;
  }
  return Boolean(args.help);
}

/** The positionals of a usage line: `<name>` is required, `[name]` optional, `[name..]` takes the rest. */
function positionalsOf(usage: string): Positional[] {
  return usage.split(/\s+/).slice(1).map((word) => ({ name: word.replace(/^[<[]|\.*[>\]]$/g, ''), required: word.startsWith('<'), variadic: word.includes('..') }));
}

/** A function that throws the usage error for one of the parser's messages, in our words. */
function failWith(argv: readonly string[], knownFlags: readonly string[], commands: readonly string[]): (message: string) => never {
  return (message) => {
    throw new UsageError(explainUsageError(message, argv, knownFlags, commands));
  };
}

/** Options no table declares, then operands no positional took, as one "Unknown arguments" message. */
function rejectUnknown(parsed: DetailedArguments, positionalsGiven: readonly string[], extraOperands: readonly string[], fail: (message: string) => never): void {
  const known = (key: string) => ['$0', '--', '_'].includes(key) || positionalsGiven.includes(key) || Object.hasOwn(parsed.aliases, key);
  const unknown = Object.keys(parsed.argv).filter((key) => !known(key));
  for (const operand of extraOperands) if (!unknown.includes(operand)) unknown.push(operand);
  if (unknown.length > 0) fail(`Unknown argument${unknown.length > 1 ? 's' : ''}: ${unknown.map((s) => (s.trim() ? s : `"${s}"`)).join(', ')}`);
}

/** Every value of an option (or positional) with choices must be one of them. */
function rejectChoices(args: Arguments, tables: ReadonlyArray<Readonly<Record<string, OptionSpec>>>, fail: (message: string) => never): void {
  const choices = new Map(tables.flatMap((table) => Object.entries(table)).filter(([, spec]) => spec.choices).map(([name, spec]) => [name, spec.choices!]));
  const lines: string[] = [];
  for (const key of Object.keys(args)) {
    const allowed = choices.get(key);
    const invalid = allowed ? [args[key]].flat().filter((value) => value !== undefined && !allowed.includes(value)) : [];
    if (invalid.length > 0) lines.push(`\n  Argument: ${key}, Given: ${stringified(invalid)}, Choices: ${stringified(allowed!)}`);
  }
  if (lines.length > 0) fail(`Invalid values:${lines.join('')}`);
}

/**
 * An option of one value given more than once is refused (which one was meant?); a repeated
 * switch (`--quiet --quiet`, as a hook's own arguments and the user's may add up) is the last one.
 */
function rejectRepeated(args: Arguments, tables: ReadonlyArray<Readonly<Record<string, OptionSpec>>>, fail: (message: string) => never): void {
  for (const [name, spec] of tables.flatMap((table) => Object.entries(table))) {
    const value = args[name];
    if (spec.multiple || !Array.isArray(value)) continue;
    if (spec.type === 'boolean') {
      for (const key of [name, ...(spec.alias ? [spec.alias] : [])]) args[key] = value[value.length - 1];
      continue;
    }
    fail(`--${name} is given ${value.length} times; it takes one value.`);
  }
}

/**
 * A switch given a value (`--dry-run=yes`, `--no-grading=1`) takes only true or false: the
 * tokenizer reads any other as false, so `judge --dry-run=yes` judged for real. Before `--` only:
 * what follows it is an operand.
 */
function rejectSwitchValues(argv: readonly string[], tables: ReadonlyArray<Readonly<Record<string, OptionSpec>>>, fail: (message: string) => never): void {
  // Each switch by its names and aliases (`-h=1` ran a paid judge as `--help=1` would not), as the flag it is.
  const switches = new Map<string, string>();
  for (const [name, spec] of tables.flatMap((table) => Object.entries(table))) {
    if (spec.type !== 'boolean') continue;
    switches.set(name, `--${name}`);
    if (spec.alias) switches.set(spec.alias, `--${name}`);
  }
  for (const arg of argv) {
    if (arg === '--') return;
    const given = /^--?(no-)?([^=]+)=(.*)$/s.exec(arg);
    const flag = given === null ? undefined : switches.get(given[2]!);
    if (given === null || flag === undefined) continue;
    const value = given[3] === '' ? 'an empty value' : given[3];
    // The negated form takes no value at all (the tokenizer knows no `--no-x=true`).
    if (given[1] !== undefined) fail(`${arg}: --no-${given[2]} takes no value; write --no-${given[2]}, or ${flag}=false.`);
    if (given[3] === 'true' || given[3] === 'false') continue;
    fail(`${arg}: a switch takes true or false, or no value (${flag}); ${value} is neither.`);
  }
}

/**
 * An empty value (`--out ''`, `--config=`, an unset variable in `--out "$OUT"`) is a mistake, never
 * "the current folder", "match nothing" or "the default".
 */
function rejectEmpty(args: Arguments, tables: ReadonlyArray<Readonly<Record<string, OptionSpec>>>, positionals: readonly Positional[], fail: (message: string) => never): void {
  for (const [name, spec] of tables.flatMap((table) => Object.entries(table))) {
    if (spec.type !== 'string' || positionals.some((p) => p.name === name)) continue;
    for (const one of [args[name]].flat()) if (typeof one === 'string' && one.trim() === '') fail(`--${name} needs a value that is not empty.`);
  }
}

function stringified(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

/**
 * Everything after `--` joins the command's variadic positional (`check [paths..]`): a name that
 * looks like an option (a staged `--ignore=**\/conversation.json`) is then a path, never obeyed.
 * A command without one (`init [skill-dir]`) finds them under `--`, and says what it makes of them.
 */
function withArgsAfterDoubleDash(args: Arguments, positionals: readonly Positional[], argv: readonly string[]): Record<string, unknown> {
  const { '--': after, ...parsed } = args;
  // The tokenizer leaves out a `--` with nothing after it.
  const rest: unknown = after ?? (argv.includes('--') ? [] : undefined);
  const variadic = positionals.find((p) => p.variadic)?.name;
  if (!Array.isArray(rest) || (rest.length === 0 && variadic === undefined)) return parsed;
  if (variadic === undefined) return { ...parsed, '--': rest.map(String) };
  // `--` kept too, even with nothing after it: check's refusal advises options to put before it
  // (src/cli/check.ts), and after a trailing `--` they would be paths all the same.
  return { ...parsed, [variadic]: [...((parsed[variadic] as unknown[] | undefined) ?? []), ...rest.map(String)], '--': rest.map(String) };
}

/** The parsed arguments with every STDIN_ARG back to "-". */
function restoreStdinArg<T extends object>(args: T): T {
  const restore = (value: unknown): unknown => (value === STDIN_ARG ? '-' : Array.isArray(value) ? value.map(restore) : value);
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, restore(value)])) as T;
}

/**
 * A number or k/n flag (`numeric`) is read exactly as typed: `--shard " 1/2"` or `--round-timeout "5 "`
 * (a stray space in a script's quoting) is refused, as every such flag refuses it, not trimmed.
 */
function rejectPadded(args: Arguments, tables: ReadonlyArray<Readonly<Record<string, OptionSpec>>>, fail: (message: string) => never): void {
  for (const [name, spec] of tables.flatMap((table) => Object.entries(table))) {
    if (!spec.numeric) continue;
    for (const one of [args[name]].flat()) {
      if (typeof one === 'string' && one !== one.trim()) fail(`--${name} ${JSON.stringify(one)}: white space around the value; write it without (${JSON.stringify(one.trim())}).`);
    }
  }
}

/**
 * A numeric option of type number, read as text: its number when the text is one (refused, as
 * parseNumberArgument refuses it, when past what a double holds exactly), else NaN (the command
 * says what it takes).
 */
function readNumbers(args: Arguments, tables: ReadonlyArray<Readonly<Record<string, OptionSpec>>>): void {
  for (const [name, spec] of tables.flatMap((table) => Object.entries(table))) {
    if (spec.type !== 'number' || !spec.numeric || typeof args[name] !== 'string') continue;
    const value = isNumberText(args[name]) ? parseNumberArgument(`--${name}`, args[name]) : Number.NaN;
    for (const key of [name, ...(spec.alias ? [spec.alias] : [])]) args[key] = value;
  }
}
