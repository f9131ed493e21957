// Git's own data, told as git tells it, by reading files: a folder is a repository exactly when git
// takes it for one (`git --git-dir=<folder> rev-parse` on the test's own folders is the reference),
// a bundle or packfile is history whatever its name, `.git` is git's in any case. No diff counts
// any of it, and (judge) no task copy holds it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { deflateSync, gzipSync } from 'node:zlib';
import { gitData } from '../../src/diff/git-data.js';
import { diffTrees, measureDiff } from '../../src/diff/measure.js';
import { runSync } from '../../src/fs/fs-walk.js';
import { hermeticGitEnv } from '../helpers/git-snapshot.js';

const root = mkdtempSync(join(tmpdir(), 'em-git-data-'));
after(() => rmSync(root, { recursive: true, force: true }));
const env = hermeticGitEnv(root);
const hasGit = spawnSync('git', ['--version'], { env }).status === 0;
let n = 0;

/** A folder holding `files` (a string or bytes; `null`: a folder; `{ link }`: a link). */
function folder(files: Record<string, string | Buffer | null | { link: string }>): string {
  const dir = join(root, `f-${++n}`);
  mkdirSync(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    if (content === null) mkdirSync(join(dir, path), { recursive: true });
    else if (typeof content === 'object' && !Buffer.isBuffer(content)) symlinkSync(content.link, join(dir, path));
    else writeFileSync(join(dir, path), content);
  }
  return dir;
}

const isGitData = (path: string) => runSync(gitData(path));
const ID = 'fb632dc0220de9bf9bdac85551c2f5e272190e48';

