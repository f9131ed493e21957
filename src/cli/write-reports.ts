// The output edge of `check`: renders each format target and writes it where it goes.
import { constants, promises as fs } from 'node:fs'; // fs.promises: loaded on first use, not at every start
import { resolve, sep } from 'node:path';
import type { CheckReport } from '../types.js';
import type { Formatter, FormatterContext, StreamingFormatter } from '../formatters/types.js';
import { streamingFormatters } from '../formatters/index.js';
import { isMachineFormat, shownTarget, type FormatTarget } from './format-targets.js';
import { formatGithubSummary, STEP_SUMMARY_BYTES } from '../formatters/github-summary.js';
import { UsageError } from '../errors.js';
import { describeFsError } from '../fs/folders.js';
import { assertReportPaths, standardStreamOf, writeReportFile } from '../reports/report-files.js';
import { assertOutsideWorkspaceRecords, type WorkspaceRead } from '../workspace/report-place.js';

/** Streams and paths the reports go to. */
export interface ReportSinks {
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** `$GITHUB_STEP_SUMMARY`: appended to when a `github` target is written. */
  stepSummaryPath?: string;
  /** Colour for what goes to stdout (files and stderr never get colour). */
  stdoutColor: boolean;
  /** Files the check read (relative to `cwd`): no report may replace one. */
  inputs?: readonly string[];
  /** The workspace folders the check read: no report goes inside a run folder (see assertOutsideWorkspaceRecords). */
  workspace?: WorkspaceRead;
  /**
   * The folder the reports GitHub reads (github annotations, the step summary, SARIF) take their
   * paths from when it is not `cwd`: the checkout, for a check run in one of its folders (see githubWorkspaceRoot).
   */
  githubRoot?: string;
}

/** The formats GitHub places by their paths: the runner's annotations and code scanning's SARIF. */
const PLACED_BY_GITHUB: ReadonlySet<string> = new Set(['github', 'sarif']);

async function writeOrExplain(write: () => Promise<void>, path: string): Promise<void> {
  try {
    await write();
  } catch (error) {
    throw new UsageError(`Cannot write the report to ${JSON.stringify(path)} (${error instanceof Error ? describeFsError(error) : String(error)}).`);
  }
}

/**
 * Renders every target with its formatter and writes it: to the stream, or to the file
 * (relative to `cwd`), created or replaced with its folders — after every file target is known
 * to be safe (see assertReportPaths), so a refused one leaves every file as it was. A `github` target also appends the Markdown
 * summary to the step summary file when one is set.
 */
export async function writeReports(
  report: CheckReport,
  targets: readonly FormatTarget[],
  formatters: Readonly<Record<string, Formatter>>,
  context: Omit<FormatterContext, 'color'>,
  sinks: ReportSinks,
  streaming: Readonly<Record<string, StreamingFormatter>> = streamingFormatters,
): Promise<void> {
  const reportFiles = targets.flatMap((t) => (t.to === 'file' ? [t.path] : []));
  assertReportPaths(reportFiles, sinks.inputs ?? [], sinks.cwd);
  assertOneReportPerStream(targets, sinks.cwd);
  const summary = sinks.stepSummaryPath && targets.some((t) => t.format === 'github') ? sinks.stepSummaryPath : undefined;
  if (summary) assertStepSummaryPath(summary, reportFiles, sinks.inputs ?? [], sinks.cwd);
  if (sinks.workspace !== undefined) {
    assertOutsideWorkspaceRecords(reportFiles, sinks.workspace, sinks.cwd, 'check');
    // Appended inside a run folder (task/), it would be graded with the run next time, as a report would.
    if (summary) {
      try {
        assertOutsideWorkspaceRecords([summary], sinks.workspace, sinks.cwd, 'check');
      } catch (error) {
        throw new UsageError(`GITHUB_STEP_SUMMARY: ${(error as Error).message}`);
      }
    }
  }
  let absolute: CheckReport | undefined;
  for (const target of targets) {
    const [shown, cwd] = sinks.githubRoot !== undefined && PLACED_BY_GITHUB.has(target.format) ? [absolute ??= withAbsolutePaths(report, context.cwd), sinks.githubRoot] : [report, context.cwd];
    const formatContext = { ...context, cwd, color: target.to === 'stdout' && sinks.stdoutColor };
    await writeTarget(target, streaming[target.format]?.(shown, formatContext) ?? [formatters[target.format]!(shown, formatContext)], sinks);
  }
  if (summary) {
    const [shown, cwd] = sinks.githubRoot !== undefined ? [absolute ?? withAbsolutePaths(report, context.cwd), sinks.githubRoot] : [report, context.cwd];
    // The room left in the step summary: what earlier commands of the step appended counts against GitHub's limit.
    await appendStepSummary(summary, sinks.cwd, (used) => formatGithubSummary(shown, { ...context, cwd, color: false }, { maxBytes: Math.max(0, STEP_SUMMARY_BYTES - used) }));
  }
}

/**
 * The report with each file's path made absolute from `cwd` (names such as `<stdin>` kept), so a
 * format can place it from another folder: reported paths are relative to the working directory.
 */
