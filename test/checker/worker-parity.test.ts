// The worker-thread path and the in-process path give identical reports; thread counts follow the rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { check } from '../../src/index.js';
import { chooseThreadCount, MIN_FILES_FOR_WORKERS } from '../../src/checker/engine/worker-pool.js';
import { generateCorpus } from '../corpus/generate-corpus.js';

test('worker threads and the main thread alone report the same findings on a generated corpus', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-magic-parity-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // Small artifacts, a fifth of them broken: every kind of finding crosses the thread boundary.
  const stats = generateCorpus(dir, 200, { seed: 5, invalidShare: 0.2, medianBytes: 3000 });
  assert.ok(stats.invalid >= 20, `expected broken artifacts, got ${stats.invalid}`);
  const lookupsHere: string[] = [];
  const lookupsThreaded: string[] = [];
  const here = await check(['.eval-magic'], { cwd: dir, concurrency: 'off', onEvalLookup: (f, r) => void lookupsHere.push(`${f}: ${r.note}`) });
  // Two threads: a count above the cores is clamped, and CI machines have two.
  const threaded = await check(['.eval-magic'], { cwd: dir, concurrency: 2, onEvalLookup: (f, r) => void lookupsThreaded.push(`${f}: ${r.note}`) });
  assert.equal(chooseThreadCount(2, 200), Math.min(2, availableParallelism()), 'the threaded run must really use a worker');
  assert.equal(here.results.length, 200);
  assert.ok(here.errorCount > 0 && here.warningCount > 0, 'the corpus must produce errors and warnings');
  assert.deepEqual(threaded, here);
  assert.deepEqual(lookupsThreaded.sort(), lookupsHere.sort());
  // Without a lookup callback, helpers send clean files back as indexes: the same report still.
  assert.deepEqual(await check(['.eval-magic'], { cwd: dir, concurrency: 2 }), here);
});

test('helpers that take files while the walk goes on know every evals.json above them', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-magic-parity-evals-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  generateCorpus(dir, 300, { seed: 11, invalidShare: 0.1, medianBytes: 2000 });
  // evals.json files at several depths above the artifacts, found by the walk as it goes: one
  // per skill folder, and a nearer one in every second iteration folder. Their evals' prompts
  // match no artifact, so each matched conversation gets findings that only the lookup explains.
  const evalsFile = (ids: number[]) => JSON.stringify({ skill_name: 'parity', evals: ids.map((id) => ({ id: String(id), prompt: `Prompt of eval ${id} that no artifact uses.` })) }, null, 2);
  const ids = Array.from({ length: 20 }, (_, i) => i);
  for (const skill of readdirSync(join(dir, '.eval-magic'))) {
    writeFileSync(join(dir, '.eval-magic', skill, 'evals.json'), evalsFile(ids));
    for (const [k, iteration] of readdirSync(join(dir, '.eval-magic', skill)).filter((name) => name.startsWith('iteration-')).entries()) {
      if (k % 2 === 0) writeFileSync(join(dir, '.eval-magic', skill, iteration, 'evals.json'), evalsFile(ids.filter((id) => id % 3 !== 0)));
    }
  }
  const notes = (lines: string[]) => (f: string, r: { note: string }) => void lines.push(`${f}: ${r.note}`);
  const lookupsHere: string[] = [];
  const lookupsThreaded: string[] = [];
  const here = await check(['.eval-magic'], { cwd: dir, concurrency: 'off', onEvalLookup: notes(lookupsHere) });
  // Two threads: a count above the cores is clamped, and CI machines have two.
  const threaded = await check(['.eval-magic'], { cwd: dir, concurrency: 2, onEvalLookup: notes(lookupsThreaded) });
  assert.ok(lookupsHere.filter((line) => /evals\.json/.test(line) && /eval "/.test(line)).length > 100, 'most conversations must be matched with an eval from a folder above');
  assert.ok(here.results.some((r) => r.messages.some((m) => m.ruleId === 'eval-prompt')), 'the lookup must lead to eval findings');
  assert.deepEqual(threaded, here);
  assert.deepEqual(lookupsThreaded.sort(), lookupsHere.sort());
});

test('auto stays on the main thread for one file and for small runs, and --concurrency values are checked', () => {
  assert.equal(chooseThreadCount('auto', 1), 1);
  assert.equal(chooseThreadCount('auto', MIN_FILES_FOR_WORKERS - 1), 1);
  assert.equal(chooseThreadCount('off', 100_000), 1);
  assert.equal(chooseThreadCount(4, 2), 2, 'never more threads than files');
  assert.equal(chooseThreadCount(1000, 100_000), availableParallelism(), 'never more threads than cores');
  assert.throws(() => chooseThreadCount(0, 10), /positive whole number/);
  assert.throws(() => chooseThreadCount(1.5, 10), /positive whole number/);
});
