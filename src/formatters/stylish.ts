// stylish: the human format — findings grouped per file, aligned, with a summary line.
import type { FormatFunction } from './types.js';
import { escapeTerminal } from '../text/escape.js';
import { reportedPath } from '../fs/shown-path.js';

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Per file: its path, then `line:col  severity  message  ruleId` rows; then one summary line. */
export const formatStylish: FormatFunction = (report, { color, maxWarningsExceeded }) => {
  const out: string[] = [];
  // Warnings hidden by --quiet beyond --max-warnings: nothing to list and no "no problems" to say,
  // as ESLint prints nothing; the CLI's too-many-warnings line on stderr says it.
  if (report.errorCount + report.warningCount === 0 && maxWarningsExceeded !== undefined) return '';
  for (const result of report.results) {
    if (result.messages.length === 0) continue;
    out.push('', paint(color, '4', escapeTerminal(reportedPath(result.filePath, result.rawFilePath))));
    const rows = result.messages.map((m) => [
      `${m.line}:${m.column}`,
      m.severity === 2 ? 'error' : 'warning',
      escapeTerminal(m.message),
      m.ruleId,
    ]);
    const width = (i: number) => rows.reduce((w, r) => Math.max(w, r[i]!.length), 0);
    const [w0, w1] = [width(0), width(1)];
    for (const [pos, sev, message, ruleId] of rows) {
      const sevText = paint(color, sev === 'error' ? '31' : '33', sev!.padEnd(w1));
      out.push(`  ${paint(color, '2', pos!.padEnd(w0))}  ${sevText}  ${message}  ${paint(color, '2', ruleId!)}`);
    }
  }
  const total = report.errorCount + report.warningCount;
  const files = plural(report.results.length, 'file');
  if (total === 0) {
    out.push(paint(color, '32', `✔ ${files} checked, no problems`));
  } else {
    const line = `✖ ${plural(total, 'problem')} (${plural(report.errorCount, 'error')}, ${plural(report.warningCount, 'warning')}) in ${files} checked`;
    out.push('', paint(color, report.errorCount > 0 ? '31;1' : '33;1', line));
  }
  return out.join('\n') + '\n';
};
