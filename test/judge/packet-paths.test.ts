// The absolute paths an agent's output shows beyond its task folder: the workspace (a mount table
// it printed names it, and names the arms' parent and often the skill) and its session's folders
// (`<sessions>/<A>/<B>/store/…`, where its CLI keeps the session; the sessions folder is named
// `eval-magic-sessions-<uid>`). The judge's packet held both as written (docs/judge.md, Blinding).
import assert from 'node:assert/strict';
import { readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { planJudgments } from '../../src/judge/plan.js';
import { judgedCampaign } from './judge-helpers.js';

describe('judge packet: absolute paths beyond the task folder', () => {
  it('replaces the workspace (by its real path, judged through a link), the session folder beside the work folder and the sessions folder with neutral marks', async () => {
    const c = await judgedCampaign({ runs: 1 });
    // A workspace of a name of its own, judged through a link: the agents' mount tables name its real path.
    const workspace = join(c.ws.root, 'ws-trial');
    renameSync(c.ws.workspace, workspace);
    const linked = join(c.ws.root, 'linked');
    symlinkSync(workspace, linked);
    const runDir = join(workspace, c.skill, 'iteration-1', 'eval-add-column', 'with_skill', 'run-1');
    const workDir: string = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')).work_dir;
    const session = dirname(workDir);
    const sessions = dirname(dirname(session));
    assert.match(basename(sessions), /^eval-magic-sessions-/, workDir);
    const file = join(runDir, 'conversation.json');
    const conversation = JSON.parse(readFileSync(file, 'utf8'));
    const mounts = [
      `101 90 0:52 / ${workspace} ro,nosuid - tmpfs eval-magic-cover rw`,
      `102 90 0:53 / ${sessions} rw - tmpfs eval-magic-holder rw`,
      `103 90 8:1 ${workDir} ${workDir} rw - ext4 /dev/sda1 rw`,
    ].join('\n');
    conversation.events.splice(2, 0,
      { type: 'tool_invocation', ordinal: 2, round: 1, name: 'Bash', args: { command: 'cat /proc/self/mountinfo' }, result: mounts },
      { type: 'tool_invocation', ordinal: 3, round: 1, name: 'Bash', args: { command: `ls ${session}/store/projects` }, result: `${session}/store/projects/session.jsonl` },
    );
    conversation.events.forEach((event: { ordinal: number }, i: number) => (event.ordinal = i));
    writeFileSync(file, JSON.stringify(conversation, null, 2));

    const { judgments } = await planJudgments({ paths: [linked], cwd: c.ws.root, repeats: 1 });
    const packet = judgments.find((j) => j.runDir === runDir)!.packet;
    for (const path of [workspace, session, sessions]) assert.ok(!packet.includes(path), `${path} in the packet:\n${packet}`);
    assert.ok(!packet.includes('eval-magic-sessions'), 'the sessions folder says eval-magic');
    assert.ok(packet.includes('101 90 0:52 / <workspace> ro,nosuid'), packet);
    assert.ok(packet.includes('102 90 0:53 / <sessions> rw'), packet);
    assert.ok(packet.includes('103 90 8:1 . . rw'), 'the work folder stays `.`');
    assert.ok(packet.includes('ls <session>/store/projects'), packet);
    assert.ok(packet.includes('<session>/store/projects/session.jsonl'), packet);
  });
});
