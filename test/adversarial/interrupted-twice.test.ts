// A second Ctrl-C ends compare at once: the first stops the grading threads where no grading.json
// write is under way, and waits (up to 10 s) for one busy in a run; the second terminates it
// (removing the grading.json temp file it may have been writing). Exit 130 and the one message,
// as after one Ctrl-C. A thread is kept busy for seconds by one run's conversation.json: 600,000
// events with a bad ordinal, whose finding is placed through a syntax tree of every event. In the
// slow tier (test/tiers.ts): ~15 CPU-seconds.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binPath, cliEnv } from '../helpers/cli.js';
import { generateIterationCorpus } from '../corpus/generate-iteration.js';

const RUNS = 240;
const EVENTS = 600_000;
const STOPPING = 'eval-magic: SIGINT: stopping; no report is written (each grading.json already written is complete)';

const dir = mkdtempSync(join(tmpdir(), 'interrupted-twice-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A conversation.json of `events` events, the last one's ordinal out of sequence. */
function writeSlowConversation(path: string, events: number): void {
  const fd = openSync(path, 'w');
  writeSync(fd, '{"status":"completed","delivered_followups":0,"events":[\n{"type":"user_message","ordinal":0,"round":1,"text":"go"}');
  let chunk: string[] = [];
  for (let i = 1; i < events; i++) {
    chunk.push(`,\n{"type":"assistant_message","ordinal":${i === events - 1 ? 5 : i},"round":1,"text":"reply ${i}"}`);
    if (chunk.length === 10_000) {
      writeSync(fd, chunk.join(''));
      chunk = [];
    }
  }
  writeSync(fd, chunk.join('') + '\n]}\n');
  closeSync(fd);
}

/** The grading.json temporary files left in the iteration. */
function gradingTemps(iteration: string): string[] {
  return readdirSync(iteration, { recursive: true, withFileTypes: true }).filter((e) => /^\.grading\.json\..{12}\.tmp$/.test(e.name)).map((e) => join(e.parentPath ?? e.path, e.name));
}

/** Runs compare on the iteration with a SIGINT at each of `at` (ms after the start). Resolves with its exit code, stderr, and how long it ran after the last SIGINT. */
function compare(iteration: string, at: readonly number[]): Promise<{ code: number | null; stderr: string; ms: number; afterLast: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let last = 0;
    const child = spawn(process.execPath, [binPath, 'compare', iteration, '--format', 'json', '--concurrency', '2'], { cwd: dir, env: cliEnv({}), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const timers = at.map((ms) => setTimeout(() => {
      last = performance.now();
      child.kill('SIGINT');
    }, ms));
    child.on('error', reject);
    child.on('close', (code) => {
      timers.forEach(clearTimeout);
      const now = performance.now();
      resolve({ code, stderr, ms: now - started, afterLast: now - last });
    });
  });
}

describe('compare interrupted twice while a grading thread is busy in one run', () => {
  it('ends at once on the second Ctrl-C, exit 130, no temporary file left', async () => {
    const iteration = join(dir, generateIterationCorpus(dir, RUNS));
    writeSlowConversation(join(iteration, 'eval-e0/with_skill/run-1/conversation.json'), EVENTS);
    // A whole run: the slow run's check is most of it.
    const whole = await compare(iteration, []);
    assert.ok(whole.code === 1, `a whole compare exited ${whole.code}: ${whole.stderr}`);
    const first = whole.ms * 0.3;
    // One Ctrl-C: the busy thread is waited for (the check of the slow run goes on to its end).
    const once = await compare(iteration, [first]);
    assert.equal(once.code, 130, once.stderr);
    assert.equal(once.stderr.trim(), STOPPING);
    assert.ok(once.afterLast > 1000, `one Ctrl-C ended compare ${Math.round(once.afterLast)} ms after it: no thread was busy to wait for (the whole run took ${Math.round(whole.ms)} ms)`);
    // Two: the second ends it at once, as users expect of a second Ctrl-C (npm, pytest).
    const twice = await compare(iteration, [first, first + 300]);
    assert.equal(twice.code, 130, twice.stderr);
    assert.equal(twice.stderr.trim(), STOPPING);
    assert.ok(twice.afterLast < Math.min(1000, once.afterLast / 2), `${Math.round(twice.afterLast)} ms after the second Ctrl-C (one alone waited ${Math.round(once.afterLast)} ms)`);
    assert.deepEqual(gradingTemps(iteration), []);
  });
});
