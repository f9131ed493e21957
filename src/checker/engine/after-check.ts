// Work a caller wants done on each file right after it is checked, by the thread that checked it,
// with the file as loaded: compare grades runs this way, in the check's own threads, so that no
// file is read or parsed twice and no value crosses a thread. Only plain data comes back.
import type { FileResult } from '../../types.js';
import type { EvalLookupResult } from '../cross/eval-lookup.js';
import type { LoadOutcome } from '../load.js';

/** One checked file as the follow-up sees it. */
export interface CheckedInThread {
  /** The file's absolute path (undefined for stdin without a name). */
  absolutePath: string | undefined;
  result: FileResult;
  /** How its eval was looked up (conversations only). */
  lookup?: EvalLookupResult;
  /** The file as loaded; undefined when it could not be read (its `io` finding is in `result`). */
  loaded: LoadOutcome | undefined;
}

/**
 * The follow-up of one thread: its answer must survive structured cloning (it is sent to the
 * main thread); undefined sends nothing.
 */
export type AfterCheckFunction = (file: CheckedInThread) => unknown;

/**
 * Where every checking thread finds its follow-up: a module (its URL, as `import()` takes it)
 * exporting `createAfterCheck(data)`, and `data` (structured-cloneable) to make it with.
 */
export interface AfterCheckModule {
  module: string;
  data: unknown;
}

/** What a caller of the check gives: the module, and where each answer goes (on the main thread, in no defined order). */
export interface AfterCheck extends AfterCheckModule {
  onValue: (value: unknown, result: FileResult) => void;
}

/** Imports the module and makes this thread's follow-up. */
export async function loadAfterCheck(spec: AfterCheckModule): Promise<AfterCheckFunction> {
  const loaded = (await import(spec.module)) as { createAfterCheck?: (data: unknown) => AfterCheckFunction | Promise<AfterCheckFunction> };
  if (typeof loaded.createAfterCheck !== 'function') throw new Error(`${spec.module} exports no createAfterCheck function.`);
  return loaded.createAfterCheck(spec.data);
}
