// sarif: valid SARIF 2.1.0, complete rule descriptors, relative locations, stable fingerprints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { check, formatters } from '../../src/index.js';
import { PSEUDO_RULES } from '../../src/formatters/rule-descriptors.js';
import type { CheckReport } from '../../src/index.js';
import { listAnchors } from '../helpers/readme.js';
import { context, repoRoot, fixtureReport, hostileReport, HOSTILE, RAW_CONTROL, sampleReports } from './reports.js';

const require = createRequire(import.meta.url);
// The official SARIF 2.1.0 schema (a JSON Schema draft-04 document), as @microsoft/jest-sarif ships it.
const schemaPath = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
// unicodeRegExp off: the official schema's `language` pattern has a stray "]" that the u flag rejects.
const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats.default(ajv);
const validateSarif = ajv.compile(schema);

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region?: Record<string, number> } }>;
  partialFingerprints: Record<string, string>;
}
const sarifOf = (report: CheckReport) => JSON.parse(formatters.sarif!(report, context)) as {
  runs: Array<{ columnKind: string; tool: { driver: { rules: Array<{ id: string; helpUri?: string; help?: { text: string }; shortDescription: { text: string } }> } }; results: SarifResult[] }>;
};

test('SARIF of every sample report validates against the SARIF 2.1.0 schema', async () => {
  for (const [name, report] of await sampleReports()) {
    const ok = validateSarif(JSON.parse(formatters.sarif!(report, context)));
    assert.ok(ok, `${name}: ${ajv.errorsText(validateSarif.errors)}`);
  }
});

test('the schema check can fail: a result without a message is rejected', () => {
  const sarif = sarifOf(hostileReport());
  delete (sarif.runs[0]!.results[0] as Partial<SarifResult>).message;
  assert.equal(validateSarif(sarif), false);
});

