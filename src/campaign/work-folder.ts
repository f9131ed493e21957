// The folder an agent works in: never below the run folder, whose path names the arm, the skill,
// the eval, the iteration and the run (every CLI puts its working folder into the model's prompt),
// but a neutral one of the same shape in both arms — `<tmp>/<random>/work` — made per attempt.
// After the attempt the task is moved into the run folder, where graders find it as before.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { moveTree } from '../fs/move-tree.js';

/** The last level of every work folder: the name the agent sees as its project's. */
const WORK_NAME = 'work';

/** Where work folders are made: the system's temporary folder, by its real path (what the CLIs show). */
export function workRoot(): string {
  return realpathSync(tmpdir());
}

/** Makes a fresh `<tmp>/<random>/work` (the random level private to this user) and returns its path. */
export function makeWorkFolder(): string {
  const holder = mkdtempSync(workRoot() + sep);
  return join(holder, WORK_NAME);
}

/**
 * Whether `path` has the shape of a work folder eval-magic made: `<tmp>/<6 characters>/work`. Only
 * such a path, read back from a run.json, is ever removed.
 */
function isWorkFolderPath(path: string): boolean {
  return basename(path) === WORK_NAME && dirname(dirname(path)) === workRoot() && /^[A-Za-z0-9]{6}$/.test(basename(dirname(path)));
}

/**
 * Moves the work folder `work` to `to` (the run folder's task folder) and removes its holder.
 * Returns the time it took, in milliseconds, and whether it had to be copied.
 */
export function keepWorkFolder(work: string, to: string): { ms: number; copied: boolean } {
  const started = performance.now();
  const how = moveTree(work, to);
  removeHolder(work);
  return { ms: performance.now() - started, copied: how === 'copied' };
}

/** Removes a work folder an earlier command left behind (it was cut short), holder and all. */
export function discardWorkFolder(work: string): void {
  removeHolder(work);
}

/** The holder `<tmp>/<random>`, with whatever an agent left beside its work folder. */
function removeHolder(work: string): void {
  if (isWorkFolderPath(work)) rmSync(dirname(work), { recursive: true, force: true });
}
