// One file through the stages after discovery: read → load → eval lookup (a judgment.json: its
// judge's answer beside it, and the folder and run it lies in) → checkDocument.
// Shared by the main thread and the worker threads, so both give the same result by construction.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ArtifactView, FileResult, WorkspacePosition } from '../../types.js';
import { checkDocument, checkStrayJudgmentFolder, type CheckSourceOptions } from '../check-source.js';
import { loadArtifact, type LoadOutcome } from '../load.js';
import { resolveEvalContext, type EvalContext, type EvalLookup, type EvalLookupResult } from '../cross/eval-lookup.js';
import { judgmentAnswerOf } from '../cross/judgment-answer.js';
import { runPlaceAt } from '../../workspace/run-record.js';
import { RUN_RECORD_FILE } from '../../workspace/layout.js';
import { beyondPlanAt, NO_PLAN_TO_REMAKE } from '../../workspace/counted.js';
import { copiedRepeatAt, judgmentPlaceAt, linkedJudgment, type EarlierJudgments, type JudgmentRecord } from '../../workspace/judgment-record.js';
import type { FileKind } from '../file-kind.js';
import { readArtifactFile, type ReadOutcome } from './read.js';
import type { DiscoveredArtifact } from './discover.js';
import { placeFindings, toFileResult } from '../result.js';

/** A file's result, and for a conversation how its eval was looked up (for `--verbose`). */
export interface FileOutcome {
  result: FileResult;
  lookup?: EvalLookupResult;
}

/**
 * Reads a discovered file, unless a search found it as a link to a file outside the folders
 * named on the command line: that is reported by name, and never opened.
 */
function readDiscovered(file: DiscoveredArtifact): ReadOutcome {
  if (file.pathTooLong) {
    const message = 'A folder whose path is longer than the system allows (PATH_MAX): it cannot be opened, so the files below it were not checked.';
    return { ok: false, finding: { ruleId: 'io', messageId: 'enametoolong', message, severity: 2, pointer: '', span: { start: 0, end: 0 } } };
  }
  if (file.globCannot === 'enter') {
    // An error, as a folder too deep to open: its files were not checked, and a gate must not pass over them.
    const message = 'A folder whose name is not UTF-8, which a glob (or a --pattern with folders in it) cannot search: the files below it were not checked. A folder that holds it (its parent), named and searched with the default patterns, walks such names: check them so, or rename it.';
    return { ok: false, finding: { ruleId: 'io', messageId: 'glob-cannot-enter', message, severity: 2, pointer: '', span: { start: 0, end: 0 } } };
  }
  if (file.globCannot === 'read') {
    // Not "disappeared": it is there, under a name the glob's walk read as text and cannot open by.
    const message = 'A file whose name is not UTF-8: a glob (or a --pattern) reads names as text, each such byte as U+FFFD, and by that name the file cannot be opened, so it was not checked. Rename it to check it.';
    return { ok: false, finding: { ruleId: 'io', messageId: 'glob-cannot-read', message, severity: 2, pointer: '', span: { start: 0, end: 0 } } };
  }
  if (!file.linksOutside) return readArtifactFile(file.rawPath ?? file.absolutePath);
  const message = 'Symbolic link leading outside the folders being checked (to a file or a folder); it was not followed. Name its target to check it.';
  return { ok: false, finding: { ruleId: 'io', messageId: 'link-outside', message, severity: 2, pointer: '', span: { start: 0, end: 0 } } };
}

/** What checking one file needs beyond its bytes. */
export interface CheckFileOptions extends CheckSourceOptions {
  kind?: FileKind;
}

/** Where a file is, for its report and its eval lookup (stdin has no absolute path unless named). */
export interface FileToCheck {
  filePath: string;
  /** `filePath` as bytes, for a name that is not UTF-8 (see `FileResult.rawFilePath`). */
  rawFilePath?: Uint8Array;
  /** `absolutePath` as bytes, with `rawFilePath`: where the file is, which the path shown does not name (see `DiscoveredArtifact.rawPath`). */
  rawPath?: Uint8Array;
  absolutePath?: string;
  /** A named file as named, when its links lead elsewhere (see `DiscoveredArtifact.namedPath`). */
  namedPath?: string;
  searchedFrom?: string;
  searchRoot?: string;
}

/**
 * Checks files one at a time, in order: read → load → eval context → checkDocument. Each stage
 * takes what the one before it produced, so none calls back up. One per thread, sharing that
 * thread's eval lookup.
 */
export class FileChecker {
  /** Judgments read as earlier repeats of the ones checked: each read once (see EarlierJudgments). */
  private readonly earlierJudgments: EarlierJudgments = new Map();

  constructor(
    private readonly lookup: EvalLookup,
    private readonly options: CheckFileOptions,
  ) {}

  /** A discovered file: an unreadable one becomes its `io` finding. */
  checkDiscovered(file: DiscoveredArtifact): FileOutcome {
    if (file.strayJudgmentFolder !== undefined) return { result: reported(file, checkStrayJudgmentFolder(file.filePath, file.strayJudgmentFolder, this.options)) };
    const read = readDiscovered(file);
    if (!read.ok) return { result: reported(file, toFileResult(file.filePath, placeFindings([read.finding], ''))) };
    return this.checkBytes(file, read.bytes);
  }