function withAbsolutePaths(report: CheckReport, cwd: string): CheckReport {
  const results = report.results.map((result) => {
    if (result.filePath.startsWith('<') && result.filePath.endsWith('>')) return result;
    const raw = result.rawFilePath;
    const rawFilePath = raw === undefined || raw[0] === 0x2f ? raw : Buffer.concat([Buffer.from(cwd.endsWith(sep) ? cwd : cwd + sep), raw]);
    return { ...result, filePath: resolve(cwd, result.filePath), ...(rawFilePath !== undefined && { rawFilePath }) };
  });
  return { ...report, results };
}

/** Writes one target's pieces to its stream, or to its file (relative to `cwd`), never through a link, over one or over an input (report-files.ts). */
export async function writeTarget(target: FormatTarget, pieces: Iterable<string>, sinks: Pick<ReportSinks, 'cwd' | 'stdout' | 'stderr'>): Promise<void> {
  if (target.to === 'file') {
    const path = resolve(sinks.cwd, target.path);
    await writeOrExplain(() => writeReportFile(path, inWrites(pieces)), target.path);
  } else {
    for (const text of inWrites(pieces)) sinks[target.to].write(text);
  }
}

/**
 * Refuses two reports into one standard stream, where they would run into each other: the format
 * without a file and one whose file is this process's stdout (`/dev/stdout`, `/dev/fd/1`,
 * `/proc/self/fd/1`, a link to one), or stderr likewise. (Two such files are refused by
 * assertReportPaths as one file.) github annotations may join a stylish report, as the CI
 * annotations join the log on stdout. A report into stdin (`/dev/stdin`) is refused too.
 * @throws {UsageError} naming both reports.
 */
export function assertOneReportPerStream(targets: readonly FormatTarget[], cwd: string): void {
  const taken = new Map<string, { shown: string; named: boolean; format: string }>();
  for (const target of targets) {
    const named = target.to === 'file';
    const stream = named ? standardStreamOf(resolve(cwd, target.path)) : target.to;
    if (stream === undefined) continue;
    const shown = shownTarget(target);
    if (stream === 'stdin') throw new UsageError(`${shown} is standard input, which no report is written to; name a file, /dev/stdout or /dev/stderr.`);
    const other = taken.get(stream);
    // The CI annotations follow the log on stdout by design: only a stream named as a file is a
    // slip, and github annotations join a stylish log however its stream is named.
    const annotatedLog = other !== undefined && (target.format === 'github' || other.format === 'github') && !isMachineFormat(target.format) && !isMachineFormat(other.format);
    if (other !== undefined && (named || other.named) && !annotatedLog) throw new UsageError(`Two reports would be written to ${stream}: ${other.shown} and ${shown}; give one of them a file.`);
    if (other === undefined || named) taken.set(stream, { shown, named, format: target.format });
  }
}

/**
 * Refuses a step summary the Markdown would be appended to that is a file the run read, or one
 * of its own reports (a JSON report with Markdown on its end is as lost), before anything is written.
 * @throws {UsageError} naming GITHUB_STEP_SUMMARY and why.
 */
export function assertStepSummaryPath(summary: string, reportFiles: readonly string[], inputs: readonly string[], cwd: string, documentOf?: (path: string) => string | undefined): void {
  try {
    // The reports passed on their own: whatever is refused now is the summary.
    // Appended to (it may be a link GitHub made), never replaced: the link rule of reports is not its.
    assertReportPaths([...reportFiles, summary], inputs, cwd, documentOf, summary);
  } catch (error) {
    throw new UsageError(`GITHUB_STEP_SUMMARY: ${(error as Error).message}`);
  }
}

/**
 * Appends `text` to the GitHub step summary file, or explains why it cannot. Only a regular file
 * is appended to: opened without blocking, a FIFO with no reader fails at once instead of hanging.
 * `text` may be made from the bytes the file already holds (to keep the whole under GitHub's limit).
 */
export async function appendStepSummary(path: string, cwd: string, text: string | ((usedBytes: number) => string)): Promise<void> {
  const named = `The step summary ${JSON.stringify(path)} (GITHUB_STEP_SUMMARY)`;
  const file = await fs.open(resolve(cwd, path), constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NONBLOCK ?? 0)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENXIO') throw new UsageError(notRegular(path));
    // Created if missing, so ENOENT is a folder on the way.
    throw new UsageError(`${named} cannot be opened: ${error.code === 'ENOENT' ? 'its folder does not exist (ENOENT)' : describeFsError(error)}; nothing was appended to it.`);
  });
  try {
    const stat = await file.stat();
    if (!stat.isFile()) throw new UsageError(notRegular(path));
    await file.appendFile(typeof text === 'string' ? text : text(stat.size)).catch((error: unknown) => {
      throw new UsageError(`${named} could not be appended to: ${describeFsError(error)}.`);
    });
  } finally {
    await file.close();
  }
}

const notRegular = (path: string) => `The step summary ${JSON.stringify(path)} (GITHUB_STEP_SUMMARY) is not a regular file; nothing was appended to it.`;

/** Joins small pieces into writes of ~64 KB: few system calls, and never the whole report at once. */
function* inWrites(pieces: Iterable<string>): Generator<string> {
  let pending = '';
  for (const piece of pieces) {
    // A piece that would take the write past 64 KB goes into the next one (the html page's script is ~15 KB).
    if (pending.length > 0 && pending.length + piece.length > 65_536) {
      yield pending;
      pending = '';
    }
    pending += piece;
    if (pending.length >= 65_536) {
      yield pending;
      pending = '';
    }
  }
  if (pending !== '') yield pending;
}
