// Formats written in pieces (html, json, junit) reach a file or a stream as exactly their formatter's
// text, on small reports and on one large enough to take several writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatters } from '../../src/index.js';
import { streamingFormatters } from '../../src/formatters/index.js';
import { writeReports } from '../../src/cli/write-reports.js';
import type { CheckReport, FileResult } from '../../src/types.js';
import { context, hostileReport, sampleReports } from './reports.js';

/** 3,000 files, every tenth with a finding: the json text is well over one 64 KB write. */
function largeReport(): CheckReport {
  const results = Array.from({ length: 3000 }, (_, i): FileResult => {
    const filePath = `.eval-magic/skill/iteration-1/eval-${i}/with_skill/conversation.json`;
    if (i % 10 !== 0) return { filePath, errorCount: 0, warningCount: 0, messages: [] };
    const problem = { ruleId: 'ordinal-sequence', messageId: 'gap', severity: 2 as const, message: `Ordinal jumps at event ${i} — “quoted”.`, pointer: '/events/3/ordinal', line: 20, column: 18, endLine: 20, endColumn: 19 };
    return { filePath, errorCount: 1, warningCount: 0, messages: [problem] };
  });
  return { results, errorCount: 300, warningCount: 0 };
}

test('html, json and junit pieces join to the formatter text, through a file and through a stream', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-magic-pieces-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const reports: Array<[string, CheckReport]> = [...(await sampleReports()), ['hostile', hostileReport()], ['large', largeReport()], ['empty', { results: [], errorCount: 0, warningCount: 0 }]];
  assert.deepEqual(Object.keys(streamingFormatters).sort(), ['html', 'json', 'junit']);
  for (const [name, report] of reports) {
    for (const format of Object.keys(streamingFormatters)) {
      const expected = formatters[format]!(report, context);
      const writes: string[] = [];
      const stream = { write: (text: string) => void writes.push(text) };
      const file = join(dir, `${name}.${format}`);
      await writeReports(report, [{ format, to: 'stdout' }, { format, to: 'file', path: file }], formatters, context, { cwd: dir, stdout: stream, stderr: stream, stdoutColor: false });
      assert.equal(writes.join(''), expected, `${format} on ${name}, stream`);
      assert.equal(readFileSync(file, 'utf8'), expected, `${format} on ${name}, file`);
      if (name === 'large') assert.ok(writes.length > 1 && writes.every((w) => w.length < 70_000), `${format}: written in pieces of ~64 KB (${writes.length} writes)`);
    }
  }
});
