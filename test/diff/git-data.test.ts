// Git's own data, told as git tells it, by reading files: a folder is a repository exactly when git
// takes it for one (`git --git-dir=<folder> rev-parse` on the test's own folders is the reference),
// a bundle or packfile is history whatever its name, `.git` is git's in any case. No diff counts
// any of it, and (judge) no task copy holds it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { deflateSync, gzipSync } from 'node:zlib';
import { gitData, gitDataIn } from '../../src/diff/git-data.js';
import { diffTrees, measureDiff } from '../../src/diff/measure.js';
import { runSync } from '../../src/fs/fs-walk.js';
import { runDiff } from '../../src/workspace/run-diff.js';
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
    for (const path of ['a.txt', 'other', '.git/objects', '.git/refs', '.git/HEAD', '.git/config']) assert.equal(isGitData(join(work, path)), false, path);
    // What git keeps beside a pack, each made by git itself (gitformat-pack, gitformat-commit-graph):
    // a pack index, a reverse index, a multi-pack-index and its bitmap, a commit-graph (whole and
    // split), a cruft pack's mtimes, and packed-refs.
    git('-c', 'pack.writeReverseIndex=true', 'repack', '-q', '-a', '-d', '-b', '--write-midx');
    git('commit-graph', 'write', '--reachable');
    git('pack-refs', '--all');
    git('--git-dir', 'backup.git', 'commit-graph', 'write', '--reachable', '--split=no-merge');
    spawnSync('git', ['hash-object', '-w', '--stdin'], { cwd: work, env, input: 'dangling\n' });
    git('-c', 'pack.writeReverseIndex=true', 'repack', '-q', '--cruft', '-d');
    const files = readdirSync(join(work, '.git/objects'), { recursive: true, encoding: 'utf8' }).filter((path) => !/^([0-9a-f]{2}\/|info\/packs$)/.test(path)).map((path) => `.git/objects/${path}`);
    const split = readdirSync(join(work, 'backup.git/objects/info/commit-graphs')).filter((name) => name.endsWith('.graph')).map((name) => `backup.git/objects/info/commit-graphs/${name}`);
    const made = [...files, ...split, '.git/packed-refs'].filter((path) => !/\/(pack|info|info\/commit-graphs)$/.test(path));
    for (const ending of ['.idx', '.rev', '.bitmap', '.mtimes', '/multi-pack-index', '/commit-graph', '.graph', '/packed-refs']) assert.ok(made.some((path) => path.endsWith(ending)), `git made a ${ending}: ${made.join(', ')}`);
    for (const path of made) assert.equal(isGitData(join(work, path)), true, path);
    // Copied out under other names, each is git's still; the chain of a split commit-graph (object ids as text, no signature) is not.
    const out = folder({});
    for (const [i, path] of made.entries()) writeFileSync(join(out, `copy-${i}.bin`), readFileSync(join(work, path)));
    assert.deepEqual(readdirSync(out).filter((name) => !isGitData(join(out, name))), []);
    assert.equal(isGitData(join(work, 'backup.git/objects/info/commit-graphs/commit-graph-chain')), false);
    // The linked worktree's `.git` file is named so; a pointer under another name is no data.
    assert.equal(isGitData(join(dirname(work), 'wt-of-' + n, '.git')), true);
  });

  it('takes `.git` in any case for git\'s, folder, file or link; a bundle, packfile, loose object, index, reftable, pack index, commit-graph, multi-pack-index, reverse index, bitmap, mtimes or packed-refs by its first bytes, whatever its name; nothing else', () => {
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
      // What git keeps beside a pack, by signature and a version git reads; other versions, or the word in a text, are no data of git's.
      'i.idx': Buffer.from('\xfftOc\0\0\0\x02\0\0\0\0', 'latin1'), 'g.cg': Buffer.from('CGPH\x01\x01\x04\0', 'latin1'), 'm.midx': Buffer.from('MIDX\x01\x01\x05\0', 'latin1'), 'm2': Buffer.from('MIDX\x02\x02\x05\0', 'latin1'),
      'r.rev': Buffer.from('RIDX\0\0\0\x01\0\0\0\x01', 'latin1'), 'b.bitmap': Buffer.from('BITM\0\x01\0\x05', 'latin1'), 't.mtimes': Buffer.from('MTME\0\0\0\x01\0\0\0\x01', 'latin1'), 'refs.txt': `# pack-refs with: peeled fully-peeled sorted \n${ID} refs/heads/zebra-notes-work\n`,
      'idx1': Buffer.from('\xfftOc\0\0\0\x01', 'latin1'), 'cg2': Buffer.from('CGPH\x02\x01\x04\0', 'latin1'), 'midx3': Buffer.from('MIDX\x03\x01\x05\0', 'latin1'), 'rev2': Buffer.from('RIDX\0\0\0\x02', 'latin1'), 'bitm2': Buffer.from('BITM\0\x02\0\0', 'latin1'), 'mtme2': Buffer.from('MTME\0\0\0\x02', 'latin1'),
      'CGPH.md': 'CGPH and MIDX and BITM\n', 'refs.md': 'A # pack-refs with: line\n',
      'zz/text': deflateSync('the notes, compressed\n'), 'zz/blob-no-size': deflateSync('blob \0x'), 'zz/x^': 'x^ a line starting so\n', 'zz/gz': gzipSync('commit 1\0x'),
    });
    const taken = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => isGitData(join(dir, path))).sort();
    assert.deepEqual(taken, ['.GIT', '.Git', 'a/.gIt', 'ab/blob', 'ab/commit', 'ab/tag', 'ab/tree', 'p2.bin', 'p3', 'refs.table', 'saved.index', 'v2.txt', 'v3.bin', 'i.idx', 'g.cg', 'm.midx', 'm2', 'r.rev', 'b.bitmap', 't.mtimes', 'refs.txt'].sort());
    // Never followed, never blocking: a FIFO or a missing entry is no data of git's.
    if (spawnSync('mkfifo', [join(dir, 'fifo')]).status === 0) assert.equal(isGitData(join(dir, 'fifo')), false);
    assert.equal(isGitData(join(dir, 'gone')), false);
  });

  it("a task folder that is itself a repository (git init --bare ., or the git folder of a work tree elsewhere): what git keeps at its top is no part of the diff, the agent's files beside it are", (t) => {
    if (!hasGit) return t.skip('git is not installed');
    const staged = folder({ 'a.txt': 'one\n' });
    const work = folder({ 'w.txt': 'w\n' });
    const git = (cwd: string, ...args: string[]) => assert.equal(spawnSync('git', args, { cwd, env }).status, 0, args.join(' '));
    git(work, 'init', '-q', '-b', 'zebra-notes-work');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'use zebra-notes skill');
    const bare = folder({ 'a.txt': 'one\ntwo\n', 'notes.md': 'notes\n' });
    git(bare, 'init', '-q', '--bare', '.');
    git(work, 'push', '-q', bare, 'zebra-notes-work');
    git(bare, 'pack-refs', '--all');
    const separate = folder({ 'a.txt': 'one\ntwo\n', 'notes.md': 'notes\n' });
    const tree = join(root, `tree-${++n}`);
    git(root, 'init', '-q', '-b', 'zebra-notes-work', '--separate-git-dir', separate, tree);
    writeFileSync(join(tree, 'x.txt'), 'x\n');
    git(tree, 'add', '-A');
    git(tree, 'commit', '-q', '-m', 'use zebra-notes skill');
    for (const task of [bare, separate]) {
      assert.ok(readdirSync(task).includes('HEAD') && readdirSync(task).includes('refs'), 'git made the folder a repository');
      const { metrics, patch } = diffTrees(staged, task);
      assert.deepEqual([...patch.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1]), ['a.txt', 'notes.md'], task);
      assert.doesNotMatch(patch, /zebra|HEAD|refs\//);
      assert.deepEqual(metrics, { filesTouched: 2, linesAdded: 2, linesRemoved: 0, hunks: 2 });
      // The same names in a folder git takes for no repository are the agent's own.
      assert.deepEqual(readdirSync(task).filter((name) => !runSync(gitDataIn(task)(name, join(task, name)))).sort(), ['a.txt', 'notes.md']);
    }
    // Beside git's, what only looks like it is the agent's: a lock file of its own, a modules/ folder.
    for (const [name, content] of [['Cargo.lock', 'lock\n'], ['modules/app.tf', 'module\n'], ['HEAD.lock', 'ref: refs/heads/x\n']] as const) {
      mkdirSync(dirname(join(bare, name)), { recursive: true });
      writeFileSync(join(bare, name), content);
    }
    assert.deepEqual([...diffTrees(staged, bare).patch.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1]), ['Cargo.lock', 'a.txt', 'modules/app.tf', 'notes.md']);
    const plain = folder({ 'a.txt': 'one\n', HEAD: 'the head of the project\n', 'logs/run.log': 'ran\n', index: 'the index\n', config: 'x = 1\n', refs: null });
    assert.deepEqual([...diffTrees(staged, plain).patch.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1]), ['HEAD', 'config', 'index', 'logs/run.log']);
  });

  it("a task the agent made a repository (git init --bare .) beside the project's own hooks/, logs/ and info/: no part of the diff on either side, never shown deleted", (t) => {
    if (!hasGit) return t.skip('git is not installed');
    const project = { 'hooks/use-notes.ts': 'export const x = 1;\n', 'logs/app.log': 'started\n', 'info/about.md': 'about\n', 'src/a.ts': 'a\n' };
    const staged = folder(project);
    const task = folder(project);
    assert.equal(spawnSync('git', ['init', '-q', '--bare', '.'], { cwd: task, env }).status, 0);
    writeFileSync(join(task, 'src/a.ts'), 'a\nb\n');
    const { metrics, patch } = diffTrees(staged, task);
    assert.deepEqual([...patch.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1]), ['src/a.ts']);
    assert.deepEqual(metrics, { filesTouched: 1, linesAdded: 1, linesRemoved: 0, hunks: 1 });
    // The other way round (a staged task that was a repository), as absent before.
    assert.deepEqual(measureDiff(task, staged), { filesTouched: 1, linesAdded: 0, linesRemoved: 1, hunks: 1 });
    // The judge's diff of a recorded diff.patch by the same rule: an older one's sections of the project's hooks/ shown deleted are dropped.
    const deleted = diffTrees(staged, folder({ 'src/a.ts': 'a\n' })).patch;
    assert.equal(deleted.match(/^deleted file mode/gm)?.length, 3);
    const run = folder({ 'diff.patch': deleted + patch });
    assert.equal(runDiff(run, task, staged, []).text, patch);
  });

  it("a task that is git's folder of a work tree elsewhere, a bisect in progress: git's state files at its top (BISECT_EXPECTED_REV, BISECT_ANCESTORS_OK, …) are no part of the diff", (t) => {
    if (!hasGit) return t.skip('git is not installed');
    const staged = folder({ 'a.txt': 'one\n' });
    const task = folder({ 'a.txt': 'one\ntwo\n' });
    const tree = join(root, `tree-${++n}`);
    const git = (cwd: string, ...args: string[]) => assert.equal(spawnSync('git', args, { cwd, env }).status, 0, args.join(' '));
    git(root, 'init', '-q', '-b', 'zebra-notes-work', '--separate-git-dir', task, tree);
    for (const i of [1, 2, 3]) {
      writeFileSync(join(tree, 'f'), `${i}\n`);
      git(tree, 'add', '-A');
      git(tree, 'commit', '-q', '-m', `zebra-notes step ${i}`);
    }
    git(tree, 'bisect', 'start', 'HEAD', 'HEAD~2');
    // Written by other commands (bisect.c, builtin/merge.c, builtin/branch.c, builtin/add.c), by the names git gives them.
    for (const name of ['BISECT_RUN', 'BISECT_FIRST_PARENT', 'MERGE_AUTOSTASH', 'EDIT_DESCRIPTION', 'ADD_EDIT.patch']) writeFileSync(join(task, name), 'zebra-notes-work\n');
    assert.ok(readdirSync(task).includes('BISECT_EXPECTED_REV') && readdirSync(task).includes('BISECT_ANCESTORS_OK'), readdirSync(task).join(', '));
    assert.deepEqual([...diffTrees(staged, task).patch.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1]), ['a.txt']);
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
