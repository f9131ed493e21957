// junit: a JUnit XML test report — a testcase per checked file, a failure per error, reproducible.
import type { FileResult, Problem } from '../types.js';
import type { FormatFunction, StreamingFormatter } from './types.js';
import { escapeXml } from './escape.js';
import { reportedPath } from '../fs/shown-path.js';

const severityWord = (p: Problem) => (p.severity === 2 ? 'error' : 'warning');

/** `line:col-endLine:endCol ruleId pointer: message` — one finding on one line of a report. */
function describeProblem(p: Problem): string {
  const pointer = p.pointer === '' ? '(document)' : p.pointer;
  return `${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.ruleId} at ${pointer}: ${p.message}`;
}

/** A file's testcase: a `<failure>` per error; warnings listed in `<system-out>`, which never fails a build. */
function formatTestcase(result: FileResult): string {
  const name = escapeXml(reportedPath(result.filePath, result.rawFilePath));
  const open = `    <testcase classname="eval-magic.check" name="${name}" file="${name}"`;
  if (result.messages.length === 0) return `${open}/>`;
  const lines = [`${open}>`];
  for (const p of result.messages) {
    if (p.severity !== 2) continue;
    lines.push(`      <failure type="${escapeXml(p.ruleId)}" message="${escapeXml(p.message)}">${escapeXml(describeProblem(p))}</failure>`);
  }
  const warnings = result.messages.filter((p) => p.severity !== 2);
  if (warnings.length > 0) {
    lines.push(`      <system-out>${warnings.map((p) => escapeXml(`${severityWord(p)} ${describeProblem(p)}`)).join('&#xA;')}</system-out>`);
  }
  lines.push('    </testcase>');
  return lines.join('\n');
}

/**
 * `<testsuites>` with one `<testsuite>` for the run. `tests` counts files, `failures` counts
 * error findings (so it equals the JSON format's summed `errorCount`), and the warning count is
 * the `eval-magic.warnings` property. No timestamp, host name or duration: same input, same bytes.
 * In pieces, a testcase at a time (a report lists every file); joined, they are `formatJunit`'s text.
 */
export const formatJunitChunks: StreamingFormatter = function* (report, { toolVersion, configFile }) {
  const counts = `tests="${report.results.length}" failures="${report.errorCount}" errors="0" skipped="0"`;
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="eval-magic" ${counts}>`,
    `  <testsuite name="eval-magic check" ${counts}>`,
    '    <properties>',
    `      <property name="eval-magic.version" value="${escapeXml(toolVersion)}"/>`,
    `      <property name="eval-magic.warnings" value="${report.warningCount}"/>`,
    ...(configFile !== undefined ? [`      <property name="eval-magic.config" value="${escapeXml(configFile)}"/>`] : []),
    '    </properties>',
    '',
  ].join('\n');
  for (const result of report.results) yield formatTestcase(result) + '\n';
  yield '  </testsuite>\n</testsuites>\n';
};

export const formatJunit: FormatFunction = (report, context) => Array.from(formatJunitChunks(report, context)).join('');
