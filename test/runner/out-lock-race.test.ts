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
// Each contender waits for the same instant, then takes the lock and holds it a moment.
const contender = `
import { lockOutFolder } from ${JSON.stringify(lockModule)};
const start = Number(process.argv[2]);
while (Date.now() < start) {}
try { const lock = lockOutFolder(process.argv[1]); setTimeout(() => { lock.release(); console.log('held'); }, 300); }
catch (error) { console.log(error.message); }
`;

function runContender(out: string, start: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', contender, out, String(start)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(text.trim()));
  });
}

describe('the --out lock under contention', () => {
  it('eight runs started together: one holds it, seven name the holder, none finds a half-written lock', async () => {
    {
      const out = mkdtempSync(join(tmpdir(), 'eval-magic-lock-race-'));
      try {
        const start = Date.now() + 1500;
        const answers = await Promise.all(Array.from({ length: 8 }, () => runContender(out, start)));
        assert.equal(answers.filter((a) => a === 'held').length, 1, answers.join('\n'));
        for (const answer of answers.filter((a) => a !== 'held')) assert.match(answer, /is in use by another eval-magic run \(pid \d+/);
        assert.deepEqual(readdirSync(out), [], 'the lock and its staged copies are gone');
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
  });
});
