// The checker, top to bottom: discover → read → load → eval lookup → (schema → rules) → summarize.
// Discovery streams into checking, so a large folder is checked while it is still being walked.
import type { CheckReport, FileResult } from '../types.js';
import { basename, resolve } from 'node:path';
import { UsageError, type OptionNames } from '../errors.js';
import { discoverInChunks, hasIgnoreGlobs, ignoredNamedFiles, makeIgnoreMatcher, withoutIgnoreGlobs, type ArgumentSearch, type ConfigHold, type ConfigIgnore, type DiscoveredArtifact, type DiscoverOptions, type DiscoverSettings } from './engine/discover.js';
import type { CheckSourceOptions } from './check-source.js';
import { placeFindings, summarize, toFileResult } from './result.js';
import { MAX_FILE_BYTES, tooLarge, type SharedReads } from '../fs/read-file.js';
import { ioFinding } from './engine/read.js';
import type { LoadOutcome } from './load.js';
import { defaultSearchPatterns, type FileKind } from './file-kind.js';
import { EvalLookup, type EvalLookupResult } from './cross/eval-lookup.js';
import { strayJudgmentFolderWhy } from './cross/judged-assertions.js';
import type { StrayJudgmentFolder } from '../workspace/judgment-record.js';
import { FileChecker } from './engine/check-file.js';
import { CheckedFiles } from './engine/checked-files.js';
import { CheckPool, chooseThreadCount, HELPER_BOOT_FILES, MIN_FILES_FOR_WORKERS, type Concurrency } from './engine/worker-pool.js';
import type { WorkerInit } from './engine/thread-messages.js';
import { linkRoots } from './link-boundary.js';
import { inRealFolder } from '../fs/folders.js';
import { assertCheckOptions, type CheckOptionNames } from './check-options.js';

/** Options for a whole check run. */
export interface CheckOptions extends DiscoverOptions, CheckSourceOptions {
  /** Succeed when the paths hold no artifact (otherwise that is a usage error). */
  allowEmpty?: boolean;
  /**
   * Stdin contents, when one of the paths is "-". `tooLarge`: it held more than the 512 MiB a file may have,
   * so the reader kept none of it (`bytes` is then ignored); it gets an `io` finding of its own.
   */
  stdin?: { bytes: Uint8Array | string; filePath?: string; tooLarge?: boolean };
  /** Check every file as this kind (default: by file name); also narrows the default search. */
  kind?: FileKind;
  /** One evals.json for every conversation (`--evals`); otherwise each one's is looked up. */
  evals?: string;
  /** Told which eval (or none) each conversation was matched with, for `--verbose`. Order is not defined. */
  onEvalLookup?: (filePath: string, result: EvalLookupResult) => void;
  /**
   * Threads that check files, the main one included: a count, `off` (one), or `auto` (default:
   * more only when there are enough files to gain). A count above the machine's cores
   * (`os.availableParallelism()`) is clamped to them. Results are the same either way.
   */
  concurrency?: Concurrency;
}

/** What the config decides beyond the options: its ignore globs, and each file found held to it (a file under another config: a UsageError). */
interface InternalCheckOptions {
  configIgnore?: ConfigIgnore;
  heldToConfig?: ConfigHold | undefined;
}

/**
 * Checks every artifact under `paths` and reports them sorted by path. One bad file never
 * stops the others. Throws `UsageError` for a path that does not exist, an option of the wrong
 * type (as the CLI refuses a bad flag), when nothing was found and `allowEmpty` is not set, or
 * when a folder or glob found nothing while others did, unless `errorOnUnmatchedPattern` is false.
 * `names`: how that message names the options (the library's, or the CLI's flags).
 */
