// The whole path to --out, not only --out and below: an agent whose task folder holds --out
// (allowed only with --allow-out-inside-cwd) replaces a folder above --out with a link to a
// victim folder, with a copy of the lock waiting there. Later rounds and the final write must not
// land in the victim.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE, runEvals } from '../../src/runner/index.js';
import { claudeRound, makeWorkspace, oneEval, type FakeRound } from '../runner/run-helpers.js';
import { lockOutFolder } from '../../src/runner/out-lock.js';

const always = [{ prompt: 'next', deliver_when: 'always' }];

/** Every entry under `dir`, recursively, as relative paths. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

describe('a folder above --out swapped for a link', () => {
  it('during round 1: the run stops before reading round 1\'s files through the link, and nothing is written in the victim', async () => {
    const ws = makeWorkspace(oneEval('e1', 'start', always), []);
    const runs = join(ws.task, 'runs');
    const out = join(runs, 'e1');
    const victim = join(ws.root, 'victim');
    mkdirSync(victim);
    // Round 1 copies the lock into the victim, then replaces runs/ (lock and all) by a link to
    // it: the lock check then passes, so only a check of the path itself can see the swap.
    const swap: FakeRound = {
      ...claudeRound('s', 'one'),
      plant: [{ path: join(victim, 'e1', LOCK_FILE), copyFrom: join(out, LOCK_FILE) }, { path: runs, symlinkTo: victim }],
    };
    writeFileSync(ws.env.FAKE_AGENT_SCRIPT!, JSON.stringify({ rounds: [swap, claudeRound('s', 'two')] }));
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out, env: ws.env, allowOutInsideCwd: true });
    assert.equal(result!.status, 'aborted', JSON.stringify(result));
    if (result!.status !== 'aborted') return;
    assert.equal(result!.reason, 'unsafe-output');
    assert.equal(result!.round, 1, 'refused before round 1\'s events are read through the link');
    assert.match(result!.message, /^Round 1: cannot read the round folder .*: --out .*runs\/e1 is no longer the folder this run locked \(it now leads to .*victim\/e1: a folder above it was moved or replaced by a link\)$/);
    assert.deepEqual(tree(victim), ['e1', `e1/${LOCK_FILE}`], 'the victim holds only what the agent put there');
    assert.equal(ws.calls().length, 1);
  });

  it('a folder above --out replaced by another real folder (same path, another inode) is refused too', async () => {
    const ws = makeWorkspace(oneEval('e1', 'start', always), [claudeRound('s', 'one'), claudeRound('s', 'two')]);
    const runs = join(ws.root, 'runs');
    const out = join(runs, 'e1');
    const results = await runEvals({
      evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out, env: ws.env,
      // Done by the user's reporter here (no agent needed): the old folder moves away, a new one takes its name.
      reporter: (p) => {
        if (p.kind !== 'round-finished' || p.round !== 1) return;
        renameSync(runs, `${runs}.old`);
        mkdirSync(out, { recursive: true });
        copyFileSync(join(`${runs}.old`, 'e1', LOCK_FILE), join(out, LOCK_FILE));
      },
    });
    const result = results[0]!;
    assert.equal(result.status === 'aborted' && result.reason, 'unsafe-output', JSON.stringify(result));
    assert.equal(existsSync(join(out, 'turn-2')), false);
  });
});

describe('a locked folder whose path another folder took is named as its lock names it', () => {
  // [how the lock was taken, how the refusal names the folder]: run's --out (its path as given), campaign's run folder (as campaign names it).
  const cases: Array<[string, (dir: string) => string | undefined, (dir: string) => string]> = [
    ['--out', () => undefined, (dir) => `--out ${dir}`],
    ['a run folder of a campaign', (dir) => `the run folder ${dir}`, (dir) => `the run folder ${dir}`],
  ];
  for (const [what, named, shown] of cases) {
    it(what, () => {
      const root = mkdtempSync(join(tmpdir(), 'em-pin-'));
      const dir = join(root, 'run-1');
      mkdirSync(dir);
      const label = named(dir);
      const lock = label === undefined ? lockOutFolder(dir) : lockOutFolder(dir, label);
      renameSync(dir, join(root, 'moved'));
      mkdirSync(dir);
      assert.throws(() => lock.assertHeld(), (e: Error) => e.message === `${shown(dir)} is no longer the folder this run locked (another folder took its place)`);
    });
  }
});
