// Work folders: `<tmp>/<A>/<B>/work`, <A> one per command; removal is exact — only a folder of the
// shape eval-magic makes is ever removed, also when an older run.json names one of the old shape.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { describe, it } from 'node:test';
import { sessionsRoot, WorkFolders, workRoot } from '../../src/process/work-folders.js';
import { withOwnTmpdir } from '../helpers/own-tmpdir.js';

/** A folder `<tmp>/<6 random>` with `rel` made in it, as an earlier command would have left it. */
function leftBehind(rel: string): string {
  const holder = mkdtempSync(workRoot() + sep);
  mkdirSync(join(holder, rel), { recursive: true });
  writeFileSync(join(holder, rel, 'notes.txt'), 'x');
  return holder;
}

describe('work folders', () => {
  it('are made in one holder per command, each in a level of its own, and the holder goes when the command closes it', () => {
    const folders = new WorkFolders();
    const [a, b] = [folders.make(), folders.make()];
    assert.equal(basename(a), 'work');
    assert.equal(dirname(dirname(a)), folders.holder);
    assert.equal(dirname(dirname(b)), folders.holder);
    assert.notEqual(dirname(a), dirname(b));
    assert.equal(dirname(folders.holder), sessionsRoot());
    assert.equal(sessionsRoot(), join(workRoot(), `eval-magic-sessions-${process.getuid!()}`), "every command's holders in one folder of this user's");
    assert.equal(statSync(sessionsRoot()).mode & 0o777, 0o700);
    assert.match(basename(folders.holder), /^[A-Za-z0-9]{6}$/);
    mkdirSync(a);
    const kept = join(mkdtempSync(join(tmpdir(), 'em-kept-')), 'task');
    folders.keep(a, kept);
    assert.ok(existsSync(kept));
    assert.equal(existsSync(dirname(a)), false, 'its level is removed');
    folders.discard(b);
    assert.equal(existsSync(dirname(b)), false);
    assert.ok(existsSync(folders.holder), "the command's own holder stays while it runs");
    const holder = folders.holder;
    folders.close();
    assert.equal(existsSync(holder), false);
  });

  it('a holder removed while the command runs is made again', () => {
    const folders = new WorkFolders();
    const first = folders.holder;
    rmSync(first, { recursive: true });
    const work = folders.make();
    assert.notEqual(dirname(dirname(work)), first);
    assert.ok(existsSync(dirname(work)));
    folders.close();
  });

  it("a sessions folder that is not this user's own private folder (a link, or a folder open to others) is never used: the holders are made in <tmp> itself", async () => {
    // In a temporary folder of this test's own: the real sessions folder is in use by the commands of other test processes.
    await withOwnTmpdir((tmp) => {
      const root = sessionsRoot();
      assert.equal(root, join(tmp, `eval-magic-sessions-${process.getuid!()}`));
      rmSync(root, { recursive: true });
      const elsewhere = mkdtempSync(join(tmp, 'elsewhere-'));
      symlinkSync(elsewhere, root);
      const linked = new WorkFolders();
      assert.equal(dirname(linked.holder), tmp, 'a link at the name');
      assert.deepEqual(readdirSync(elsewhere), [], 'nothing made through the link');
      linked.close();
      rmSync(root);
      mkdirSync(root);
      chmodSync(root, 0o755);
      const open = new WorkFolders();
      assert.equal(dirname(open.holder), tmp, 'a folder others can enter');
      open.close();
    });
  });

  // campaign removes synchronously, the judge on libuv's thread pool: one rule, both ways.
  const ways: Array<[string, (folders: WorkFolders, work: string) => void | Promise<void>]> = [
    ['discard', (folders, work) => folders.discard(work)],
    ['discardAsync', (folders, work) => folders.discardAsync(work)],
  ];
  for (const [how, discard] of ways) {
    it(`${how}: an earlier command's work folder is removed, and its holder once empty; one of the old shape <tmp>/<X>/work too`, async () => {
      const folders = new WorkFolders();
      const holder = leftBehind('aaaaaa/work');
      mkdirSync(join(holder, 'bbbbbb', 'work'), { recursive: true });
      await discard(folders, join(holder, 'aaaaaa', 'work'));
      assert.equal(existsSync(join(holder, 'aaaaaa')), false);
      assert.ok(existsSync(join(holder, 'bbbbbb', 'work')), 'the other attempt of that command is left for its own run');
      await discard(folders, join(holder, 'bbbbbb', 'work'));
      assert.equal(existsSync(holder), false, 'the holder, empty now, is removed');
      const old = leftBehind('work');
      await discard(folders, join(old, 'work'));
      assert.equal(existsSync(old), false, 'eval-magic 0.1 made <tmp>/<X>/work');
      // As commands make them now: <sessions>/<A>/<B>/work; the sessions folder itself stays.
      const earlier = mkdtempSync(sessionsRoot() + sep);
      mkdirSync(join(earlier, 'cccccc', 'work'), { recursive: true });
      await discard(folders, join(earlier, 'cccccc', 'work'));
      assert.equal(existsSync(earlier), false, "an earlier command's holder in the sessions folder, empty now, is removed");
      assert.ok(existsSync(sessionsRoot()));
      mkdirSync(join(sessionsRoot(), 'work'), { recursive: true });
      const sessionsHolder = mkdtempSync(sessionsRoot() + sep);
      mkdirSync(join(sessionsHolder, 'dddddd', 'work'), { recursive: true });
      await discard(folders, join(sessionsHolder, 'work'));
      await discard(folders, join(sessionsRoot(), 'work'));
      assert.ok(existsSync(join(sessionsHolder, 'dddddd', 'work')), 'a holder named as an attempt is a running command\'s sessions');
      assert.ok(existsSync(join(sessionsRoot(), 'work')), 'the sessions folder is no attempt');
      rmSync(sessionsHolder, { recursive: true });
      rmSync(join(sessionsRoot(), 'work'), { recursive: true });
      folders.close();
    });

    it(`${how}: nothing is removed whose path is not of a work folder eval-magic made`, async () => {
      const folders = new WorkFolders();
      const holder = leftBehind('aaaaaa/cccccc/work');
      mkdirSync(join(holder, 'aaaaaa', 'task'));
      const named = mkdtempSync(join(workRoot(), 'em-not-random-'));
      mkdirSync(join(named, 'aaaaaa', 'work'), { recursive: true });
      const elsewhere = mkdtempSync(join(tmpdir(), 'em-elsewhere-'));
      const deep = join(elsewhere, 'xxxxxx');
      mkdirSync(join(deep, 'aaaaaa', 'work'), { recursive: true });
      for (const path of [
        join(holder, 'aaaaaa', 'cccccc', 'work'), // a level too deep
        join(holder, 'aaaaaa', 'task'), // not named work
        join(holder, 'aaaaaa', 'work', '..', 'task'),
        join(named, 'aaaaaa', 'work'), // a holder of another name
        join(named, 'work'),
        join(deep, 'aaaaaa', 'work'), // not below the temporary folder itself
        join(workRoot(), 'work'),
        'work',
      ]) await discard(folders, path);
      for (const kept of [join(holder, 'aaaaaa', 'cccccc', 'work', 'notes.txt'), join(holder, 'aaaaaa', 'task'), join(named, 'aaaaaa', 'work'), join(deep, 'aaaaaa', 'work')]) {
        assert.ok(existsSync(kept), `${kept} was removed`);
      }
      for (const dir of [holder, named, elsewhere]) rmSync(dir, { recursive: true });
      folders.close();
    });

    it(`${how}: a record naming <tmp>/<A>/work where <A> is a holder (its levels are sessions, no work folder) removes nothing: a running command's sessions`, async () => {
      const folders = new WorkFolders();
      const running = leftBehind('aaaaaa/work');
      await discard(folders, join(running, 'work'));
      assert.ok(existsSync(join(running, 'aaaaaa', 'work', 'notes.txt')), "another command's holder was removed whole");
      // Nor this command's own.
      mkdirSync(folders.make(), { recursive: true });
      await discard(folders, join(folders.holder, 'work'));
      assert.ok(existsSync(folders.holder), "the command's own holder was removed");
      rmSync(running, { recursive: true });
      folders.close();
    });

    it(`${how}: nothing is removed through a link in the temporary folder named like a holder`, async () => {
      const folders = new WorkFolders();
      const elsewhere = mkdtempSync(join(tmpdir(), 'em-elsewhere-'));
      for (const rel of ['aaaaaa/work', 'work']) mkdirSync(join(elsewhere, rel), { recursive: true });
      writeFileSync(join(elsewhere, 'aaaaaa', 'work', 'notes.txt'), 'x');
      // A link at a name of mkdtemp's shape, leading out of the temporary folder.
      const link = mkdtempSync(workRoot() + sep);
      rmSync(link, { recursive: true });
      symlinkSync(elsewhere, link);
      await discard(folders, join(link, 'aaaaaa', 'work'));
      await discard(folders, join(link, 'work'));
      assert.ok(existsSync(join(elsewhere, 'aaaaaa', 'work', 'notes.txt')), 'removed through the link');
      assert.ok(existsSync(join(elsewhere, 'work')));
      rmSync(link);
      rmSync(elsewhere, { recursive: true });
      folders.close();
    });
  }
});
