// The worked `run` example in docs/run.md works as written, and its artifact passes `check`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { binPath } from '../helpers/cli.js';

const repo = new URL('../../', import.meta.url).pathname;

it('the worked example in docs/run.md runs offline and its artifact passes check', () => {
  const doc = readFileSync(`${repo}docs/run.md`, 'utf8');
  const section = doc.slice(doc.indexOf('## Worked example'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(block, 'no sh block under "## Worked example"');
  assert.ok(binPath);
  const result = spawnSync('bash', ['-euo', 'pipefail', '-c', block], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  assert.equal(result.status, 0, result.stderr + result.stdout);
  assert.match(result.stdout, /add-created-at: completed with 2 follow-up\(s\) delivered/);
  assert.match(result.stdout, /1 file checked, no problems/);
});
