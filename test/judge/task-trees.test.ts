// The judge's task listings: one per run and repeat for all its judgments of that repeat, listed
// again after a failed copy, let go after the last of them; a run without a task folder gets no copy.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Blinder } from '../../src/judge/blinding.js';
import { TaskTrees, type JudgmentJob } from '../../src/judge/session.js';

const root = mkdtempSync(join(tmpdir(), 'eval-magic-task-trees-'));
after(() => rmSync(root, { recursive: true, force: true }));

const blinder = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [] });
const job = (taskDir: string | undefined, repeat: number, assertionId = 'a'): JudgmentJob => ({
  evalId: 'e', assertionId, repeat, runDir: root, of: { evalId: 'e', condition: 'with_skill', run: 1 }, dir: join(root, 'judge', 'a', String(repeat)), root, packet: 'p', packetSha256: 'x', criteriaSha256: 'y', conversationSha256: 'z', promptsSha256: 'w', diffSha256: 'v', taskDir, leaveOut: ['.claude/skills/s'], blinder, model: undefined,
});

function makeTask(name: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, '.claude', 'skills', 's'), { recursive: true });
  writeFileSync(join(dir, '.claude', 'skills', 's', 'SKILL.md'), 'staged\n');
  writeFileSync(join(dir, 'a.txt'), 'a\n');
  return dir;
}

describe('TaskTrees', () => {
  it("lists a run's task once for all its judgments of a repeat, without what is left out", async () => {
    const task = makeTask('once');
    const [one, two] = [job(task, 1), job(task, 1, 'b')];
    const trees = new TaskTrees([one, two], []);
    const listing = trees.list(one);
    assert.equal(trees.list(two), listing, 'the second judgment gets the first listing');
    assert.deepEqual((await listing)?.map((e) => e.path), ['.claude', '.claude/skills', 'a.txt']);
  });

  it("lists it again for the next repeat: judgments are made repeat by repeat, so a run's listing is not held through every other run's judgments", async () => {
    const task = makeTask('by-repeat');
    const [first, second] = [job(task, 1), job(task, 2)];
    const trees = new TaskTrees([first, second], []);
    const listing = trees.list(first);
    trees.done(first);
    assert.notEqual(trees.list(second), listing, 'let go after the repeat\'s last judgment, though the run has another');
  });

  it('lists again after a copy failed (forget), and after the run\'s last judgment ended', async () => {
    const task = makeTask('again');
    const [one, two] = [job(task, 1), job(task, 1, 'b')];
    const trees = new TaskTrees([one, two], []);
    const first = await trees.list(one);
    writeFileSync(join(task, 'b.txt'), 'b\n');
    assert.equal(await trees.list(two), first, 'kept while the run is judged');
    trees.forget(one);
    assert.deepEqual((await trees.list(two))?.map((e) => e.path), ['.claude', '.claude/skills', 'a.txt', 'b.txt']);
    trees.done(one);
    const kept = trees.list(two);
    assert.equal(trees.list(two), kept, 'one judgment of the run is still on');
    trees.done(two);
    const later = trees.list(two);
    assert.notEqual(later, kept, 'let go after the last');
    assert.deepEqual(await later, await kept);
  });

  it('gives no copy to a run that kept no task folder; one whose folder is gone since it was planned fails the copy, as compare fails it, unless its run.json says it held no file', async () => {
    const missing = { ...job(join(root, 'missing'), 1), emptyDirs: ['staged'] };
    const trees = new TaskTrees([job(undefined, 1), missing], []);
    assert.equal(await trees.list(job(undefined, 1)), undefined);
    await assert.rejects(trees.list(missing), /^UsageError: the run's task folder, which its run\.json names, is gone$/);
    // Held no file when the run ended: a copy that keeps no empty folder dropped it, and the judge is given an empty folder.
    const empty = { ...job(join(root, 'missing'), 2), emptyDirs: ['task', 'staged'] };
    assert.deepEqual(await new TaskTrees([empty], []).list(empty), []);
    // A record from before eval-magic kept it: still failed, saying what may have dropped it.
    await assert.rejects(new TaskTrees([job(join(root, 'missing'), 1)], []).list(job(join(root, 'missing'), 1)), /^UsageError: the run's task folder, which its run\.json names, is gone \(its run\.json, from an older eval-magic, does not say whether it held any file: a copy that keeps no empty folder, as git does, drops one that held none\)$/);
  });

  it("never follows a task folder that is a link (to /etc, say): the judge's copy would hold what it points to; refused as compare refuses it", async () => {
    const outside = makeTask('outside');
    const linked = join(root, 'linked-task');
    symlinkSync(outside, linked);
    await assert.rejects(new TaskTrees([job(linked, 1)], []).list(job(linked, 1)), /^UsageError: the run's task folder, which its run\.json names, is a symbolic link \(not followed: it may point out of the workspace\)$/);
    const file = join(root, 'file-task');
    writeFileSync(file, 'x');
    await assert.rejects(new TaskTrees([job(file, 1)], []).list(job(file, 1)), /^UsageError: the run's task folder, which its run\.json names, is not a folder$/);
  });
});
