// command_check, with the reference's test cases (src/pipeline/grade/command_check/tests.rs) as a
// table, plus what this port adds: a scratch copy of the task folder, time and output limits.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gradeCommandCheck, matrixCells } from '../../src/compare/graders/command-check.js';
import type { CommandCheckAssertion, Verdict } from '../../src/compare/graders/types.js';

const root = mkdtempSync(join(tmpdir(), 'compare-command-check-'));
after(() => rmSync(root, { recursive: true, force: true }));
const taskDir = join(root, 'task');
const evalsDir = join(root, 'evals');
mkdirSync(taskDir);
mkdirSync(join(evalsDir, 'holdout'), { recursive: true });
writeFileSync(join(evalsDir, 'holdout', 'secret.txt'), 'held out');
writeFileSync(join(taskDir, 'app.txt'), 'the agent\'s work');

const run = (assertion: Partial<CommandCheckAssertion>, options: { timeoutMs?: number; maxOutputBytes?: number; task?: string } = {}): Promise<Verdict> =>
  gradeCommandCheck({ id: 'check', type: 'command_check', command: 'exit 0', ...assertion }, { taskDir: options.task ?? taskDir, evalsDir, timeoutMs: options.timeoutMs ?? 20_000, maxOutputBytes: options.maxOutputBytes ?? 1 << 20 });
const graded = (v: Verdict) => {
  assert.ok('graded' in v, JSON.stringify(v));
  return v.graded;
};

describe('command_check (the reference\'s cases)', () => {
  const cases: Array<{ name: string; assertion: Partial<CommandCheckAssertion>; passed: boolean; evidence: string[] }> = [
    { name: 'the expected exit code passes', assertion: { command: 'exit 0' }, passed: true, evidence: ['exit code matched 0', '(exit code 0)'] },
    { name: 'an unexpected exit code fails', assertion: { command: 'exit 3' }, passed: false, evidence: ['expected exit code 0', 'got 3'] },
    { name: 'a non-zero expect_exit_code', assertion: { command: 'exit 3', expect_exit_code: 3 }, passed: true, evidence: ['exit code matched 3'] },
    { name: 'stdout must match expect_stdout', assertion: { command: "printf 'hello world\\n'; printf 'diagnostic\\n' >&2", expect_stdout: 'hello\\s+world' }, passed: true, evidence: ['stdout matched regex', 'hello world', 'diagnostic'] },
    { name: 'stdout that does not match fails', assertion: { command: "printf 'hello world\\n'", expect_stdout: '^goodbye$' }, passed: false, evidence: ['stdout did not match'] },
    { name: 'env reaches the child', assertion: { command: 'test -n "$PATH" && printf \'%s\' "$EVAL_MAGIC_TEST_VALUE"', env: { EVAL_MAGIC_TEST_VALUE: 'configured' }, expect_stdout: '^configured$' }, passed: true, evidence: ['"configured"'] },
    { name: 'expect_stdout applies to every matrix cell', assertion: { command: 'printf \'%s\' "$EVAL_MAGIC_TEST_VALUE"', matrix: { EVAL_MAGIC_TEST_VALUE: ['expected', 'unexpected'] }, expect_stdout: '^expected$' }, passed: false, evidence: ['1/2 matrix cells passed', 'EVAL_MAGIC_TEST_VALUE=unexpected', 'stdout did not match expect_stdout'] },
    { name: 'an invalid expect_stdout regex fails with evidence', assertion: { command: 'echo x', expect_stdout: '(' }, passed: false, evidence: ['invalid expect_stdout regex'] },
    { name: 'stdout is matched whole, before the evidence is cut', assertion: { command: 'i=0; while [ "$i" -lt 3000 ]; do printf x; i=$((i + 1)); done; printf TAIL', expect_stdout: 'TAIL$' }, passed: true, evidence: ['TAIL'] },
    { name: 'a signal is an ordinary failure', assertion: { command: 'kill -TERM $$' }, passed: false, evidence: ['terminated by signal SIGTERM'] },
    { name: 'inherited git routing is cleared', assertion: { command: 'printf \'%s\' "${GIT_DIR-unset}"', expect_stdout: '^unset$' }, passed: true, evidence: ['"unset"'] },
    { name: 'an explicit env may set it again', assertion: { command: 'printf \'%s\' "$GIT_DIR"', env: { GIT_DIR: '/declared/repository.git' }, expect_stdout: '^/declared/repository\\.git$' }, passed: true, evidence: ['/declared/repository.git'] },
    { name: 'setup files are copied in first', assertion: { command: 'test -f holdout/secret.txt && test -f app.txt', setup_files: ['holdout/secret.txt'] }, passed: true, evidence: ['exit code matched 0'] },
  ];
  const saved = process.env.GIT_DIR;
  for (const c of cases) {
    it(c.name, async () => {
      process.env.GIT_DIR = '/inherited/repository.git';
      try {
        const result = graded(await run(c.assertion));
        assert.equal(result.passed, c.passed, result.evidence);
        for (const part of c.evidence) assert.ok(result.evidence.includes(part), `${result.evidence} should include ${part}`);
      } finally {
        if (saved === undefined) delete process.env.GIT_DIR;
        else process.env.GIT_DIR = saved;
      }
    });
  }

  it('multiplies the matrix out in name order, matrix values over env', () => {
    const cells = matrixCells({ env: { FIXED: 'configured', TZ: 'base' }, matrix: { TZ: ['UTC', 'Europe/Berlin'], LOCALE: ['en_US', 'de_DE'] } });
    assert.deepEqual(cells.map((c) => [c.FIXED, c.LOCALE, c.TZ]), [
      ['configured', 'en_US', 'UTC'], ['configured', 'en_US', 'Europe/Berlin'], ['configured', 'de_DE', 'UTC'], ['configured', 'de_DE', 'Europe/Berlin'],
    ]);
  });

  it('runs every cell, in order, in one scratch copy; the run\'s task folder is never changed', async () => {
    const result = graded(await run({ command: 'printf \'%s|%s\\n\' "$LOCALE" "$TZ" >> runs.txt; cat runs.txt; test "$TZ" != Europe/Berlin', matrix: { LOCALE: ['en_US', 'de_DE'], TZ: ['UTC', 'Europe/Berlin'] }, setup_files: ['holdout/secret.txt'] }));
    assert.equal(result.passed, false);
    assert.ok(result.evidence.startsWith('2/4 matrix cells passed'), result.evidence);
    assert.ok(result.evidence.includes('en_US|UTC\\nen_US|Europe/Berlin'), result.evidence);
    assert.equal(existsSync(join(taskDir, 'runs.txt')), false);
    assert.equal(existsSync(join(taskDir, 'holdout')), false);
    assert.equal(readFileSync(join(taskDir, 'app.txt'), 'utf8'), 'the agent\'s work');
  });
});

