// 100,000 artifacts under a 128-descriptor limit: discovery and reading never hold more files open
// than the limit allows. In the slow tier (test/tiers.ts): checking them costs ~35 CPU-seconds.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedDataSet } from '../helpers/cached-data.js';
// Importing it fails this file when dist/ is missing or stale: measure-check.js checks with dist/.
import '../helpers/cli.js';

const MEASURE = resolve(fileURLToPath(import.meta.url), '../measure-check.js');
const VALID = JSON.stringify({ status: 'completed', delivered_followups: 0, events: [{ type: 'user_message', ordinal: 0, round: 1, text: 'go' }, { type: 'assistant_message', ordinal: 1, round: 1, text: 'ok' }] }, null, 2);

describe('many files', () => {
  it('100,000 artifacts are all checked under a 128-descriptor limit (no EMFILE)', () => {
    // Generated once and kept: writing and deleting them each run cost ~3 × checking them.
    const dir = cachedDataSet('100000-artifacts', VALID, (into) => {
      for (let i = 0; i < 100_000; i++) {
        const run = join(into, `g${i % 100}`, `r${i}`);
        mkdirSync(run, { recursive: true });
        writeFileSync(join(run, 'conversation.json'), i === 99_999 ? '{' : VALID);
      }
    });
    // ulimit in a shell of our own, with the paths as arguments: never interpolated into the script.
    const child = spawnSync('/bin/sh', ['-c', 'ulimit -n 128 && exec "$@"', 'sh', process.execPath, MEASURE, dir], { encoding: 'utf8', maxBuffer: 1 << 24 });
    assert.equal(child.status, 0, child.stderr);
    const m = JSON.parse(child.stdout);
    assert.equal(m.files, 100_000);
    assert.deepEqual(m.messages.map((p: { ruleId: string; messageId: string }) => [p.ruleId, p.messageId]), [['parse', 'truncated']]);
  });
});
