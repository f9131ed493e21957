// Where `run` may write: never in the task folder the agent works in, nor around it.
import { realpathSync } from 'node:fs';
import { basename, dirname, join, parse, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { pathInside } from '../fs/inside.js';

/**
 * Refuses an --out that is the task folder, or holds it, or lies inside it unless `allowInside`: the agent
 * works in the task folder and could replace a folder above --out with a link, sending later
 * rounds' files and the artifact elsewhere. Compared by real paths (the part of --out that does
 * not exist yet is taken as written), so `./`, `..` and links do not hide it.
 * @throws {UsageError} naming both folders and the flag that allows it.
 */
export function checkOutPlacement(out: string, cwd: string, shownOut: string, allowInside: boolean): void {
  const realOut = realPathOfPlanned(out);
  const realCwd = realpathSync.native(cwd);
  const inside = pathInside(realCwd, realOut);
  if (inside === '') {
    throw new UsageError(`--out ${JSON.stringify(shownOut)} is the task folder (--cwd ${realCwd}): the agent's files and the run's would mix; choose another --out (nothing was run)`);
  }
  if (!allowInside && inside !== undefined) {
    throw new UsageError(`--out ${JSON.stringify(shownOut)} is inside the task folder (--cwd ${realCwd}), where the agent could move or link the folders above it; choose an --out outside it, or pass --allow-out-inside-cwd to take that risk (nothing was run)`);
  }
  // The other way round: the run writes its rounds (turn-<r>/) and its evals' folders into --out,
  // and --overwrite clears stale ones — the task folder among them.
  if (pathInside(realOut, realCwd) !== undefined) {
    throw new UsageError(`The task folder (--cwd ${realCwd}) is inside --out ${JSON.stringify(shownOut)}, where the run writes its round and eval folders (and --overwrite clears old ones); choose a task folder outside --out (nothing was run)`);
  }
}

/** The real path `path` would have: its deepest existing level resolved, the rest appended. */
function realPathOfPlanned(path: string): string {
  const rest: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    try {
      return join(realpathSync.native(dir), ...rest.reverse());
    } catch {
      if (dir === parse(dir).root) return resolve(path);
      rest.push(basename(dir));
    }
  }
}