test('one descriptor per rule and pseudo-rule, each result pointing at its own', async () => {
  const report = (await fixtureReport()) ?? hostileReport();
  const run = sarifOf(report).runs[0]!;
  const ids = run.tool.driver.rules.map((r) => r.id);
  assert.deepEqual(ids, [...new Set([...Object.keys(context.rules), ...Object.keys(PSEUDO_RULES)])].sort());
  for (const rule of run.tool.driver.rules) {
    assert.ok(rule.shortDescription.text.length > 0, rule.id);
    // No web home is configured (package.json's docsBaseUrl is empty): no helpUri, and the
    // packaged page named in help.text exists, with the heading it names.
    assert.equal(rule.helpUri, undefined, `${rule.id}: a web link with no docs base URL`);
    const [, page, anchor] = /^(docs\/[^#\s]+\.md)(?:#(\S+))? in the eval-magic package/.exec(rule.help?.text ?? '') ?? [];
    assert.ok(page && existsSync(join(repoRoot, page)), `${rule.id}: help ${rule.help?.text} names no page under docs/`);
    if (anchor) assert.ok(listAnchors(readFileSync(join(repoRoot, page), 'utf8')).has(anchor), `${rule.id}: help ${rule.help?.text} names no heading of ${page}`);
  }
  const total = report.results.reduce((n, r) => n + r.messages.length, 0);
  assert.equal(run.results.length, total);
  for (const result of run.results) assert.equal(ids[result.ruleIndex], result.ruleId);
  assert.equal(run.columnKind, 'unicodeCodePoints');
});

test('locations are relative to the working directory, with 1-based regions', async () => {
  const report = (await fixtureReport()) ?? hostileReport();
  for (const result of sarifOf(report).runs[0]!.results) {
    const { artifactLocation, region } = result.locations[0]!.physicalLocation;
    assert.equal(artifactLocation.uriBaseId, '%SRCROOT%');
    assert.doesNotMatch(artifactLocation.uri, /^(\/|[a-z]+:)/i);
    assert.ok(region && region.startLine! >= 1 && region.startColumn! >= 1 && region.endLine! >= region.startLine!, JSON.stringify(region));
  }
  const hostile = sarifOf(hostileReport()).runs[0]!.results;
  assert.equal(hostile[0]!.locations[0]!.physicalLocation.artifactLocation.uri, 'evals/a%2Cb%3A%25/conversation.json');
});

test('a path that is not UTF-8 is linked by its bytes (RFC 3986); a name that merely looks like the escape keeps its text', () => {
  const [file] = hostileReport().results;
  const uriOf = (result: CheckReport['results'][number]) => sarifOf({ results: [result], errorCount: 1, warningCount: 0 }).runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri;
  const raw = Buffer.concat([Buffer.from('r\u00e9/b'), Buffer.from([0xff, 0xfe]), Buffer.from('x/conversation.json')]);
  assert.equal(uriOf({ ...file!, filePath: 'r\u00e9/b\\xFF\\xFEx/conversation.json', rawFilePath: raw }), 'r%C3%A9/b%FF%FEx/conversation.json');
  assert.equal(uriOf({ ...file!, filePath: 'r\u00e9/b\\xFF\\xFEx/conversation.json' }), 'r%C3%A9/b%5CxFF%5CxFEx/conversation.json');
  // Absolute, under the working directory: relative to it, as for any other path.
  assert.equal(uriOf({ ...file!, filePath: `${context.cwd}/b\\xFF`, rawFilePath: Buffer.concat([Buffer.from(`${context.cwd}/b`), Buffer.from([0xff])]) }), 'b%FF');
});

/** The artifactLocation SARIF gives one file result (holding an error) of the hostile report, renamed `filePath`. */
function locationOf(filePath: string, rawFilePath?: Uint8Array) {
  const [file] = hostileReport().results;
  const report: CheckReport = { results: [{ ...file!, filePath, ...(rawFilePath && { rawFilePath }) }], errorCount: 1, warningCount: 1 };
  const sarif = JSON.parse(formatters.sarif!(report, context));
  assert.ok(validateSarif(sarif), `${filePath}: ${ajv.errorsText(validateSarif.errors)}`);
  return (sarif as ReturnType<typeof sarifOf>).runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation;
}

test('a file outside the working directory gets an absolute file: URI (no ../ code scanning cannot place), percent-encoded', () => {
  const parent = dirname(context.cwd);
  const outside = join(parent, 'out side', 'a#b%c', 'r\u00e9 \u{1F600}', 'conversation.json');
  const expected = `file://${parent.split('/').map(encodeURIComponent).join('/')}/out%20side/a%23b%25c/r%C3%A9%20%F0%9F%98%80/conversation.json`;
  // However it was named: climbing from the working directory, or absolute.
  for (const named of [join('..', 'out side', 'a#b%c', 'r\u00e9 \u{1F600}', 'conversation.json'), outside]) {
    const location = locationOf(named);
    assert.deepEqual(location, { uri: expected }, named);
    assert.equal(fileURLToPath(location.uri), outside);
  }
  assert.deepEqual(locationOf('/etc/x?y/conversation.json'), { uri: 'file:///etc/x%3Fy/conversation.json' });
  assert.deepEqual(locationOf('/'), { uri: 'file:///' });
  // A name that is not UTF-8: its own bytes.
  const raw = Buffer.concat([Buffer.from('/srv/b'), Buffer.from([0xff]), Buffer.from('#/conversation.json')]);
  assert.deepEqual(locationOf('/srv/b\\xFF#/conversation.json', raw), { uri: 'file:///srv/b%FF%23/conversation.json' });
});

test('a file inside the working directory stays relative to %SRCROOT%, the same characters encoded alike', () => {
  const inside = join('in side', 'a#b%c', 'r\u00e9 \u{1F600}', 'conversation.json');
  const uri = 'in%20side/a%23b%25c/r%C3%A9%20%F0%9F%98%80/conversation.json';
  assert.deepEqual(locationOf(inside), { uri, uriBaseId: '%SRCROOT%' });
  assert.deepEqual(locationOf(join(context.cwd, inside)), { uri, uriBaseId: '%SRCROOT%' });
  assert.deepEqual(locationOf(`./sub/../${inside}`), { uri, uriBaseId: '%SRCROOT%' });
  // A folder whose name merely starts with two dots is inside.
  assert.deepEqual(locationOf('..drafts/conversation.json'), { uri: '..drafts/conversation.json', uriBaseId: '%SRCROOT%' });
});

test('an empty run still has a results array (SARIF §3.14.23)', () => {
  const sarif = sarifOf({ results: [], errorCount: 0, warningCount: 0 });
  assert.deepEqual(sarif.runs[0]!.results, []);
});

test('fingerprints are unique and survive a finding moving to other lines', () => {
  const report = hostileReport();
  const moved: CheckReport = {
    ...report,
    results: report.results.map((r) => ({ ...r, messages: r.messages.map((m) => ({ ...m, line: m.line + 7, endLine: m.endLine + 7 })) })),
  };
  const before = sarifOf(report).runs[0]!.results.map((r) => r.partialFingerprints);
  const after = sarifOf(moved).runs[0]!.results.map((r) => r.partialFingerprints);
  assert.deepEqual(after, before);
  const values = before.map((f) => Object.values(f)[0]);
  assert.equal(new Set(values).size, values.length);
  const renamed = { ...report, results: report.results.map((r) => ({ ...r, filePath: `moved/${r.filePath}` })) };
  assert.notDeepEqual(sarifOf(renamed).runs[0]!.results.map((r) => r.partialFingerprints), before);
});

test('fingerprints survive lines moving in the evals.json a message cites (file:line:col) and in the file itself', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'em-sarif-'));
  cpSync(join(repoRoot, 'fixtures/rules/stop-gate/invalid/forged-stop-after-question'), join(dir, 'ws'), { recursive: true });
  mkdirSync(join(dir, 'ws/broken'));
  writeFileSync(join(dir, 'ws/broken/conversation.json'), '{\n  "status": "completed",\n  "events": [{"text": "cut');
  const fingerprints = async () => {
    const sarif = sarifOf(await check(['ws'], { cwd: dir, config: false }));
    return sarif.runs[0]!.results.map((r) => [r.ruleId, r.message.text, Object.values(r.partialFingerprints)[0]!]);
  };
  const before = await fingerprints();
  // The gate finding cites evals.json:L:C; the parse finding names the string's line and column.
  assert.ok(before.some(([rule, message]) => rule === 'stop-gate' && /evals\.json:\d+:\d+/.test(message!)), JSON.stringify(before));
  assert.ok(before.some(([rule, message]) => rule === 'parse' && /line \d+, column \d+/.test(message!)), JSON.stringify(before));
  for (const file of ['ws/evals.json', 'ws/broken/conversation.json', 'ws/eval-schedule-meeting/conversation.json']) {
    writeFileSync(join(dir, file), readFileSync(join(dir, file), 'utf8').replace('{', '{\n\n\n'));
  }
  const after = await fingerprints();
  assert.notDeepEqual(after.map(([, message]) => message), before.map(([, message]) => message), 'the messages moved');
  assert.deepEqual(after.map(([rule, , fp]) => [rule, fp]), before.map(([rule, , fp]) => [rule, fp]));
});

test('results are sorted by file, line, column and rule whatever the input order', () => {
  const report = hostileReport();
  const reversed = { ...report, results: [...report.results].reverse().map((r) => ({ ...r, messages: [...r.messages].reverse() })) };
  assert.equal(formatters.sarif!(reversed, context), formatters.sarif!(report, context));
});

test('hostile text survives intact in JSON and leaves no raw control character', () => {
  const text = formatters.sarif!(hostileReport(), context);
  assert.doesNotMatch(text, RAW_CONTROL);
  const messages = sarifOf(hostileReport()).runs[0]!.results.map((r) => r.message.text);
  assert.ok(messages.includes(HOSTILE));
});
