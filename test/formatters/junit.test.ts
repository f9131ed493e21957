// junit: well-formed XML whose counts match the JSON format's, reproducible, every string escaped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatters } from '../../src/index.js';
import type { CheckReport } from '../../src/index.js';
import { context, decodeVisibleEscapes, hostileReport, HOSTILE, RAW_CONTROL, sampleReports } from './reports.js';

interface Testcase { name: string; file: string; failure?: Array<{ type: string; message: string; '#text': string }>; 'system-out'?: string }
interface Suite { tests: string; failures: string; properties: { property: Array<{ name: string; value: string }> }; testcase?: Testcase[] }

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  htmlEntities: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'testcase' || name === 'failure' || name === 'property',
});

function parseJunit(report: CheckReport): Suite {
  const xml = formatters.junit!(report, context);
  const valid = XMLValidator.validate(xml);
  assert.equal(valid, true, JSON.stringify(valid));
  return (parser.parse(xml) as { testsuites: { testsuite: Suite } }).testsuites.testsuite;
}

test('JUnit of every sample report is well-formed XML whose counts match the JSON format', async () => {
  for (const [name, report] of await sampleReports()) {
    const json = JSON.parse(formatters.json!(report, context)) as Array<{ filePath: string; errorCount: number; warningCount: number }>;
    const suite = parseJunit(report);
    const cases = suite.testcase ?? [];
    assert.equal(Number(suite.tests), json.length, name);
    assert.equal(Number(suite.failures), json.reduce((n, f) => n + f.errorCount, 0), name);
    const warnings = suite.properties.property.find((p) => p.name === 'eval-magic.warnings');
    assert.equal(Number(warnings?.value), json.reduce((n, f) => n + f.warningCount, 0), name);
    assert.deepEqual(cases.map((c) => decodeVisibleEscapes(c.name)), json.map((f) => f.filePath), name);
    cases.forEach((c, i) => assert.equal(c.failure?.length ?? 0, json[i]!.errorCount, `${name}: ${c.name}`));
  }
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
