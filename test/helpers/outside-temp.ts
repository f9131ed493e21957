// A folder for a test's workspace that only eval-magic's covers can hide. Every agent session,
// judge session and command_check cell gets a /tmp, /var/tmp, /dev/shm and $TMPDIR of its own, so
// a workspace made in one of those (mkdtemp in tmpdir(), or a checkout in CI's /tmp) is out of
// reach whatever is covered: a test that it is hidden could not fail there.
import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/** The temporary folders a contained process gets its own of (src/process/private-temp.ts), as real paths. */
function temporaryFolders(): string[] {
  return ['/tmp', '/var/tmp', '/dev/shm', tmpdir()].filter((t) => existsSync(t)).map((t) => realpathSync(t));
}

/**
 * A new folder (named `prefix` and a random suffix) outside every temporary folder: in /run as
 * root (open to the regular user some tests become), else in HOME; undefined where neither takes
 * one — the caller skips, saying so. The caller removes it.
 */
export function outsideTemporaryFolders(prefix: string): string | undefined {
  const temporary = temporaryFolders();
  for (const place of [process.getuid?.() === 0 ? '/run' : undefined, homedir()]) {
    if (place === undefined || !existsSync(place)) continue;
    const real = realpathSync(place);
    if (temporary.some((t) => real === t || real.startsWith(`${t}/`))) continue;
    try {
      return mkdtempSync(join(real, prefix));
    } catch {
      // not writable here: the next place
    }
  }
  return undefined;
}
