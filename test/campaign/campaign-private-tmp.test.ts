// /tmp (and $TMPDIR) used to be shared by every session of a campaign: a note a skill session left
// there (/tmp/notes-<skill>.md) was read by every later session of either arm, the control's too;
// and then /var/tmp and /dev/shm still were. Each session now gets a /tmp, /var/tmp, /dev/shm and
// $TMPDIR of its own, empty when it starts, kept for its own later rounds (as a user's resumed
// agent finds its notes), gone with its folder.
import assert from 'node:assert/strict';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { agentContainment } from '../../src/process/containment.js';
import { armsByWorkDir, makeCampaignWorkspace, SKILL_NAME, tempFolders } from './campaign-helpers.js';

/** The entries of `folder` whose names hold `marker`. */
const marked = (folder: string, marker: string) => readdirSync(folder).filter((name) => name.includes(marker));

describe('campaign: each session its own /tmp', () => {
  const containment = agentContainment();
  const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;

  it('a note a skill session leaves in /tmp, /var/tmp, /dev/shm and $TMPDIR is seen by no later session, and none is left on the host', { skip: noNamespace }, async () => {
    const marker = `tmp-note-${process.pid}-${Date.now()}`;
    const ws = makeCampaignWorkspace({ respond: { tmpNotes: marker } });
    const folders = tempFolders();
    try {
      // One at a time, the skill arm first: every control session starts after a skill session wrote its notes.
      const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 2, jobs: 1, baseDir: ws.root, env: ws.env });
      assert.deepEqual(result.records.map((r) => r.status), Array(4).fill('completed'), JSON.stringify(result.records.map((r) => r.message)));
      const arms = armsByWorkDir(ws.iteration());
      const calls = ws.calls();
      assert.equal(calls.length, 4);
      const order = calls.map((call) => arms.get(call.dir ?? call.cwd));
      assert.ok(order.indexOf('with_skill') < order.lastIndexOf('without_skill'), `a control session ran after a skill session: ${order.join(', ')}`);
      for (const call of calls) {
        const arm = arms.get(call.dir ?? call.cwd);
        // Every session lists every folder (the test runner's $TMPDIR lies below /tmp) and finds no note.
        assert.deepEqual(Object.values(call.tmpSeen ?? {}).flat(), [], `${arm} found an earlier session's notes: ${JSON.stringify(call.tmpSeen)}`);
        assert.equal(Object.keys(call.tmpSeen ?? {}).length, folders.length, JSON.stringify(call.tmpSeen));
        if (arm === 'with_skill') {
          assert.deepEqual(call.skills, [SKILL_NAME]);
          // It could write there: its /tmp is its own, not read-only.
          assert.deepEqual(Object.values(call.tmpWrote ?? {}), folders.map(() => true), JSON.stringify(call.tmpWrote));
        }
      }
      // What the sessions wrote went with their folders: nothing of it on the host.
      for (const folder of folders) assert.deepEqual(marked(folder, marker), [], `left in ${folder}`);
    } finally {
      for (const folder of folders) for (const name of marked(folder, marker)) rmSync(join(folder, name), { force: true });
    }
  });

  it("a session's later round finds what its first left in /tmp, /var/tmp, /dev/shm and $TMPDIR, and the other arm's session nothing", { skip: noNamespace }, async () => {
    const marker = `tmp-rounds-${process.pid}-${Date.now()}`;
    const ws = makeCampaignWorkspace({ respond: { tmpNotes: marker, ask: true } });
    const folders = tempFolders();
    try {
      const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['add-column'], runs: 1, jobs: 1, baseDir: ws.root, env: ws.env });
      assert.deepEqual(result.records.map((r) => r.status), Array(2).fill('completed'), JSON.stringify(result.records.map((r) => r.message)));
      const arms = armsByWorkDir(ws.iteration());
      const byArm = (arm: string) => ws.calls().filter((call) => arms.get(call.dir ?? call.cwd) === arm);
      const note = `notes-${SKILL_NAME}-${marker}.md`;
      // Two rounds each (the gate delivers the follow-up): the skill's second finds its own note, in every folder.
      assert.deepEqual(byArm('with_skill').map((call) => call.tmpSeen), [Object.fromEntries(folders.map((f) => [f, []])), Object.fromEntries(folders.map((f) => [f, [note]]))]);
      assert.deepEqual(byArm('without_skill').map((call) => call.tmpSeen), Array(2).fill(Object.fromEntries(folders.map((f) => [f, []]))));
      for (const folder of folders) assert.deepEqual(marked(folder, marker), [], `left in ${folder}`);
    } finally {
      for (const folder of folders) for (const name of marked(folder, marker)) rmSync(join(folder, name), { force: true });
    }
  });
});
