// The lookup answers from discovery inside searched folders; the answer must equal the disk's.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { it } from 'node:test';
import { check, type CheckOptions } from '../../src/index.js';
import { fullRun, scheduleEvals } from '../helpers/cross-cases.js';
import { layout } from '../helpers/rule-tester.js';

it('an evals.json inside the searched folder is found the same with and without discovery knowledge', async () => {
  const root = mkdtempSync(join(tmpdir(), 'eval-magic-searched-'));
  const files: Record<string, unknown> = {
    'runs/evals.json': scheduleEvals({ prompt: 'Plan a sync.' }),
    'runs/a/eval-s/conversation.json': fullRun,
    'runs/b/c/eval-s/run-1/conversation.json': fullRun,
    'other/eval-s/conversation.json': fullRun,
  };
  for (const [path, value] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), layout(value));
  }
  const notesOf = async (options: CheckOptions) => {
    const notes: Record<string, string> = {};
    const report = await check(['.'], { cwd: root, onEvalLookup: (file, r) => void (notes[file] = r.note), ...options });
    return { notes, findings: report.results.flatMap((r) => r.messages.map((m) => `${r.filePath} ${m.ruleId}`)) };
  };
  const known = await notesOf({});
  // An --ignore glob turns the knowledge off (it could hide an evals.json): the lookup asks the disk.
  const asked = await notesOf({ ignore: ['nothing-matches/**'] });
  const threaded = await notesOf({ concurrency: 2 });
  assert.deepEqual(known, asked);
  assert.deepEqual(known, threaded);
  assert.match(known.notes['runs/a/eval-s/conversation.json']!, /runs\/evals\.json/);
  assert.match(known.notes['runs/b/c/eval-s/run-1/conversation.json']!, /runs\/evals\.json/);
  assert.match(known.notes['other/eval-s/conversation.json']!, /no evals\.json found/);
  assert.deepEqual(known.findings, ['runs/a/eval-s/conversation.json eval-prompt', 'runs/b/c/eval-s/run-1/conversation.json eval-prompt']);
});
