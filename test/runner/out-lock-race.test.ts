// Runs that start at the same moment on one --out: exactly one takes the lock, and every other
// names the holder — none may read the lock while it is still being written (an empty file).
// The window was an exclusive create followed by the write; the full suite under load once caught
// a second run reading the empty file. Contention cannot force that window, only offer it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bundledModule } from '../helpers/bundled-module.js';

// Each contender loads the lock's code, says so, and waits for a line on stdin; once all are
// ready the test sends every one its line at once, and each takes the lock. A holder keeps it
// until its stdin ends, which the test does only once every contender has answered. The lock's
// code is bundled once as plain JavaScript, so no contender pays tsx's start-up.
const contender = (lockModule: string) => `
import { lockOutFolder } from ${JSON.stringify(lockModule)};
console.log('ready');
process.stdin.once('data', () => {
  try {
    const lock = lockOutFolder(process.argv[1]);
    console.log('held');
    process.stdin.on('end', () => lock.release());
  } catch (error) { console.log(error.message); }
});
`;

interface Contender { ready: Promise<void>; answer: Promise<string>; go(): void; finish(): void; exited: Promise<void> }

function startContender(script: string, out: string): Contender {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, out], { stdio: ['pipe', 'pipe', 'inherit'] });
  let text = '';
  const lines = (count: number) =>
    new Promise<string[]>((resolve, reject) => {
      const check = () => {
        const done = text.split('\n').slice(0, -1);
        if (done.length >= count) resolve(done);
      };
      child.stdout.on('data', check);
      child.on('error', reject);
      child.on('close', () => resolve(text.trim().split('\n')));
      check();
    });
  child.stdout.on('data', (chunk: Buffer) => void (text += chunk));
  const ready = lines(1).then(([first]) => assert.equal(first, 'ready', text));
  const answer = lines(2).then((all) => all[1] ?? `no answer: ${text}`);
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return { ready, answer, exited, go: () => child.stdin.write('go\n'), finish: () => child.stdin.end() };
}

describe('the --out lock under contention', () => {
  it('eight runs started together: one holds it, seven name the holder, none finds a half-written lock', async () => {
    {
      const out = mkdtempSync(join(tmpdir(), 'eval-magic-lock-race-'));
      try {
        const script = contender(bundledModule(fileURLToPath(new URL('../../src/runner/out-lock.ts', import.meta.url))));
        const contenders = Array.from({ length: 8 }, () => startContender(script, out));
        await Promise.all(contenders.map((c) => c.ready));
        for (const c of contenders) c.go();
        const answers = await Promise.all(contenders.map((c) => c.answer));
        for (const c of contenders) c.finish();
        await Promise.all(contenders.map((c) => c.exited));
        assert.equal(answers.filter((a) => a === 'held').length, 1, answers.join('\n'));
        for (const answer of answers.filter((a) => a !== 'held')) assert.match(answer, /is in use by another eval-magic run \(pid \d+/);
        assert.deepEqual(readdirSync(out), [], 'the lock and its staged copies are gone');
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
  });
});
