// The folder an agent works in: never below the run folder, whose path names the arm, the skill,
// the eval, the iteration and the run (every CLI puts its working folder into the model's prompt),
// but a neutral one of the same shape in both arms — `<tmp>/<A>/<B>/work` — made per attempt:
// <A> once per command (its holder), <B> per attempt. The agent's namespace hides every other
// entry of <A> — the work folders of the sessions running beside it (src/process/containment.ts).
// After the attempt the task is moved into the run folder, where graders find it as before.
import { mkdtempSync, realpathSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { moveTree } from '../fs/move-tree.js';

/** The last level of every work folder: the name the agent sees as its project's. */
const WORK_NAME = 'work';

/** Where work folders are made: the system's temporary folder, by its real path (what the CLIs show). */
export function workRoot(): string {
  return realpathSync(tmpdir());
}

/** A random level mkdtemp made: 6 letters and digits. */
const RANDOM_LEVEL = /^[A-Za-z0-9]{6}$/;

/**
 * The folder eval-magic made for the attempt whose work folder is `path`, if `path` has the shape
 * of a work folder it made: `<tmp>/<A>/<B>/work` gives `<tmp>/<A>/<B>` (and its holder `<tmp>/<A>`);
 * `<tmp>/<X>/work`, as eval-magic 0.1 made them (an older run.json may name one), gives
 * `<tmp>/<X>`. Only such a folder, read back from a run.json, is ever removed.
 */
function attemptFolder(path: string): { folder: string; holder?: string } | undefined {
  if (basename(path) !== WORK_NAME) return undefined;
  const folder = dirname(path);
  const root = workRoot();
  if (!RANDOM_LEVEL.test(basename(folder))) return undefined;
  if (dirname(folder) === root) return { folder };
  const holder = dirname(folder);
  return RANDOM_LEVEL.test(basename(holder)) && dirname(holder) === root ? { folder, holder } : undefined;
}

/** One command's work folders, all in a holder `<tmp>/<A>` of its own (private to this user). */
export class WorkFolders {
  #holder: string | undefined;

  /** The holder, made on first use; the agents' namespaces hide its other entries. */
  get holder(): string {
    this.#holder ??= mkdtempSync(workRoot() + sep);
    return this.#holder;
  }

  /** Makes a fresh `<tmp>/<A>/<B>` and returns the path of its work folder, `<tmp>/<A>/<B>/work` (staging makes it). */
  make(): string {
    try {
      return join(mkdtempSync(this.holder + sep), WORK_NAME);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The holder is gone (a temp cleaner, or another command took it for a killed one's): a new one.
      this.#holder = undefined;
      return join(mkdtempSync(this.holder + sep), WORK_NAME);
    }
  }

  /**
   * Moves the work folder `work` to `to` (the run folder's task folder) and removes its `<B>`.
   * Returns the time it took, in milliseconds, and whether it had to be copied.
   */
  keep(work: string, to: string): { ms: number; copied: boolean } {
    const started = performance.now();
    const how = moveTree(work, to);
    this.discard(work);
    return { ms: performance.now() - started, copied: how === 'copied' };
  }

  /**
   * Removes a work folder, with whatever an agent left beside it (its `<B>`); one an earlier
   * command left behind (it was cut short) takes that command's holder with it once it is empty.
   */
  discard(work: string): void {
    const made = attemptFolder(work);
    if (!made) return;
    rmSync(made.folder, { recursive: true, force: true });
    if (made.holder === undefined || made.holder === this.#holder) return;
    try {
      rmdirSync(made.holder);
    } catch {
      // Not empty (another of its attempts is still to be removed), or gone already.
    }
  }

  /** Removes the holder and whatever is left in it: the command has ended, and its agents with it. */
  close(): void {
    if (this.#holder !== undefined) rmSync(this.#holder, { recursive: true, force: true });
    this.#holder = undefined;
  }
}
