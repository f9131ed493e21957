// diff_scope: files touched and lines changed between the staged task and the final one, counted as
// `git diff --numstat` / `--unified=0` count them; the reference's grading cases as a table.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { countLines, gradeDiffScope, MAX_DIFFED_BYTES, measureDiff } from '../../src/compare/graders/diff-scope.js';

const root = mkdtempSync(join(tmpdir(), 'compare-diff-scope-'));
after(() => rmSync(root, { recursive: true, force: true }));
const tree = (name: string, files: Record<string, string | Buffer>) => {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
};

describe('diff_scope grading (the reference\'s cases)', () => {
  const cases = [
    { name: 'passes when every limit is met', files: 2, lines: 5, metrics: { filesTouched: 2, linesAdded: 3, linesRemoved: 2, hunks: 2 }, passed: true, evidence: ['files touched: 2 <= 2', 'lines changed: 5 <= 5', '3 added + 2 removed'] },
    { name: 'fails when a limit is exceeded', files: 1, lines: 4, metrics: { filesTouched: 2, linesAdded: 3, linesRemoved: 2, hunks: 2 }, passed: false, evidence: ['files touched: 2 > 1', 'lines changed: 5 > 4', 'hunks: 2'] },
    { name: 'only the files limit gates', files: 1, lines: undefined, metrics: { filesTouched: 1, linesAdded: 100, linesRemoved: 100, hunks: 50 }, passed: true, evidence: ['lines changed: 200 (no limit)'] },
    { name: 'only the lines limit gates', files: undefined, lines: 1, metrics: { filesTouched: 100, linesAdded: 1, linesRemoved: 0, hunks: 1 }, passed: true, evidence: ['files touched: 100 (no limit)'] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const v = gradeDiffScope({ id: 'focused', type: 'diff_scope', max_files_touched: c.files, max_lines_changed: c.lines }, c.metrics, '');
      assert.ok('graded' in v);
      assert.equal(v.graded.passed, c.passed);
      for (const part of c.evidence) assert.ok(v.graded.evidence.includes(part), v.graded.evidence);
    });
  }
  it('is ungraded without a staged copy', () => {
    const v = gradeDiffScope({ id: 'focused', type: 'diff_scope', max_files_touched: 1 }, undefined, 'no staged_dir');
    assert.deepEqual(v, { ungraded: { id: 'focused', grader: 'diff_scope', reason: 'no staged_dir' } });
  });
});

describe('measuring the change', () => {
  it('counts added, modified, deleted and binary files, leaving the staged skill and .git out', () => {
    const staged = tree('s1', { 'a.txt': 'one\ntwo\nthree\n', 'gone.txt': 'x\ny\n', 'same.txt': 'same\n', 'bin.dat': Buffer.from([0, 1, 2]) });
    const task = tree('t1', { 'a.txt': 'one\nTWO\nthree\nfour\n', 'new.txt': 'n\n', 'same.txt': 'same\n', 'bin.dat': Buffer.from([0, 1, 3]), '.claude/skills/demo/SKILL.md': 'skill\n', '.git/HEAD': 'ref\n' });
    assert.deepEqual(measureDiff(staged, task, ['.claude/skills/demo']), { filesTouched: 4, linesAdded: 3, linesRemoved: 3, hunks: 4 });
  });
  it('compares links as links, never following them', () => {
    const staged = tree('s2', {});
    const task = tree('t2', {});
    symlinkSync('/etc/passwd', join(task, 'link'));
    assert.deepEqual(measureDiff(staged, task), { filesTouched: 1, linesAdded: 1, linesRemoved: 0, hunks: 1 });
  });
  it('counts a file beyond what a string can hold as touched, without reading it (a 3 GiB sparse log the agent grew)', () => {
    const staged = tree('s3', { 'build.log': '' });
    const task = tree('t3', { 'build.log': '' });
    truncateSync(join(staged, 'build.log'), 3 * 2 ** 30);
    truncateSync(join(task, 'build.log'), 3 * 2 ** 30 + 1);
    writeFileSync(join(task, 'huge-new.bin'), '');
    truncateSync(join(task, 'huge-new.bin'), 3 * 2 ** 30);
    assert.deepEqual(measureDiff(staged, task), { filesTouched: 2, linesAdded: 0, linesRemoved: 0, hunks: 0 });
  });
  it('counts a changed file over the diff limit as touched with no lines, as git does past its big-file threshold', () => {
    const lines = 'x'.repeat(99) + '\n';
    const big = lines.repeat(Math.ceil(MAX_DIFFED_BYTES / lines.length) + 1);
    const staged = tree('s4', { 'data.csv': big, 'same.csv': big });
    const task = tree('t4', { 'data.csv': big, 'same.csv': big });
    appendFileSync(join(task, 'data.csv'), 'one more line\n');
    assert.deepEqual(measureDiff(staged, task), { filesTouched: 1, linesAdded: 0, linesRemoved: 0, hunks: 0 });
  });
  it('tells files of the same size apart by their bytes, wherever they differ', () => {
    const size = 3 * 2 ** 20 + 5;
    const base = Buffer.alloc(size, 'a');
    const late = Buffer.from(base);
    late[size - 1] = 'b'.charCodeAt(0);
    const staged = tree('s5', { 'same.txt': base, 'late.txt': base });
    const task = tree('t5', { 'same.txt': base, 'late.txt': late });
    assert.equal(measureDiff(staged, task).filesTouched, 1);
  });
  it('agrees with git diff --numstat on line counts', () => {
    const cases: Array<[string, string]> = [['a\nb\nc\n', 'a\nB\nc\n'], ['a\n', 'a'], ['', 'x\ny\n'], ['1\n2\n3\n4\n5\n6\n7\n8\n', '1\n3\n4\nX\n5\n6\n8\n9\n']];
    for (const [i, [before, afterText]] of cases.entries()) {
      const a = join(root, `g${i}-a`);
      const b = join(root, `g${i}-b`);
      writeFileSync(a, before);
      writeFileSync(b, afterText);
      let out = '';
      try {
        execFileSync('git', ['diff', '--no-index', '--numstat', a, b], { encoding: 'utf8' });
      } catch (error) {
        out = (error as { stdout: string }).stdout; // exit 1: the files differ
      }
      const [added, removed] = out.split('\t').map(Number);
      const counted = countLines(before, afterText);
      assert.deepEqual([counted.added, counted.removed], [added, removed], `case ${i}`);
    }
  });
});
