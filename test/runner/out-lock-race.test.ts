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

const lockModule = fileURLToPath(new URL('../../src/runner/out-lock.ts', import.meta.url));
// Each contender waits for the same instant, then takes the lock; a holder keeps it until its
// stdin ends, which the test does only once every contender has answered.
const contender = `
import { lockOutFolder } from ${JSON.stringify(lockModule)};
const start = Number(process.argv[2]);
while (Date.now() < start) {}
try {
  const lock = lockOutFolder(process.argv[1]);
  console.log('held');
  process.stdin.resume();
  process.stdin.on('end', () => lock.release());
} catch (error) { console.log(error.message); }
`;

interface Contender { answer: Promise<string>; finish(): void; exited: Promise<void> }

function startContender(out: string, start: number): Contender {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', contender, out, String(start)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let text = '';
  const answer = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.trim());
    });
    child.on('error', reject);
    child.on('close', () => resolve(text.trim()));
  });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return { answer, exited, finish: () => child.stdin.end() };
}

describe('the --out lock under contention', () => {
  it('eight runs started together: one holds it, seven name the holder, none finds a half-written lock', async () => {
    {
      const out = mkdtempSync(join(tmpdir(), 'eval-magic-lock-race-'));
      try {
        const start = Date.now() + 1500;
        const contenders = Array.from({ length: 8 }, () => startContender(out, start));
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
