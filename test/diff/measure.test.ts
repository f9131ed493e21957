// The run's diff as Git sees it: measureDiff against `git diff --cached --numstat` on the same two
// trees, with .gitignore rules, a binary file, `.git` and a harness folder; and diff.patch's cap.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { diffTrees, measureDiff } from '../../src/diff/measure.js';

function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'em-diff-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** Git's count of the change from `before` to `after`, leaving out `exclude` (pathspecs). */
function gitNumstat(before: string, after: string, exclude: string[]): { filesTouched: number; linesAdded: number; linesRemoved: number } {
  const repo = mkdtempSync(join(tmpdir(), 'em-diff-git-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'core.autocrlf=false', ...args], { cwd: repo, encoding: 'utf8' });
  git('init', '-q');
  const fill = (from: string) => {
    for (const name of readdirSync(repo)) if (name !== '.git') rmSync(join(repo, name), { recursive: true, force: true });
    for (const name of readdirSync(from)) if (name !== '.git') cpSync(join(from, name), join(repo, name), { recursive: true, verbatimSymlinks: true });
  };
  fill(before);
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'staged');
  fill(after);
  git('add', '-A');
  const lines = git('diff', '--cached', '--numstat', '--no-renames', '--', '.', ...exclude.map((p) => `:(exclude)${p}`)).split('\n').filter(Boolean);
  let linesAdded = 0;
  let linesRemoved = 0;
  for (const line of lines) {
    const [added, removed] = line.split('\t');
    if (added !== '-') linesAdded += Number(added);
    if (removed !== '-') linesRemoved += Number(removed);
  }
  return { filesTouched: lines.length, linesAdded, linesRemoved };
}

describe('measureDiff (as Git sees it)', () => {
  it('applies the task\'s .gitignore (nested too), never counts .git or the harness folders, counts a binary file as a file: equal to git diff --numstat', () => {
    const gitignore = 'node_modules/\n/build\n*.log\n!keep.log\n';
    const staged = tree({
      '.gitignore': gitignore,
      'src/a.ts': 'one\ntwo\nthree\n',
      'src/b.ts': 'gone\n',
      'src/sub/.gitignore': 'cache/\n',
      'README.md': 'readme\n',
      'image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
    });
    const task = tree({
      '.gitignore': gitignore,
      'src/a.ts': 'one\n2\nthree\nfour\n',
      'src/c.ts': 'new\nfile\n',
      'src/sub/.gitignore': 'cache/\n',
      'src/sub/cache/x.bin': 'ignored by the nested rule\n',
      'node_modules/dep/index.js': 'ignored\n'.repeat(50),
      'build/out.js': 'ignored\n',
      'debug.log': 'ignored\n',
      'keep.log': 'not ignored\n',
      'README.md': 'readme\n',
      'image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9]),
      '.git/config': 'never counted\n',
      '.opencode/.gitignore': 'written by the CLI in both arms\n',
    });
    const measured = measureDiff(staged, task, ['.opencode']);
    const git = gitNumstat(staged, task, ['.opencode']);
    assert.deepEqual({ filesTouched: measured.filesTouched, linesAdded: measured.linesAdded, linesRemoved: measured.linesRemoved }, git);
    assert.deepEqual(git, { filesTouched: 5, linesAdded: 5, linesRemoved: 2 }, 'a.ts, b.ts, c.ts, keep.log, image.png');
  });

  it('diff.patch is Git\'s unified format, and past its cap ends with a marker while the counts cover everything', () => {
    const staged = tree({ 'a.txt': 'x\n', 'bin.dat': Buffer.from([0, 1]) });
    const task = tree({ 'a.txt': 'y\n', 'b.txt': 'new\n', 'bin.dat': Buffer.from([0, 2]) });
    const { metrics, patch } = diffTrees(staged, task);
    assert.equal(metrics.filesTouched, 3);
    assert.equal(patch, [
      'diff --git a/a.txt b/a.txt', '--- a/a.txt', '+++ b/a.txt', '@@ -1 +1 @@', '-x', '+y',
      'diff --git a/b.txt b/b.txt', 'new file mode 100644', '--- /dev/null', '+++ b/b.txt', '@@ -0,0 +1 @@', '+new',
      'diff --git a/bin.dat b/bin.dat', 'Binary files a/bin.dat and b/bin.dat differ', '',
    ].join('\n'));
    const capped = diffTrees(staged, task, [], 60);
    assert.equal(capped.metrics.filesTouched, 3);
    assert.match(capped.patch, /\[diff\.patch cut at 60 bytes: the rest of the diff is not shown; the counts cover all of it\]\n$/);
    assert.ok(Buffer.byteLength(capped.patch) < 60 + 120);
  });
});
