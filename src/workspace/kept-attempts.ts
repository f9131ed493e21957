// A failed attempt's files, kept in attempt-<k>/ of the folder its rounds were written to (a run's
// folder, a judgment's), so that a retry — by the same command or the next — does not erase what
// explains the failure. One rule for campaign and judge: the folder, the move and the message.
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { basename, join, sep } from 'node:path';

/**
 * The message of the record campaign and judge write as an attempt starts (a run's, a judge
 * session's), replaced by its outcome: read back only when the command never got there.
 */
export const CUT_SHORT = 'eval-magic ended during this attempt without recording its outcome (it was killed, or the machine went down)';

/** The folder attempt `attempt`'s files are kept in, below `dir`. */
export function attemptFolder(dir: string, attempt: number): string {
  return join(dir, `${ATTEMPT_PREFIX}${attempt}`);
}

const ATTEMPT_PREFIX = 'attempt-';

/** The attempt whose files a folder entry keeps ({@link attemptFolder}), or undefined for any other name. */
export function parseAttemptFolder(name: string): number | undefined {
  const match = /^attempt-([1-9]\d{0,8})$/.exec(name);
  return match === null ? undefined : Number(match[1]);
}

/**
 * Moves the entries of `dir` that `isAttemptFile` names into attempt-<attempt>/, never over an
 * entry there. The files go into a folder of another name first, renamed attempt-<attempt>/ once
 * all are in, so a command killed mid-way leaves no attempt-<attempt>/ that lacks them (the next
 * one takes up the move where it stopped). An attempt-<attempt>/ already there holds part of them
 * (campaign sets an aborted run's conversation.json aside in it at once): the others join it.
 * True when any were moved.
 */
export function keepAttemptFiles(dir: string, attempt: number, isAttemptFile: (name: string) => boolean): boolean {
  const keep = attemptFolder(dir, attempt);
  const names = readdirSync(dir).filter(isAttemptFile);
  if (existsSync(keep)) {
    const there = new Set(readdirSync(keep));
    const joining = names.filter((name) => !there.has(name));
    for (const name of joining) renameSync(join(dir, name), join(keep, name));
    return joining.length > 0;
  }
  const moving = join(dir, `.${ATTEMPT_PREFIX}${attempt}.moving`);
  const begun = existsSync(moving);
  if (names.length === 0 && !begun) return false;
  if (!begun) mkdirSync(moving);
  for (const name of names) renameSync(join(dir, name), join(moving, name));
  renameSync(moving, keep);
  return true;
}

/**
 * A failure's message once its attempt's files lie in attempt-<attempt>/ of `dir`: each round
 * folder of `dir` it names (`…/<dir>/turn-<r>/…`) is named there. Matched by the folder's own name,
 * not its whole path: a message an earlier command wrote names the folder as it was reached then (a
 * workspace copied or moved since). The separator before the name keeps a folder named `1` from
 * matching the `attempt-1/turn-` of a message already moved.
 */
export function keptAttemptMessage(message: string, dir: string, attempt: number): string {
  const folder = `${sep}${basename(dir)}${sep}`;
  return message.replaceAll(`${folder}turn-`, `${folder}${ATTEMPT_PREFIX}${attempt}${sep}turn-`);
}
