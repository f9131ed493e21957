// The skill digest campaign records (run.json, campaign.json): the documented line format, hashed
// here independently, for a tree with a folder, a link, an executable and a file of several pieces.
// Listing and copying on libuv's pool (the judge's task copies): the same entries and refusals as
// the synchronous ones, links kept as links, and what changed since the listing.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { copyTree, copyTreeAsync, listTree, listTreeAsync, treeDigest, type TreeEntry } from '../../src/fs/file-tree.js';
import { Blinder } from '../../src/judge/blinding.js';
import { planBlindCopyAsync } from '../../src/judge/task-copy.js';

const root = mkdtempSync(join(tmpdir(), 'eval-magic-file-tree-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('treeDigest', () => {
  it('hashes one line per entry in path order, each file by the sha256 of all its bytes', () => {
    const skill = join(root, 'skill');
    mkdirSync(join(skill, 'scripts'), { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), '---\nname: demo\ndescription: d\n---\n');
    // Over three of the pieces it is read in, and not a whole number of them.
    const data = Buffer.alloc(3 * 2 ** 20 + 5);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 12)) & 0xff;
    writeFileSync(join(skill, 'scripts', 'data.bin'), data);
    writeFileSync(join(skill, 'scripts', 'run.sh'), '#!/bin/sh\necho hi\n');
    chmodSync(join(skill, 'scripts', 'run.sh'), 0o755);
    symlinkSync('SKILL.md', join(skill, 'README.md'));

    const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
    const file = (path: string) => sha(readFileSync(join(skill, path)));
    const expected = sha(
      [
        'link README.md SKILL.md',
        `file SKILL.md ${file('SKILL.md')}`,
        'folder scripts',
        `file scripts/data.bin ${file('scripts/data.bin')}`,
        `file scripts/run.sh ${file('scripts/run.sh')} x`,
      ].join('\n') + '\n',
    );
    assert.equal(treeDigest(skill, listTree(skill, 'the skill folder')), expected);
  });

  it('tells apart trees whose names would forge one another\'s lines (a space or a line break in a name, in a link\'s target)', () => {
    const make = (name: string, build: (dir: string) => void) => {
      const dir = join(root, name);
      mkdirSync(dir);
      build(dir);
      return treeDigest(dir, listTree(dir, name));
    };
    // `link a b c`: the link "a b" to "c", or the link "a" to "b c".
    assert.notEqual(make('space-in-name', (d) => symlinkSync('c', join(d, 'a b'))), make('space-in-target', (d) => symlinkSync('b c', join(d, 'a'))));
    // A file whose name carries a second line: `file x <sha>` then `file y <sha>`, from one file.
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const two = make('two-files', (d) => {
      writeFileSync(join(d, 'x'), 'A');
      writeFileSync(join(d, 'y'), 'B');
    });
    const forged = make('one-forged-name', (d) => writeFileSync(join(d, `x ${sha('A')}\nfile y`), 'B'));
    assert.notEqual(forged, two);
    // A backslash stands for itself, not for the escape of a line break.
    assert.notEqual(make('backslash-n', (d) => writeFileSync(join(d, 'a\\nb'), '')), make('line-break', (d) => writeFileSync(join(d, 'a\nb'), '')));
  });
});

/** The async copy (judge's task copy), with nothing in the tree to blind: the tree as it is. */
const nothingToHide = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [] });
// The judge's task copy: planned by the blinder (here with nothing to hide), copied by copyTreeAsync.
const judgesCopy = async (from: string, entries: readonly TreeEntry[], to: string) => copyTreeAsync(from, await planBlindCopyAsync(from, entries, nothingToHide, []), to);

describe('listTreeAsync and the async copy', () => {
  /** A task with nested folders, an executable, a link inside, one out of bounds and a dangling one. */
  const makeTask = (name: string) => {
    const dir = join(root, name);
    mkdirSync(join(dir, 'src', 'deep', 'deeper'), { recursive: true });
    mkdirSync(join(dir, 'empty'));
    writeFileSync(join(dir, 'README.md'), 'read me\n');
    writeFileSync(join(dir, 'src', 'deep', 'deeper', 'leaf.txt'), 'leaf\n');
    writeFileSync(join(dir, 'run.sh'), '#!/bin/sh\n');
    chmodSync(join(dir, 'run.sh'), 0o755);
    writeFileSync(join(root, `${name}-secret.txt`), 'outside\n');
    symlinkSync('../README.md', join(dir, 'src', 'readme-link'));
    symlinkSync(join(root, `${name}-secret.txt`), join(dir, 'out-of-bounds'));
    symlinkSync('nowhere', join(dir, 'dangling'));
    return dir;
  };

  it('list the same entries as listTree, and the copy is the same tree: links as links (never followed out of bounds), modes kept', async () => {
    const task = makeTask('async-task');
    const entries = await listTreeAsync(task, 'the task', (path) => path === 'empty');
    assert.deepEqual(entries, listTree(task, 'the task', (path) => path === 'empty'));
    assert.ok(entries.some((e) => e.path === 'src/deep/deeper/leaf.txt'), 'nested folders are walked');
    const to = join(root, 'async-copy');
    await judgesCopy(task, entries, to);
    assert.deepEqual(listTree(to, 'the copy'), entries);
    assert.equal(treeDigest(to, listTree(to, 'the copy')), treeDigest(task, entries));
    assert.ok(lstatSync(join(to, 'out-of-bounds')).isSymbolicLink());
    assert.equal(readlinkSync(join(to, 'out-of-bounds')), join(root, 'async-task-secret.txt'));
    assert.equal(readlinkSync(join(to, 'dangling')), 'nowhere');
    assert.equal(statSync(join(to, 'run.sh')).mode & 0o111, 0o111);
    assert.throws(() => lstatSync(join(to, 'empty')), /ENOENT/, 'a skipped entry is not copied');
  });

  it('refuse a FIFO with the message the synchronous listing gives', async () => {
    const dir = join(root, 'with-fifo');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    execFileSync('mkfifo', [join(dir, 'sub', 'pipe')]);
    const sync = (() => {
      try {
        listTree(dir, 'the task');
      } catch (error) {
        return error as Error;
      }
      return undefined;
    })();
    assert.match(sync?.message ?? '', /neither a file, a folder nor a link/);
    await assert.rejects(listTreeAsync(dir, 'the task'), { name: sync!.name, message: sync!.message });
    // A run's task as the agent left it (judge's copy): the FIFO is left out, the rest listed.
    assert.deepEqual((await listTreeAsync(dir, 'the task', undefined, 'leave-out')).map((e) => e.path), ['sub']);
  });

  it('a file that vanished since the listing, or became a FIFO, fails the copy as it does synchronously', async () => {
    const task = makeTask('changing-task');
    const entries = await listTreeAsync(task, 'the task');
    rmSync(join(task, 'src', 'deep', 'deeper', 'leaf.txt'));
    await assert.rejects(judgesCopy(task, entries, join(root, 'changing-copy-1')), /ENOENT.*leaf\.txt/);
    assert.throws(() => copyTree(task, entries, join(root, 'changing-copy-2')), /ENOENT.*leaf\.txt/);
    execFileSync('mkfifo', [join(task, 'src', 'deep', 'deeper', 'leaf.txt')]);
    await assert.rejects(judgesCopy(task, entries, join(root, 'changing-copy-3')), /leaf\.txt is no longer a regular file/);
  });
});
