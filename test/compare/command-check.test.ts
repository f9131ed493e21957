// command_check, with the reference's test cases (src/pipeline/grade/command_check/tests.rs) as a
// table, plus what this port adds: a scratch copy of the task folder, time and output limits.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, mkdtempSync, readFileSync, rmSync, statfsSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gradeCommandCheck, matrixCells } from '../../src/compare/graders/command-check.js';
import { shownPath } from '../../src/fs/shown-path.js';
import type { CommandCheckAssertion, Verdict } from '../../src/compare/graders/types.js';
import type { ToldVerdict } from '../../src/compare/graders/told.js';
import { commandContainment, type CommandContainment } from '../../src/process/containment.js';
import { bundledModule } from '../helpers/bundled-module.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { holdersOf } from '../runner/run-helpers.js';

const root = mkdtempSync(join(tmpdir(), 'compare-command-check-'));
after(() => rmSync(root, { recursive: true, force: true }));
const taskDir = join(root, 'task');
const evalsDir = join(root, 'evals');
mkdirSync(taskDir);
mkdirSync(join(evalsDir, 'holdout'), { recursive: true });
writeFileSync(join(evalsDir, 'holdout', 'secret.txt'), 'held out');
writeFileSync(join(taskDir, 'app.txt'), 'the agent\'s work');

interface RunOptions { timeoutMs?: number; maxOutputBytes?: number; task?: string; signal?: AbortSignal; containment?: CommandContainment }
const run = (assertion: Partial<CommandCheckAssertion>, options: RunOptions = {}): Promise<ToldVerdict> =>
  gradeCommandCheck({ id: 'check', type: 'command_check', command: 'exit 0', ...assertion }, {
    taskDir: options.task ?? taskDir, evalsDir, shown: (path) => shownPath(root, path), timeoutMs: options.timeoutMs ?? 20_000, maxOutputBytes: options.maxOutputBytes ?? 1 << 20,
    ...(options.signal ? { signal: options.signal } : {}), ...(options.containment ? { containment: options.containment } : {}),
  });