describe('command_check limits and ungraded cases', () => {
  it('stops a command past its time limit, and its children', async () => {
    const result = graded(await run({ command: 'sleep 30 & sleep 30' }, { timeoutMs: 300 }));
    assert.equal(result.passed, false);
    assert.ok(result.evidence.includes('did not finish within 0.3 s'), result.evidence);
  });
  it('is bounded by its time limit even when a process it started leaves the group and keeps the output open', { timeout: 120_000 }, async () => {
    // setsid: out of the command's process group, so killing the group cannot end it; it holds stdout.
    const pidFile = join(root, 'daemon.pid');
    try {
      const result = graded(await run({ command: `setsid sh -c 'echo $$ > "${pidFile}"; exec sleep 600' & echo started` }, { timeoutMs: 500 }));
      assert.equal(result.passed, false);
      assert.ok(result.evidence.includes('did not finish within 0.5 s'), result.evidence);
    } finally {
      if (existsSync(pidFile)) {
        try {
          process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
  });
  it('copies a task folder holding a FIFO the agent made (skipped, as git skips it) instead of failing the whole compare', async () => {
    const task = join(root, 'task-with-fifo');
    mkdirSync(task);
    writeFileSync(join(task, 'app.txt'), 'work');
    spawnSync('mkfifo', [join(task, 'pipe')]);
    const result = graded(await run({ command: 'test -f app.txt && ! test -e pipe' }, { task }));
    assert.equal(result.passed, true, result.evidence);
  });
  it('copies a setup folder holding a FIFO (skipped) instead of failing the whole compare', async () => {
    mkdirSync(join(evalsDir, 'fixtures-with-fifo'));
    writeFileSync(join(evalsDir, 'fixtures-with-fifo', 'data.txt'), 'held out');
    spawnSync('mkfifo', [join(evalsDir, 'fixtures-with-fifo', 'pipe')]);
    const result = graded(await run({ command: 'test -f fixtures-with-fifo/data.txt && ! test -e fixtures-with-fifo/pipe', setup_files: ['fixtures-with-fifo'] }));
    assert.equal(result.passed, true, result.evidence);
  });
  it('stops a command that writes too much', async () => {
    const result = graded(await run({ command: 'yes' }, { maxOutputBytes: 100_000 }));
    assert.ok(result.evidence.includes('more than 100000 bytes to stdout'), result.evidence);
  });
  it('keeps only the tail of long output in the evidence', async () => {
    const result = graded(await run({ command: 'i=0; while [ "$i" -lt 3000 ]; do printf y; i=$((i + 1)); done; printf END' }));
    const tail = JSON.parse(result.evidence.slice(result.evidence.indexOf('output tail: ') + 'output tail: '.length)) as string;
    assert.equal(tail.length, 2048);
    assert.ok(tail.endsWith('END'));
  });
  it('is ungraded without a task folder, or with a setup file that is missing or leaves the evals folder', async () => {
    const noTask = await gradeCommandCheck({ id: 'c', type: 'command_check', command: 'true' }, { taskDir: undefined, evalsDir, timeoutMs: 1000, maxOutputBytes: 1000 });
    assert.ok('ungraded' in noTask && noTask.ungraded.reason.includes('no final task folder'));
    const missing = await run({ setup_files: ['holdout/absent.txt'] });
    assert.ok('ungraded' in missing && missing.ungraded.reason.includes('was not found'));
    const escaping = await run({ setup_files: ['../task/app.txt'] });
    assert.ok('ungraded' in escaping && escaping.ungraded.reason.includes('relative path inside'));
    symlinkSync('/etc/hostname', join(evalsDir, 'link-out'));
    const linked = await run({ setup_files: ['link-out'] });
    assert.ok('ungraded' in linked && linked.ungraded.reason.includes('link out of the evals folder'), JSON.stringify(linked));
  });
});
