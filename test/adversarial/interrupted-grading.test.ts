// Ctrl-C while compare's grading threads write grading.json: every file left is whole, and no
// `.grading.json.<random>.tmp` is left beside one (a thread terminated between writing one and
// renaming it into place left it). In the slow tier (test/tiers.ts): a 3,000-run iteration
// compared a dozen times, ~20 CPU-seconds.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binPath, cliEnv } from '../helpers/cli.js';
import { generateIterationCorpus } from '../corpus/generate-iteration.js';

const RUNS = 3_000;
/** Interrupts that must land while grading.json files are being written (some written, not all). */
const DURING_WRITES = 4;
const MAX_TRIES = 16;

const dir = mkdtempSync(join(tmpdir(), 'interrupted-grading-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Every file of the iteration whose name is grading.json, or a temporary file of one. */
function gradingFiles(iteration: string): { written: string[]; temps: string[] } {
  const written: string[] = [];
  const temps: string[] = [];
  for (const entry of readdirSync(iteration, { recursive: true, withFileTypes: true })) {
    if (entry.name === 'grading.json') written.push(join(entry.parentPath ?? entry.path, entry.name));
    else if (/^\.grading\.json\..{12}\.tmp$/.test(entry.name)) temps.push(join(entry.parentPath ?? entry.path, entry.name));
  }
  return { written, temps };
}

/** Runs compare on the iteration; SIGINT after `delayMs` (none: runs to the end). Resolves with its exit code and how long it ran. */
function compare(iteration: string, delayMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [binPath, 'compare', iteration, '--format', 'json', '--concurrency', '2'], { cwd: dir, env: cliEnv({}), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const timer = delayMs === undefined ? undefined : setTimeout(() => child.kill('SIGINT'), delayMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0 && code !== 1 && code !== 130) reject(new Error(`compare exited ${code ?? signal}: ${stderr}`));
      else resolve({ code, signal, ms: performance.now() - started });
    });
  });
}

describe('compare interrupted while its threads write grading.json', () => {
  it(`leaves every grading.json whole and no temporary file, at ${DURING_WRITES} moments during the writes`, async () => {
    const iteration = join(dir, generateIterationCorpus(dir, RUNS));
    // A whole run first: how long one takes, and how many grading.json files it writes.
    const whole = await compare(iteration);
    const total = gradingFiles(iteration).written.length;
    assert.ok(total > RUNS / 2, `a whole compare wrote ${total} grading.json files`);
    let during = 0;
    for (let tryNo = 0; tryNo < MAX_TRIES && during < DURING_WRITES; tryNo++) {
      for (const path of gradingFiles(iteration).written) rmSync(path);
      // Spread over the run's second half, where the walk is done and the threads write.
      const { code } = await compare(iteration, whole.ms * (0.45 + (0.5 * tryNo) / MAX_TRIES));
      const { written, temps } = gradingFiles(iteration);
      assert.deepEqual(temps, [], `interrupted with ${written.length} of ${total} written`);
      for (const path of written) assert.doesNotThrow(() => JSON.parse(readFileSync(path, 'utf8')), path);
      if (code === 130 && written.length > 0 && written.length < total) during++;
    }
    assert.equal(during, DURING_WRITES, `only ${during} interrupts landed while grading.json files were being written`);
  });
});
