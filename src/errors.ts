// Known failures: the CLI prints these as one line and exits 2; anything else is a bug.

/** Wrong flags, a bad config file, a path that does not exist, nothing found to check. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** How a message names check's options: as the library spells them, or as `eval-magic check`'s flags. */
interface CheckOptionNames {
  allowEmpty: string;
  ignore: string;
}

/**
 * Nothing to check (and no `allowEmpty`): the message names the library's options; the CLI shows
 * {@link NothingToCheckError.inFlags}, the same sentence with its flags.
 */
export class NothingToCheckError extends UsageError {
  constructor(private readonly sentence: (names: CheckOptionNames) => string) {
    super(sentence({ allowEmpty: 'allowEmpty: true', ignore: 'the ignore option' }));
  }

  inFlags(): string {
    return this.sentence({ allowEmpty: '--allow-empty', ignore: '--ignore' });
  }
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
