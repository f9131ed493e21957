// What a run has checked so far, as outcomes arrive from any thread in any order: files with
// findings (or kept artifacts) in full, clean files by path alone.
import type { FileResult } from '../../types.js';
import type { EvalLookupResult } from '../cross/eval-lookup.js';
import type { FileOutcome } from './check-file.js';

export class CheckedFiles {
  readonly results: FileResult[] = [];
  readonly cleanPaths: string[] = [];

  /** `onEvalLookup` is told each conversation's eval lookup, for `--verbose`. */
  constructor(private readonly onEvalLookup?: (filePath: string, result: EvalLookupResult) => void) {}

  add({ result, lookup }: FileOutcome): void {
    if (lookup) this.onEvalLookup?.(result.filePath, lookup);
    // A clean file is kept by path alone, unless the path alone does not say which file it is.
    if (result.messages.length === 0 && !result.artifact && !result.rawFilePath) this.cleanPaths.push(result.filePath);
    else this.results.push(result);
  }

  get count(): number {
    return this.results.length + this.cleanPaths.length;
  }
}
