// The worked campaign examples of docs/campaign.md and README.md run offline as written, the
// workspace passes check, and the same command again does nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { extractCodeBlocks, extractSection } from '../helpers/readme.js';

const repo = new URL('../../', import.meta.url).pathname;

/** Runs a documented sh block with its workspace moved to a fresh temporary folder. */
function runBlock(block: string, workspace: string) {
  const script = block.replaceAll(workspace, join(mkdtempSync(join(tmpdir(), 'eval-magic-doc-')), 'ws'));
  // Twice: the second time the same command must find everything done.
  const result = spawnSync('bash', ['-euo', 'pipefail', '-c', `${script}\n${script.split('\n').filter((l) => l.includes(' campaign ')).join('\n')}`], {
    cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', HOME: mkdtempSync(join(tmpdir(), 'eval-magic-home-')) },
  });
  assert.equal(result.status, 0, result.stderr + result.stdout);
  assert.match(result.stdout, /2 evals × 2 conditions \(with_skill, without_skill\) × runs \(add-created-at 3, explain-export 2\) = 10 agent sessions/);
  assert.match(result.stdout, /3 runs per arm: the smallest two-sided Fisher exact p is 0\.10 — no difference between the arms can be significant at 0\.05/);
  assert.match(result.stdout, /3 runs per arm: from a 50 % pass rate, these runs could not detect any change with 80 % power, however large \(Fisher at 0\.05( \/ \d+ assertions)?\)/);
  assert.match(result.stdout, /10 files checked, no problems/);
  assert.match(result.stdout, /all 10 done already: nothing to run/);
}

it('the worked example in docs/campaign.md', () => {
  const doc = readFileSync(join(repo, 'docs/campaign.md'), 'utf8');
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf('## Worked example')))?.[1];
  assert.ok(block, 'no sh block under "## Worked example"');
  runBlock(block, '/tmp/eval-magic-campaign');
});

it("README's campaign example", () => {
  const [block] = extractCodeBlocks(extractSection(readFileSync(join(repo, 'README.md'), 'utf8'), 'Running a campaign'), 'sh');
  assert.ok(block, 'no sh block under "## Running a campaign"');
  runBlock(block, '/tmp/em-campaign');
});
