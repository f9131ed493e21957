// Campaign run folders keep the run's task (final and as staged) beside the artifact; a search
// must never take a file in them for an artifact. One rule for every way a folder is searched.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';

import { isRunLikeFolder, KEPT_TASK_FOLDERS, RUN_LOCK_FILE, RUN_RECORD_FILE } from '../../workspace/layout.js';

export { KEPT_TASK_FOLDERS };

/**
 * What marks a run folder: its record, or — while the run is still going — the runner's lock,
 * which is taken before the task is staged.
 */
const RUN_MARKERS: ReadonlySet<string> = new Set([RUN_RECORD_FILE, RUN_LOCK_FILE]);

/**
 * True when a folder named `folderName` with these entries is a campaign run folder (its name is
 * `run-<j>` and it holds a marker as a regular file), so its {@link KEPT_TASK_FOLDERS} are not searched.
 * The name is tested first: most folders are not run folders and their entries are never scanned.
 */
export function isRunFolder(folderName: string, entries: ReadonlyArray<{ name: string | Buffer; isFile(): boolean }>): boolean {
  return isRunLikeFolder(folderName) && entries.some((entry) => entry.isFile() && RUN_MARKERS.has(String(entry.name)));
}

/**
 * True when `relativePath` (below the searched folder `root`, '/'-separated) lies inside a kept
 * task folder of a run folder that is itself below `root` (or is `root`).
 */
export function isInKeptTaskFolder(root: string, relativePath: string, rootName: string): boolean {
  const segments = relativePath.split('/');
  // segments[i] is the run folder candidate (i = -1: the root itself), segments[i + 1] the kept folder.
  for (let i = -1; i < segments.length - 2; i++) {
    const name = i < 0 ? rootName : segments[i]!;
    if (!KEPT_TASK_FOLDERS.has(segments[i + 1]!) || !isRunLikeFolder(name)) continue;
    const runFolder = join(root, ...segments.slice(0, i + 1));
    if ([...RUN_MARKERS].some((marker) => isRegularFile(join(runFolder, marker)))) return true;
  }
  return false;
}

function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}
