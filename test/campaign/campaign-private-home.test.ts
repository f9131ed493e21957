// HOME used to be shared by every session of a campaign, but for the CLI's own stores: a file a
// skill session wrote there (~/.cache/notes-<skill>.md) was read by every later session of either
// arm, the control's too. Each session's HOME is now an overlay on the real one: it reads the
// user's files, what it writes is its own — found by its own later rounds, by no other session,
// never in the real HOME — and gone with its folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { describePlan, type CampaignPlanSummary } from '../../src/campaign/index.js';
import { describePlan as describeJudgePlan } from '../../src/cli/judge.js';
import type { JudgePlanSummary } from '../../src/judge/index.js';
import { agentContainment } from '../../src/process/containment.js';
import { homeRefusal, sharedHomeReason } from '../../src/process/private-home.js';
import { binPath, runMain } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { armsByWorkDir, makeCampaignWorkspace, SKILL_NAME } from './campaign-helpers.js';

/** A workspace whose real HOME holds a file of the user's own in ~/.cache, marked. */
function workspaceWithHome(marker: string, ask = false) {
  const ws = makeCampaignWorkspace({ respond: { homeNotes: marker, ask } });
  mkdirSync(join(ws.home, '.cache'));
  writeFileSync(join(ws.home, '.cache', `users-own-${marker}`), 'the user\'s file\n');
  return ws;
}

/** The real HOME holds what it held before: the user's file, nothing a session wrote. */
function assertRealHomeUntouched(ws: ReturnType<typeof makeCampaignWorkspace>, marker: string): void {
  assert.deepEqual(readdirSync(join(ws.home, '.cache')), [`users-own-${marker}`]);
}

describe('campaign: each session its own HOME', () => {
  const containment = agentContainment();
  const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;

  it('a note a skill session leaves in ~/.cache is seen by no later session of either arm, and the real HOME keeps none', { skip: noNamespace }, async () => {
    const marker = `home-note-${process.pid}`;
    const ws = workspaceWithHome(marker);
    // One at a time, the skill arm first: every control session starts after a skill session wrote its note.
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 2, jobs: 1, baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.records.map((r) => r.status), Array(4).fill('completed'), JSON.stringify(result.records.map((r) => r.message)));
    const arms = armsByWorkDir(ws.iteration());
    const calls = ws.calls();
    const order = calls.map((call) => arms.get(call.dir ?? call.cwd));
    assert.ok(order.indexOf('with_skill') < order.lastIndexOf('without_skill'), `a control session ran after a skill session: ${order.join(', ')}`);
    for (const call of calls) {
      const arm = arms.get(call.dir ?? call.cwd);
      // The user's own file, read through the overlay; no session's note.
      assert.deepEqual(call.homeSeen, [`users-own-${marker}`], `${arm} found an earlier session's note in ~/.cache`);
      if (arm === 'with_skill') assert.equal(call.homeWrote, true, 'its HOME is writable');
    }
    assertRealHomeUntouched(ws, marker);
    assert.equal(result.plan.sharedHome, undefined);
  });

  it("a session's later round finds what its first left in ~/.cache, and the other arm's session nothing", { skip: noNamespace }, async () => {
    const marker = `home-rounds-${process.pid}`;
    const ws = workspaceWithHome(marker, true);
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'codex', evalIds: ['add-column'], runs: 1, jobs: 1, baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.records.map((r) => r.status), Array(2).fill('completed'), JSON.stringify(result.records.map((r) => r.message)));
    const arms = armsByWorkDir(ws.iteration());
    const byArm = (arm: string) => ws.calls().filter((call) => arms.get(call.dir ?? call.cwd) === arm);
    const own = `users-own-${marker}`;
    const note = `notes-${SKILL_NAME}-${marker}.md`;
    assert.deepEqual(byArm('with_skill').map((call) => call.homeSeen), [[own], [note, own]]);
    assert.deepEqual(byArm('without_skill').map((call) => call.homeSeen), [[own], [own]]);
    assertRealHomeUntouched(ws, marker);
  });

  it('as a regular user too (inside a user namespace)', { skip: noNamespace || (process.getuid?.() !== 0 && 'needs root to become a regular user with setpriv'), timeout: 60_000 }, () => {
    const marker = `home-user-${process.pid}`;
    const ws = workspaceWithHome(marker);
    giveToRegularUser(ws.root);
    const run = spawnAsRegularUser([process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'opencode', '--eval', 'explain', '--runs', '2', '--jobs', '1'], { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout, /HOME is shared/);
    const calls = ws.calls();
    assert.equal(calls.length, 4);
    for (const call of calls) assert.deepEqual(call.homeSeen, [`users-own-${marker}`]);
    assertRealHomeUntouched(ws, marker);
  });

  // An overlay shows no mount below its lower layer: a folder mounted below HOME (a volume, a
  // bind) is bound back on top, the real one, shared as before.
  it('a mount below HOME is there in every session, as it is', { skip: noNamespace || (process.getuid?.() !== 0 && 'needs root to mount below HOME'), timeout: 60_000 }, () => {
    const marker = `home-mount-${process.pid}`;
    const ws = makeCampaignWorkspace({ respond: { homeNotes: marker } });
    mkdirSync(join(ws.home, '.cache'));
    const mountBelow = 'mount -t tmpfs below-home "$1/.cache" && echo mine > "$1/.cache/users-own-$2" && shift 2 && exec "$@"';
    const run = spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', mountBelow, 'sh', ws.home, marker, process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '1', '--jobs', '1'], { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    // Both sessions find the user's file on the mount (the skill session first, then the control, which finds its note there too).
    for (const call of calls) assert.ok(Array.isArray(call.homeSeen) && call.homeSeen.includes(`users-own-${marker}`), JSON.stringify(call.homeSeen));
    // The mount went with its namespace: nothing was written in the real folder beneath it.
    assert.deepEqual(readdirSync(join(ws.home, '.cache')), []);
  });

  it('where a session cannot have a HOME of its own, HOME stays shared as before, and the plan says so', { skip: noNamespace }, async () => {
    const marker = `home-shared-${process.pid}`;
    const ws = workspaceWithHome(marker);
    // HOME is the agents' temporary folder too: kept whole, the real one (src/process/private-temp.ts).
    ws.env.TMPDIR = ws.home;
    const run = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '1', '--jobs', '1'], { cwd: ws.root, env: ws.env });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const warning = run.stdout.split('\n').filter((line) => line.includes('HOME is shared'));
    assert.deepEqual(warning, [`  warning: HOME is shared by every session of both arms (HOME is the temporary folder ${ws.home}): a file a skill session writes there outside claude-code's session store (~/.cache, ~/.gitconfig, notes) is seen by every later session; --jobs 1 does not help`]);
    // As the warning says: the control session, after the skill's, finds its note.
    const arms = armsByWorkDir(ws.iteration());
    const control = ws.calls().find((call) => arms.get(call.dir ?? call.cwd) === 'without_skill');
    assert.deepEqual(control?.homeSeen, [`notes-${SKILL_NAME}-${marker}.md`, `users-own-${marker}`]);
  });
});

