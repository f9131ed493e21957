// github: GitHub Actions workflow commands, so findings show up as annotations on the pull request.
import type { Problem } from '../types.js';
import type { FormatFunction } from './types.js';
import { escapeWorkflowData, escapeWorkflowProperty } from '../text/escape.js';
import { toRelativeReportedPath } from './report-paths.js';

/**
 * The runner rejects `col`/`endColumn` on a multi-line range (and an end column before the
 * start), dropping the whole annotation; such ranges keep their lines only.
 */
function describeRange(p: Problem): string {
  const lines = `line=${p.line},endLine=${p.endLine}`;
  if (p.endLine !== p.line || p.endColumn < p.column) return lines;
  return `line=${p.line},col=${p.column},endLine=${p.endLine},endColumn=${p.endColumn}`;
}

/**
 * `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message` per finding
 * (`::warning` for warnings), files relative to the working directory (the checkout), in
 * report order (file, line, column, rule). Every artifact-derived string is escaped.
 */
export const formatGithub: FormatFunction = (report, { cwd }) => {
  const out: string[] = [];
  for (const result of report.results) {
    const file = escapeWorkflowProperty(toRelativeReportedPath(result.filePath, cwd, result.rawFilePath));
    for (const p of result.messages) {
      const command = p.severity === 2 ? 'error' : 'warning';
      const title = escapeWorkflowProperty(`eval-magic (${p.ruleId})`);
      out.push(`::${command} file=${file},${describeRange(p)},title=${title}::${escapeWorkflowData(p.message)}`);
    }
  }
  return out.map((line) => line + '\n').join('');
};
