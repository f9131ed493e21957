// Known failures: the CLI prints these as one line and exits 2; anything else is a bug. And what
// usage messages share: options named as the caller named them, numbers refused as typed.

/** Wrong flags, a bad config file, a path that does not exist, nothing found to check. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

// How a UsageError names an option: as the library spells it (`task`, `allowEmpty`) or as the
// CLI's flag (`--task`, `--allow-empty`), so each caller reads the names it used. A command keeps
// one table of both; its library entry passes the library's names down to whatever writes a
// message, its CLI handler the flags.

/** The name each option of `K` has in a message. */
export type OptionNames<K extends string> = Readonly<Record<K, string>>;

/** One command's options named both ways. */
export interface OptionNaming<K extends string> {
  /** As the library's options are spelt. */
  library: OptionNames<K>;
  /** As the CLI's flags are. */
  flags: OptionNames<K>;
}

/**
 * A command's naming from its flags: in the library each option is named by its own key, unless
 * `library` words it otherwise (`allowEmpty: true`).
 */
export function optionNaming<K extends string>(flags: Record<K, string>, library: Partial<Record<K, string>> = {}): OptionNaming<K> {
  const keys = Object.keys(flags) as K[];
  return { flags, library: Object.fromEntries(keys.map((key) => [key, library[key] ?? key])) as Record<K, string> };
}

/** A file or stream could not be read at all (as opposed to an artifact that is merely invalid). */
export class ArtifactIOError extends Error {
  override readonly name = 'ArtifactIOError';
  constructor(message: string, readonly path: string) {
    super(message);
  }
}

// Their class names as written: the bundle is minified, and `UsageError.name` would read "s".
for (const [type, name] of [[UsageError, 'UsageError'], [ArtifactIOError, 'ArtifactIOError']] as const) Object.defineProperty(type, 'name', { value: name });

/**
 * True for the errors we expect and explain; false for bugs, which get a "please report" note.
 * Known by name too: the executable and the full command line are separate bundles, each with
 * its own copy of these classes.
 */
export function isKnownError(error: unknown): error is UsageError | ArtifactIOError {
  if (error instanceof UsageError || error instanceof ArtifactIOError) return true;
  return error instanceof Error && (error.name === 'UsageError' || error.name === 'ArtifactIOError');
}

/**
 * 1e400 reads as Infinity and 99999999999999999999 as 1e20 (no whole-number test tells it from a
 * fraction): past 2^53 − 1 a number is not what was typed, so it is refused as typed (`text`, the
 * flag's whole value), the one refusal of every number flag and of each number in a k/n. So is a
 * non-zero number that reads as 0 (1e-400, 0.000…1 past the smallest double): 0 means "no limit"
 * or "none" to some flags, never what was typed.
 * @param flag - the flag (`--shard`), or the library's option (`shard`): the words follow.
 * @param literal - the number's own text within `text` (one number of a k/n); `text` when it is the whole value.
 * @throws {UsageError} when `value` is beyond ±(2^53 − 1), or 0 from a literal with a non-zero digit.
 */
export function rejectInexact(flag: string, text: string, value: number, literal = text): void {
  // Said of flags to the command line's user, of options to the library's caller (`shard`, as optionNaming names it).
  const noneTakes = `no ${flag.startsWith('--') ? 'flag' : 'option'} takes`;
  if (value === 0 && /[1-9]/.test(literal.split(/e/i)[0]!)) {
    throw new UsageError(`${flag} ${JSON.stringify(text)} is too close to zero: it would read as 0 (${noneTakes} a number nearer zero than ${Number.MIN_VALUE}, the smallest a double holds)`);
  }
  if (!(Math.abs(value) > Number.MAX_SAFE_INTEGER)) return; // NaN too: not a number is the caller's to say
  throw new UsageError(`${flag} ${JSON.stringify(text)} ${value > 0 ? `is too large: ${noneTakes} a number past ${Number.MAX_SAFE_INTEGER} (2^53 − 1)` : `is too far below zero: ${noneTakes} a number below -${Number.MAX_SAFE_INTEGER}`}`);
}
