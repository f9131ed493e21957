// A temporary folder of a test's own as the process's `os.tmpdir()` while `body` runs: for tests of
// what eval-magic makes there (the sessions folder), which must not touch the one the commands of
// other test processes are using. TMPDIR is process-wide: it is restored, and the folder removed.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `body` with TMPDIR set to a new folder (its real path, given to `body`), then restores TMPDIR and removes the folder. */
export async function withOwnTmpdir<T>(body: (tmp: string) => T | Promise<T>): Promise<T> {
  const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'em-own-tmp-')));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    return await body(tmp);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(tmp, { recursive: true, force: true });
  }
}
