// Where an artifact's path says its eval is: the workspace layout's evals.json candidates and eval-<id> folders.
import { basename, dirname, sep } from 'node:path';
import type { ArtifactClues } from './eval-match.js';
import type { WorkspacePosition } from '../../types.js';
import { isInsideNormalized } from '../../fs/inside.js';
import { isRunLikeFolder, parseEvalFolder, runFolderAt, WORKSPACE_DIR } from '../../workspace/layout.js';

/**
 * Where an artifact lies in the workspace layout: its iteration folder (`<workspace>/<skill>/iteration-<n>`,
 * where its campaign.json is), its position, and — when the workspace is called `.eval-magic` — the
 * folder holding it (ends with a separator), where the layout's evals.json candidates lie.
 */
export interface WorkspacePlace {
  iterationDir: string;
  base?: string;
  position: WorkspacePosition;
}

/**
 * The artifact's place in the workspace layout, if its path follows it, whatever the workspace is
 * called (worked out once per artifact: the lookup asks it several questions). Whether it is a
 * workspace's run is the caller's to decide: under `.eval-magic`, or in an iteration with a campaign.json.
 */
export function locateInWorkspace(absolutePath: string): WorkspacePlace | undefined {
  const at = runFolderAt(dirname(absolutePath), sep);
  if (at === undefined) return undefined;
  const { iterationDir, skill, iteration, evalId, condition, run } = at;
  const position: WorkspacePosition = { skill, iteration, evalId, condition };
  if (run !== undefined) position.run = run;
  const place: WorkspacePlace = { iterationDir, position };
  if (at.workspace === WORKSPACE_DIR) place.base = at.aboveWorkspace;
  return place;
}

/** evals.json candidates for an artifact at `place` in a `.eval-magic` workspace, most specific first (none in a workspace of another name: what is beside it is no skill's). */
export function workspaceCandidates({ base, position: { skill } }: WorkspacePlace): string[] {
  if (base === undefined) return [];
  return [`${base}${skill}${sep}evals${sep}evals.json`, `${base}skills${sep}${skill}${sep}evals${sep}evals.json`, `${base}evals${sep}evals.json`];
}

/**
 * The path clues of an artifact: its folder's name, and the id of an `eval-<id>` folder in the
 * workspace's tail positions — `eval-<id>/`, `eval-<id>/<condition>/` or
 * `eval-<id>/<condition>/run-<k>/` — that lies inside `within` (when given): strictly below
 * it (`inclusive` false: the evals.json's folder is not an eval folder of it), or at or below it
 * (`inclusive` true: a folder named on the command line counts itself).
 */
export function pathClues(absolutePath: string, within?: string, inclusive = false): ArtifactClues {
  const dir = dirname(absolutePath);
  const parts = dir.split(sep);
  const clues: ArtifactClues = { folderName: basename(dir) || undefined };
  const tail = isRunLikeFolder(parts[parts.length - 1] ?? '') ? [1, 2, 3] : [1, 2];
  for (const up of tail) {
    const index = parts.length - up;
    const id = parseEvalFolder(parts[index] ?? '');
    if (id === undefined) continue;
    const folder = parts.slice(0, index + 1).join(sep);
    if (within === undefined || (folder === within ? inclusive : isInsideNormalized(within, folder))) clues.evalFolderId = id;
    break;
  }
  return clues;
}