describe('which HOME a session can have of its own', () => {
  it('none where HOME is unset, relative, not a folder, the root, a temporary folder, or inside the sessions folder', () => {
    const ws = makeCampaignWorkspace();
    const home = realpathSync(ws.home);
    const file = join(ws.root, 'a-file');
    writeFileSync(file, '');
    assert.equal(homeRefusal({ HOME: home }, join(ws.root, 'sessions')), undefined);
    assert.equal(homeRefusal({}, undefined), 'HOME is not set to an absolute path');
    assert.equal(homeRefusal({ HOME: 'home' }, undefined), 'HOME is not set to an absolute path');
    assert.equal(homeRefusal({ HOME: file }, undefined), `HOME (${file}) is not a folder`);
    assert.equal(homeRefusal({ HOME: join(ws.root, 'missing') }, undefined), `HOME (${join(ws.root, 'missing')}) is not a folder`);
    assert.equal(homeRefusal({ HOME: '/' }, undefined), 'HOME is the filesystem root');
    assert.equal(homeRefusal({ HOME: '/tmp' }, undefined), 'HOME is the temporary folder /tmp');
    assert.equal(homeRefusal({ HOME: home, TMPDIR: home }, undefined), `HOME is the temporary folder ${home}`);
    assert.equal(homeRefusal({ HOME: home }, ws.root), `HOME (${home}) is inside the sessions' folder ${ws.root}`);
    // The plans' reason: the mounts refused, the overlay refused, or this HOME.
    assert.equal(sharedHomeReason({ reason: 'no PID namespace' }, { HOME: home }, undefined), 'no PID namespace');
    assert.equal(sharedHomeReason({ homeRefused: 'overlay refused' }, { HOME: home }, undefined), 'overlay refused');
    assert.equal(sharedHomeReason({}, { HOME: '/' }, undefined), 'HOME is the filesystem root');
    assert.equal(sharedHomeReason({}, { HOME: home }, undefined), undefined);
  });

  it("campaign's and judge's plans say HOME is shared, and why", () => {
    const plan = { skillName: SKILL_NAME, harness: 'codex', iteration: 1, continuing: false, sessions: 4, planSessions: 4, evals: 1, conditions: ['with_skill', 'without_skill'], runs: { a: 2 }, rounds: 1, done: 0, pending: 4, jobs: 1, familySize: 1, smallestP: [], sharedHome: 'HOME is the filesystem root' } as unknown as CampaignPlanSummary;
    const lines = (p: CampaignPlanSummary) => describePlan(p, '/w').split('\n').filter((line) => line.includes('HOME'));
    assert.deepEqual(lines(plan), ["  warning: HOME is shared by every session of both arms (HOME is the filesystem root): a file a skill session writes there outside codex's session store (~/.cache, ~/.gitconfig, notes) is seen by every later session; jobs 1 does not help"]);
    assert.deepEqual(lines({ ...plan, pending: 0 }), [], 'nothing to run, nothing to warn of');
    const judge: JudgePlanSummary = { harness: 'claude-code', runs: 2, repeats: 1, judgments: 2, done: 0, pending: 2, sessionsPerRun: { e: 2 }, shard: undefined, jobs: 1, sharedHome: 'this system refused the overlay' };
    assert.ok(describeJudgePlan(judge).split('\n').includes("  warning: HOME is shared by every judge (this system refused the overlay): a file a judge writes there outside claude-code's session store (~/.cache, ~/.gitconfig, notes) is seen by every later judge"), describeJudgePlan(judge));
  });
});
