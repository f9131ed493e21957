// The pool hands files to helpers while discovery is still walking: a helper must already know
// every evals.json in the folders above a file when that file reaches it, whatever the timing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { discoverInChunks, type DiscoveredArtifact } from '../../src/checker/engine/discover.js';
import { CheckPool, MAX_QUEUED_DURING_WALK, type HelperThread } from '../../src/checker/engine/worker-pool.js';
import type { HelperMessage, HelperReply } from '../../src/checker/engine/thread-messages.js';
import type { FileOutcome } from '../../src/checker/engine/check-file.js';
import { CHECK_OPTION_NAMING } from '../../src/checker/check-options.js';
import { generateCorpus } from '../corpus/generate-corpus.js';

/** A stand-in helper thread: learns evals.json files, and checks each batch against what it knows. */
class FakeHelper extends EventEmitter {
  readonly known = new Set<string>();
  readonly checked: string[] = [];
  readonly unknownAbove: string[] = [];

  postMessage(message: HelperMessage): void {
    if ('knownEvalsFiles' in message) {
      for (const path of message.knownEvalsFiles) this.known.add(path);
      return;
    }
    for (const file of message.batch) {
      this.checked.push(file.absolutePath);
      for (const evals of evalsFilesAbove(file)) if (!this.known.has(evals)) this.unknownAbove.push(`${file.filePath} needs ${evals}`);
    }
    // Clean files come back as their indexes in the batch, as a real helper sends them.
    const reply: HelperReply = { id: message.id, outcomes: [], clean: message.batch.map((_, index) => index) };
    setImmediate(() => this.emit('message', reply));
  }

  terminate(): Promise<number> {
    return Promise.resolve(0);
  }
}

/** The evals.json files on disk in a file's folder and the folders above it, up to the searched one. */
function evalsFilesAbove(file: DiscoveredArtifact): string[] {
  const found: string[] = [];
  if (file.searchedFrom === undefined) return found;
  for (let dir = dirname(file.absolutePath); dir.startsWith(file.searchedFrom); dir = dirname(dir)) {
    if (existsSync(join(dir, 'evals.json')) && join(dir, 'evals.json') !== file.absolutePath) found.push(join(dir, 'evals.json'));
    if (dir === file.searchedFrom) break;
  }
  return found;
}

test('helpers fed during the walk know every evals.json above each file they get', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-magic-pool-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  generateCorpus(dir, 1200, { seed: 3, invalidShare: 0, medianBytes: 200 });
  // evals.json at every level the walk meets at a different time: skill, iteration, eval folders.
  const root = join(dir, '.eval-magic');
  for (const skill of readdirSync(root)) {
    writeFileSync(join(root, skill, 'evals.json'), '{}');
    for (const iteration of readdirSync(join(root, skill)).filter((name) => name.startsWith('iteration-'))) {
      writeFileSync(join(root, skill, iteration, 'evals.json'), '{}');
      for (const evalFolder of readdirSync(join(root, skill, iteration)).filter((name) => name.startsWith('eval-'))) {
        if (evalFolder.endsWith('3')) writeFileSync(join(root, skill, iteration, evalFolder, 'evals.json'), '{}');
      }
    }
  }

  const helpers: FakeHelper[] = [];
  const startThread = () => {
    const helper = new FakeHelper();
    helpers.push(helper);
    return Promise.resolve(helper as unknown as HelperThread);
  };
  const outcomes: string[] = [];
  const checkedHere: string[] = [];
  const checkDiscovered = (file: DiscoveredArtifact): FileOutcome => {
    checkedHere.push(file.absolutePath);
    return { result: { filePath: file.filePath, errorCount: 0, warningCount: 0, messages: [] } };
  };
  const pool = new CheckPool({ options: { cwd: dir }, names: CHECK_OPTION_NAMING.flags }, { checkDiscovered }, { add: (outcome) => void outcomes.push(outcome.result.filePath) }, startThread);
  let discovered = 0;
  for await (const chunk of discoverInChunks(['.eval-magic'], { cwd: dir })) {
    discovered += chunk.length;
    const evalsFiles = chunk.filter((a) => basename(a.absolutePath) === 'evals.json').map((a) => a.absolutePath);
    await pool.add(chunk, evalsFiles, 2);
  }
  await pool.finish();
  pool.stop();

  assert.equal(helpers.length, 2);
  assert.equal(outcomes.length, discovered, 'every discovered file gets exactly one outcome');
  assert.equal(new Set(outcomes).size, discovered);
  const late = helpers.flatMap((h) => h.checked).filter((path) => path.includes('iteration-1'));
  assert.ok(late.length > 50, `helpers must get files from folders the walk reached late (got ${late.length})`);
  for (const helper of helpers) assert.deepEqual(helper.unknownAbove, []);
});

test('a walk far ahead of checking never queues more than MAX_QUEUED_DURING_WALK files: the main thread checks meanwhile', async () => {
  const outcomes: string[] = [];
  const checkDiscovered = (file: DiscoveredArtifact): FileOutcome => ({ result: { filePath: file.filePath, errorCount: 0, warningCount: 0, messages: [] } });
  const add = (outcome: FileOutcome) => void outcomes.push(outcome.result.filePath);
  const pool = new CheckPool({ options: { cwd: '/' }, names: CHECK_OPTION_NAMING.flags }, { checkDiscovered }, { add }, () => Promise.reject(new Error('no helpers in this test')));
  let added = 0;
  let mostQueued = 0;
  for (let folder = 0; folder < 3 * MAX_QUEUED_DURING_WALK / 100; folder++) {
    const chunk: DiscoveredArtifact[] = Array.from({ length: 100 }, (_, i) => ({ filePath: `f${folder}/${i}/conversation.json`, absolutePath: `/w/f${folder}/${i}/conversation.json` }));
    await pool.add(chunk, [], 0);
    added += chunk.length;
    mostQueued = Math.max(mostQueued, added - outcomes.length);
  }
  assert.ok(mostQueued <= MAX_QUEUED_DURING_WALK, `${mostQueued} files were queued at once`);
  assert.ok(outcomes.length >= added - MAX_QUEUED_DURING_WALK && outcomes.length > 0, 'the main thread checked during the walk');
  await pool.finish();
  pool.stop();
  assert.equal(outcomes.length, added);
  assert.equal(new Set(outcomes).size, added);
});
