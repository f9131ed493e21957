// Terminal safety end to end: artifacts and file names full of hostile text, checked for real, through
// every registered format (and the GitHub step summary): no raw control or bidi character, text recoverable.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { check, formatters, rules, type CheckReport } from '../../src/index.js';
import { escapeTerminal } from '../../src/text/escape.js';
import { formatGithubSummary } from '../../src/formatters/index.js';
import { toRelativePath } from '../../src/formatters/report-paths.js';

/** What must never reach a terminal, a log or a file viewer raw: C0 (tab and CR too; LF only as a format's own line break), DEL, C1, bidi controls, line/paragraph separators, lone surrogates. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Hostile text as JSON escapes (so the artifact still parses): ANSI, OSC 8, C1 CSI, bidi, NUL, a lone surrogate, separators. */
const HOSTILE_JSON = String.raw`\u001b[31mred\u001b[0m \u001b]8;;https://evil.test\u0007link\u001b]8;;\u0007 \u009b2J \u202eevil\u2066 nul\u0000 lone\ud800 \u2028sep\r\nline`;

let dir: string;
let report: CheckReport;
/** The same check keeping the artifacts, as `--format html` runs it. */
let reportKeeping: CheckReport;
const context = () => ({ color: false, cwd: dir, rules: Object.fromEntries(Object.entries(rules).map(([id, r]) => [id, r.meta])), toolVersion: '0.0.0' });

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'eval-magic-hostile-'));
  const write = (folder: string, text: string) => {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'conversation.json'), text);
  };
  const event = (type: string, ordinal: number, text: string) => `{"type":"${type}","ordinal":${ordinal},"round":1,"text":"${text}"}`;
  // Hostile keys (schema: unexpected property, duplicate key), a hostile event type, hostile blank-ish text.
  write(`\u001b[31mkeys\u202e`, `{"status":"completed","delivered_followups":0,"${HOSTILE_JSON}":1,"${HOSTILE_JSON}":2,"events":[${event('user_message', 0, HOSTILE_JSON)},{"type":"${HOSTILE_JSON}","ordinal":1,"round":1}]}`);
  // A raw ESC and a raw bidi override inside a string: a parse finding whose message quotes the character.
  write('osc\u001b]8;;x\u0007', `{"status":"completed","delivered_followups":0,"events":[${event('user_message', 0, 'a\u001b[2Jb')}]}`);
  write('c1\u009b', `{"status":"stopped","delivered_followups":0,"stop_reason":"${HOSTILE_JSON}","events":[${event('user_message', 0, '\u202e')},${event('assistant_message', 1, '\\u2028')}]}`);
  report = await check(['.'], { cwd: dir });
  reportKeeping = await check(['.'], { cwd: dir, keepArtifacts: true });
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Undoes the visible `\uXXXX` escapes formats use for characters they cannot carry. */
const decodeVisible = (text: string) => text.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('hostile artifacts and file names through every format', () => {
  it('the report really carries hostile text (so the test can fail)', () => {
    const texts = report.results.flatMap((r) => [r.filePath, ...r.messages.map((m) => m.message)]);
    assert.ok(texts.filter((t) => UNSAFE.test(t)).length >= 4, JSON.stringify(texts));
    assert.equal(report.results.length, 3);
  });

  it('no format (nor the step summary) emits a raw control, bidi or lone-surrogate character', () => {
    const outputs: Array<[string, string]> = Object.entries(formatters).map(([name, format]) => [name, format(report, context())]);
    outputs.push(['github-summary', formatGithubSummary(report, context())]);
    outputs.push(['html (with the artifacts)', formatters.html!(reportKeeping, context())]);
    outputs.push(['stylish (colour)', formatters.stylish!(report, { ...context(), color: true }).replace(/\u001b\[[\d;]*m/g, '')]);
    assert.deepEqual(Object.keys(formatters).sort(), ['github', 'html', 'json', 'junit', 'sarif', 'stylish'], 'a new format must be added to this test');
    for (const [name, out] of outputs) {
      const at = out.search(UNSAFE);
      assert.equal(at, -1, `${name} leaks ${JSON.stringify(out.slice(Math.max(0, at - 20), at + 20))}`);
    }
  });

  it('json and sarif give back every message and path exactly', () => {
    const json = JSON.parse(formatters.json!(report, context()));
    assert.deepEqual(json.map((r: { filePath: string }) => r.filePath), report.results.map((r) => r.filePath));
    assert.deepEqual(json.flatMap((r: { messages: Array<{ message: string; pointer: string }> }) => r.messages.map((m) => [m.message, m.pointer])), report.results.flatMap((r) => r.messages.map((m) => [m.message, m.pointer])));
    const sarif = JSON.parse(formatters.sarif!(report, context()));
    const texts = sarif.runs[0].results.map((r: { message: { text: string } }) => r.message.text).sort();
    assert.deepEqual(texts, report.results.flatMap((r) => r.messages.map((m) => m.message)).sort());
    const uris = new Set(sarif.runs[0].results.map((r: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) => decodeURIComponent(r.locations[0]!.physicalLocation.artifactLocation.uri)));
    assert.deepEqual([...uris].sort(), report.results.map((r) => toRelativePath(r.filePath, dir)).sort());
  });

  it('junit and github give back every message once their visible escapes are decoded', () => {
    // Messages may themselves hold `\uXXXX` text (JSON-quoted values), so both sides are compared decoded.
    const messages = report.results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => decodeVisible(m.message))).sort();
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' || name === 'failure', htmlEntities: true });
    const parsed = xml.parse(formatters.junit!(report, context()));
    const failures = parsed.testsuites.testsuite.testcase.flatMap((t: { failure?: Array<{ message: string }> }) => t.failure ?? []).map((f: { message: string }) => decodeVisible(f.message));
    assert.deepEqual(failures.sort(), messages);
    const unescapeData = (t: string) => t.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
    const lines = formatters.github!(report, context()).split('\n').filter((l) => l.startsWith('::error'));
    assert.deepEqual(lines.map((line) => decodeVisible(unescapeData(line.slice(line.indexOf('::', 2) + 2)))).sort(), messages);
  });

  it('stylish shows each file name recoverably and each message in its escaped form', () => {
    const out = formatters.stylish!(report, context());
    const unescape = (line: string) => decodeVisible(line.replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\t/g, '\t'));
    for (const r of report.results) {
      assert.ok(out.split('\n').some((line) => unescape(line) === r.filePath), r.filePath);
      for (const m of r.messages) assert.ok(out.includes(escapeTerminal(m.message)), m.message);
    }
  });
});
