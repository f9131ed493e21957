// What a report says when warnings hidden by --quiet failed the check (over --max-warnings): the
// job summary and the html page say it in the same words, never "no problems".
import type { FormatterContext } from './types.js';

/** `W warnings (not listed), more than the M allowed`, numbers as the CLI's too-many-warnings line gives them (no sentence end: each format adds its own). */
export function describeWarningsExceeded({ foundWarnings, maxWarnings }: NonNullable<FormatterContext['maxWarningsExceeded']>): string {
  return `${foundWarnings} warning${foundWarnings === 1 ? '' : 's'} (not listed), more than the ${maxWarnings} allowed`;
}
