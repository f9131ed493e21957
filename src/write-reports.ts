// The output edge of `check`: renders each format target and writes it where it goes.
import { appendFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CheckReport } from './types.js';
import type { Formatter, FormatterContext } from './formatters/types.js';
import type { FormatTarget } from './format-targets.js';
import { formatGithubSummary } from './formatters/github-summary.js';
import { UsageError } from './errors.js';

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
 * (relative to `cwd`), created or replaced. A `github` target also appends the Markdown
 * summary to the step summary file when one is set.
 */
export async function writeReports(
  report: CheckReport,
  targets: readonly FormatTarget[],
  formatters: Readonly<Record<string, Formatter>>,
  context: Omit<FormatterContext, 'color'>,
  sinks: ReportSinks,
): Promise<void> {
  for (const target of targets) {
    const text = formatters[target.format]!(report, { ...context, color: target.to === 'stdout' && sinks.stdoutColor });
    if (target.to === 'file') {
      const path = resolve(sinks.cwd, target.path);
      await writeOrExplain(() => writeFile(path, text), target.path);
    } else {
      sinks[target.to].write(text);
    }
  }
  if (sinks.stepSummaryPath && targets.some((t) => t.format === 'github')) {
    const summaryPath = sinks.stepSummaryPath;
    await writeOrExplain(() => appendFile(resolve(sinks.cwd, summaryPath), formatGithubSummary(report, { ...context, color: false })), summaryPath);
  }
}
