// The --out folder: made level by level with a clear failure (never a hang), and locked for the
// run: a live holder, a stale lock, a garbage or linked lock file each stop a second run at once.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE, runEvals } from '../../src/runner/index.js';
import { UsageError } from '../../src/errors.js';
import { binPath, runBin, runMain, type CliRun } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { claudeRound, makeWorkspace, oneEval, readCheckedArtifact } from '../runner/run-helpers.js';

const turns = [{ prompt: 'n', deliver_when: 'always' }];

function workspace() {
  const ws = makeWorkspace(oneEval('e1', 'go', turns), [claudeRound('s', 'a'), claudeRound('s', 'b')]);
  const run = (out = ws.out) => runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out, env: ws.env });
  return { ws, run };
}

describe('--out paths that cannot be made fail at once (exit 2), naming the level and the reason', () => {
  // The binary where a regression would spin rather than fail (its run has a time limit); in this process (runMain) elsewhere.
  const cases: { name: string; out: (root: string) => string; message: RegExp; binary?: true }[] = [
    { name: '/proc/self/x (recursive mkdir used to spin at 100% CPU)', out: () => '/proc/self/eval-magic-out', message: /cannot create \/proc\/self\/eval-magic-out: the file system does not allow creating it/, binary: true },
    { name: 'a file in the way', out: (root) => join(root, 'evals.json', 'out'), message: /evals\.json exists and is not a folder/ },
    { name: 'under a device', out: () => '/dev/null/out', message: /\/dev\/null exists and is not a folder/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { ws } = workspace();
      const args = ['run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', c.out(ws.root)];
      const r = c.binary ? runBin(args, { env: ws.env }) : await runMain(args, { env: ws.env });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /^eval-magic: --out ".*" cannot be made: /);
      assert.match(r.stderr, c.message);
      assert.equal(ws.calls().length, 0);
    });
  }

  for (const [name, below] of [['at --out itself', ''], ['at a level above --out', 'out']] as const) {
    it(`a dangling link ${name}: said so, with where it points and what to do; nothing is made there`, async () => {
      const { ws } = workspace();
      const gone = join(ws.root, 'gone');
      symlinkSync(gone, join(ws.root, 'out-link'));
      const out = join(ws.root, 'out-link', below);
      const r = await runMain(['run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', out], { env: ws.env });
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stderr, `eval-magic: --out ${JSON.stringify(out)} cannot be made: ${join(ws.root, 'out-link')} is a symbolic link (to ${JSON.stringify(gone)}) that leads nowhere (a dangling link); remove the link, or make the folder it points to\n`);
      assert.equal(existsSync(gone), false);
      assert.equal(ws.calls().length, 0);
    });
  }

  it('no permission: a folder without write access (mode 555 as a user; sysfs as root)', async () => {
    const { ws, run } = workspace();
    const isRoot = process.getuid?.() === 0;
    const parent = join(ws.root, 'read-only');
    mkdirSync(parent);
    chmodSync(parent, 0o555);
    const out = isRoot ? '/sys/eval-magic-out' : join(parent, 'out');
    await assert.rejects(run(out), (e: Error) => e instanceof UsageError && /cannot be made: cannot create .*: (permission denied|operation not permitted|the file system is read-only)/.test(e.message));
    assert.equal(ws.calls().length, 0);
  });
});

