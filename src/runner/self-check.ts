// The runner's one door to the checker: every artifact goes through checkSource before it is written.
// The runner reaches the checker only through the public API (src/index.ts).
import { checkSource } from '../internal.js';
import type { FileResult } from '../internal.js';

/**
 * Checks artifact text exactly as `eval-magic check` would (parse, schema, every rule at its
 * default severity, none turned off). The artifact passes when `errorCount` is 0.
 */
export function selfCheckArtifact(filePath: string, text: string): FileResult {
  return checkSource({ filePath, bytes: text });
}
