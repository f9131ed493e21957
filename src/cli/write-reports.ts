// The output edge of `check`: renders each format target and writes it where it goes.
import { promises as fs } from 'node:fs'; // fs.promises: loaded on first use, not at every start
import { dirname, resolve } from 'node:path';
import type { CheckReport } from '../types.js';
import type { Formatter, FormatterContext, StreamingFormatter } from '../formatters/types.js';
import { streamingFormatters } from '../formatters/index.js';
import type { FormatTarget } from './format-targets.js';
import { formatGithubSummary } from '../formatters/github-summary.js';
import { UsageError } from '../errors.js';

/** Streams and paths the reports go to. */
export interface ReportSinks {
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** `$GITHUB_STEP_SUMMARY`: appended to when a `github` target is written. */
  stepSummaryPath?: string;
  /** Colour for what goes to stdout (files and stderr never get colour). */
  stdoutColor: boolean;
}

async function writeOrExplain(write: () => Promise<void>, path: string): Promise<void> {
  try {
    await write();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new UsageError(`Cannot write the report to ${JSON.stringify(path)} (${code}).`);
  }
}

/**
 * Renders every target with its formatter and writes it: to the stream, or to the file
 * (relative to `cwd`), created or replaced with its folders. A `github` target also appends the Markdown
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
  for (const target of targets) {
    const formatContext = { ...context, color: target.to === 'stdout' && sinks.stdoutColor };
    await writeTarget(target, streaming[target.format]?.(report, formatContext) ?? [formatters[target.format]!(report, formatContext)], sinks);
  }
  if (sinks.stepSummaryPath && targets.some((t) => t.format === 'github')) {
    const summaryPath = sinks.stepSummaryPath;
    await writeOrExplain(() => fs.appendFile(resolve(sinks.cwd, summaryPath), formatGithubSummary(report, { ...context, color: false })), summaryPath);
  }
}

/** Writes one target's pieces to its stream, or to its file (relative to `cwd`), created or replaced with its folders. */
export async function writeTarget(target: FormatTarget, pieces: Iterable<string>, sinks: Pick<ReportSinks, 'cwd' | 'stdout' | 'stderr'>): Promise<void> {
  if (target.to === 'file') {
    const path = resolve(sinks.cwd, target.path);
    await writeOrExplain(() => writePieces(path, pieces), target.path);
  } else {
    for (const text of inWrites(pieces)) sinks[target.to].write(text);
  }
}

/** Appends `text` to the GitHub step summary file, or explains why it cannot. */
export async function appendStepSummary(path: string, cwd: string, text: string): Promise<void> {
  await writeOrExplain(() => fs.appendFile(resolve(cwd, path), text), path);
}

/** Writes the pieces to `path`, created or replaced, with any folders it needs (as ESLint's -o does). */
async function writePieces(path: string, pieces: Iterable<string>): Promise<void> {
  await fs.mkdir(dirname(path), { recursive: true });
  const file = await fs.open(path, 'w');
  try {
    for (const text of inWrites(pieces)) await file.write(text);
  } finally {
    await file.close();
  }
}

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
