// The operands of a command: its positionals, and every argument after `--`, which yargs does
// not put into the positionals (it leaves them in `_` past the command's name, or in `--` when
// the parser populates that). A script that writes `cmd --flag -- "$dir"` must get "$dir".
import type { ArgumentsCamelCase } from 'yargs';

/** `named` (the command's positional values) followed by the arguments after `--`, as strings. */
export function operands(args: ArgumentsCamelCase<object>, named: readonly unknown[]): string[] {
  const afterDashes = (args as { '--'?: unknown[] })['--'] ?? [];
  return [...named, ...args._.slice(1), ...afterDashes].map(String);
}