describe('gitData (git-data.ts)', () => {
  it('takes a folder for a repository exactly when git does (setup.c is_git_directory), whatever its name', (t) => {
    const cases: Record<string, Record<string, string | Buffer | null | { link: string }>> = {
      'a bare repository': { HEAD: 'ref: refs/heads/main\n', objects: null, refs: null },
      'a symref with space': { HEAD: 'ref:  \trefs/heads/x', objects: null, refs: null },
      'a detached HEAD': { HEAD: `${ID}\n`, objects: null, refs: null },
      'a SHA-256 HEAD': { HEAD: `${ID}${ID.slice(0, 24)}\n`, objects: null, refs: null },
      'an upper-case id': { HEAD: ID.toUpperCase(), objects: null, refs: null },
      'HEAD a link into refs/': { HEAD: { link: 'refs/heads/main' }, objects: null, refs: null },
      'objects and refs links': { HEAD: 'ref: refs/heads/main\n', objects: { link: 'o' }, refs: { link: 'r' }, o: null, r: null },
      "a linked worktree's own folder": { HEAD: 'ref: refs/heads/x\n', commondir: '../common\n', '../common/objects': null, '../common/refs': null },
      'no objects': { HEAD: 'ref: refs/heads/main\n', refs: null },
      'no refs': { HEAD: 'ref: refs/heads/main\n', objects: null },
      'refs a file': { HEAD: 'ref: refs/heads/main\n', objects: null, refs: 'x' },
      'no HEAD': { objects: null, refs: null },
      'HEAD a folder': { HEAD: null, objects: null, refs: null },
      'HEAD naming no ref': { HEAD: 'ref: heads/main\n', objects: null, refs: null },
      'HEAD a short id': { HEAD: ID.slice(0, 39), objects: null, refs: null },
      'HEAD a link elsewhere': { HEAD: { link: 'heads/main' }, objects: null, refs: null },
      'HEAD prose': { HEAD: 'the head of the project\n', objects: null, refs: null },
    };
    for (const [name, files] of Object.entries(cases)) {
      const dir = folder(files);
      const ours = isGitData(dir);
      if (hasGit) {
        const git = spawnSync('git', ['--git-dir', dir, 'rev-parse', '--git-dir'], { cwd: root, env, encoding: 'utf8' });
        // The worktree's own folder names a common folder git checks too: made whole here, git agrees.
        assert.equal(ours, git.status === 0, `${name}: git says ${git.status === 0 ? 'a repository' : git.stderr.trim()}`);
      }
      assert.equal(ours, !/^(no |refs a|HEAD (a folder|naming|a short|a link else|prose))/.test(name), name);
    }
    if (!hasGit) t.diagnostic('git is not installed: checked against the expected verdicts only');
  });

  it('takes repositories git made for ones: git init --bare, git clone --bare, and a normal clone\'s .git under another name', (t) => {
    if (!hasGit) return t.skip('git is not installed');
    const work = folder({ 'a.txt': 'a\n' });
    const git = (...args: string[]) => assert.equal(spawnSync('git', args, { cwd: work, env }).status, 0, args.join(' '));
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'one');
    git('init', '-q', '--bare', 'store');
    git('clone', '-q', '--bare', '.', 'backup.git');
    git('worktree', 'add', '-q', '../wt-of-' + n);
    git('init', '-q', '--separate-git-dir', 'gitstore', 'other');
    git('bundle', 'create', '-q', 'history.dat', '--all');
    const loose = readdirSync(join(work, '.git/objects'), { recursive: true, encoding: 'utf8' }).filter((path) => /^[0-9a-f]{2}\/[0-9a-f]{38}$/.test(path));
    assert.ok(loose.length >= 3, 'a commit, a tree and a blob');
    for (const path of loose) assert.equal(isGitData(join(work, '.git/objects', path)), true, path);
    git('repack', '-q', '-a', '-d');
    const pack = readdirSync(join(work, '.git/objects/pack')).find((name) => name.endsWith('.pack'))!;
    for (const path of ['store', 'backup.git', '.git', '.git/worktrees/wt-of-' + n, 'gitstore', 'other/.git', 'history.dat', `.git/objects/pack/${pack}`, '.git/index']) assert.equal(isGitData(join(work, path)), true, path);
    for (const path of ['a.txt', 'other', '.git/objects', '.git/refs', '.git/HEAD', '.git/config', `.git/objects/pack/${pack.replace(/\.pack$/, '.idx')}`]) assert.equal(isGitData(join(work, path)), false, path);
    // The linked worktree's `.git` file is named so; a pointer under another name is no data.
    assert.equal(isGitData(join(dirname(work), 'wt-of-' + n, '.git')), true);
  });

  it('takes `.git` in any case for git\'s, folder, file or link; a bundle, packfile, loose object, index or reftable by its first bytes, whatever its name; nothing else', () => {
    const dir = folder({
      '.GIT/index': 'x', '.Git': 'gitdir: ../x\n', 'a/.gIt': { link: '../x' }, '.gitx': 'x', 'git': 'x', '.git.md': 'x',
      'v2.txt': `# v2 git bundle\n${ID} refs/heads/main\n\nPACK`, 'v3.bin': `# v3 git bundle\n@object-format=sha1\n${ID} HEAD\n\n`,
      'no-newline.txt': '# v2 git bundle', 'v4.txt': '# v4 git bundle\n', 'prose.md': 'A # v2 git bundle\n',
      'p2.bin': Buffer.from('PACK\0\0\0\x02\0\0\0\x01', 'latin1'), 'p3': Buffer.from('PACK\0\0\0\x03', 'latin1'), 'p4.pack': Buffer.from('PACK\0\0\0\x04\0\0\0\x01', 'latin1'), 'PACKING.md': 'PACKING list\n', 'empty': '',
      'gitdir-pointer': `gitdir: ${root}\n`,
      // Loose objects: zlib streams whose first bytes inflate to `<type> <size>\0`.
      'ab/commit': deflateSync(`commit 180\0tree ${ID}\n\nuse zebra-notes skill\n`), 'ab/blob': deflateSync(Buffer.concat([Buffer.from('blob 70000\0'), randomBytes(70_000)])),
      'ab/tag': deflateSync('tag 9\0object x'), 'ab/tree': deflateSync(`tree 40\x00100644 a\x00${ID}`, { level: 0 }),
      // An index (every staged path) and a reftable (branch names), copied out of .git.
      'saved.index': Buffer.from('DIRC\0\0\0\x02\0\0\0\x01.claude/skills/zebra-notes/SKILL.md\0', 'latin1'), 'refs.table': Buffer.from('REFT\x01\0\x10\0zebra-notes-work', 'latin1'),
      'DIRC.md': 'DIRC is a signature\n', 'dirc5': Buffer.from('DIRC\0\0\0\x05', 'latin1'), 'reft3': Buffer.from('REFT\x03\0\0\0', 'latin1'),
      'zz/text': deflateSync('the notes, compressed\n'), 'zz/blob-no-size': deflateSync('blob \0x'), 'zz/x^': 'x^ a line starting so\n', 'zz/gz': gzipSync('commit 1\0x'),
    });
    const taken = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => isGitData(join(dir, path))).sort();
    assert.deepEqual(taken, ['.GIT', '.Git', 'a/.gIt', 'ab/blob', 'ab/commit', 'ab/tag', 'ab/tree', 'p2.bin', 'p3', 'refs.table', 'saved.index', 'v2.txt', 'v3.bin'].sort());
    // Never followed, never blocking: a FIFO or a missing entry is no data of git's.
    if (spawnSync('mkfifo', [join(dir, 'fifo')]).status === 0) assert.equal(isGitData(join(dir, 'fifo')), false);
    assert.equal(isGitData(join(dir, 'gone')), false);
  });

  it('no diff counts it: a task with a bare clone, a bundle, a loose object and a .GIT beside the change measures as the change alone, and its patch shows none', () => {
    const staged = folder({ 'a.txt': 'one\n' });
    const plain = folder({ 'a.txt': 'one\ntwo\n' });
    const withGit = folder({
      'a.txt': 'one\ntwo\n',
      'backup.git/HEAD': 'ref: refs/heads/main\n', 'backup.git/config': '[core]\n\tbare = true\n', 'backup.git/objects/pack/p.pack': Buffer.from('PACK\0\0\0\x02', 'latin1'), 'backup.git/refs/heads/main': `${ID}\n`,
      'notes/history.dat': `# v2 git bundle\n${ID} refs/heads/main\n\n`, 'sub/.GIT/index': 'DIRC', 'sub/kept.txt': 'kept\n',
      [`saved/ab/${ID.slice(2)}`]: deflateSync('commit 30\0tree x\n\nuse zebra-notes skill\n'),
    });
    const counted = measureDiff(staged, plain);
    assert.deepEqual(counted, { filesTouched: 1, linesAdded: 1, linesRemoved: 0, hunks: 1 });
    assert.deepEqual(measureDiff(staged, withGit), { ...counted, filesTouched: 2, linesAdded: 2, hunks: 2 });
    assert.deepEqual([...diffTrees(staged, withGit).patch.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1]), ['a.txt', 'sub/kept.txt']);
    // Git's data the agent removed, or turned into a file of its own, is as absent before: the new file is added.
    assert.deepEqual(measureDiff(withGit, folder({ 'a.txt': 'one\ntwo\n', 'sub/kept.txt': 'kept\n', 'notes/history.dat': 'plain notes\n' })), { filesTouched: 1, linesAdded: 1, linesRemoved: 0, hunks: 1 });
  });
});
