// What of an eval's folder is the graders' alone: held out from every agent, in both arms.
import type { EvalsFile } from './types.js';

/** The held-out files of the evals' command_checks (`setup_files`, relative to the folder holding evals.json): the graders' alone, never shown to an agent. */
export function heldOutFiles(file: EvalsFile): string[] {
  return [...new Set(file.evals.flatMap((e) => (e.assertions ?? []).flatMap((a) => (a.type === 'command_check' ? (a.setup_files ?? []) : []))))];
}
