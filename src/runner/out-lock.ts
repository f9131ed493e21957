// One `run` per --out at a time: a lock file created exclusively, naming its holder, so a second
// run fails at once instead of replacing the first one's artifact or truncating its round files.
import { randomBytes } from 'node:crypto';
import { rmSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { agentContainment } from '../process/containment.js';
import { holderMayRun, isRunning, processStartTicks, readLockRecord, stuckLockWords, type LockRecord } from '../process/lock-record.js';
import { createFileWholeSync, type CreatedWhole, UnsafeOutputError, writeFileAtomicallySync } from '../fs/safe-write.js';
import { assertPinned, describeFsError, pinFolder } from '../fs/folders.js';

/** The lock's name inside --out. */
import { RUN_LOCK_FILE as LOCK_FILE } from '../workspace/layout.js';

export { LOCK_FILE };

/** A held lock; `release` is idempotent. */
export interface OutLock {
  path: string;
  /** @throws {UnsafeOutputError} when the lock file is no longer this run's (removed or replaced). */
  assertHeld(): void;
  release(): void;
}

/**
 * Takes the lock on `outDir` (a real path that exists) for this process. `assertHeld` also checks
 * that `outDir` still leads to the folder locked (same real path, device and inode). `named`: how
 * every refusal names the folder (campaign's run folder, the judge's); default: run's `--out`.
 * @throws {UsageError} naming the holder when another run has it, or the stale lock a dead run left.
 */
export function lockOutFolder(outDir: string, named?: string): OutLock {
  // Run's --out: its lock names it as given, quoted; a path changed under it names where it was.
  const lockNamed = named ?? `--out ${JSON.stringify(outDir)}`;
  const path = join(outDir, LOCK_FILE);
  const procStart = processStartTicks(process.pid);
  const record: LockRecord = {
    pid: process.pid,
    started: new Date().toISOString(),
    host: hostname(),
    ...(procStart !== undefined ? { proc_start: procStart } : {}),
    token: randomBytes(12).toString('hex'),
    ...(agentContainment().kind === 'pid-namespace' ? { contained: true } : {}),
  };
  createLockFile(path, lockNamed, JSON.stringify(record) + '\n', record.token);
  // The whole path, not only --out and below: a folder above it swapped for a link (or for another
  // folder) would send every later write elsewhere, with a copy of this lock waiting there.
  const pin = pinFolder(outDir, named ?? `--out ${outDir}`);
  let held = true;
  return {
    path,
    assertHeld() {
      if (!held) return;
      assertPinned(pin);
      if (readLockRecord(path)?.token !== record.token) {
        throw new UnsafeOutputError(`the lock file ${path} was removed or replaced during the run, so another run may be using ${JSON.stringify(outDir)}`, path);
      }
    },
    release() {
      if (!held) return;
      held = false;
      // Removed only if it is still ours, in the folder locked: never someone else's lock, never
      // through a link, never a copy of it in a folder that took --out's path.
      try {
        assertPinned(pin);
        if (readLockRecord(path)?.token === record.token) unlinkSync(path);
      } catch {
        // Gone, moved or replaced: nothing of ours to release there.
      }
    },
  };
}

/**
 * A folder's lock is another command's (or a stale one's: `stale`): told apart from a write that
 * failed, as judge's tally says which. `holder`: the lock's record as read when refused (absent
 * when stale, or gone since).
 */
export class LockHeldError extends UsageError {
  constructor(message: string, readonly stale: boolean, readonly holder?: LockRecord) {
    super(message);
  }
}

/**
 * Creates the lock file whole ({@link createFileWholeSync}: written under a temp name, then linked
 * into place), so a run that starts at the same moment sees either no lock or a complete one —
 * never the empty file an exclusive create leaves until it is written.
 */
function createLockFile(path: string, named: string, content: string, token: string): void {
  const notUsable = (error: unknown, step: 'create' | 'write' = 'write'): UsageError =>
    new UsageError(`${named} is not usable: cannot ${step} the lock file ${path}: ${describeFsError(error)} (nothing was run)`);
  let created: CreatedWhole;
  try {
    created = createFileWholeSync(path, content, { cannotCreate: (_folder, error) => notUsable(error, 'create') });
  } catch (error) {
    throw error instanceof UsageError ? error : notUsable(error);
  }
  if (created === 'exists' && !takeOverStaleLock(path, content, token)) {
    const { message, stale, holder } = describeExistingLock(path, named);
    throw new LockHeldError(message, stale, holder);
  }
}

/**
 * Takes over the lock at `path` when its holder can no longer use it: on this host, no longer
 * running, and recorded as running its agents in PID namespaces, which the kernel emptied when it
 * died — so nothing it started still writes in the folder. (A holder without them may have left an
 * agent running: its lock is only reported.) One command takes over at a time: the takeover is
 * itself a lock (`<lock>.takeover`, created whole), and its winner checks that the lock is still
 * the stale one before writing its own record over it. True when the lock is now ours.
 */
function takeOverStaleLock(path: string, content: string, token: string): boolean {
  const stale = readLockRecord(path);
  if (stale?.contained !== true || stale.host !== hostname() || isRunning(stale.pid, stale.proc_start)) return false;
  const guard = `${path}.takeover`;
  try {
    if (createFileWholeSync(guard, token) === 'exists') return false; // another command is taking it over
  } catch {
    return false;
  }
  try {
    if (readLockRecord(path)?.token !== stale.token) return false;
    writeFileAtomicallySync(path, content);
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

/** Why the lock at `path` cannot be taken, naming the holder or saying the lock is stale (`stale`); `named` says the folder as the caller knows it (`--out "x"`, "the judgment folder …"). */
function describeExistingLock(path: string, named: string): { message: string; stale: boolean; holder?: LockRecord } {
  const isOut = named.startsWith('--out ');
  const stuck = stuckLockWords(path, { lock: path, who: isOut ? 'run' : 'command', again: 'again' });
  if (stuck !== undefined) return { message: `${named} ${stuck} (nothing was run)`, stale: true };
  const holder = readLockRecord(path);
  const who = holder === undefined ? 'gone since' : `pid ${holder.pid}${holder.host !== hostname() ? ` on host ${holder.host}` : ''}, started ${holder.started}`;
  // Its agents ended with it, so it is taken over — by another command at this moment (its guard is there).
  if (holder !== undefined && !holderMayRun(holder)) {
    return { message: `${named} has a stale lock: ${path} was left by an eval-magic ${isOut ? 'run' : 'command'} (${who}) that is no longer running, and another eval-magic command is taking it over now: wait for it to end${isOut ? ' or choose another --out' : ''} (nothing was run)`, stale: false, holder };
  }
  return { message: `${named} is in use by another eval-magic ${isOut ? 'run' : 'command'} (${who}; lock file ${path}); wait for it to end${isOut ? ' or choose another --out' : ''} (nothing was run)`, stale: false, ...(holder !== undefined ? { holder } : {}) };
}
