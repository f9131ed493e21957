// The GitHub job summary: a Markdown table of every finding, since annotations are capped per step.
import type { CheckReport } from '../types.js';
import type { FormatterContext } from './types.js';
import { escapeMarkdownCell } from '../text/escape.js';
import { describeHelpUri, PSEUDO_RULES } from './rule-descriptors.js';
import { toRelativeReportedPath } from './report-paths.js';
import { describeWarningsExceeded } from './warnings-exceeded.js';

/** At most this many rows: the job log and the other formats have every finding. */
export const SUMMARY_MAX_ROWS = 1000;

/**
 * GitHub drops a step's whole job summary when it is over 1 MiB (everything appended to it in the
 * step): the check's summary and compare's stay under this many bytes.
 */
export const STEP_SUMMARY_BYTES = 1_000_000;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A rule id, linked to its documentation when that is on the web. */
function linkRule(ruleId: string, context: FormatterContext): string {
  const meta = context.rules[ruleId] ?? PSEUDO_RULES[ruleId];
  const text = escapeMarkdownCell(ruleId);
  const url = meta ? describeHelpUri(meta) : undefined;
  return url !== undefined ? `[${text}](${url})` : text;
}

/**
 * Markdown for `$GITHUB_STEP_SUMMARY`: a headline with the counts, then one table row per
 * finding (file, position, severity, rule, message), at most `SUMMARY_MAX_ROWS` and as many as fit
 * in `maxBytes` (UTF-8; default {@link STEP_SUMMARY_BYTES}: what the step summary has room for),
 * then how many were left out. Pure: the CLI appends it to the file.
 */
export function formatGithubSummary(report: CheckReport, context: FormatterContext, { maxBytes = STEP_SUMMARY_BYTES }: { maxBytes?: number } = {}): string {
  const total = report.errorCount + report.warningCount;
  const files = plural(report.results.length, 'file');
  const out = ['## eval-magic check', ''];
  const exceeded = context.maxWarningsExceeded;
  if (total === 0 && exceeded !== undefined) {
    // Warnings hidden by --quiet failed the check: never a green "no problems".
    out.push(`❌ ${files} checked: ${describeWarningsExceeded(exceeded)}.`, '');
    return out.join('\n');
  }
  if (total === 0) {
    out.push(`✅ ${files} checked, no problems.`, '');
    return out.join('\n');
  }
  const icon = report.errorCount > 0 ? '❌' : '⚠️';
  out.push(`${icon} ${plural(total, 'problem')} (${plural(report.errorCount, 'error')}, ${plural(report.warningCount, 'warning')}) in ${files} checked.`, '');
  out.push('| File | Line:Col | Severity | Rule | Message |', '|---|---|---|---|---|');
  // Room for the rows: what the headline, the table's head and the closing note leave (each line and its "\n").
  let room = maxBytes - out.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0) - Buffer.byteLength(leftOutNote(total)) - 3;
  let rows = 0;
  let full = false;
  for (const result of report.results) {
    const file = escapeMarkdownCell(toRelativeReportedPath(result.filePath, context.cwd, result.rawFilePath));
    for (const p of result.messages) {
      if (full || rows >= SUMMARY_MAX_ROWS) break;
      const row = `| ${file} | ${p.line}:${p.column} | ${p.severity === 2 ? 'error' : 'warning'} | ${linkRule(p.ruleId, context)} | ${escapeMarkdownCell(p.message)} |`;
      room -= Buffer.byteLength(row) + 1;
      // The first row that does not fit ends the table: the rows shown are the first, in report order.
      if (room < 0) full = true;
      else {
        out.push(row);
        rows++;
      }
    }
    if (full || rows >= SUMMARY_MAX_ROWS) break;
  }
  const findings = report.results.reduce((sum, r) => sum + r.messages.length, 0);
  if (rows < findings) out.push('', leftOutNote(findings - rows));
  out.push('');
  return out.join('\n');
}

const leftOutNote = (count: number) => `…and ${count} more; see the job log or a \`--format json\` report.`;
