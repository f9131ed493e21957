// One file through the stages after discovery: eval lookup → checkSource. Shared by the
// in-process loop and the worker threads, so both paths give the same result by construction.
import type { ArtifactView, FileResult } from '../../types.js';
import { checkLoadedSource, type CheckSourceOptions } from '../check-source.js';
import { deflateRawSync } from 'node:zlib';
import { loadArtifact, type LoadOutcome } from '../load.js';
import { resolveEvalContext, type EvalContext, type EvalLookup, type EvalLookupResult } from '../cross/eval-lookup.js';
import { workspacePosition } from '../cross/eval-paths.js';
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
export function readDiscovered(file: DiscoveredArtifact): ReadOutcome {
  if (!file.linksOutside) return readArtifactFile(file.rawPath ?? file.absolutePath);
  const message = 'Symbolic link to a file outside the folders named on the command line; it was not read. Name the file itself to check it.';
  return { ok: false, finding: { ruleId: 'io', messageId: 'link-outside', message, severity: 2, pointer: '', span: { start: 0, end: 0 } } };
}

/** What checking one file needs beyond its bytes. */
export interface CheckFileOptions extends CheckSourceOptions {
  kind?: FileKind;
}

/** Checks bytes already in hand (a read file or stdin) as `file`. */
export function checkBytes(
  file: { filePath: string; absolutePath?: string; searchedFrom?: string; searchRoot?: string },
  bytes: Uint8Array | string,
  lookup: EvalLookup,
  options: CheckFileOptions,
): Promise<FileOutcome> {
  // Parsed once, whether the eval lookup needs the first prompt first or only the check does.
  let loaded: LoadOutcome | undefined;
  return checkLoaded(file, () => (loaded ??= loadArtifact(bytes)), lookup, options);
}

/** Checks a file from its read outcome: an unreadable file becomes its `io` finding. */
export function checkReadFile(
  file: { filePath: string; absolutePath: string; searchedFrom?: string; searchRoot?: string },
  read: ReadOutcome,
  lookup: EvalLookup,
  options: CheckFileOptions,
): Promise<FileOutcome> | FileOutcome {
  if (!read.ok) return { result: toFileResult(file.filePath, placeFindings([read.finding], '')) };
  return checkBytes(file, read.bytes, lookup, options);
}

/** The stages after loading: eval lookup, then checkLoadedSource. `load` must return the same outcome every call. */
async function checkLoaded(
  file: { filePath: string; absolutePath?: string; searchedFrom?: string; searchRoot?: string },
  load: () => LoadOutcome,
  lookup: EvalLookup,
  options: CheckFileOptions,
): Promise<FileOutcome> {
  const { lookup: found, ...context } = await resolveEvalContext(lookup, file, load, options.kind);
  const loaded = load();
  const result = checkLoadedSource({ filePath: file.filePath, ...context }, loaded, options);
  if (options.keepArtifacts) result.artifact = artifactView(loaded, context, file.absolutePath);
  return { result, lookup: found };
}

function artifactView(loaded: LoadOutcome, context: EvalContext, absolutePath: string | undefined): ArtifactView {
  // Compressed here, on the thread that checked the file: in parallel, and small to send back and keep.
  const deflated = deflateRawSync(loaded.text);
  const view: ArtifactView = { kind: context.kind, deflatedText: new Uint8Array(deflated.buffer, deflated.byteOffset, deflated.byteLength), parsed: loaded.ok };
  if (context.evalMatch) view.evalMatch = context.evalMatch;
  const position = context.kind === 'conversation' && absolutePath !== undefined ? workspacePosition(absolutePath) : undefined;
  if (position) view.workspace = position;
  return view;
}
