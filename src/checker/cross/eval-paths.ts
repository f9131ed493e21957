// Where an artifact's path says its eval is: the workspace layout's evals.json candidates and eval-<id> folders.
import { basename, dirname, sep } from 'node:path';
import type { ArtifactClues } from './eval-match.js';
import type { WorkspacePosition } from '../../types.js';
import { isInsideNormalized } from '../../fs/inside.js';
import { isRunLikeFolder, parseEvalFolder, parseIterationFolder, WORKSPACE_DIR } from '../../workspace/layout.js';

/** Where an artifact lies in an eval-magic workspace: its position, and the folder holding `.eval-magic` (ends with a separator). */
export interface WorkspacePlace {
  base: string;
  position: WorkspacePosition;
}

/** The artifact's place in an eval-magic workspace, if its path follows the layout (worked out once per artifact: the lookup asks it several questions). */
export function locateInWorkspace(absolutePath: string): WorkspacePlace | undefined {
  const parts = dirname(absolutePath).split(sep);
  for (const skipRun of [true, false]) {
    let i = parts.length - 1;
    const run = skipRun ? parts[i] : undefined;
    if (skipRun && !isRunLikeFolder(run ?? '')) continue;
    if (skipRun) i--;
    const condition = parts[i--]!;
    if (parseEvalFolder(parts[i] ?? '') === undefined || parseIterationFolder(parts[i - 1] ?? '') === undefined || parts[i - 3] !== WORKSPACE_DIR) continue;
    // The parts come from a normalized absolute path, so plain concatenation stays normalized.
    const base = parts.slice(0, i - 3).join(sep) + sep;
    const position: WorkspacePosition = { skill: parts[i - 2]!, iteration: parts[i - 1]!, evalId: parts[i]!.slice('eval-'.length), condition };
    if (run !== undefined) position.run = run;
    return { base, position };
  }
  return undefined;
}

/** The artifact's position in an eval-magic workspace, if its path follows the layout. */
export function workspacePosition(absolutePath: string): WorkspacePosition | undefined {
  return locateInWorkspace(absolutePath)?.position;
}

/** The iteration folder (`<base>/.eval-magic/<skill>/iteration-<n>`) of an artifact at `place`. */
export function workspaceIterationDir({ base, position: { skill, iteration } }: WorkspacePlace): string {
  return `${base}${WORKSPACE_DIR}${sep}${skill}${sep}${iteration}`;
}

/** evals.json candidates for an artifact at `place` in an eval-magic workspace, most specific first. */
export function workspaceCandidates({ base, position: { skill } }: WorkspacePlace): string[] {
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