export async function check(paths: readonly string[], options: CheckOptions & InternalCheckOptions, names: CheckOptionNames): Promise<CheckReport> {
  assertCheckOptions(paths, options as Record<string, unknown>);
  // Without "-" the given text would be ignored and the paths checked instead: a pass for it.
  if (options.stdin !== undefined && !paths.includes('-')) throw new UsageError('stdin is checked only when "-" is among the paths: check(["-"], { stdin }).');
  const fsPaths = paths.filter((p) => p !== '-');
  const cwd = options.cwd ?? process.cwd();
  // One boundary for links, whatever meets them: the folder search and the eval lookup.
  const roots = linkRoots(fsPaths, cwd, options.linkBoundary);
  const lookup = new EvalLookup({ cwd, evals: options.evals, linkRoots: roots, names });
  lookup.prepare();
  const checker = new FileChecker(lookup, options);
  const checked = new CheckedFiles(options.onEvalLookup);
  // Standard input named into an ignored place is left out, as that file named on its own is.
  let stdinIgnored: string | undefined;
  let stdinChecked = 0;
  if (paths.includes('-')) {
    if (!options.stdin) throw new UsageError('"-" given but no standard input was provided.');
    const named = options.stdin.filePath;
    const { bytes, tooLarge: over } = options.stdin;
    const isIgnored = named === undefined ? undefined : await makeIgnoreMatcher(options);
    if (named !== undefined && isIgnored?.(named, inRealFolder(resolve(cwd, named)))) {
      stdinIgnored = named;
    } else if (over || bytes.length > MAX_FILE_BYTES) {
      const { code, message } = tooLarge(undefined, 'standard input');
      checked.add({ result: toFileResult(named ?? '<stdin>', placeFindings([ioFinding(code, message)], '')) });
    } else {
      // --stdin-filename also places the text for the eval lookup, as if it were that file.
      checked.add(checker.checkBytes({ filePath: named ?? '<stdin>', absolutePath: named === undefined ? undefined : inRealFolder(resolve(cwd, named)) }, bytes));
    }
    if (stdinIgnored === undefined) stdinChecked = 1;
  }
  const pattern = options.pattern ?? defaultSearchPatterns(options.kind);
  // Checking starts while discovery still walks: helper threads join as the file count grows
  // and take batches as they are found; the main thread checks once the walk is done, or
  // between folders when the walk runs far ahead (see MAX_QUEUED_DURING_WALK).
  const pool = new CheckPool(workerInit(options, cwd, roots, names), checker, checked);
  try {
    let discovered = 0;
    const auto = options.concurrency === undefined || options.concurrency === 'auto';
    const canUseHelpers = auto && chooseThreadCount('auto', MIN_FILES_FOR_WORKERS) > 1;
    // Folders and globs that found nothing (before files found twice are dropped): each is an error, as ESLint's unmatched patterns are.
    const unmatched: ArgumentSearch[] = [];
    if (fsPaths.length > 0) {
      const gitEntries: string[] = [];
      const onSearched = (search: ArgumentSearch) => void (search.found === 0 && unmatched.push(search));
      // A linked judge/<name>/ is reported only where compare would read it: <name> an llm_judge assertion of the run's eval.
      const strayJudgmentFolder = (folder: StrayJudgmentFolder, searchRoot?: string) => strayJudgmentFolderWhy(lookup, folder, searchRoot);
      for await (const chunk of discoverInChunks(fsPaths, { ...options, pattern, strayJudgmentFolder, checkedBeside: stdinChecked }, (path) => gitEntries.push(path), onSearched)) {
        discovered += chunk.length;
        // What the eval lookup needs of the walk: every evals.json, and every .git (where lookups stop).
        // Not one whose path is not UTF-8: its path as shown names no file (or another's); the lookup finds those by their bytes.
        const evalsFiles = chunk.filter((a) => a.rawPath === undefined && basename(a.absolutePath) === 'evals.json').map((a) => a.absolutePath).concat(gitEntries.splice(0));
        lookup.learnDiscoveredEvalsFiles(evalsFiles);
        const threads = chooseThreadCount(options.concurrency, discovered);
        // A walk this large will likely need a helper: boot one now, so that it is ready when
        // the count gets there (it is stopped unused if the count does not).
        if (threads === 1 && canUseHelpers && discovered >= HELPER_BOOT_FILES) await pool.prestart(1);
        await pool.add(chunk, evalsFiles, threads - 1);
      }
    }
    if (discovered === 0 && checked.count === 0 && !options.allowEmpty) {
      const ignored = [...(stdinIgnored === undefined ? [] : [`${JSON.stringify(stdinIgnored)} (standard input)`]), ...(await ignoredNamedFiles(fsPaths, { ...options, cwd })).map((p) => JSON.stringify(p))];
      if (ignored.length > 0) {
        const which = `${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'}`;
        throw new UsageError(`No artifact to check: ${which} left out by the ignore globs (${names.ignore} or the config's "ignore"). Use ${names.allowEmpty} if that is expected.`);
      }
      // Found, then all left out: the same search without the ignore globs says how many (only on this path, when nothing is left to check).
      const unignored = hasIgnoreGlobs(options) ? await countDiscovered(fsPaths, withoutIgnoreGlobs({ ...options, pattern })) : 0;
      if (unignored > 0) {
        throw new UsageError(`No artifact to check under ${fsPaths.map((p) => JSON.stringify(p)).join(', ')}: the ${unignored} found there ${unignored === 1 ? 'is' : 'are all'} left out by the ignore globs (${names.ignore} or the config's "ignore"). Use ${names.allowEmpty} if that is expected.`);
      }
      // Only the library can get here with no path: the command line checks "." then.
      if (paths.length === 0) throw new UsageError(`No artifact found: paths is empty, so nothing was searched (eval-magic check searches "." when given no path; check() searches only the paths it is given). Use ${names.allowEmpty} if that is expected.`);
      throw new UsageError(`No artifact found under ${paths.map((p) => JSON.stringify(p)).join(', ')} (searched for ${[pattern].flat().join(', ')}). Use ${names.allowEmpty} if that is expected.`);
    }
    // Checked or not, every argument is held to finding something: a glob with a typo must not pass because its neighbour found files.
    if (unmatched.length > 0 && options.errorOnUnmatchedPattern !== false && !(discovered === 0 && options.allowEmpty)) {
      throw new UsageError(await unmatchedMessage(unmatched, { ...options, pattern }, names));
    }
    await pool.finish();
  } finally {
    pool.stop();
  }
  return summarize(checked.results, checked.cleanPaths);
}

