// The SKILL.md lines an eval's task held before any agent ran — its runs' `staged/` folders: a line
// the task itself holds (`import pandas as pd`, the team's convention in its README) tells the judge
// nothing of the arm, and withheld it would blank the task's own files in both arms' copies and
// diffs. The eval's packets are blinded allowing them (Blinder.allowing, as a rubric's lines).
import { join } from 'node:path';
import { gitDataIn } from '../diff/git-data.js';
import { listTree, type TreeEntry } from '../fs/file-tree.js';
import { runSync } from '../fs/fs-walk.js';
import { runFolderState } from '../workspace/run-record.js';
import type { Blinder } from './blinding.js';
import { blindableText } from './text-file.js';

/**
 * The withheld texts (as {@link Blinder.statedIn} gives them) that every one of `stagedDirs` — the
 * `staged/` folders of one eval's runs, of both arms — holds in a file the judge's blinding reads
 * as text (text-file.ts), outside Git's data (diff/git-data.ts: every `.git`, and a repository,
 * bundle or other file of git's under another name, which the judge's copy leaves out too).
 * Every run's, not one's: where an agent could reach the workspace (no mount namespace), a
 * `staged/` it wrote into widens nothing, and every run of the eval, whichever arm, is blinded
 * allowing the same lines — the exemption itself tells no arm apart. A `staged/` that is not a real
 * folder, or cannot be listed, holds none. Read once per eval: the first folder whole, the others
 * only for the texts still held (first where the first held each), and none once nothing is left.
 */
export function linesTheTaskHeld(stagedDirs: readonly string[], blinder: Blinder): string[] {
  if (stagedDirs.length === 0 || !blinder.withholdsLines) return [];
  // Each text the first folder states, and the file it was first found in.
  let held: Map<string, string> | undefined;
  for (const dir of stagedDirs) {
    const staged = new StagedTexts(dir, blinder, held === undefined ? undefined : new Set(held.keys()));
    if (!staged.listed) return [];
    if (held === undefined) {
      held = new Map();
      for (const path of staged.paths) for (const said of staged.statedIn(path)) if (!held.has(said)) held.set(said, path);
    } else {
      for (const [said, path] of held) if (!staged.statedIn(path).includes(said) && !staged.paths.some((other) => staged.statedIn(other).includes(said))) held.delete(said);
    }
    if (held.size === 0) return [];
  }
  return [...held!.keys()].sort();
}

/** One `staged/` folder's text files, each read and matched at most once: for every withheld text, or (`among`) for those only. */
class StagedTexts {
  readonly paths: string[] = [];
  readonly listed: boolean;
  readonly #stated = new Map<string, string[]>();

  constructor(
    private readonly dir: string,
    private readonly blinder: Blinder,
    private readonly among: ReadonlySet<string> | undefined,
  ) {
    let entries: TreeEntry[];
    try {
      // Never through a link: a staged/ that is one (or gone, or no folder) holds nothing.
      if (runFolderState(dir, 'staged', undefined).kind !== 'folder') throw new Error('not a folder');
      entries = listTree(dir, "the run's staged folder", gitDataIn(dir), 'leave-out');
    } catch {
      this.listed = false;
      return;
    }
    this.listed = true;
    for (const entry of entries) if (entry.kind === 'file') this.paths.push(entry.path);
  }

  /** The withheld texts the file at `path` states; none for a file that is no text (or gone). */
  statedIn(path: string): string[] {
    let stated = this.#stated.get(path);
    if (stated === undefined) {
      let text: string | undefined;
      try {
        text = runSync(blindableText(join(this.dir, path)))?.text;
      } catch {
        text = undefined;
      }
      this.#stated.set(path, (stated = text === undefined ? [] : this.blinder.statedIn(text, this.among)));
    }
    return stated;
  }
}
