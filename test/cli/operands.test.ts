// Scripts and CI workflows put paths after `--` (`compare --fail-on worse -- "$dir"`), so a
// path that starts with "-" is never read as a flag: every command that takes paths finds them there.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { copyWithoutCommandChecks } from '../compare/workspace.js';
import { runMain } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'em-operands-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
// Without its command_check (a contained shell per run per compare): what is read here is where the path was found.
const workspace = copyWithoutCommandChecks(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(tmp, 'shift'), 'ask-before-editing');
const ITERATION = '.eval-magic/ask-before-editing/iteration-1';

describe('paths after --', () => {
  it('compare: the same comparison from a path before and after --, and options before --', async () => {
    const plain = await runMain(['compare', ITERATION, '--no-grading', '-f', 'json'], { cwd: workspace });
    assert.equal(plain.code, 0, plain.stderr);
    const dashed = await runMain(['compare', '--no-grading', '-f', 'json', '--', ITERATION], { cwd: workspace });
    assert.equal(dashed.code, 0, dashed.stderr);
    assert.deepEqual(JSON.parse(dashed.stdout).evals, JSON.parse(plain.stdout).evals);
  });

  it('compare: an argument after -- that looks like an option is a path', async () => {
    const r = await runMain(['compare', '--no-grading', '--', '--fail-on'], { cwd: workspace });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /--fail-on/);
    assert.doesNotMatch(r.stderr, /Not enough arguments following/);
  });

  it('compare: no path at all is a usage error that says what to give', async () => {
    const r = await runMain(['compare', '--no-grading'], { cwd: workspace });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^eval-magic: compare needs an iteration folder or a workspace, e\.g\. eval-magic compare \.eval-magic\/<skill>\/iteration-1\n$/);
  });
});
