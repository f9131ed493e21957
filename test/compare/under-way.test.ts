// A run a campaign is still making, read mid-way (compare or judge started before the campaign
// ended), is said as under way — not as cut short by a kill, which its placeholder run.json says.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { RUN_LOCK_FILE } from '../../src/workspace/layout.js';
import { binPath } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { writeWorkspace, type RunSpec } from './workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-under-way-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const run: RunSpec = { events: [{ user: 'Rename the column.' }, { assistant: 'Should I rename it in the seeds too?' }, { user: 'Yes.' }, { assistant: 'Renamed.' }] };
const evals = [{
  id: 'e1', prompt: 'Rename the column.', expected_output: 'Asks first.', turns: [{ prompt: 'Yes.', deliver_when: 'agent_asks' }],
  assertions: [{ id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }],
}];
const CUT_SHORT = 'eval-magic ended during this attempt without recording its outcome (it was killed, or the machine went down)';

/** An iteration whose with_skill run 2 is as campaign leaves it while its attempt runs: the placeholder run.json, no conversation, and a lock held by `holder`. */
function midCampaign(name: string, holder: Record<string, unknown> | undefined, record: 'placeholder' | 'none' = 'placeholder'): string {
  const iteration = writeWorkspace(join(tmp, name), { skill: 's', evals, runs: { e1: { with_skill: [run, run], without_skill: [run, run] } } });
  const runDir = join(iteration, 'eval-e1', 'with_skill', 'run-2');
  const recordPath = join(runDir, 'run.json');
  const finished = JSON.parse(readFileSync(recordPath, 'utf8'));
  rmSync(join(runDir, 'conversation.json'));
  if (record === 'none') rmSync(recordPath);
  else writeFileSync(recordPath, JSON.stringify({ ...finished, status: 'aborted', abort_reason: 'interrupted', message: CUT_SHORT }, null, 2) + '\n');
  if (holder !== undefined) writeFileSync(join(runDir, RUN_LOCK_FILE), JSON.stringify({ token: 'a1b2c3', started: '2026-12-07T14:02:11.000Z', host: hostname(), ...holder }) + '\n');
  return iteration;
}

/** What is said of a run folder whose lock eval-magic cannot read, as judge says it of a judgment's (workspace held-lock). */
const UNREADABLE = /the run is locked by its \.eval-magic-run\.lock, which is not a lock file eval-magic can read; if no eval-magic command is using it, delete it and run the campaign again/;
const selfStart = () => readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[19]!;
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

async function missing(iteration: string): Promise<string> {
  const { document } = await compareIterations([iteration], { cwd: tmp });
  const said = document.validity.filter((v) => v.code === 'runs-missing' && /not counted/.test(v.message)).map((v) => v.message);
  assert.equal(said.length, 1, JSON.stringify(document.validity));
  return said[0]!;
}