describe('every eval\'s folder under --out is checked before any agent starts: exit 2, naming it and why; nothing is written', () => {
  // As a regular user, where modes apply (root writes in a mode 555 folder).
  const asRoot = process.getuid?.() === 0;
  const long = 'b'.repeat(300);
  const cases: { name: string; second: string; asUser?: true; overwrite?: true; prepare?: (out: string) => void; message: (out: string) => string | RegExp }[] = [
    {
      name: 'a file where the second eval\'s folder goes',
      second: 'b2',
      prepare: (out) => writeFileSync(join(out, 'b2'), 'a file\n'),
      message: (out) => `${join(out, 'b2')} is a file, not a folder eval-magic made; remove it (nothing was run)`,
    },
    {
      // Refused with evals.json itself now (check's eval-id-unique places it), before --out is looked at.
      name: 'an eval id too long for a file name (ENAMETOOLONG used to end the second eval after the first one ran)',
      second: long,
      message: () => /^eval-magic: \S+evals\.json is not a valid evals\.json; nothing ran:\n[\s\S]*error {2}The eval id "b{40}…" is too long for its folder: eval-<id> would be a name of 305 bytes; the system allows 255; shorten the id \(campaign and run would refuse it\)\. {2}eval-id-unique\n/,
    },
    {
      name: 'the second eval\'s folder is read-only (an earlier run\'s, mode 555)',
      second: 'b2',
      asUser: true,
      prepare: (out) => mkdirSync(join(out, 'b2'), { mode: 0o555 }),
      message: (out) => `--out ${JSON.stringify(out)}: eval "b2" cannot write in ${join(out, 'b2')}: permission denied (EACCES) (nothing was run)`,
    },
    {
      name: 'a round folder an earlier run left is read-only (--overwrite writes its stream there again)',
      second: 'b2',
      asUser: true,
      overwrite: true,
      prepare: (out) => {
        mkdirSync(join(out, 'b2'));
        mkdirSync(join(out, 'b2', 'turn-1'), { mode: 0o555 });
      },
      message: (out) => `--out ${JSON.stringify(out)}: eval "b2" cannot write in ${join(out, 'b2', 'turn-1')}: permission denied (EACCES) (nothing was run)`,
    },
    {
      name: '--out itself is read-only (mode 555): its lock cannot be made, said in words',
      second: 'b2',
      asUser: true,
      prepare: (out) => chmodSync(out, 0o555),
      message: (out) => `--out ${JSON.stringify(out)} is not usable: cannot create the lock file ${join(out, LOCK_FILE)}: permission denied (EACCES) (nothing was run)`,
    },
    {
      name: '--out itself is read-only (mode 555): its lock cannot be made, said in words',
      second: 'b2',
      asUser: true,
      prepare: (out) => chmodSync(out, 0o555),
      message: (out) => `--out ${JSON.stringify(out)} is not usable: cannot create the lock file ${join(out, LOCK_FILE)}: permission denied (EACCES) (nothing was run)`,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const evals = { skill_name: 'demo-skill', evals: [{ id: 'a1', prompt: 'one', expected_output: 'x' }, { id: c.second, prompt: 'two', expected_output: 'x' }] };
      const ws = makeWorkspace(evals, [claudeRound('s', 'a'), claudeRound('t', 'b')]);
      mkdirSync(ws.out);
      c.prepare?.(ws.out);
      const args = ['run', '--evals', ws.evalsPath, '--harness', 'claude-code', '--cwd', ws.task, '--out', ws.out, ...(c.overwrite ? ['--overwrite'] : [])];
      const before = readdirSync(ws.out, { recursive: true });
      let r: CliRun;
      if (c.asUser && asRoot) {
        chmodSync(ws.root, 0o755);
        giveToRegularUser(ws.root);
        const run = spawnAsRegularUser([process.execPath, binPath, ...args], { env: { ...ws.env, NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 });
        r = { code: run.status, stdout: run.stdout, stderr: run.stderr };
      } else {
        r = runBin(args, { env: ws.env });
      }
      assert.equal(ws.calls().length, 0, 'no agent started');
      assert.equal(r.code, 2, r.stderr);
      const message = c.message(ws.out);
      if (message instanceof RegExp) assert.match(r.stderr, message);
      else assert.equal(r.stderr, `eval-magic: ${message}\n`);
      assert.equal(r.stdout, '');
      assert.deepEqual(readdirSync(ws.out, { recursive: true }), before, 'nothing was written under --out: no folder for the first eval, no lock');
    });
  }
});

