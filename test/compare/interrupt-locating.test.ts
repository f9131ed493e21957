// An abort while compare locates the runs (every eval, condition and run folder listed, every
// run.json read) is heard within a slice of that work, not once it is all done: on a workspace of
// 10,000 runs the stretch took ~0.5 s, seconds on a larger one, deaf to Ctrl-C. The stretch is
// made observable by counting the folders listed after the abort (node:fs's readdirSync wrapped:
// this file patches process-wide state, so it runs in a process of its own, test/tiers.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { runJudge } from '../../src/judge/index.js';
import { generateIterationCorpus } from '../corpus/generate-iteration.js';

const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
const RUNS = 1_200;
/** Folders listed before the abort: well into the located stage. */
const LISTED_BEFORE_ABORT = 60;

let dir: string;
let iteration: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'interrupt-locating-'));
  iteration = join(dir, generateIterationCorpus(dir, RUNS));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `work` with every call of node:fs's `method` whose path `counts` counted: the signal given
 * aborts once LISTED_BEFORE_ABORT calls are made. Resolves with how many were made after the abort, and how many in all.
 */
async function callsAfterAbort(method: 'readdirSync' | 'openSync', counts: (path: string) => boolean, work: (signal: AbortSignal) => Promise<unknown>, reason: Error): Promise<{ after: number; all: number }> {
  const controller = new AbortController();
  const real = fs[method];
  let all = 0;
  let afterAbort = 0;
  (fs as Record<string, unknown>)[method] = function (this: unknown, path: unknown, ...rest: unknown[]) {
    if (counts(String(path))) {
      all++;
      if (controller.signal.aborted) afterAbort++;
      else if (all === LISTED_BEFORE_ABORT) controller.abort(reason);
    }
    return (real as (...args: unknown[]) => unknown).call(this, path, ...rest);
  };
  syncBuiltinESMExports();
  try {
    await assert.rejects(work(controller.signal), (error) => error === reason);
  } finally {
    (fs as Record<string, unknown>)[method] = real;
    syncBuiltinESMExports();
  }
  return { after: afterAbort, all };
}

/** {@link callsAfterAbort} of the folders listed under the corpus. */
const listingsAfterAbort = (work: (signal: AbortSignal) => Promise<unknown>, reason: Error) => callsAfterAbort('readdirSync', (path) => path.startsWith(dir), work, reason);

describe('an abort while the runs are located', () => {
  it('compare of an iteration folder stops within a slice of the listing, with the signal\'s reason', async () => {
    const reason = new Error('interrupted while locating');
    const listed = await listingsAfterAbort((signal) => compareIterations([iteration], { cwd: dir, signal, concurrency: 'off', writeGrading: false }), reason);
    // The iteration holds ~1,800 folders (eval, condition and run folders): all were listed before the abort was heard.
    assert.ok(listed.after < RUNS / 3, `${listed.after} folders listed after the abort (of ${listed.all})`);
  });

  it('compare of a workspace stops as soon, while the search picks its iteration', async () => {
    const reason = new Error('interrupted while searching');
    const listed = await listingsAfterAbort((signal) => compareIterations([join(dir, '.eval-magic')], { cwd: dir, signal, concurrency: 'off', writeGrading: false }), reason);
    assert.ok(listed.after < RUNS / 3, `${listed.after} folders listed after the abort (of ${listed.all})`);
  });

  it('judge stops as soon, while it plans (before any session)', async () => {
    const reason = new Error('interrupted while planning');
    const listed = await listingsAfterAbort((signal) => runJudge({ paths: [join(dir, '.eval-magic')], harness: 'claude-code', baseDir: dir, env: { PATH: '' }, signal, dryRun: true }), reason);
    assert.ok(listed.after < RUNS / 3, `${listed.after} folders listed after the abort (of ${listed.all})`);
  });
});

describe('an abort while judge renders each run\'s packets', () => {
  it('is heard between runs, before any session (the stretch, ~1 ms a run, took seconds on thousands deaf to Ctrl-C, and judgment.json files were written after it: review31)', async () => {
    // Every eval gets an llm_judge assertion, so each run has a packet to render and a judgment.json
    // to look for: the corpus of the tests above (a second one of RUNS runs cost ~0.6 CPU-s), its
    // evals.json put back afterwards.
    const campaign = JSON.parse(readFileSync(join(iteration, 'campaign.json'), 'utf8')) as { evals: { path: string } };
    const evalsPath = join(dir, campaign.evals.path);
    const original = readFileSync(evalsPath, 'utf8');
    const evals = JSON.parse(original) as { evals: Array<{ assertions: unknown[] }> };
    for (const e of evals.evals) e.assertions.push({ id: 'says-why', type: 'llm_judge', rubric: 'The agent says why it made the change.' });
    writeFileSync(evalsPath, JSON.stringify(evals, null, 2));
    try {
      const reason = new Error('interrupted while rendering packets');
      const opened = await callsAfterAbort('openSync', (path) => path.endsWith('judgment.json'), (signal) => runJudge({ paths: [iteration], harness: 'claude-code', baseDir: dir, env: { PATH: '' }, signal, evals: evalsPath, dryRun: true }), reason);
      assert.ok(opened.all >= LISTED_BEFORE_ABORT, `the packets' stretch was reached (${opened.all} judgment.json looked for)`);
      assert.ok(opened.after < RUNS / 3, `${opened.after} judgment.json looked for after the abort (of ${opened.all})`);
    } finally {
      writeFileSync(evalsPath, original);
    }
  });
});
