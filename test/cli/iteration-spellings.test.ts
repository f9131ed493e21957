// One iteration named by two spellings (./x, x/../x, $PWD/x, through a link) is the same folder to
// check, compare and judge: its runs counted once, and the config looked up from every spelling,
// so that the order of the arguments never decides the verdict.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'iteration-spellings-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const ITERATION = '.eval-magic/ask-before-editing/iteration-1';
const IGNORE_ONE_RUN = JSON.stringify({ ignore: ['**/with_skill/run-1/**'] });

/** The compare fixture (8 runs an arm) in a repository of its own under `name`. */
function repoWithFixture(name: string): string {
  const repo = join(tmp, name);
  cpSync(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), repo, { recursive: true });
  mkdirSync(join(repo, '.git'));
  return repo;
}

/** The runs of each arm compare counts, or its exit code and stderr when it counts none. */
async function compareCounts(cwd: string, ...paths: string[]): Promise<unknown> {
  const run = await runMain(['compare', '--no-grading', '--format', 'json', '--', ...paths], { cwd });
  if (run.code !== 0) return { code: run.code, stderr: run.stderr };
  return JSON.parse(run.stdout).evals.map((e: { runs: unknown }) => e.runs);
}

describe('the same iteration named by two spellings', () => {
  it('is counted once by compare, as the same spelling twice is', async () => {
    const repo = repoWithFixture('once');
    symlinkSync('.eval-magic', join(repo, 'workspace-link'));
    const alone = await compareCounts(repo, ITERATION);
    assert.deepEqual(alone, [{ with_skill: 8, without_skill: 8 }]);
    for (const second of [ITERATION, `./${ITERATION}`, `.eval-magic/../${ITERATION}`, join(repo, ITERATION), `workspace-link/ask-before-editing/iteration-1`]) {
      assert.deepEqual(await compareCounts(repo, ITERATION, second), alone, second);
      assert.deepEqual(await compareCounts(repo, second, ITERATION), alone, second);
    }
  });

  it('under two configs (a link from another repository), is refused by check, compare and judge in either order', async () => {
    const repo = repoWithFixture('two-configs');
    const other = join(tmp, 'other');
    mkdirSync(join(other, '.git'), { recursive: true });
    writeFileSync(join(other, 'eval-magic.config.json'), IGNORE_ONE_RUN);
    symlinkSync(join(repo, '.eval-magic'), join(other, 'ws'));
    const throughOther = join(other, 'ws/ask-before-editing/iteration-1');
    for (const order of [[ITERATION, throughOther], [throughOther, ITERATION]]) {
      const checked = await runMain(['check', '--', ...order], { cwd: repo });
      assert.equal(checked.code, 2, `check ${order.join(' ')}: ${checked.stderr}`);
      assert.match(checked.stderr, /The paths checked have different config files:/);
      const compared = (await compareCounts(repo, ...order)) as { code: number; stderr: string };
      assert.equal(compared.code, 2, `compare ${order.join(' ')}: ${JSON.stringify(compared)}`);
      assert.match(compared.stderr, /The paths checked have different config files:.*\(\.\.\/other\/eval-magic\.config\.json\)/);
      const judged = await runMain(['judge', '--harness', 'claude-code', '--', ...order], { cwd: repo });
      assert.equal(judged.code, 2, `judge ${order.join(' ')}: ${judged.stdout}${judged.stderr}`);
      assert.match(judged.stderr, /The paths checked have different config files:/);
    }
  });
});
