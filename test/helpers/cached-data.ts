// Large generated inputs that tests only read, made once and kept under node_modules/.cache/
// (ignored by git and by npm pack): writing and deleting 100,000 files costs more than checking them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHE = fileURLToPath(new URL('../../node_modules/.cache/eval-magic-test-data/', import.meta.url));

/**
 * The folder `generate` fills, generated on first use. The key is the generator's own source and
 * `inputs` (whatever else it writes, e.g. the text of each file), so changing what it writes makes
 * a new folder. Tests must not write into it. Generated beside its
 * final place and renamed into it, so a run that is cut short (or runs at the same time as
 * another) never leaves a half-written data set to be found.
 */
export function cachedDataSet(name: string, inputs: unknown, generate: (dir: string) => void): string {
  const key = createHash('sha256').update(generate.toString()).update(JSON.stringify(inputs)).digest('hex').slice(0, 16);
  const dir = join(CACHE, `${name}-${key}`);
  if (existsSync(dir)) return dir;
  mkdirSync(CACHE, { recursive: true });
  const partial = mkdtempSync(join(CACHE, `.${name}-partial-`));
  try {
    generate(partial);
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another run got there first: its copy is as good as ours.
    if (!existsSync(dir)) throw error;
  }
  return dir;
}
