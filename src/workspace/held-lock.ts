// What is said of a folder whose lock a command that may still run holds — a campaign's run, a
// judge's session: one wording, so compare, check and judge tell the user the same next step.
import { hostname } from 'node:os';
import { join } from 'node:path';
import { holderMayRun, liveHolder, stuckLockWords, type LockRecord } from '../process/lock-record.js';
import { quotedValue } from '../suggest.js';
import { RUN_LOCK_FILE } from './layout.js';

/** The command a folder's lock is held by, as said: `by` its work ("its campaign"), `again` to run ("the campaign"). */
export interface HeldBy {
  by: string;
  again: string;
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * Why `dir`'s work is read as under way, said after what it is ("the run", "judge/a/1/"): its lock's
 * holder may still run. Undefined when no such lock is there. A holder on another host cannot be
 * looked at from here (a container has a host name of its own): it may run, or be long gone, so
 * the user is told what to do in either case.
 */
function underWayWords(dir: string, held: HeldBy): string | undefined {
  const holder = liveHolder(join(dir, RUN_LOCK_FILE));
  return holder === undefined ? undefined : heldByWords(holder, held);
}

/**
 * Work a command would do again (a campaign's run cut short, a judgment to make) whose folder is
 * locked, said after what it is: `underWay`, a command that may still run holds the lock
 * ({@link underWayWords}) — its holder does it; `stuck`, a lock no command holds and none takes over,
 * a stale one whose command's agents were not held in PID namespaces or one eval-magic cannot read
 * (process/lock-record.ts stuckLockWords, the words the refusal to take it says) — no command does
 * it until the user deletes the lock.
 */
export type LeftAtLock = { underWay: string } | { stuck: string };

/**
 * The one reader of a folder's lock for work a command would do again: undefined when nothing
 * stops it, else why it is left ({@link LeftAtLock}) — for campaign's runs as for judge's judgments.
 */
export function leftAtLock(dir: string, held: HeldBy): LeftAtLock | undefined {
  const underWay = underWayWords(dir, held);
  if (underWay !== undefined) return { underWay };
  const stuck = stuckLockWords(join(dir, RUN_LOCK_FILE), { lock: `its ${RUN_LOCK_FILE}`, who: 'command', again: `${held.again} again` });
  return stuck === undefined ? undefined : { stuck };
}

/** What {@link leftAtLock} says, after what the work is. */
export function leftAtLockWords(left: LeftAtLock): string {
  return 'underWay' in left ? left.underWay : left.stuck;
}

/** {@link underWayWords} of a lock record already read, whose holder may still run. */
function heldByWords(holder: LockRecord, held: HeldBy): string {
  const since = ISO_TIME.test(holder.started) ? `, since ${holder.started}` : '';
  if (holder.host === hostname()) return `is still under way (eval-magic pid ${holder.pid} holds its lock${since}): wait for ${held.by} to end`;
  return `may still be under way on host ${quotedValue(holder.host)} (eval-magic pid ${holder.pid} there holds its lock${since}): wait for ${held.by} to end there; if nothing runs there any more, it was cut short: delete its ${RUN_LOCK_FILE} and run ${held.again} again`;
}

/**
 * Why work is under way in another command, said after what it is, when this command came to take
 * its folder's lock after planning and found it held (`holder`: the lock as read then; absent, it
 * was released at that moment) — in the words the plan says a lock it sees in ({@link leftAtLock}):
 * one verdict, whenever the lock is met. Its holder does it; this command leaves it to it.
 */
export function heldAtLockWords(holder: LockRecord | undefined, held: HeldBy): string {
  if (holder === undefined) return `was under way in another eval-magic command, which released its lock as this one came to it: run ${held.again} again to see how it ended`;
  if (holderMayRun(holder)) return heldByWords(holder, held);
  return `is under way in another eval-magic command, which is taking over the lock eval-magic pid ${holder.pid} left (no longer running): wait for ${held.by} to end`;
}
