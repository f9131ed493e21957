// A folder for a test's workspace that only eval-magic's covers can hide. Every agent session,
// judge session and command_check cell gets a /tmp, /var/tmp, /dev/shm and $TMPDIR of its own, so
// a workspace made in one of those (mkdtemp in tmpdir(), or a checkout in CI's /tmp) is out of
// reach whatever is covered: a test that it is hidden could not fail there.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRunning } from './process-alive.js';

/** The folder in /run or HOME that holds the tests' folders, each named after the process that made it. */
const HOLDER = '.eval-magic-tests';

/** The temporary folders a contained process gets its own of (src/process/private-temp.ts), as real paths. */
function temporaryFolders(): string[] {
  return ['/tmp', '/var/tmp', '/dev/shm', tmpdir()].filter((t) => existsSync(t)).map((t) => realpathSync(t));
}

/**
 * Removes the folders of test processes that are gone: a test's `after()` never runs when it is
 * interrupted (Ctrl-C) or killed, and these folders lie where nothing else cleans up.
 */
function removeLeftovers(holder: string): void {
  for (const name of readdirSync(holder)) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid)) rmSync(join(holder, name), { recursive: true, force: true });
  }
}

/**
 * A new folder (named after this process, `prefix` and a random suffix) outside every temporary
 * folder: in /run/.eval-magic-tests as root (open to the regular user some tests become), else in
 * ~/.eval-magic-tests; undefined where neither takes one — the caller skips, saying so. The
 * caller removes it; what an interrupted run left is removed by the next call.
 */
export function outsideTemporaryFolders(prefix: string): string | undefined {
  const temporary = temporaryFolders();
  for (const place of [process.getuid?.() === 0 ? '/run' : undefined, homedir()]) {
    if (place === undefined || !existsSync(place)) continue;
    const real = realpathSync(place);
    if (temporary.some((t) => real === t || real.startsWith(`${t}/`))) continue;
    try {
      const holder = join(real, HOLDER);
      mkdirSync(holder, { recursive: true, mode: 0o755 });
      removeLeftovers(holder);
      return mkdtempSync(join(holder, `${process.pid}-${prefix}`));
    } catch {
      // not writable here: the next place
    }
  }
  return undefined;
}
