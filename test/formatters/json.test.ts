// json: the scripted contract — each message carries every Problem field, messageId included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatters } from '../../src/index.js';
import { context, sampleReports } from './reports.js';

test('json keeps each message whole, messageId included, in the documented key order', async () => {
  let messages = 0;
  for (const [name, report] of await sampleReports()) {
    const json = JSON.parse(formatters.json!(report, context)) as Array<{ filePath: string; messages: Array<Record<string, unknown>> }>;
    assert.deepEqual(json.map((f) => f.filePath), report.results.map((r) => r.filePath), name);
    json.forEach((file, i) => {
      const expected = report.results[i]!.messages;
      file.messages.forEach((m, j) => {
        assert.deepEqual(Object.keys(m), ['ruleId', 'messageId', 'severity', 'message', 'pointer', 'line', 'column', 'endLine', 'endColumn'], name);
        assert.deepEqual(m, { ...expected[j] }, `${name}: ${file.filePath}`);
        messages++;
      });
    });
  }
  assert.ok(messages > 10, `the sample reports must hold messages (got ${messages})`);
});
