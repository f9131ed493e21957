// What is said of a folder whose lock a command that may still run holds — a campaign's run, a
// judge's session: one wording, so compare, check and judge tell the user the same next step.
import { hostname } from 'node:os';
import { join } from 'node:path';
import { liveHolder, type LockRecord } from '../process/lock-record.js';
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
export function underWayWords(dir: string, held: HeldBy): string | undefined {
  const holder = liveHolder(join(dir, RUN_LOCK_FILE));
  return holder === undefined ? undefined : heldByWords(holder, held);
}

/** {@link underWayWords} of a lock record already read, whose holder may still run. */
export function heldByWords(holder: LockRecord, held: HeldBy): string {
  const since = ISO_TIME.test(holder.started) ? `, since ${holder.started}` : '';
  if (holder.host === hostname()) return `is still under way (eval-magic pid ${holder.pid} holds its lock${since}): wait for ${held.by} to end`;
  return `may still be under way on host ${quotedValue(holder.host)} (eval-magic pid ${holder.pid} there holds its lock${since}): wait for ${held.by} to end there; if nothing runs there any more, it was cut short: delete its ${RUN_LOCK_FILE} and run ${held.again} again`;
}
