// github: workflow commands the Actions runner accepts, escaped so text round-trips and stays inert.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatters, formatGithubSummary } from '../../src/formatters/index.js';
import { STEP_SUMMARY_BYTES, SUMMARY_MAX_ROWS } from '../../src/formatters/github-summary.js';
import type { CheckReport } from '../../src/index.js';
import { context, decodeVisibleEscapes, hostileReport, HOSTILE, RAW_CONTROL, sampleReports } from './reports.js';

/** The runner's decoding: `%0D`, `%0A`, `%3A`, `%2C` and `%25` (last), as in actions/toolkit. */
const unescapeCommand = (text: string) => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');

const COMMAND = /^::(error|warning) (file=[^,:]*,line=\d+(?:,col=\d+)?,endLine=\d+(?:,endColumn=\d+)?,title=[^,:]*)::(.*)$/;

function parseCommands(text: string) {
  return text.split('\n').filter(Boolean).map((line) => {
    const match = COMMAND.exec(line);
    assert.ok(match, `not a well-formed workflow command: ${JSON.stringify(line)}`);
    const props = Object.fromEntries(match[2]!.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), unescapeCommand(kv.slice(kv.indexOf('=') + 1))]));
    return { command: match[1]!, props, message: unescapeCommand(match[3]!) };
  });
}

test('one well-formed command per finding, ::error for errors and ::warning for warnings', async () => {
  for (const [name, report] of await sampleReports()) {
    const commands = parseCommands(formatters.github!(report, context));
    const all = report.results.flatMap((r) => r.messages);
    assert.equal(commands.length, all.length, name);
    commands.forEach((c, i) => assert.equal(c.command, all[i]!.severity === 2 ? 'error' : 'warning', name));
  }
});

test('positions: single-line ranges carry columns; multi-line ranges only lines (the runner rejects columns there)', () => {
  const [warning, multiLine] = parseCommands(formatters.github!(hostileReport(), context));
  assert.deepEqual({ ...warning!.props, title: undefined }, { file: 'evals/a,b:%/conversation.json', line: '3', col: '5', endLine: '3', endColumn: '6', title: undefined });
  assert.deepEqual([multiLine!.props.line, multiLine!.props.endLine, multiLine!.props.col, multiLine!.props.endColumn], ['4', '6', undefined, undefined]);
  assert.equal(warning!.props.title, 'eval-magic (blank-text)');
});

test('hostile text round-trips through the runner decoding, and the log gets no raw control', () => {
  const text = formatters.github!(hostileReport(), context);
  assert.doesNotMatch(text, RAW_CONTROL);
  assert.doesNotMatch(text, /\r/);
  assert.equal(text.split('\n').length - 1, 3);
  const [first] = parseCommands(text);
  assert.equal(decodeVisibleEscapes(first!.message), HOSTILE);
});

test('summary: a table row per finding, artifact text unable to format or inject HTML', () => {
  const md = formatGithubSummary(hostileReport(), context);
  assert.doesNotMatch(md, RAW_CONTROL);
  assert.doesNotMatch(md, /<b>|<\/b>|(?<!\\)\]\(u\)|(?<!\\)\*em(?<!\\)\*/);
  const rows = md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| File'));
  assert.equal(rows.length, 3);
  for (const row of rows) assert.equal(row.split(/(?<!\\)\|/).length, 7, row);
  // No docs base URL in package.json: the rule id alone, never a link to a placeholder.
  assert.match(md, /\| blank-text \|/);
  assert.doesNotMatch(md, /\[blank-text\]\(/);
  assert.match(md, /3 problems \(2 errors, 1 warning\) in 3 files/);
});

test('summary: rows are capped by bytes too, so a summary of long paths stays under the 1 MiB GitHub drops a step summary over', () => {
  // 1,000 findings in files with long paths (deep workspaces, long eval ids): ~1.2 MB of rows.
  const one = hostileReport().results[2]!;
  const folder = `.eval-magic/${'a-very-long-skill-name/'.repeat(10)}iteration-1/eval-${'x'.repeat(800)}`;
  const results = Array.from({ length: SUMMARY_MAX_ROWS }, (_, i) => ({ ...one, filePath: `${folder}/run-${i}/conversation.json`, messages: [one.messages[0]!], errorCount: 1, warningCount: 0 }));
  const md = formatGithubSummary({ results, errorCount: SUMMARY_MAX_ROWS, warningCount: 0 }, context);
  assert.ok(Buffer.byteLength(md) <= STEP_SUMMARY_BYTES, `${Buffer.byteLength(md)} bytes`);
  const rows = md.split('\n').filter((l) => l.startsWith('| .eval-magic/')).length;
  assert.ok(rows > 500 && rows < SUMMARY_MAX_ROWS, `${rows} rows`);
  assert.ok(md.includes(`and ${SUMMARY_MAX_ROWS - rows} more`), md.slice(-300));
  // What was left out comes last: the rows kept are the first ones, in report order.
  assert.ok(md.includes('/run-0/conversation.json |') && !md.includes(`/run-${SUMMARY_MAX_ROWS - 1}/conversation.json |`));
  // Room already taken in the step summary (another step command appended first) is room the rows do not get.
  const after = formatGithubSummary({ results, errorCount: SUMMARY_MAX_ROWS, warningCount: 0 }, context, { maxBytes: 100_000 });
  assert.ok(Buffer.byteLength(after) <= 100_000, `${Buffer.byteLength(after)} bytes`);
  assert.match(after, /## eval-magic check/);
  assert.match(after, /more; see the job log/);
});

test('summary: a clean run says so; a huge run is capped', () => {
  assert.match(formatGithubSummary({ results: [], errorCount: 0, warningCount: 0 }, context), /0 files checked, no problems/);
  const one = hostileReport().results[2]!;
  const many: CheckReport = { results: [{ ...one, messages: Array(SUMMARY_MAX_ROWS + 5).fill(one.messages[0]), errorCount: SUMMARY_MAX_ROWS + 5 }], errorCount: SUMMARY_MAX_ROWS + 5, warningCount: 0 };
  const md = formatGithubSummary(many, context);
  assert.equal(md.split('\n').filter((l) => l.startsWith('| evals')).length, SUMMARY_MAX_ROWS);
  assert.match(md, /and 5 more/);
});