  /**
   * {@link checkDiscovered}, also giving back the file as loaded (absent when it could not be
   * read): for a caller that goes on to use what it checked (compare grades it) without reading
   * and parsing it a second time.
   */
  checkDiscoveredKeepingValue(file: DiscoveredArtifact): FileOutcome & { loaded?: LoadOutcome; bytes?: Uint8Array } {
    if (file.strayJudgmentFolder !== undefined) return { result: reported(file, checkStrayJudgmentFolder(file.filePath, file.strayJudgmentFolder, this.options)) };
    const read = readDiscovered(file);
    if (!read.ok) return { result: reported(file, toFileResult(file.filePath, placeFindings([read.finding], ''))) };
    const loaded = loadArtifact(read.bytes);
    return { ...this.checkLoaded(file, loaded), loaded, bytes: read.bytes };
  }

  /** Bytes already in hand (a read file or stdin), reported as `file`. */
  checkBytes(file: FileToCheck, bytes: Uint8Array | string): FileOutcome {
    // Loaded first: the eval lookup is given the parsed file, and the file is parsed once.
    return this.checkLoaded(file, loadArtifact(bytes));
  }

  private checkLoaded(file: FileToCheck, loaded: LoadOutcome): FileOutcome {
    const { lookup: found, ...context } = resolveEvalContext(this.lookup, file, loaded, this.options.kind);
    const judgmentAnswer = context.kind === 'judgment' ? judgmentAnswerOf(file.absolutePath, loaded) : undefined;
    // Where compare would read it: as named, not where its links lead.
    const placedAt = file.namedPath ?? file.absolutePath;
    const judgmentPlace = context.kind === 'judgment' && placedAt !== undefined ? judgmentPlaceAt(placedAt) : undefined;
    const judgmentLinked = judgmentPlace !== undefined ? linkedJudgment(placedAt!, judgmentPlace) : undefined;
    const judgmentCopied = judgmentPlace !== undefined ? (record: JudgmentRecord) => copiedRepeatAt(placedAt!, judgmentPlace, record, this.earlierJudgments) : undefined;
    const runPlace = context.kind === 'run' && placedAt !== undefined ? runPlaceAt(placedAt) : undefined;
    // A conversation whose eval evals.json lacks: the run folder it lies in, placed as its run.json would be.
    const conversationPlace = context.kind === 'conversation' && context.evalMatch?.status === 'missing' && placedAt !== undefined ? runPlaceAt(join(dirname(placedAt), RUN_RECORD_FILE)) : undefined;
    // Without a plan a copied run is made again by nothing; a judgment's run is still judged (judge needs no plan).
    const runBeyondPlan = runPlace !== undefined ? () => beyondPlanAt(dirname(placedAt!), runPlace, NO_PLAN_TO_REMAKE)
      : judgmentPlace?.run !== undefined ? () => beyondPlanAt(runDirOfJudgment(placedAt!), judgmentPlace.run!)
      : conversationPlace !== undefined ? () => beyondPlanAt(dirname(placedAt!), conversationPlace) : undefined;
    const result = checkDocument(context.kind, { filePath: file.filePath, loaded, evalMatch: context.evalMatch, judgmentAnswer, judgmentPlace, judgmentLinked, judgmentCopied, runPlace, runBeyondPlan }, this.options);
    if (this.options.keepArtifacts) result.artifact = artifactView(loaded, context, found?.workspace);
    return { result: reported(file, result), lookup: found };
  }
}

/**
 * The result with the path's bytes, when its name is not UTF-8: a plain Uint8Array of their own
 * (a thread's result arrives as one; a Buffer from the walk would make the two differ).
 */
function reported(file: FileToCheck, result: FileResult): FileResult {
  if (file.rawFilePath !== undefined) result.rawFilePath = new Uint8Array(file.rawFilePath);
  return result;
}

// node:zlib is loaded on first use: only the html format keeps artifacts, and loading it at every
// start made a plain one-file check slower (docs/performance.md).
let zlib: typeof import('node:zlib') | undefined;

function artifactView(loaded: LoadOutcome, context: Omit<EvalContext, 'lookup'>, workspace: WorkspacePosition | undefined): ArtifactView {
  // Compressed here, on the thread that checked the file: in parallel, and small to send back and keep.
  zlib ??= createRequire(import.meta.url)('node:zlib') as typeof import('node:zlib');
  const deflated = zlib.deflateRawSync(loaded.text);
  const view: ArtifactView = { kind: context.kind, deflatedText: new Uint8Array(deflated.buffer, deflated.byteOffset, deflated.byteLength), parsed: loaded.ok };
  if (context.evalMatch) view.evalMatch = context.evalMatch;
  // Where the eval lookup found it (a workspace of any name is one by its campaign.json): the report groups as check holds.
  if (workspace) view.workspace = workspace;
  return view;
}

/** The run folder of a judgment.json at `<run>/judge/<assertion-id>/<repeat>/judgment.json`. */
function runDirOfJudgment(path: string): string {
  return dirname(dirname(dirname(dirname(path))));
}
