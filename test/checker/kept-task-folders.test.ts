// A campaign keeps each run's task folder (and its pristine copy) inside the run folder; a search
// of the workspace must never take a file in them for an artifact, yet must still see the run's own.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { discoverArtifacts } from '../../src/index.js';

let ws: string;
const touch = (rel: string, text = '{}') => {
  mkdirSync(join(ws, rel, '..'), { recursive: true });
  writeFileSync(join(ws, rel), text);
};
const found = async (paths: string[], options = {}) => (await discoverArtifacts(paths, { cwd: ws, ...options })).map((a) => a.filePath).sort();

const RUN = 'ws/csv-reports/iteration-1/eval-a/with_skill/run-1';
const RUNNING = 'ws/csv-reports/iteration-1/eval-a/without_skill/run-2';

describe('discovery skips the task folders a campaign run keeps', () => {
  before(() => {
    ws = mkdtempSync(join(tmpdir(), 'em-kept-task-'));
    // A finished run: its record, its artifact, and a task about eval artifacts (files of the same names).
    touch(`${RUN}/run.json`);
    touch(`${RUN}/conversation.json`);
    touch(`${RUN}/task/conversation.json`);
    touch(`${RUN}/task/fixtures/evals.json`);
    touch(`${RUN}/staged/conversation.json`);
    touch(`${RUN}/staged/deep/er/conversation.json`);
    // A run still going: only the runner's lock marks it yet.
    touch(`${RUNNING}/.eval-magic-run.lock`);
    touch(`${RUNNING}/task/conversation.json`);
    // Not a run folder: no record and no lock, or not named run-<j>: searched as usual.
    touch('ws/other/run-3/task/conversation.json');
    touch('ws/other/job-1/run.json');
    touch('ws/other/job-1/task/conversation.json');
  });

  it('a folder search leaves out task/ and staged/ of a run folder, by name walk and by --pattern glob', async () => {
    const expected = [`${RUN}/conversation.json`, 'ws/other/job-1/task/conversation.json', 'ws/other/run-3/task/conversation.json'];
    assert.deepEqual(await found(['ws']), expected);
    assert.deepEqual(await found(['.']), expected.map((p) => p));
    assert.deepEqual(await found(['ws'], { pattern: '**/conversation.json' }), expected);
    assert.deepEqual(await found(['ws'], { pattern: ['**/*.json'] }), [`${RUN}/conversation.json`, `${RUN}/run.json`, 'ws/other/job-1/run.json', 'ws/other/job-1/task/conversation.json', 'ws/other/run-3/task/conversation.json']);
  });

  it('a glob argument leaves them out too', async () => {
    assert.deepEqual(await found(['ws/**/conversation.json']), [`${RUN}/conversation.json`, 'ws/other/job-1/task/conversation.json', 'ws/other/run-3/task/conversation.json']);
  });

  it('a kept task folder named on the command line, or a file in it, is checked: the user meant it', async () => {
    assert.deepEqual(await found([`${RUN}/task`]), [`${RUN}/task/conversation.json`, `${RUN}/task/fixtures/evals.json`]);
    assert.deepEqual(await found([`${RUN}/staged/conversation.json`]), [`${RUN}/staged/conversation.json`]);
  });
});
