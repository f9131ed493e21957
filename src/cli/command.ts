// What every command of the CLI is made of — a table of options, help, a handler — and what it
// may use from its surroundings. src/cli/index.ts turns the tables into the one parser.

/** What a command needs from its surroundings, injected so tests can run it in-process. */
export interface CliIO {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  /** `isTTY`: a terminal, where campaign draws its live progress, `columns` wide (read when drawn: it changes as the window does). */
  stderr: { write(text: string): unknown; isTTY?: boolean; readonly columns?: number | undefined };
  /** All of standard input, or `{ tooLarge: true }` when it held more than the checker reads (`MAX_FILE_BYTES`). */
  readStdin: () => Promise<Buffer | { tooLarge: true }>;
}

/** Exit codes shared by every command: 0 clean, 1 problems found, 2 usage, I/O or internal failure. */
export const EXIT = { ok: 0, problems: 1, failure: 2 } as const;

/** One option or positional of a command, as --help shows it and the parser takes it. */
export interface OptionSpec {
  /** Omitted: a string whose --help line shows only its `choices`. */
  type?: 'string' | 'boolean' | 'number';
  description: string;
  /** A one-letter spelling (`-f`). */
  alias?: string;
  /** May be given more than once; the value is then an array. */
  multiple?: true;
  /** The value when the option is not given. */
  default?: string | boolean | number | readonly string[];
  /** What --help says the default is, when that is not the value itself. */
  defaultDescription?: string;
  choices?: readonly string[];
  /** The command cannot run without it. */
  required?: true;
  /** A string or number option given last without a value is a usage error, not an empty string. */
  requiresValue?: true;
  /**
   * The value is a number or k/n, read exactly as typed: white space around it is a usage error
   * (one rule for every such flag, see `rejectPadded` in parse.ts), never trimmed away.
   */
  numeric?: true;
}

/**
 * One command: a file of src/cli/ exports it as `command`, and src/cli/index.ts lists it in its
 * table. The CLI groups the options in --help, then adds the examples and the exit codes.
 */
export interface CliCommand<Args = Record<string, unknown>> {
  /** The command's name and positionals as --help shows them: `check [paths..]`, `harness <action> [harness]`. */
  usage: string;
  /** One line for `eval-magic --help`, and the head of the command's own help. */
  describe: string;
  /** The positionals named in `usage`, in order. */
  positionals?: Readonly<Record<string, OptionSpec>>;
  /** The options, in the order --help lists them. */
  options: Readonly<Record<string, OptionSpec>>;
  examples: ReadonlyArray<readonly [command: string, meaning: string]>;
  /** The "Exit codes:" paragraph closing the command's --help. */
  exitCodes: string;
  /** Runs the command with its parsed arguments; resolves to the exit code. */
  run: (args: Args, io: CliIO) => Promise<number> | number;
}
