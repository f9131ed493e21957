// What campaign.json records of the command_checks' setup files (evals.setup_files). They only
// grade, so they are no part of the plan (./plan-identity.ts); but compare copies them into each
// run's task as they are when it runs, so it holds them to the bytes the campaign had.
import { join } from 'node:path';
import { heldOutFiles } from '../evals/held-out.js';
import type { EvalsFile } from '../evals/types.js';
import { fixtureFingerprint } from './plan-identity.js';

/** How a setup folder is named where it cannot be read; what its command_check's copy leaves out (a FIFO), its digest leaves out too. */
const SETUP_FOLDER = 'the setup folder';

/** Each setup file the command_checks of `evals` (read from `evalsDir`) name, by that path: its fingerprint as it is; undefined when none names one. */
export function setupFilesRecord(evals: EvalsFile, evalsDir: string): Record<string, string> | undefined {
  const paths = heldOutFiles(evals);
  return paths.length === 0 ? undefined : Object.fromEntries(paths.map((path) => [path, fixtureFingerprint(join(evalsDir, path), SETUP_FOLDER, 'leave-out').raw]));
}

/** Setup files that are not what campaign.json recorded, by path: `converted` differ only by CRLF where an LF was (a checkout's line-ending conversion), `changed` otherwise. */
export interface SetupFilesChanges {
  converted: string[];
  changed: string[];
}

/**
 * Holds the setup files the command_checks of the evals `ids` (of `evals`, read from `evalsDir`)
 * name now to their `recorded` fingerprints. One recorded for none of them grades nothing; one
 * not recorded (named since) comes with an evals.json edit, which compare says as such; one
 * missing now leaves its command_check ungraded, which says so.
 */
export function setupFilesChanges(recorded: Readonly<Record<string, string>>, evals: EvalsFile, evalsDir: string, ids: readonly string[]): SetupFilesChanges {
  const named = heldOutFiles({ ...evals, evals: evals.evals.filter((e) => ids.includes(e.id)) }).filter((path) => Object.hasOwn(recorded, path));
  const changes: SetupFilesChanges = { converted: [], changed: [] };
  for (const path of named) {
    const now = fixtureFingerprint(join(evalsDir, path), SETUP_FOLDER, 'leave-out');
    if (now.raw === recorded[path] || now.raw === 'missing') continue;
    (now.lf === recorded[path] ? changes.converted : changes.changed).push(path);
  }
  return changes;
}
