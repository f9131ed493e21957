// Files the user names on the command line — --evals, --harness — are read by the checker's read
// rule: a device or a FIFO there is refused with exit 2 before a byte is read, never read (a
// `campaign --evals /dev/zero` used to grow until it was killed; `compare --evals /dev/zero` hung).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { binPath } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'named-inputs-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const fixture = fileURLToPath(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url));
const evals = join(fixture, 'ask-before-editing', 'evals', 'evals.json');

/** The built CLI, stopped after 15 s: an input read forever fails the test instead of hanging it. */
function cli(args: string[]) {
  const result = spawnSync(process.execPath, [binPath, ...args], { cwd: tmp, encoding: 'utf8', timeout: 15_000, env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, signal: result.signal, stderr: result.stderr };
}
const refused = (run: ReturnType<typeof cli>, what: RegExp) => {
  assert.equal(run.signal, null, 'it was still reading after 15 s');
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr, what);
  assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
};

describe('--evals and --harness name a device or a FIFO', () => {
  it('campaign --evals /dev/zero: exit 2, nothing read', () => {
    refused(cli(['campaign', '--evals', '/dev/zero', '--harness', 'claude-code', '--skill', join(fixture, 'ask-before-editing'), '--workspace', join(tmp, 'ws')]), /evals file "\/dev\/zero".*Not a regular file \(a device\)/);
  });
  it('compare --evals /dev/zero: exit 2, nothing read', () => {
    refused(cli(['compare', join(fixture, '.eval-magic', 'ask-before-editing', 'iteration-1'), '--evals', '/dev/zero']), /Not a regular file \(a device\)/);
  });
  it('run --evals <a FIFO no one writes>: exit 2 at once, not a hang', () => {
    const fifo = join(tmp, 'evals.json');
    spawnSync('mkfifo', [fifo]);
    refused(cli(['run', '--evals', fifo, '--eval', 'rename-column', '--harness', 'claude-code', '--cwd', tmp, '--out', join(tmp, 'out')]), /Not a regular file \(a named pipe\)/);
  });
  it('campaign --harness /dev/zero: exit 2, nothing read', () => {
    refused(cli(['campaign', '--evals', evals, '--harness', '/dev/zero', '--workspace', join(tmp, 'ws2')]), /--harness "\/dev\/zero" is neither a built-in .* nor a readable descriptor file: Not a regular file \(a device\)/);
  });
});
