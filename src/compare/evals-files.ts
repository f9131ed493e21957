// The evals.json files runs are graded by, each read, validated and indexed once per thread.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, sep } from 'node:path';
import { readRunnableEvals } from '../runner/evals-input.js';
import type { EvalCase, EvalsFile } from '../evals/types.js';

/** One evals.json, and its evals by id. */
export interface LoadedEvals {
  file: EvalsFile;
  /** Its folder, where command_check's setup files are. */
  dir: string;
  byId: Map<string, EvalCase>;
}

/** The evals.json files of one comparison, by absolute path. */
export class EvalsFiles {
  private readonly loaded = new Map<string, LoadedEvals>();

  /**
   * `validated`: files another thread of this comparison has already validated, which are only
   * parsed here (validating a 1,667-eval file again in every thread cost more than grading).
   */
  constructor(
    private readonly cwd: string,
    private readonly validated: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * The file at `path` (absolute), validated as `run` validates it.
   * @throws {UsageError} when it cannot be read or is not a valid evals.json.
   */
  get(path: string): LoadedEvals {
    let found = this.loaded.get(path);
    if (!found) {
      const file = this.validated.has(path) ? (JSON.parse(readFileSync(path, 'utf8')) as EvalsFile) : readRunnableEvals(path, shownPath(this.cwd, path), this.cwd);
      // The first eval of an id wins, as in the checker's lookup (eval-id-unique reports the others).
      const byId = new Map<string, EvalCase>();
      for (const e of file.evals) if (!byId.has(e.id)) byId.set(e.id, e);
      this.loaded.set(path, (found = { file, dir: dirname(path), byId }));
    }
    return found;
  }
}

/** `path` relative to `cwd` when inside it ('/'-separated), else as given. */
export function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : path;
}