const session: CommandContainment = { kind: 'session', reason: 'test' };
let marks = 0;
/** A new empty file in the test folder, for a process to hold open (see holdersOf). */
const newMark = () => {
  const mark = join(root, `mark-${++marks}`);
  writeFileSync(mark, '');
  return mark;
};
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
    // In a PID namespace the command's exit comes from nsenter, not from the init's shell, which reads both as 130.
    { name: 'an exit status above 128 is an exit code, not a signal', assertion: { command: 'exit 130', expect_exit_code: 130 }, passed: true, evidence: ['exit code matched 130', '(exit code 130)'] },
    { name: 'a SIGINT is a signal, not exit code 130', assertion: { command: 'kill -INT $$', expect_exit_code: 130 }, passed: false, evidence: ['terminated by signal SIGINT'] },
    { name: 'the command leads a process group of its own', assertion: { command: 'sleep 30 & kill -TERM -$$; wait' }, passed: false, evidence: ['terminated by signal SIGTERM'] },
    { name: 'inherited git routing is cleared', assertion: { command: 'printf \'%s\' "${GIT_DIR-unset}"', expect_stdout: '^unset$' }, passed: true, evidence: ['"unset"'] },
    { name: 'an explicit env may set it again', assertion: { command: 'printf \'%s\' "$GIT_DIR"', env: { GIT_DIR: '/declared/repository.git' }, expect_stdout: '^/declared/repository\\.git$' }, passed: true, evidence: ['/declared/repository.git'] },
    { name: 'setup files are copied in first', assertion: { command: 'test -f holdout/secret.txt && test -f app.txt', setup_files: ['holdout/secret.txt'] }, passed: true, evidence: ['exit code matched 0'] },
    // As check's setup-files-path reads it: a `..` that stays inside names the file it normalizes to.
    { name: 'a setup file named through a .. that stays inside is copied where it leads', assertion: { command: 'test -f holdout/secret.txt && ! test -e holdout/../holdout.txt', setup_files: ['holdout/../holdout/secret.txt'] }, passed: true, evidence: ['exit code matched 0'] },
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
  for (const [label, containment] of [['', undefined], [' (session fallback)', session]] as const) {
    it(`is bounded by its time limit even when a process it started leaves the group and keeps the output open${label}`, { timeout: 120_000 }, async () => {
      // setsid: out of the command's process group, so killing the group cannot end it; it holds stdout.
      const mark = newMark();
      try {
        // Named in its environment: each cell has a /tmp of its own, where only such paths are kept.
        const result = graded(await run({ command: `setsid sh -c 'exec sleep 600' 9<"$MARK" & echo started`, env: { MARK: mark } }, { timeoutMs: 500, ...(containment ? { containment } : {}) }));
        assert.equal(result.passed, false);
        assert.ok(result.evidence.includes('did not finish within 0.5 s'), result.evidence);
      } finally {
        for (const pid of holdersOf(mark)) process.kill(pid, 'SIGKILL');
      }
    });
  }
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
  for (const [label, containment] of [['', undefined], [' (session fallback)', session]] as const) {
    it(`fails a cell whose environment the system refuses (E2BIG), saying why, instead of crashing the compare${label}`, async () => {
      const result = graded(await run({ command: 'true', env: { HUGE: 'x'.repeat(3_000_000) } }, containment ? { containment } : {}));
      assert.equal(result.passed, false);
      assert.match(result.evidence, /could not start sh: .*E2BIG/);
    });
  }
  it('is ungraded when a setup folder holds a link out of the evals folder (its target never copied in), as a setup file that is one', async () => {
    const outside = join(root, 'outside-secret.txt');
    writeFileSync(outside, 'not held out, not the eval\'s');
    mkdirSync(join(evalsDir, 'fixtures-linking-out', 'deeper'), { recursive: true });
    writeFileSync(join(evalsDir, 'fixtures-linking-out', 'data.txt'), 'held out');
    symlinkSync(outside, join(evalsDir, 'fixtures-linking-out', 'deeper', 'secret.txt'));
    const mark = join(root, 'copied-anyway');
    const verdict = await run({ command: `cat fixtures-linking-out/deeper/secret.txt > "${mark}"`, setup_files: ['fixtures-linking-out'] });
    assert.ok('ungraded' in verdict && verdict.ungraded.reason === 'setup file "fixtures-linking-out" holds a link out of the evals folder (fixtures-linking-out/deeper/secret.txt)', JSON.stringify(verdict));
    assert.equal(existsSync(mark), false, 'the command did not run');
    // Inside the evals folder a link is followed: a held-out file may be shared by two setup folders.
    mkdirSync(join(evalsDir, 'fixtures-linking-in'));
    symlinkSync(join(evalsDir, 'holdout', 'secret.txt'), join(evalsDir, 'fixtures-linking-in', 'shared.txt'));
    const inside = graded(await run({ command: 'test "$(cat fixtures-linking-in/shared.txt)" = "held out" && ! test -L fixtures-linking-in/shared.txt', setup_files: ['fixtures-linking-in'] }));
    assert.equal(inside.passed, true, inside.evidence);
  });
  it('is ungraded, at once and with the disk as it was, when the task folder would not fit where its scratch copy goes (an agent\'s sparse file)', async () => {
    const task = join(root, 'task-with-sparse-file');
    mkdirSync(task);
    writeFileSync(join(task, 'app.txt'), 'work');
    const { bavail, bsize } = statfsSync(tmpdir());
    // Larger than what is free: a copy would fill the disk (it takes no room here, being sparse).
    try {
      writeFileSync(join(task, 'huge.log'), '');
      truncateSync(join(task, 'huge.log'), bavail * bsize + 2 ** 31);
    } catch {
      return; // a file system without sparse files of that size
    }
    const before = statfsSync(tmpdir()).bavail;
    const verdict = await run({ command: 'true' }, { task });
    assert.ok('ungraded' in verdict && /task folder holds more than the [\d.,]+ GiB its scratch copy may take .*sparse file counts at its full size/.test(verdict.ungraded.reason), JSON.stringify(verdict));
    assert.ok(statfsSync(tmpdir()).bavail >= before - 2 ** 30 / bsize, 'no gigabytes were copied');
  });
  it('is ungraded, saying why, when its matrix multiplies out past 10,000 cells (8 variables of 20 values ran the heap out)', async () => {
    const matrix = Object.fromEntries(Array.from({ length: 8 }, (_, v) => [`V${v}`, Array.from({ length: 20 }, (_, i) => String(i))]));
    const verdict = await run({ command: 'true', matrix });
    assert.ok('ungraded' in verdict && verdict.ungraded.reason === 'its matrix multiplies out to 25,600,000,000 cells, more than the 10,000 compare runs for one command_check', JSON.stringify(verdict));
    const fine = graded(await run({ command: 'true', matrix: { A: Array.from({ length: 100 }, (_, i) => String(i)), B: ['x'] } }, { containment: session }));
    assert.ok(fine.passed && fine.evidence.startsWith('100/100 matrix cells passed'), fine.evidence);
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
    const noTask = await gradeCommandCheck({ id: 'c', type: 'command_check', command: 'true' }, { taskDir: undefined, evalsDir, shown: (path) => path, timeoutMs: 1000, maxOutputBytes: 1000 });
    assert.ok('ungraded' in noTask && noTask.ungraded.reason.includes('no final task folder'));
    // The folders named absolute in grading.json (the same from every folder), and in the report as `shown` names them, from where compare was started; never the copy the command runs in.
    const gone = await run({}, { task: join(root, 'gone', 'task') });
    assert.deepEqual(gone, { ungraded: { id: 'check', grader: 'command_check', reason: `the run's task folder ${join(root, 'gone', 'task')} does not exist` }, plainReason: "the run's task folder gone/task does not exist" });
    const missing = await run({ setup_files: ['holdout/absent.txt'] });
    assert.deepEqual(missing, { ungraded: { id: 'check', grader: 'command_check', reason: `setup file "holdout/absent.txt" was not found in ${evalsDir}` }, plainReason: 'setup file "holdout/absent.txt" was not found in evals' });
    for (const out of ['../task/app.txt', 'holdout/../../task/app.txt', 'holdout\\..\\..\\task\\app.txt', '/etc/hostname']) {
      const escaping = await run({ setup_files: [out] });
      assert.ok('ungraded' in escaping && escaping.ungraded.reason.includes('relative path inside'), out);
    }
    symlinkSync('/etc/hostname', join(evalsDir, 'link-out'));
    const linked = await run({ setup_files: ['link-out'] });
    assert.ok('ungraded' in linked && linked.ungraded.reason.includes('link out of the evals folder'), JSON.stringify(linked));
  });
});