describe('the lock on --out', () => {
  it('is held during the run and removed after it, completed or aborted', async () => {
    const { ws, run } = workspace();
    const [done] = await run();
    assert.equal(done?.status, 'completed');
    assert.equal(existsSync(join(ws.out, LOCK_FILE)), false);
    readCheckedArtifact(join(ws.out, 'conversation.json'));
    const failing = makeWorkspace(oneEval('e1', 'go', turns), [{ exit: 3 }]);
    const [aborted] = await runEvals({ evals: failing.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: failing.task, out: failing.out, env: failing.env });
    assert.equal(aborted?.status, 'aborted');
    assert.equal(existsSync(join(failing.out, LOCK_FILE)), false);
  });

  const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;
  const lockCases: { name: string; lock: (path: string) => void; message: RegExp }[] = [
    {
      name: 'a stale lock of a dead process is reported, not taken over',
      lock: (path) => writeFileSync(path, JSON.stringify({ pid: deadPid(), started: '2026-01-01T00:00:00.000Z', host: hostname(), token: 'x' })),
      message: /has a stale lock: .*\.eval-magic-run\.lock was left by an eval-magic run \(pid \d+, started 2026-01-01T00:00:00\.000Z\) that is no longer running/,
    },
    {
      name: 'a live holder that holds its agents in PID namespaces is named all the same',
      lock: (path) => writeFileSync(path, JSON.stringify({ pid: process.pid, started: '2026-01-01T00:00:00.000Z', host: hostname(), token: 'x', contained: true })),
      message: /is in use by another eval-magic run/,
    },
    {
      name: 'a stale lock another command is taking over (its .takeover guard there) is left to it',
      lock: (path) => {
        writeFileSync(path, JSON.stringify({ pid: deadPid(), started: '2026-01-01T00:00:00.000Z', host: hostname(), token: 'x', contained: true }));
        writeFileSync(`${path}.takeover`, '');
      },
      message: /has a stale lock/,
    },
    {
      name: 'a lock from another host is held even when contained',
      lock: (path) => writeFileSync(path, JSON.stringify({ pid: 1, started: '2026-01-01T00:00:00.000Z', host: 'build-box-7', token: 'x', contained: true })),
      message: /in use by another eval-magic run \(pid 1 on host build-box-7/,
    },
    {
      name: 'a lock whose pid now belongs to another process (start time differs) is stale',
      lock: (path) => writeFileSync(path, JSON.stringify({ pid: process.pid, started: '2026-01-01T00:00:00.000Z', host: hostname(), proc_start: '1', token: 'x' })),
      message: /has a stale lock/,
    },
    {
      name: 'a live holder is named',
      lock: (path) => writeFileSync(path, JSON.stringify({ pid: process.pid, started: '2026-01-01T00:00:00.000Z', host: hostname(), token: 'x' })),
      message: new RegExp(`is in use by another eval-magic run \\(pid ${process.pid}, started 2026-01-01T00:00:00\\.000Z; lock file `),
    },
    {
      name: 'a lock from another host is taken as held (its pid cannot be checked here)',
      lock: (path) => writeFileSync(path, JSON.stringify({ pid: 1, started: '2026-01-01T00:00:00.000Z', host: 'build-box-7', token: 'x' })),
      message: /in use by another eval-magic run \(pid 1 on host build-box-7/,
    },
    { name: 'a garbage lock file', lock: (path) => writeFileSync(path, 'not json'), message: /is locked by .*, which is not a lock file eval-magic can read/ },
    { name: 'a link at the lock path', lock: (path) => symlinkSync('/nonexistent/eval-magic-lock', path), message: /is locked by .*, which is not a lock file eval-magic can read/ },
  ];
  it('a stale lock whose dead holder held its agents in PID namespaces is taken over: nothing it started can still run', async () => {
    const { ws, run } = workspace();
    mkdirSync(ws.out);
    const path = join(ws.out, LOCK_FILE);
    writeFileSync(path, JSON.stringify({ pid: deadPid(), started: '2026-01-01T00:00:00.000Z', host: hostname(), token: 'x', contained: true }));
    const [done] = await run();
    assert.equal(done?.status, 'completed');
    assert.equal(existsSync(path), false, 'the taken-over lock is released like any other');
    assert.equal(existsSync(`${path}.takeover`), false);
  });

  for (const c of lockCases) {
    it(`${c.name}: exit 2 at once, nothing runs, the lock file is left as it was`, async () => {
      const { ws, run } = workspace();
      mkdirSync(ws.out);
      const path = join(ws.out, LOCK_FILE);
      c.lock(path);
      const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      await assert.rejects(run(), (e: Error) => e instanceof UsageError && c.message.test(e.message) && /nothing was run/.test(e.message));
      assert.equal(ws.calls().length, 0);
      if (before !== undefined) assert.equal(readFileSync(path, 'utf8'), before);
    });
  }
});
