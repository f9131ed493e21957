// Campaign run folders keep the run's task (final and as staged) beside the artifact; a search
// must never take a file in them for an artifact. One rule for every way a folder is searched.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';

/** Where `eval-magic campaign` keeps a run's final task folder and its pristine staged copy. */
export const KEPT_TASK_FOLDERS: ReadonlySet<string> = new Set(['task', 'staged']);
/** The record a campaign writes in each run folder. */
export const RUN_RECORD_FILE = 'run.json';
/** A run folder's name: `run-<j>`. */
const RUN_FOLDER = /^run-\d+$/;
/**
 * What marks a run folder: its record, or — while the run is still going — the runner's lock
 * (`.eval-magic-run.lock`, the runner's LOCK_FILE), which is taken before the task is staged.
 */
const RUN_MARKERS: ReadonlySet<string> = new Set([RUN_RECORD_FILE, '.eval-magic-run.lock']);

/**
 * True when a folder named `folderName` with these entries is a campaign run folder (its name is
 * `run-<j>` and it holds a marker as a regular file), so its {@link KEPT_TASK_FOLDERS} are not searched.
 * The name is tested first: most folders are not run folders and their entries are never scanned.
 */
export function isRunFolder(folderName: string, entries: ReadonlyArray<{ name: string | Buffer; isFile(): boolean }>): boolean {
  return RUN_FOLDER.test(folderName) && entries.some((entry) => entry.isFile() && RUN_MARKERS.has(String(entry.name)));
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
    if (!KEPT_TASK_FOLDERS.has(segments[i + 1]!) || !RUN_FOLDER.test(name)) continue;
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
