// junit: well-formed XML whose counts match the JSON format's, reproducible, every string escaped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatters } from '../../src/index.js';
import type { CheckReport } from '../../src/index.js';
import { context, decodeVisibleEscapes, hostileReport, HOSTILE, RAW_CONTROL, sampleReports } from './reports.js';

type Finding = { type: string; message: string; '#text': string };
interface Testcase { name: string; file: string; failure?: Finding[]; error?: Finding[]; 'system-out'?: string }
interface Counts { tests: string; failures: string; errors: string; skipped: string }
interface Suite extends Counts { properties: { property: Array<{ name: string; value: string }> }; testcase?: Testcase[] }

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  htmlEntities: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'testcase' || name === 'failure' || name === 'error' || name === 'property',
});

function parseJunitRoot(report: CheckReport): Counts & { testsuite: Suite } {
  const xml = formatters.junit!(report, context);
  const valid = XMLValidator.validate(xml);
  assert.equal(valid, true, JSON.stringify(valid));
  return (parser.parse(xml) as { testsuites: Counts & { testsuite: Suite } }).testsuites;
}

const parseJunit = (report: CheckReport): Suite => parseJunitRoot(report).testsuite;

const countsOf = (c: Counts) => ({ tests: Number(c.tests), failures: Number(c.failures), errors: Number(c.errors), skipped: Number(c.skipped) });

/** One file whose artifact could not be read, one where a rule crashed beside a schema error, one clean. */
function ioAndCrashReport(): CheckReport {
  const at = { pointer: '', line: 1, column: 1, endLine: 1, endColumn: 1 };
  const io = { ruleId: 'io', messageId: 'eacces', severity: 2 as const, message: 'Permission denied <x>.', ...at };
  const crash = { ruleId: 'internal', messageId: 'rule-crashed', severity: 2 as const, message: 'Rule "stop-gate" failed on this file (boom); please report this.', ...at };
  const schema = { ruleId: 'schema', messageId: 'required', severity: 2 as const, message: 'status is required.', ...at, line: 2 };
  return {
    results: [
      { filePath: 'locked/conversation.json', errorCount: 1, warningCount: 0, messages: [io] },
      { filePath: 'crashed/conversation.json', errorCount: 2, warningCount: 0, messages: [crash, schema] },
      { filePath: 'clean/conversation.json', errorCount: 0, warningCount: 0, messages: [] },
    ],
    errorCount: 3,
    warningCount: 0,
  };
}

test('JUnit of every sample report is well-formed XML whose counts match the JSON format', async () => {
  for (const [name, report] of await sampleReports()) {
    const json = JSON.parse(formatters.json!(report, context)) as Array<{ filePath: string; errorCount: number; warningCount: number }>;
    const suite = parseJunit(report);
    const cases = suite.testcase ?? [];
    assert.equal(Number(suite.tests), json.length, name);
    const errors = suite.properties.property.find((p) => p.name === 'eval-magic.errors');
    assert.equal(Number(errors?.value), json.reduce((n, f) => n + f.errorCount, 0), name);
    const warnings = suite.properties.property.find((p) => p.name === 'eval-magic.warnings');
    assert.equal(Number(warnings?.value), json.reduce((n, f) => n + f.warningCount, 0), name);
    assert.deepEqual(cases.map((c) => decodeVisibleEscapes(c.name)), json.map((f) => f.filePath), name);
    cases.forEach((c, i) => assert.equal((c.failure?.length ?? 0) + (c.error?.length ?? 0), json[i]!.errorCount, `${name}: ${c.name}`));
  }
});

test('counts mean what JUnit readers take them to: tests the test cases, failures and errors the failed and errored cases', async () => {
  for (const [name, report] of [...(await sampleReports()), ['io and crash', ioAndCrashReport()] as [string, CheckReport]]) {
    const root = parseJunitRoot(report);
    const cases = root.testsuite.testcase ?? [];
    const expected = {
      tests: cases.length,
      failures: cases.filter((c) => c.failure !== undefined && c.error === undefined).length,
      errors: cases.filter((c) => c.error !== undefined).length,
      skipped: 0,
    };
    assert.deepEqual(countsOf(root.testsuite), expected, `${name}: <testsuite>`);
    assert.deepEqual(countsOf(root), expected, `${name}: <testsuites>`);
  }
  // Two of the hostile report's three files have errors: two failed cases, whatever their finding count.
  const hostile = hostileReport();
  assert.equal(hostile.errorCount, 2);
  assert.deepEqual(countsOf(parseJunitRoot(hostile)), { tests: 3, failures: 2, errors: 0, skipped: 0 });
  const twice = { ...hostile, results: hostile.results.map((r) => (r.errorCount > 0 ? { ...r, errorCount: r.errorCount * 2, messages: [...r.messages, ...r.messages] } : r)), errorCount: 4 };
  assert.deepEqual(countsOf(parseJunitRoot(twice)), { tests: 3, failures: 2, errors: 0, skipped: 0 });
});

test('a file that could not be read, or a rule that crashed, is an <error> (the check could not be done), listed before the failures', () => {
  const root = parseJunitRoot(ioAndCrashReport());
  assert.deepEqual(countsOf(root), { tests: 3, failures: 0, errors: 2, skipped: 0 });
  const [locked, crashed, clean] = root.testsuite.testcase!;
  assert.deepEqual(locked!.error!.map((e) => [e.type, e.message]), [['io', 'Permission denied <x>.']]);
  assert.equal(locked!.failure, undefined);
  assert.deepEqual(crashed!.error!.map((e) => e.type), ['internal']);
  assert.deepEqual(crashed!.failure!.map((f) => f.type), ['schema']);
  assert.equal(clean!.error ?? clean!.failure, undefined);
  // The JUnit schema Jenkins validates against orders a test case's <error>s before its <failure>s.
  const xml = formatters.junit!(ioAndCrashReport(), context);
  assert.ok(xml.indexOf('<error type="internal"') < xml.indexOf('<failure type="schema"'), xml);
  assert.match(xml, /<property name="eval-magic\.errors" value="3"\/>/);
});

test('warnings go to system-out and never become failures', () => {
  const suite = parseJunit(hostileReport());
  const first = suite.testcase![0]!;
  assert.equal(first.failure!.length, 1);
  assert.match(first['system-out']!, /^warning 3:5-3:6 blank-text at \/events\/0\/text: one\ntwo/);
});

test('hostile text survives every attribute and body, and no raw control reaches the file', () => {
  const xml = formatters.junit!(hostileReport(), context);
  assert.doesNotMatch(xml, RAW_CONTROL);
  assert.doesNotMatch(xml, /<b>|]]>/);
  const first = parseJunit(hostileReport()).testcase![0]!;
  assert.equal(decodeVisibleEscapes(first.failure![0]!.message), HOSTILE);
  assert.ok(decodeVisibleEscapes(first.failure![0]!['#text']).endsWith(`: ${HOSTILE}`));
  assert.equal(first.name, 'evals/a,b:%/conversation.json');
});

test('no timestamp, host name or duration: the same report gives the same bytes', () => {
  const xml = formatters.junit!(hostileReport(), context);
  assert.doesNotMatch(xml, /timestamp=|hostname=|time=/);
  assert.equal(formatters.junit!(hostileReport(), context), xml);
});
