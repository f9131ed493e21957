// The GitHub job summary: a Markdown table of every finding, since annotations are capped per step.
import type { CheckReport } from '../types.js';
import type { FormatterContext } from './types.js';
import { escapeMarkdownCell } from './escape.js';
import { describeHelpUri, PSEUDO_RULES } from './rule-descriptors.js';
import { toRelativeReportedPath } from './report-paths.js';

/** GitHub refuses summaries over 1 MiB; this many rows stays far below that. */
export const SUMMARY_MAX_ROWS = 1000;

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
 * finding (file, position, severity, rule, message), at most `SUMMARY_MAX_ROWS`. Pure: the CLI appends it to the file.
 */
export function formatGithubSummary(report: CheckReport, context: FormatterContext): string {
  const total = report.errorCount + report.warningCount;
  const files = plural(report.results.length, 'file');
  const out = ['## eval-magic check', ''];
  if (total === 0) {
    out.push(`✅ ${files} checked, no problems.`, '');
    return out.join('\n');
  }
  const icon = report.errorCount > 0 ? '❌' : '⚠️';
  out.push(`${icon} ${plural(total, 'problem')} (${plural(report.errorCount, 'error')}, ${plural(report.warningCount, 'warning')}) in ${files} checked.`, '');
  out.push('| File | Line:Col | Severity | Rule | Message |', '|---|---|---|---|---|');
  let rows = 0;
  for (const result of report.results) {
    const file = escapeMarkdownCell(toRelativeReportedPath(result.filePath, context.cwd, result.rawFilePath));
    for (const p of result.messages) {
      if (rows++ >= SUMMARY_MAX_ROWS) continue;
      out.push(`| ${file} | ${p.line}:${p.column} | ${p.severity === 2 ? 'error' : 'warning'} | ${linkRule(p.ruleId, context)} | ${escapeMarkdownCell(p.message)} |`);
    }
  }
  if (rows > SUMMARY_MAX_ROWS) out.push('', `…and ${rows - SUMMARY_MAX_ROWS} more; see the job log or a \`--format json\` report.`);
  out.push('');
  return out.join('\n');
}
