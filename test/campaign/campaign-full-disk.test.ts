// A workspace whose disk fills up mid-campaign: once a run aborts for want of space, no new run
// starts (every later one would abort alike), and the command says why and how to go on. The disk
// is a real tmpfs, mounted in a mount namespace of the test's own (root only; skipped otherwise).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { binPath } from '../helpers/cli.js';
import { makeCampaignWorkspace } from './campaign-helpers.js';

/** Whether this process may mount a tmpfs in a new mount namespace. */
function tmpfsUnavailable(): string | false {
  const probe = spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=64k t "$1"', 'sh', '/mnt'], { encoding: 'utf8' });
  return probe.status === 0 ? false : `cannot mount a tmpfs in a mount namespace here (needs root): ${probe.stderr.trim() || probe.error?.message}`;
}

describe('campaign on a disk that fills up', () => {
  it('starts no new run once one aborts with ENOSPC, says the disk is full and that the same command goes on; --keep-going starts them all', { skip: tmpfsUnavailable() }, () => {
    const campaignOnTmpfs = (extra: string[]) => {
      const ws = makeCampaignWorkspace({ respond: { ask: true } });
      const disk = join(ws.root, 'disk');
      mkdirSync(disk);
      // 128 KiB holds the first few of the 20 runs (each keeps its task, events and records).
      const script = 'm="$1"; mount -t tmpfs -o size=128k eval-magic-test "$m" && shift && "$@"';
      const r = spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', disk, process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--runs', '5', '--jobs', '1', '--workspace', disk, ...extra], { env: ws.env, encoding: 'utf8', cwd: ws.root, timeout: 120_000 });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr, lines: r.stderr.split('\n').filter((l) => /^\[\d+\/20\]/.test(l)) };
    };
    const r = campaignOnTmpfs([]);
    assert.equal(r.code, 1, r.stderr);
    const full = r.lines.filter((l) => /ENOSPC/.test(l));
    assert.equal(full.length, 1, `one run aborted for want of space, and no run after it:\n${r.lines.slice(-5).join('\n')}`);
    assert.equal(r.lines.at(-1), full[0], 'it is the last run that finished');
    assert.ok(r.lines.length < 20, 'runs were left unstarted');
    assert.match(r.stderr, /eval-magic: no new run was started: the workspace's disk is full \(ENOSPC: no space left on device[^)]*\)\. Free space, then run the same command again: the finished runs are kept, and the aborted ones are made again\n/);
    assert.doesNotMatch(r.stderr, /agent's error/);

    const going = campaignOnTmpfs(['--keep-going']);
    assert.equal(going.lines.length, 20, 'with --keep-going every run is started');
    assert.doesNotMatch(going.stderr, /no new run was started/);
  });
});
