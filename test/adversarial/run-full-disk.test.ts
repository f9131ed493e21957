// A full disk and closed output streams: every failure path of `run` ends with a clear error or
// quietly with the code it earned, and releases the lock. The disk is a real tmpfs of a few KiB,
// mounted in a mount namespace of the test's own (root only; skipped with the reason otherwise).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { binPath } from '../helpers/cli.js';
import { claude, claudeRound, isRunning, makeWorkspace, oneEval, type FakeRound } from '../runner/run-helpers.js';

const always = [{ prompt: 'next', deliver_when: 'always' }];

/** Whether this process may mount a tmpfs in a new mount namespace. */
function tmpfsUnavailable(): string | false {
  const probe = spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=64k t "$1"', 'sh', '/mnt'], { encoding: 'utf8' });
  return probe.status === 0 ? false : `cannot mount a tmpfs in a mount namespace here (needs root): ${probe.stderr.trim() || probe.error?.message}`;
}
const noTmpfs = tmpfsUnavailable();

/**
 * Runs `eval-magic run` with --out on a tmpfs of `size`, first filled to the last block when
 * `fill` is "full"; stderr ends with whether the lock file was left.
 */
function runOnTmpfs(ws: ReturnType<typeof makeWorkspace>, size: string, fill: 'full' | 'none') {
  const mount = join(ws.root, 'disk');
  mkdirSync(mount);
  const filler = fill === 'full' ? 'dd if=/dev/zero of="$m/filler" bs=1k 2>/dev/null; ' : '';
  const script = `m="$1"; mount -t tmpfs -o size=${size} eval-magic-test "$m" && ${filler}shift && "$@"; code=$?; if [ -e "$m/out/.eval-magic-run.lock" ]; then echo "lock: left" >&2; else echo "lock: gone" >&2; fi; exit $code`;
  const run = spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', mount, process.execPath, binPath, 'run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', join(mount, 'out')], {
    env: ws.env, encoding: 'utf8', timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('a full disk', () => {
  it('--out on a disk with no space left: exit 2 naming ENOSPC, and no lock left behind to block the next run', { skip: noTmpfs }, () => {
    const ws = makeWorkspace(oneEval('e1', 'start', always), [claudeRound('s', 'one'), claudeRound('s', 'two')]);
    const r = runOnTmpfs(ws, '64k', 'full');
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /eval-magic: --out ".*out" is not usable: cannot write the lock file .*\.eval-magic-run\.lock: no space left on the device \(ENOSPC\) \(nothing was run\)/);
    assert.doesNotMatch(r.stderr, /internal error/);
    assert.match(r.stderr, /lock: gone/);
    assert.equal(ws.calls().length, 0);
  });

  it('the disk filling up during a round: abort write-failed naming the file and ENOSPC, exit 1, the lock released, the agent gone', { skip: noTmpfs }, () => {
    const flood: FakeRound = { stdout: [claude.init('s')], flood: { bytes: 4 * 1024 * 1024 }, spawnChild: true };
    const ws = makeWorkspace(oneEval('e1', 'start', always), [flood]);
    const r = runOnTmpfs(ws, '1m', 'none');
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /aborted: Round 1: cannot write .*turn-1\/claude-events\.jsonl: ENOSPC/);
    assert.doesNotMatch(r.stderr, /internal error/);
    assert.match(r.stderr, /lock: gone/);
    assert.equal(isRunning(ws.calls()[0]!.childMark!), false);
  });
});

describe('closed output streams', () => {
  const bash = (command: string, env: NodeJS.ProcessEnv) => spawnSync('bash', ['-c', command], { env, encoding: 'utf8', timeout: 60_000 });

  it('run … 2>&1 | head -1: the run goes on quietly and ends with its code (0); the lock is released', () => {
    const ws = makeWorkspace(oneEval('e1', 'start', always), [claudeRound('s', 'one'), claudeRound('s', 'two')]);
    const r = bash(`"$0" "${binPath}" run --evals "$1" --eval e1 --harness claude-code --cwd "$2" --out "$3" 2>&1 | head -1; echo "exit \${PIPESTATUS[0]}"`.replace('"$0"', JSON.stringify(process.execPath)).replace('"$1"', JSON.stringify(ws.evalsPath)).replace('"$2"', JSON.stringify(ws.task)).replace('"$3"', JSON.stringify(ws.out)), ws.env);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 2, r.stdout + r.stderr);
    assert.match(lines[0]!, /^\[e1\] round 1: starting claude-code$/);
    assert.equal(lines[1], 'exit 0');
    assert.equal(existsSync(join(ws.out, '.eval-magic-run.lock')), false);
    assert.ok(readdirSync(ws.out).includes('conversation.json'), 'the run completed');
  });

  it('check --verbose … 2>&1 | head -1 on clean files exits 0', () => {
    const ws = makeWorkspace(oneEval('e1', 'start', always), [claudeRound('s', 'one'), claudeRound('s', 'two')]);
    const run = spawnSync(process.execPath, [binPath, 'run', '--evals', ws.evalsPath, '--eval', 'e1', '--harness', 'claude-code', '--cwd', ws.task, '--out', ws.out], { env: ws.env });
    assert.equal(run.status, 0);
    const r = bash(`${JSON.stringify(process.execPath)} ${JSON.stringify(binPath)} check --verbose ${JSON.stringify(ws.root)} 2>&1 | head -1; echo "exit \${PIPESTATUS[0]}"`, ws.env);
    assert.match(r.stdout.trim().split('\n').at(-1)!, /^exit 0$/, r.stdout + r.stderr);
  });
});
