// HOME used to be shared by every session of a campaign, but for the CLI's own stores: a file a
// skill session wrote there (~/.cache/notes-<skill>.md) was read by every later session of either
// arm, the control's too. Each session's HOME is now an overlay on the real one: it reads the
// user's files, what it writes is its own — found by its own later rounds, by no other session,
// never in the real HOME — and gone with its folder.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { agentContainment } from '../../src/process/containment.js';
import { binPath } from '../helpers/cli.js';
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
});
