// What a usage error says: the parser's complaints (yargs' wording, parse.ts) in our words, one line each, with "Did you mean …?".
import { nearestName } from '../suggest.js';

/** The parser's message, in our words, with the nearest command or flag when one was mistyped. */
export function explainUsageError(message: string, argv: readonly string[], knownFlags: readonly string[], commands: readonly string[]): string {
  const missing = /^Not enough arguments following: (.+)$/.exec(message);
  // A one-letter name is the short option as typed (`-f`), never `--f`.
  if (missing) return `${missing[1]!.length === 1 ? '-' : '--'}${missing[1]} needs a value.`;
  const required = /^Missing required arguments?: (.+)$/.exec(message);
  // yargs checks required options first, but a mistyped one explains why it is missing.
  const mistyped = argv.find((a) => /^--[^-]/.test(a) && !knownFlags.includes(a.slice(2).split('=')[0]!.replace(/^no-/, '')));
  if (required && mistyped) return withHint(`Unknown option ${mistyped.split('=')[0]}.`, nearestName(mistyped.slice(2).split('=')[0]!, knownFlags), '--');
  if (required) return `Missing required option${required[1]!.includes(',') ? 's' : ''}: ${required[1]!.split(', ').map((name) => `--${name}`).join(', ')}.`;
  const choice = /^Invalid values:\s+Argument: (\S+), Given: (.+), Choices: (.+)$/.exec(message);
  if (choice) return `--${choice[1]} ${choice[2]}: use one of ${choice[3]}.`;
  const unknown = /^Unknown arguments?: (.+)$/.exec(message);
  if (!unknown) return message;
  const names = unknown[1]!.split(', ');
  // The command is the first word that is no option (`--debug rnu`).
  const first = argv.find((a) => !a.startsWith('-')) ?? '';
  const command = commands.includes(first) ? first : undefined;
  if (!command && names.includes(first)) return withHint(`Unknown command "${first}".`, nearestName(first, commands));
  return names.map((name) => {
    // --no-foo reaches the parser as foo=false: it is the option as written that is unknown.
    const flag = argv.find((a) => a.startsWith('-') && [name, `no-${name}`].includes(a.replace(/^-+/, '').split('=')[0]!))?.split('=')[0];
    if (!flag) return `Unexpected argument "${name}".`;
    return withHint(`Unknown option ${flag}.`, nearestName(name, knownFlags), '--');
  }).join('\n');
}

function withHint(message: string, hint: string | undefined, prefix = ''): string {
  return hint ? `${message} Did you mean ${prefix}${hint}?` : message;
}
