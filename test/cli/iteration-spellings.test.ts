// The same runs get the same config from check, compare and judge, however they are named: one
// iteration named by two spellings (./x, x/../x, $PWD/x, through a link) is one folder, its config
// looked up from every spelling; a config between the folder named and the files is refused by all three.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { copyWithoutCommandChecks } from '../compare/workspace.js';
import { runMain } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'iteration-spellings-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const ITERATION = '.eval-magic/ask-before-editing/iteration-1';
const IGNORE_ONE_RUN = JSON.stringify({ ignore: ['**/with_skill/run-1/**'] });

/**
 * The compare fixture (8 runs an arm) in a repository of its own under `name`, without its
 * command_check: these tests count runs, and every compare ran that command in a sandbox for each
 * run (~300 sandboxed commands, most of this file's CPU).
 */
function repoWithFixture(name: string): string {
  const repo = copyWithoutCommandChecks(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(tmp, name), 'ask-before-editing');
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

/** What check, compare and judge make of `path`: refused for its configs, or the files checked and the runs counted. */
async function entryPoints(cwd: string, path: string): Promise<{ check: unknown; compare: unknown; judge: unknown }> {
  const refused = (run: { code: number | null; stderr: string }) => run.code === 2 && /The paths checked have different config files:/.test(run.stderr);
  const checked = await runMain(['check', '--format', 'json', '--', path], { cwd });
  const compared = await runMain(['compare', '--no-grading', '--format', 'json', '--', path], { cwd });
  // No agent CLI here: judge stops at its harness once its plan is made — or refuses the configs before.
  const judged = await runMain(['judge', '--harness', 'claude-code', '--', path], { cwd, env: { PATH: '/nonexistent' } });
  return {
    check: refused(checked) ? 'refused' : checked.code === 0 ? `${JSON.parse(checked.stdout).length} files` : checked.stderr,
    compare: refused(compared) ? 'refused' : compared.code === 0 ? JSON.parse(compared.stdout).evals.map((e: { runs: unknown }) => e.runs) : compared.stderr,
    judge: refused(judged) ? 'refused' : /"claude" is not on PATH/.test(judged.stderr) ? 'planned' : judged.stderr,
  };
}

describe('a config between the folder named and the runs', () => {
  const counted = (withSkill: number) => [{ with_skill: withSkill, without_skill: 8 }];
  for (const [where, refusedFor, usedFor] of [
    ['.eval-magic/ask-before-editing', ['.', '.eval-magic'], ['.eval-magic/ask-before-editing', ITERATION]],
    ['.eval-magic', ['.'], ['.eval-magic', '.eval-magic/ask-before-editing', ITERATION]],
  ] as const) {
    it(`in ${where}/: check, compare and judge refuse it from ${refusedFor.join(' and ')} alike, and apply it from ${usedFor.join(', ')}`, async () => {
      const repo = repoWithFixture(`between-${where.replaceAll('/', '-')}`);
      writeFileSync(join(repo, where, 'eval-magic.config.json'), IGNORE_ONE_RUN);
      for (const path of refusedFor) assert.deepEqual(await entryPoints(repo, path), { check: 'refused', compare: 'refused', judge: 'refused' }, path);
      // The config leaves out with_skill run 1: 15 of the 16 artifacts checked, 7 of its 8 runs counted.
      for (const path of usedFor) assert.deepEqual(await entryPoints(repo, path), { check: '15 files', compare: counted(7), judge: 'planned' }, path);
    });
  }

  it('in one run folder: check refuses it however the folder is searched (by name, by a --pattern glob, by a glob argument), and applies it to that run named alone', async () => {
    const repo = repoWithFixture('in-a-run');
    const run = `${ITERATION}/eval-rename-column/with_skill/run-3`;
    writeFileSync(join(repo, run, 'eval-magic.config.json'), JSON.stringify({ rules: { 'blank-text': 'off' } }));
    // An ignore glob over the config file's own name does not hide where it applies (check applied the outer config to that run).
    for (const args of [['.eval-magic'], ['--pattern', '**/conv*.json', '.eval-magic'], ['.eval-magic/**/conversation.json'], ['--ignore', '**/*config*', '.eval-magic'], ['--ignore', '**/eval-magic.config.json', '.eval-magic']]) {
      const checked = await runMain(['check', ...args], { cwd: repo });
      assert.equal(checked.code, 2, `check ${args.join(' ')}: ${checked.stdout}${checked.stderr}`);
      assert.match(checked.stderr, /"\.eval-magic(\/\*\*\/conversation\.json)?" \(no config file\); ".*run-3\/conversation\.json" \(.*run-3\/eval-magic\.config\.json\)\. One check applies one config: name the one to use with --config, or check "?.*run-3"? apart/);
    }
    const compared = (await compareCounts(repo, ITERATION)) as { code: number; stderr: string };
    assert.equal(compared.code, 2);
    // compare takes whole iterations: it cannot be given the run folder, so it is not told to.
    assert.match(compared.stderr, /compare and judge take whole iterations: for them, move it to the iteration's folder or above\.\n$/);
    const alone = await runMain(['check', '--verbose', run], { cwd: repo });
    assert.equal(alone.code, 0, alone.stderr);
    assert.match(alone.stderr, /eval-magic: config: .*run-3\/eval-magic\.config\.json/);
  });

  it('a repository inside the folder checked (a submodule) holding runs, under no config of its own: check of the outer folder refuses it, naming why', async () => {
    const outer = join(tmp, 'outer');
    mkdirSync(join(outer, '.git'), { recursive: true });
    writeFileSync(join(outer, 'eval-magic.config.json'), IGNORE_ONE_RUN);
    cpSync(repoWithFixture('inner-source'), join(outer, 'inner'), { recursive: true });
    // An ignore glob over `.git` does not hide where the inner repository starts.
    for (const args of [['.'], ['--ignore', '**/.git', '.'], ['--ignore', '**/.git/**', '.']]) {
      const checked = await runMain(['check', ...args], { cwd: outer });
      assert.equal(checked.code, 2, `check ${args.join(' ')}: ${checked.stdout}${checked.stderr}`);
      assert.match(checked.stderr, /"\." \(eval-magic\.config\.json\); "inner\/[^"]*" \(no config file\)\. .*a repository inside the folder named has its own config, or none/);
    }
    assert.equal((await runMain(['check', 'inner'], { cwd: outer })).code, 0);
  });
});

describe('a run the config leaves out is held to no config', () => {
  it("its folder holding a .git or a config of its own: check and compare (threads or none) take the others, as they do without it (compare refused it, exit 2, naming the run the user had set aside)", async () => {
    for (const inside of ['.git', 'eval-magic.config.json']) {
      const repo = repoWithFixture(`left-out-${inside}`);
      writeFileSync(join(repo, 'eval-magic.config.json'), IGNORE_ONE_RUN);
      const run = join(repo, ITERATION, 'eval-rename-column/with_skill/run-1');
      if (inside === '.git') mkdirSync(join(run, '.git'));
      else writeFileSync(join(run, inside), '{}');
      for (const path of ['.', ITERATION]) {
        const checked = await runMain(['check', '--', path], { cwd: repo });
        assert.equal(checked.code, 0, `check ${path}: ${checked.stderr}`);
      }
      for (const threads of ['off', '2']) {
        const compared = await runMain(['compare', '--no-grading', '--format', 'json', '--concurrency', threads, '--', ITERATION], { cwd: repo });
        assert.equal(compared.code, 0, `${inside}, ${threads}: ${compared.stderr}`);
        assert.deepEqual(JSON.parse(compared.stdout).evals.map((e: { runs: unknown }) => e.runs), [{ with_skill: 7, without_skill: 8 }]);
      }
    }
  });
});
