// The problem model: what every stage reports (a Finding, by pointer or offset), then findings →
// positioned, sorted problems, and problems → per-file and whole-run counts. Positions come last.
import type { CheckReport, FileResult, Problem, Severity } from '../types.js';
import { LineIndex, PointerLocator, type PointerTarget } from '../json/positions.js';

/**
 * What a stage reports. Positions are resolved once per file, at the end, and only for files
 * that have findings — so clean files never build a line index or a syntax tree.
 */
export interface Finding {
  ruleId: string;
  messageId: string;
  message: string;
  severity: Severity;
  /** RFC 6901 pointer of the offending value. */
  pointer: string;
  /** Highlight the property's key instead of its value (e.g. an unexpected property). */
  target?: PointerTarget;
  /** Exact UTF-16 offsets in the text, when the pointer alone is ambiguous (parse errors, duplicate keys). */
  span?: { start: number; end: number };
}

/**
 * Gives each finding its line and column in `text`. The line index and syntax tree are built
 * here, once, and only when there is something to place.
 */
export function placeFindings(findings: readonly Finding[], text: string): Problem[] {
  if (findings.length === 0) return [];
  const lines = new LineIndex(text);
  let locator: PointerLocator | undefined;
  const problems = findings.map((f): Problem => {
    let span = f.span;
    if (!span) {
      try {
        span = (locator ??= new PointerLocator(text)).locate(f.pointer, f.target);
      } catch {
        // A tree too deep for the position parser: point at the start rather than lose the finding.
        span = { start: 0, end: 0 };
      }
    }
    const { ruleId, messageId, severity, message, pointer } = f;
    return { ruleId, messageId, severity, message, pointer, ...lines.range(span.start, span.end) };
  });
  return problems.sort(compareProblems);
}

/** Line, then column, then rule id: the order a person reads a file in. */
function compareProblems(a: Problem, b: Problem): number {
  return a.line - b.line || a.column - b.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
}

/** One file's result with its counts. */
export function toFileResult(filePath: string, messages: Problem[]): FileResult {
  let errorCount = 0;
  let warningCount = 0;
  for (const m of messages) {
    if (m.severity === 2) errorCount++;
    else warningCount++;
  }
  return { filePath, errorCount, warningCount, messages };
}

/**
 * Code-unit order, so the report is the same on every machine and locale; of two files shown
 * alike (a name that is not UTF-8 and one named like its `\xNN` escape), the UTF-8 one first.
 */
function compareFilePaths(a: FileResult, b: FileResult): number {
  return a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : Number(a.rawFilePath !== undefined) - Number(b.rawFilePath !== undefined);
}

/**
 * The whole run: files sorted by path, totals summed. `cleanPaths` are files without findings,
 * kept as bare paths while the run lasts: most files of a large run are clean, and a result
 * object with its empty list would add ~50 bytes to each path for the whole run.
 */
export function summarize(results: readonly FileResult[], cleanPaths: readonly string[] = []): CheckReport {
  const sorted = results.concat(cleanPaths.map((filePath) => toFileResult(filePath, []))).sort(compareFilePaths);
  return {
    results: sorted,
    errorCount: sorted.reduce((n, r) => n + r.errorCount, 0),
    warningCount: sorted.reduce((n, r) => n + r.warningCount, 0),
  };
}

/**
 * The report with its warnings left out, as `--quiet` shows it: for `--quiet --max-warnings`,
 * whose check computes the warnings to count them but must not show them.
 */
export function withoutWarnings(report: CheckReport): CheckReport {
  if (report.warningCount === 0) return report;
  const results = report.results.map((r) => (r.warningCount === 0 ? r : { ...r, warningCount: 0, messages: r.messages.filter((m) => m.severity === 2) }));
  return { results, errorCount: report.errorCount, warningCount: 0 };
}