describe('compare: a run a campaign is still making is said as under way', () => {
  it('its lock held by a process that runs: under way, naming the holder, not "killed"', async () => {
    const said = await missing(midCampaign('live', { pid: process.pid, proc_start: selfStart() }));
    assert.match(said, /the run is still under way \(eval-magic pid \d+ holds its lock, since 2026-12-07T14:02:11\.000Z\): wait for its campaign to end/);
    assert.doesNotMatch(said, /killed/);
  });

  it('no run.json yet, the lock held: under way too (one state, one wording)', async () => {
    const said = await missing(midCampaign('no-record', { pid: process.pid, proc_start: selfStart() }, 'none'));
    assert.match(said, /still under way/);
    assert.doesNotMatch(said, /never finished/);
  });

  it('its lock left by a process gone whose agents were held in PID namespaces (the next campaign takes it over), or by one whose pid was reused (another start time): cut short, as the record says', async () => {
    for (const [name, holder] of [['dead', { pid: deadPid(), contained: true }], ['reused', { pid: process.pid, proc_start: '1', contained: true }]] as const) {
      const said = await missing(midCampaign(name, holder));
      assert.match(said, /the run aborted \(interrupted: eval-magic ended during this attempt/, name);
      assert.doesNotMatch(said, /under way/, name);
    }
  });

  it("its lock left by a process gone whose agents were not held in PID namespaces (one may still run): said as judge says a judgment's stale lock, with what to do — the campaign refuses the run at it (brief judgelock 3)", async () => {
    const said = await missing(midCampaign('dead-uncontained', { pid: deadPid() }));
    assert.match(said, /the run has a stale lock: its \.eval-magic-run\.lock was left by an eval-magic command \(pid \d+, started 2026-12-07T14:02:11\.000Z\) that is no longer running \(it was killed or crashed\), and whose agents were not held in PID namespaces, so one may still run\. If nothing is using it, delete the lock file and run the campaign again/);
    assert.doesNotMatch(said, /aborted \(interrupted/);
  });

  it('a lock held on another host may be under way there: said so, its host quoted; a start time not written as the holder writes it is not shown', async () => {
    const said = await missing(midCampaign('elsewhere', { pid: 1, host: 'build-7\u001b[2J', started: 'yesterday\u001b[31m' }));
    assert.match(said, /may still be under way on host "build-7\\u001b\[2J" \(eval-magic pid 1 there holds its lock\): wait for its campaign to end there; if nothing runs there any more, it was cut short: delete its \.eval-magic-run\.lock and run the campaign again/);
    assert.doesNotMatch(said, /yesterday/);
    const long = await missing(midCampaign('long-host', { pid: 1, host: 'h'.repeat(5000) }));
    assert.ok(long.length < 600, `the host cut short: ${long.length} characters`);
  });

  it('a lock that is no lock eval-magic writes — pid 0 or negative (process groups), a huge file, a link, not JSON, a folder — is one eval-magic cannot read: said as judge says such a lock on a judgment, not passed over as a run cut short, which the campaign would refuse at that lock (review35; brief judgelock 3)', async () => {
    const cases: Array<[string, (lock: string) => void]> = [
      ['pid-0', (lock) => writeFileSync(lock, JSON.stringify({ pid: 0, token: 't', started: '2026-12-07T14:02:11.000Z', host: hostname() }))],
      ['pid-negative', (lock) => writeFileSync(lock, JSON.stringify({ pid: -1, token: 't', started: '2026-12-07T14:02:11.000Z', host: hostname() }))],
      ['huge', (lock) => writeFileSync(lock, JSON.stringify({ pid: process.pid, token: 't', started: '2026-12-07T14:02:11.000Z', host: hostname(), pad: 'x'.repeat(10_000) }))],
      ['not-json', (lock) => writeFileSync(lock, '{ pid')],
      ['link', (lock) => { const target = `${lock}.real`; writeFileSync(target, JSON.stringify({ pid: process.pid, token: 't', started: '2026-12-07T14:02:11.000Z', host: hostname() })); symlinkSync(target, lock); }],
      ['folder', (lock) => mkdirSync(lock)],
    ];
    for (const [name, write] of cases) {
      const iteration = midCampaign(name, undefined);
      write(join(iteration, 'eval-e1', 'with_skill', 'run-2', RUN_LOCK_FILE));
      const said = await missing(iteration);
      assert.match(said, UNREADABLE, name);
      assert.doesNotMatch(said, /aborted \(interrupted/, name);
    }
  });

  it('a lock the user cannot read (mode 000, compare run by a regular user): one eval-magic cannot read, as judge says it (brief judgelock 3)', () => {
    const iteration = midCampaign('mode-000', { pid: process.pid, proc_start: selfStart() });
    const lock = join(iteration, 'eval-e1', 'with_skill', 'run-2', RUN_LOCK_FILE);
    // As a regular user: root reads what mode 000 closes.
    chmodSync(tmp, 0o755);
    giveToRegularUser(join(tmp, 'mode-000'));
    chmodSync(lock, 0);
    const compare = spawnAsRegularUser([process.execPath, binPath, 'compare', '--format', 'json', iteration], { cwd: join(tmp, 'mode-000'), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
    assert.ok(compare.stdout.startsWith('{'), `${compare.status}: ${compare.stdout}${compare.stderr}`);
    const validity = (JSON.parse(compare.stdout) as { validity: Array<{ code: string; message: string }> }).validity.filter((v) => v.code === 'runs-missing' && /not counted/.test(v.message));
    assert.equal(validity.length, 1, compare.stdout + compare.stderr);
    assert.match(validity[0]!.message, UNREADABLE);
  });

  it('a lock beside a finished run changes nothing (a run.json that is no placeholder is what it says)', async () => {
    const iteration = writeWorkspace(join(tmp, 'finished'), { skill: 's', evals, runs: { e1: { with_skill: [run, run], without_skill: [run, run] } } });
    writeFileSync(join(iteration, 'eval-e1', 'with_skill', 'run-2', RUN_LOCK_FILE), JSON.stringify({ pid: process.pid, token: 't', started: '2026-12-07T14:02:11.000Z', host: hostname() }));
    const { document } = await compareIterations([iteration], { cwd: tmp });
    assert.deepEqual(document.validity.filter((v) => v.code === 'runs-missing'), []);
  });
});