/**
 * What each folder or glob that found nothing is told: found nothing at all, or found files that
 * the ignore globs all left out (the same search without them says how many, as ESLint's
 * "All files matched by … are ignored" does).
 */
async function unmatchedMessage(unmatched: readonly ArgumentSearch[], options: DiscoverSettings & { pattern: string | readonly string[] }, names: CheckOptionNames): Promise<string> {
  const said: string[] = [];
  for (const { arg, kind } of unmatched) {
    const ignored = hasIgnoreGlobs(options) ? await countDiscovered([arg], withoutIgnoreGlobs(options)) : 0;
    if (ignored > 0) said.push(`No artifact to check under ${JSON.stringify(arg)}: the ${ignored} found there ${ignored === 1 ? 'is' : 'are all'} left out by the ignore globs (${names.ignore} or the config's "ignore").`);
    else said.push(`No artifact found under ${JSON.stringify(arg)}${kind === 'folder' ? ` (searched for ${[options.pattern].flat().join(', ')})` : ''}.`);
  }
  return `${said.join(' ')} Other paths found files to check; each path, folder and glob given must find one. Use ${names.errorOnUnmatchedPattern} if that is expected.`;
}

/** How many artifacts a search finds (the walk alone: nothing is read). */
async function countDiscovered(paths: readonly string[], options: DiscoverSettings): Promise<number> {
  let count = 0;
  for await (const chunk of discoverInChunks(paths, options)) count += chunk.length;
  return count;
}

/** Options of {@link ArtifactChecker}: how `check` checks each file (the search is the caller's). */
export interface ArtifactCheckerOptions extends CheckSourceOptions {
  /** Base of relative paths, and of paths as shown. Default: process.cwd(). */
  cwd?: string;
  /** One evals.json for every conversation (`--evals`); otherwise each one's is looked up. */
  evals?: string;
  /** Reads shared with the caller: an evals.json it has read (or reads later) is read once. */
  reads?: SharedReads;
  /** How the lookup's notes name the caller's evals option (compare's `--evals`, or its library's). */
  names: OptionNames<'evals'>;
}

/** One checked file, its eval lookup, and the file as loaded (absent when it could not be read). */
export interface CheckedFile {
  result: FileResult;
  absolutePath: string;
  lookup?: EvalLookupResult;
  loaded?: LoadOutcome;
  /** The bytes `loaded` was decoded from (absent when the file could not be read). */
  bytes?: Uint8Array;
}

/**
 * Checks discovered artifacts through the same stages as `check` (same rules, same eval lookup,
 * same result), one at a time, keeping each file as loaded: for a caller that goes on to use what
 * it checked (compare grades it) without reading and parsing it again. One per thread.
 */
export class ArtifactChecker {
  readonly #checker: FileChecker;

  constructor(options: ArtifactCheckerOptions) {
    const lookup = new EvalLookup({ cwd: options.cwd ?? process.cwd(), evals: options.evals, reads: options.reads, names: options.names });
    // The evals.json its caller chose for these files (compare: the iteration's), not an option of the caller's own.
    lookup.prepare('evals.json');
    this.#checker = new FileChecker(lookup, options);
  }

  check(file: DiscoveredArtifact): CheckedFile {
    return { ...this.#checker.checkDiscoveredKeepingValue(file), absolutePath: resolve(file.absolutePath) };
  }
}

/** What a helper thread is started with: the options that survive structured cloning (no callbacks, no stdin). */
function workerInit(options: CheckOptions & InternalCheckOptions, cwd: string, linkRoots: string[], names: CheckOptionNames): WorkerInit {
  const { onEvalLookup, stdin: _stdin, heldToConfig: _held, ...shared } = options;
  return { options: { ...shared, cwd, linkRoots }, names, reportLookups: onEvalLookup !== undefined };
}

export type { Concurrency } from './engine/worker-pool.js';
export { chooseThreadCount } from './engine/worker-pool.js';
export { argumentFolders, discoverInChunks, ignoreMatchedPath, makeIgnoreMatcher, NoSuchPathError, type ConfigHold, type ConfigIgnore, type DiscoveredArtifact, type IgnoreMatcher } from './engine/discover.js';