// A process the command starts that leaves its group and session (setsid) must not outlive the
// grade. It holds a marker file open: in a PID namespace the pid it could write is its
// namespace's, while the holder of the marker shows here with the pid this /proc knows.
describe('command_check leaves no process behind', async () => {
  const containment = await commandContainment();
  const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;
  /**
   * A command that starts a setsid daemon holding a marker, waits (bounded) until the test has seen
   * it, then runs `rest`. The files are named in its `env`: each cell has a /tmp of its own, where
   * the paths its environment names are kept (the test's folder is in the temporary folder).
   */
  const withDaemon = (rest: string) => {
    const [mark, seen] = [newMark(), newMark()];
    rmSync(seen);
    const command = `setsid sh -c 'exec sleep 1000' 9<"$MARK" </dev/null >/dev/null 2>&1 & i=0; while ! test -e "$SEEN" && [ "$i" -lt 1000 ]; do sleep 0.01; i=$((i + 1)); done; ${rest}`;
    return { command, env: { MARK: mark, SEEN: seen }, mark, seen };
  };
  /** The daemon's pid, as this /proc knows it, once it holds the marker (bounded); then the command goes on. */
  const daemonOf = async (d: { mark: string; seen: string }): Promise<number> => {
    for (let i = 0; i < 1000 && holdersOf(d.mark).length === 0; i++) await new Promise((done) => setTimeout(done, 10));
    const [pid] = holdersOf(d.mark);
    writeFileSync(d.seen, '');
    assert.ok(pid !== undefined, 'the daemon never started');
    return pid;
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  /** Grades `d`'s command, then asserts its daemon is gone (and kills it if not). */
  const gradedWithout = async (d: ReturnType<typeof withDaemon>, grading: Promise<Verdict>) => {
    const pid = await daemonOf(d);
    try {
      const result = graded(await grading);
      assert.equal(alive(pid), false, `the daemon (pid ${pid}) outlived its command_check`);
      return result;
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  };

  it('a setsid daemon does not outlive a command that completes', { skip: noNamespace, timeout: 60_000 }, async () => {
    const d = withDaemon('echo done');
    const result = await gradedWithout(d, run({ command: d.command, env: d.env, expect_stdout: '^done\n$' }));
    assert.equal(result.passed, true, result.evidence);
  });

  it('a setsid daemon does not outlive a command stopped at its time limit', { skip: noNamespace, timeout: 60_000 }, async () => {
    const d = withDaemon('sleep 30');
    const result = await gradedWithout(d, run({ command: d.command, env: d.env }, { timeoutMs: 1500 }));
    assert.equal(result.passed, false);
    assert.ok(result.evidence.includes('did not finish within 1.5 s'), result.evidence);
  });

  it('a setsid daemon does not outlive a command stopped at its output limit', { skip: noNamespace, timeout: 60_000 }, async () => {
    const d = withDaemon('yes');
    const result = await gradedWithout(d, run({ command: d.command, env: d.env }, { maxOutputBytes: 100_000 }));
    assert.ok(result.evidence.includes('more than 100000 bytes to stdout'), result.evidence);
  });

  it('a setsid daemon does not outlive an interrupted compare', { skip: noNamespace, timeout: 60_000 }, async () => {
    const d = withDaemon('sleep 30');
    const interrupt = new AbortController();
    const grading = run({ command: d.command, env: d.env }, { signal: interrupt.signal });
    const pid = await daemonOf(d);
    try {
      interrupt.abort(new Error('interrupted'));
      await assert.rejects(grading, /interrupted/);
      assert.equal(alive(pid), false, `the daemon (pid ${pid}) outlived its command_check`);
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  // The real-agent tier and most CI run as a regular user: there the PID namespace comes with a user namespace.
  it('as a regular user too (a user namespace), keeping the uid, the task folder and the exit status', { skip: noNamespace || (process.getuid?.() !== 0 && 'needs root to become a regular user with setpriv'), timeout: 60_000 }, () => {
    const open = mkdtempSync(join(tmpdir(), 'compare-command-check-user-'));
    try {
      mkdirSync(join(open, 'task'));
      writeFileSync(join(open, 'task', 'app.txt'), 'work');
      const mark = join(open, 'mark');
      writeFileSync(mark, '');
      // The regular user's, not world-writable: what it needs and no more.
      giveToRegularUser(open);
      const grader = bundledModule(fileURLToPath(new URL('../../src/compare/graders/command-check.ts', import.meta.url)));
      const helpers = bundledModule(fileURLToPath(new URL('../runner/run-helpers.ts', import.meta.url)));
      const script = `const [{ gradeCommandCheck }, { holdersOf }] = await Promise.all([import(${JSON.stringify(grader)}), import(${JSON.stringify(helpers)})]);
const input = { taskDir: ${JSON.stringify(join(open, 'task'))}, evalsDir: ${JSON.stringify(open)}, shown: (path) => path, timeoutMs: 20000, maxOutputBytes: 100000 };
const grade = (command, more = {}) => gradeCommandCheck({ id: 'c', type: 'command_check', command, ...more }, input);
const daemon = await grade(${JSON.stringify(`setsid sh -c 'exec sleep 1000' 9<"$MARK" </dev/null >/dev/null 2>&1 & i=0; until [ -n "$(ls -l /proc/*/fd 2>/dev/null | grep -F "$MARK")" ] || [ "$i" -ge 500 ]; do sleep 0.01; i=$((i + 1)); done; id -u; test -f app.txt`)}, { env: { MARK: ${JSON.stringify(mark)} } });
const left = holdersOf(${JSON.stringify(mark)});
// A folder the command made read-only in the task's copy (chmod a-w, as Go's module cache is) threw EACCES out of the compare.
const readOnly = await grade('mkdir -p d/e && touch d/e/f && chmod 500 d/e d');
process.stdout.write(JSON.stringify({ daemon, left, exit: await grade('exit 130', { expect_exit_code: 130 }), signal: await grade('kill -INT $$'), readOnly }));`;
      const r = spawnAsRegularUser([process.execPath, '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
      assert.equal(r.status, 0, r.stderr);
      const out = JSON.parse(r.stdout) as { daemon: Verdict; left: number[]; exit: Verdict; signal: Verdict; readOnly: Verdict };
      const daemon = graded(out.daemon);
      assert.equal(daemon.passed, true, daemon.evidence);
      assert.ok(daemon.evidence.includes('"65534\\n"'), `the command ran as the regular user: ${daemon.evidence}`);
      assert.deepEqual(out.left, [], 'the daemon outlived its command_check');
      assert.equal(graded(out.exit).passed, true, graded(out.exit).evidence);
      assert.ok(graded(out.signal).evidence.includes('terminated by signal SIGINT'), graded(out.signal).evidence);
      assert.equal(graded(out.readOnly).passed, true, graded(out.readOnly).evidence);
    } finally {
      for (const pid of holdersOf(join(open, 'mark'))) process.kill(pid, 'SIGKILL');
      rmSync(open, { recursive: true, force: true });
    }
  });

  it('a descriptor the caller left open (fd 200) never reaches the command, which may run code the agent wrote', { timeout: 60_000 }, () => {
    const open = mkdtempSync(join(tmpdir(), 'compare-command-check-fd-'));
    try {
      mkdirSync(join(open, 'task'));
      const log = join(open, 'caller.log');
      const fd = openSync(log, 'a');
      const grader = bundledModule(fileURLToPath(new URL('../../src/compare/graders/command-check.ts', import.meta.url)));
      const script = `const { gradeCommandCheck } = await import(${JSON.stringify(grader)});
const input = { taskDir: ${JSON.stringify(join(open, 'task'))}, evalsDir: ${JSON.stringify(open)}, shown: (path) => path, timeoutMs: 20000, maxOutputBytes: 100000 };
process.stdout.write(JSON.stringify(await gradeCommandCheck({ id: 'c', type: 'command_check', command: 'ls -l /proc/self/fd/; exit 1' }, input)));`;
      let r;
      try {
        r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe', ...Array<'ignore'>(197).fill('ignore'), fd] });
      } finally {
        closeSync(fd);
      }
      assert.equal(r.status, 0, r.stderr);
      const verdict = graded(JSON.parse(r.stdout) as Verdict);
      assert.match(verdict.evidence, / 200 -> \/dev\/null/, 'the command got /dev/null at the caller\'s descriptor');
      assert.equal(verdict.evidence.includes(log), false, verdict.evidence);
    } finally {
      rmSync(open, { recursive: true, force: true });
    }
  });

  it('where a namespace can be made but not joined, the probe falls back to the session, saying why', { skip: noNamespace, timeout: 60_000 }, () => {
    // An nsenter that a seccomp filter or a masked /proc would stop, as a container might.
    const bin = mkdtempSync(join(tmpdir(), 'compare-no-nsenter-'));
    writeFileSync(join(bin, 'nsenter'), "#!/bin/sh\necho 'nsenter: reassociate to namespace ns/pid failed: Operation not permitted' >&2\nexit 1\n", { mode: 0o755 });
    const module = bundledModule(fileURLToPath(new URL('../../src/process/containment.ts', import.meta.url)));
    const probe = `import(${JSON.stringify(module)}).then(async (m) => process.stdout.write(JSON.stringify(await m.commandContainment())))`;
    const r = spawnSync(process.execPath, ['-e', probe], { env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` }, encoding: 'utf8', timeout: 60_000 });
    rmSync(bin, { recursive: true, force: true });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { kind: 'session', reason: 'this system let eval-magic make a PID namespace but not join one (nsenter)' });
  });

  it('the session fallback keeps its reach: a setsid daemon escapes it (as docs/compare.md says)', { timeout: 60_000 }, async () => {
    const d = withDaemon('echo done');
    const grading = run({ command: d.command, env: d.env }, { containment: session });
    const pid = await daemonOf(d);
    try {
      assert.equal(graded(await grading).passed, true);
      assert.equal(alive(pid), true, 'the session fallback cannot find a process that called setsid');
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
