// junit: a JUnit XML test report — a testcase per checked file, a failure per error finding, reproducible.
import type { FileResult, Problem } from '../types.js';
import type { FormatFunction, StreamingFormatter } from './types.js';
import { escapeXml } from '../text/escape.js';
import { reportedPath } from '../fs/shown-path.js';

const severityWord = (p: Problem) => (p.severity === 2 ? 'error' : 'warning');

/**
 * The pseudo-rules that say the file could not be checked (unreadable) or a rule could not run on
 * it (a bug): JUnit's `<error>`, a test that could not run, not a `<failure>`, a test that found a fault.
 */
const NOT_CHECKED = new Set(['io', 'internal']);

/** How a file's test case ended: JUnit counts each case once, an error before a failure. */
function outcome(result: FileResult): 'error' | 'failure' | 'passed' {
  const errors = result.messages.filter((p) => p.severity === 2);
  if (errors.some((p) => NOT_CHECKED.has(p.ruleId))) return 'error';
  return errors.length > 0 ? 'failure' : 'passed';
}

/** `line:col-endLine:endCol ruleId pointer: message` — one finding on one line of a report. */
function describeProblem(p: Problem): string {
  const pointer = p.pointer === '' ? '(document)' : p.pointer;
  return `${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.ruleId} at ${pointer}: ${p.message}`;
}

/**
 * A file's testcase: an `<error>` per io or internal finding, then a `<failure>` per other error
 * (the order JUnit's schema wants); warnings listed in `<system-out>`, which never fails a build.
 */
function formatTestcase(result: FileResult): string {
  const name = escapeXml(reportedPath(result.filePath, result.rawFilePath));
  const open = `    <testcase classname="eval-magic.check" name="${name}" file="${name}"`;
  if (result.messages.length === 0) return `${open}/>`;
  const lines = [`${open}>`];
  const errors = result.messages.filter((p) => p.severity === 2);
  for (const p of [...errors.filter((e) => NOT_CHECKED.has(e.ruleId)), ...errors.filter((e) => !NOT_CHECKED.has(e.ruleId))]) {
    const element = NOT_CHECKED.has(p.ruleId) ? 'error' : 'failure';
    lines.push(`      <${element} type="${escapeXml(p.ruleId)}" message="${escapeXml(p.message)}">${escapeXml(describeProblem(p))}</${element}>`);
  }
  const warnings = result.messages.filter((p) => p.severity !== 2);
  if (warnings.length > 0) {
    lines.push(`      <system-out>${warnings.map((p) => escapeXml(`${severityWord(p)} ${describeProblem(p)}`)).join('&#xA;')}</system-out>`);
  }
  lines.push('    </testcase>');
  return lines.join('\n');
}

/**
 * `<testsuites>` with one `<testsuite>` for the run, both with JUnit's counts: `tests` the test
 * cases (files), `errors` the cases with an `<error>`, `failures` the other cases with a
 * `<failure>` (each case counted once, so tests = passed + failures + errors). The finding counts
 * (the JSON format's summed `errorCount` and `warningCount`) are the `eval-magic.errors` and
 * `eval-magic.warnings` properties. No timestamp, host name or duration: same input, same bytes.
 * In pieces, a testcase at a time (a report lists every file); joined, they are `formatJunit`'s text.
 */
export const formatJunitChunks: StreamingFormatter = function* (report, { toolVersion, configFile }) {
  const outcomes = report.results.map(outcome);
  const count = (o: ReturnType<typeof outcome>) => outcomes.filter((x) => x === o).length;
  const counts = `tests="${report.results.length}" failures="${count('failure')}" errors="${count('error')}" skipped="0"`;
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="eval-magic" ${counts}>`,
    `  <testsuite name="eval-magic check" ${counts}>`,
    '    <properties>',
    `      <property name="eval-magic.version" value="${escapeXml(toolVersion)}"/>`,
    `      <property name="eval-magic.errors" value="${report.errorCount}"/>`,
    `      <property name="eval-magic.warnings" value="${report.warningCount}"/>`,
    ...(configFile !== undefined ? [`      <property name="eval-magic.config" value="${escapeXml(configFile)}"/>`] : []),
    '    </properties>',
    '',
  ].join('\n');
  for (const result of report.results) yield formatTestcase(result) + '\n';
  yield '  </testsuite>\n</testsuites>\n';
};

export const formatJunit: FormatFunction = (report, context) => Array.from(formatJunitChunks(report, context)).join('');
