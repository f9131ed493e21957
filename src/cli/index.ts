// The command line: the table of commands, and the exit code of a run. parse.ts reads every
// command line (the global options too); each command's flags, help and handler live in its own file here.
import { toolVersion } from '../version.js';
import { EXIT, type CliIO } from './command.js';
import { commandNamed, parseCommand, parseWithoutCommand, type AnyCommand, type CommandLine } from './parse.js';
import { describeFailure } from './process-io.js';

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
  judge: () => import('./judge.js'),
  harness: () => import('./harness.js'),
  rules: () => import('./rules.js'),
  compare: () => import('./compare.js'),
};

const COMMAND_NAMES = Object.keys(COMMANDS);

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
  // Only the command named is loaded (help without one loads them all, to list them).
  const name = commandNamed(argv, COMMAND_NAMES);
  const command = name === undefined ? undefined : (await COMMANDS[name]!()).command;
  const line: CommandLine = name === undefined ? parseWithoutCommand(argv, COMMAND_NAMES) : parseCommand(argv, name, command!, COMMAND_NAMES);
  switch (line.action) {
    case 'run':
      return command!.run(line.args, io);
    case 'version':
      io.stdout.write(`${toolVersion}\n`);
      return EXIT.ok;
    case 'help': {
      const listed = line.command === undefined ? await Promise.all(COMMAND_NAMES.map(async (n) => [n, (await COMMANDS[n]!()).command] as const)) : [[line.command, command!] as const];
      io.stdout.write(await (await import('./help.js')).helpText(listed, line.command));
      return EXIT.ok;
    }
    case 'nothing':
      return EXIT.ok;
  }
}
