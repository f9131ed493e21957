// The operands of a command: its positionals, and every argument after `--`, which yargs does
// not put into the positionals (it leaves them in `_` past the command's name, or in `--` when
// the parser populates that). A script that writes `cmd --flag -- "$dir"` must get "$dir".

/** `named` (the command's positional values) followed by the arguments after `--`, as strings. */
export function operands(args: object, named: readonly unknown[]): string[] {
  const { _: rest = [], '--': afterDashes = [] } = args as { _?: unknown[]; '--'?: unknown[] };
  return [...named, ...rest.slice(1), ...afterDashes].map(String);
}
