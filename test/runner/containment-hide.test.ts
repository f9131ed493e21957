// What an agent sees of the holder its work folder lies in: only its own entry, where the system
// allows the mounts; and where the mounts cannot be made, no agent at all rather than one that sees everything.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { agentContainment, hidingSupport } from '../../src/process/containment.js';
import { runAgentRound } from '../../src/runner/agent-process.js';
import { sessionsBeside, sessionsFolder, sessionsRoot, WorkFolders } from '../../src/process/work-folders.js';
import { withOwnTmpdir } from '../helpers/own-tmpdir.js';
import { describePlan } from '../../src/campaign/report-text.js';
import type { CampaignPlanSummary } from '../../src/campaign/types.js';
import { CAMPAIGN_OPTION_NAMING } from '../../src/campaign/option-names.js';

const containment = agentContainment();
const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;

/** A holder with two sessions' folders, `mine/work` and `theirs/work` (the latter holding a secret), and files for a round's output. */
function holderWithTwoSessions() {
  const holder = mkdtempSync(join(tmpdir(), 'em-hide-'));
  for (const name of ['mine', 'theirs']) mkdirSync(join(holder, name, 'work'), { recursive: true });
  writeFileSync(join(holder, 'theirs', 'work', 'SKILL.md'), 'secret\n');
  const out = mkdtempSync(join(tmpdir(), 'em-hide-out-'));
  return { holder, cwd: join(holder, 'mine', 'work'), stdoutPath: join(out, 'stdout'), stderrPath: join(out, 'stderr') };
}

describe('hiding the other sessions of a holder', () => {
  it('the agent lists only its own entry of the holder, at the path it was given, and reads nothing of the others', { skip: noNamespace }, async () => {
    const support = await hidingSupport();
    assert.ok(!('reason' in support), JSON.stringify(support));
    const { holder, cwd, stdoutPath, stderrPath } = holderWithTwoSessions();
    const script = 'pwd; ls -a "$1"; cat "$1"/theirs/work/SKILL.md 2>/dev/null || echo unread; touch made-here';
    const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', script, 'sh', holder], cwd, stdoutPath, stderrPath, hideAround: { holder, entry: 'mine' } });
    assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 }, readFileSync(stderrPath, 'utf8'));
    assert.equal(readFileSync(stdoutPath, 'utf8'), `${cwd}\n.\n..\nmine\nunread\n`);
    assert.ok(existsSync(join(cwd, 'made-here')), 'what the agent writes lands in the real work folder');
    assert.ok(existsSync(join(holder, 'theirs', 'work', 'SKILL.md')), 'outside the namespace nothing changed');
  });

  it("two commands' sessions (a second shard, another skill's campaign, a judge) are hidden from each other's agents: the agent sees only its own holder and its own session in the sessions folder", { skip: noNamespace }, async () => {
    const [ours, theirs] = [new WorkFolders(), new WorkFolders()];
    const [work, other, beside] = [ours.make(), theirs.make(), ours.make()];
    for (const folder of [work, other, beside]) mkdirSync(folder);
    writeFileSync(join(other, 'SKILL.md'), 'secret\n');
    writeFileSync(join(beside, 'SKILL.md'), 'secret\n');
    const out = mkdtempSync(join(tmpdir(), 'em-hide-out-'));
    const [stdoutPath, stderrPath] = [join(out, 'stdout'), join(out, 'stderr')];
    const script = 'ls -a "$1"; ls -a "$2"; cat "$3" "$4" 2>/dev/null || echo unread';
    const args = ['-c', script, 'sh', sessionsRoot(), ours.holder, join(other, 'SKILL.md'), join(beside, 'SKILL.md')];
    const outcome = await runAgentRound({ executable: '/bin/sh', args, cwd: work, stdoutPath, stderrPath, hideAround: sessionsBeside(work) });
    assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 }, readFileSync(stderrPath, 'utf8'));
    assert.equal(readFileSync(stdoutPath, 'utf8'), `.\n..\n${basename(ours.holder)}\n.\n..\n${basename(dirname(work))}\nunread\n`);
    ours.close();
    theirs.close();
  });

  it('a covered folder shows the agent nothing, with or without a holder; a cover holding its own folder is left out', { skip: noNamespace }, async () => {
    const { holder, cwd, stdoutPath, stderrPath } = holderWithTwoSessions();
    const workspace = join(mkdtempSync(join(tmpdir(), 'em-hide-ws-')), 'workspace');
    mkdirSync(join(workspace, 'iteration-1', 'eval-e', 'with_skill'), { recursive: true });
    writeFileSync(join(workspace, 'iteration-1', 'eval-e', 'with_skill', 'packet.md'), 'the judge\'s own packet\n');
    const script = 'ls -a "$1"; cat "$1"/iteration-1/eval-e/with_skill/packet.md 2>/dev/null || echo unread; touch "$1"/planted 2>/dev/null || echo read-only; pwd';
    // The workspace lies beside the agent's HOME, in a folder of the temporary folder the session
    // keeps (its /tmp and $TMPDIR are its own, with what it needs bound back): there, it is covered.
    const home = join(dirname(workspace), 'home');
    mkdirSync(home);
    for (const hideAround of [{ holder, entry: 'mine', cover: [workspace] }, { cover: [workspace, holder, tmpdir()] }]) {
      const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', script, 'sh', workspace], cwd, stdoutPath, stderrPath, env: { ...process.env, HOME: home }, hideAround });
      assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 }, readFileSync(stderrPath, 'utf8'));
      assert.equal(readFileSync(stdoutPath, 'utf8'), `.\n..\nunread\nread-only\n${cwd}\n`, JSON.stringify(hideAround));
    }
    assert.equal(existsSync(join(workspace, 'planted')), false);
    assert.ok(existsSync(join(workspace, 'iteration-1', 'eval-e', 'with_skill', 'packet.md')), 'outside the namespace nothing changed');
    // A folder holding what the CLI needs (its CODEX_HOME here) is never covered.
    const env = { ...process.env, CODEX_HOME: join(workspace, 'iteration-1') };
    const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', 'ls "$1"', 'sh', workspace], cwd, stdoutPath, stderrPath, env, hideAround: { holder, entry: 'mine', cover: [workspace] } });
    assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 });
    assert.equal(readFileSync(stdoutPath, 'utf8'), 'iteration-1\n');
  });

  it('paths holding a space, a tab, a line break or a backslash are hidden all the same; the table of mounts is not left to the agent', { skip: noNamespace }, async () => {
    const odd = mkdtempSync(join(tmpdir(), 'em-hide odd\t\\\n-'));
    const holder = join(odd, 'hold er');
    for (const name of ['mi ne', 'theirs']) mkdirSync(join(holder, name, 'work'), { recursive: true });
    writeFileSync(join(holder, 'theirs', 'work', 'SKILL.md'), 'secret\n');
    const workspace = join(odd, 'work\\space\nnext');
    mkdirSync(join(workspace, 'iteration-1'), { recursive: true });
    const cwd = join(holder, 'mi ne', 'work');
    const out = mkdtempSync(join(tmpdir(), 'em-hide-out-'));
    const [stdoutPath, stderrPath] = [join(out, 'stdout'), join(out, 'stderr')];
    const script = 'ls -a "$1"; ls -a "$2"; [ -e /proc/self/fd/5 ] && echo fd-5-open || echo fd-5-closed; pwd';
    const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', script, 'sh', holder, workspace], cwd, stdoutPath, stderrPath, hideAround: { holder, entry: 'mi ne', cover: [workspace] } });
    assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 }, readFileSync(stderrPath, 'utf8'));
    assert.equal(readFileSync(stdoutPath, 'utf8'), `.\n..\nmi ne\n.\n..\nfd-5-closed\n${cwd}\n`);
  });

  it("the agent's /tmp, /var/tmp, /dev/shm and $TMPDIR are its own: empty but for what it needs, writable, rid of what it left when the round ends, and not to be undone", { skip: noNamespace }, async () => {
    const { holder, cwd, stdoutPath, stderrPath } = holderWithTwoSessions();
    const marker = `em-private-tmp-${process.pid}`;
    // Those there (/var/tmp and /dev/shm are shared by every program as /tmp is).
    const temps = [...new Set(['/tmp', '/var/tmp', '/dev/shm', tmpdir()].filter((t) => existsSync(t)).map((t) => realpathSync(t)))];
    // What another session left in each, and a socket's folder the environment names.
    const left = temps.map((t) => join(t, `${marker}-left`));
    const sockets = mkdtempSync('/tmp/em-sock-');
    writeFileSync(join(sockets, 'agent.sock'), '');
    // And a log its environment names that is not made yet: its folder is there.
    const logs = mkdtempSync('/tmp/em-log-');
    try {
      for (const file of left) writeFileSync(file, 'secret\n');
      const script = [
        'for t in "$@"; do ls -A "$t" | grep -c "$M" ; done',
        'stat -c %a /tmp',
        'for t in "$@"; do echo note > "$t/$M-note" && echo wrote; done',
        '[ -e "$SSH_AUTH_SOCK" ] && echo socket',
        'echo line >> "$EM_LOG" && echo logged',
        // The init's descriptors on the real temporary folders and HOME.
        'for n in 4 5 6 7 8 9; do [ -e /proc/self/fd/$n ] && echo "fd $n open"; done; echo fds-closed',
        'umount /tmp 2>/dev/null; umount -l /tmp 2>/dev/null; cat /tmp/"$M"-left 2>/dev/null || echo unread',
      ].join('\n');
      const env = { ...process.env, M: marker, SSH_AUTH_SOCK: join(sockets, 'agent.sock'), EM_LOG: join(logs, 'later.log') };
      for (const round of [1, 2]) {
        const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', script, 'sh', ...temps], cwd, stdoutPath, stderrPath, env, hideAround: { holder, entry: 'mine' } });
        assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 }, readFileSync(stderrPath, 'utf8'));
        // Round 2 finds nothing of round 1's notes either.
        assert.equal(readFileSync(stdoutPath, 'utf8'), `${temps.map(() => '0\n').join('')}1777\n${temps.map(() => 'wrote\n').join('')}socket\nlogged\nfds-closed\nunread\n`, `round ${round}`);
      }
      for (const t of temps) assert.deepEqual(readdirSync(t).filter((name) => name.startsWith(`${marker}-note`)), [], `a note was left in ${t}`);
      assert.equal(readFileSync(join(logs, 'later.log'), 'utf8'), 'line\nline\n', 'the log went to the real folder');
    } finally {
      for (const t of temps) for (const name of readdirSync(t).filter((n) => n.startsWith(marker))) rmSync(join(t, name), { force: true });
      for (const folder of [sockets, logs]) rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a $TMPDIR that is a link in /tmp is there in the private /tmp, leading to its own private folder, in every round', { skip: noNamespace }, async () => {
    const { holder, cwd, stdoutPath, stderrPath } = holderWithTwoSessions();
    // The link's folder lies elsewhere (here below the runner's $TMPDIR, itself below /tmp).
    const target = mkdtempSync(join(realpathSync(tmpdir()), 'em-tmpdir-target-'));
    const link = join('/tmp', `em-tmpdir-link-${process.pid}`);
    symlinkSync(target, link);
    try {
      const script = 'f=$(mktemp) && echo made && [ "$(dirname "$(realpath "$f")")" = "$(realpath "$TMPDIR")" ] && echo inside && ls -A "$TMPDIR" | wc -l';
      for (const round of [1, 2]) {
        const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', script], cwd, stdoutPath, stderrPath, env: { ...process.env, TMPDIR: link }, hideAround: { holder, entry: 'mine', ownTemps: join(holder, 'mine', 'temp') } });
        assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 }, readFileSync(stderrPath, 'utf8'));
        // Its own: the second round finds the first round's file beside its own, the real folder none.
        assert.equal(readFileSync(stdoutPath, 'utf8'), `made\ninside\n${round}\n`, `round ${round}: ${readFileSync(stderrPath, 'utf8')}`);
      }
      assert.deepEqual(readdirSync(target), [], 'written to the real folder');
    } finally {
      rmSync(link, { force: true });
      rmSync(target, { recursive: true, force: true });
    }
  });

  it('a file right in /tmp its environment names (a config, a log) is there in the private /tmp, the real file, in every round', { skip: noNamespace }, async () => {
    const { holder, cwd, stdoutPath, stderrPath } = holderWithTwoSessions();
    const file = join('/tmp', `em-tmp-file-${process.pid}`);
    writeFileSync(file, 'config\n');
    try {
      for (const round of [1, 2]) {
        const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', 'cat "$EM_CONF" && echo "round" >> "$EM_CONF"'], cwd, stdoutPath, stderrPath, env: { ...process.env, EM_CONF: file }, hideAround: { holder, entry: 'mine', ownTemps: join(holder, 'mine', 'temp') } });
        assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 }, readFileSync(stderrPath, 'utf8'));
        assert.equal(readFileSync(stdoutPath, 'utf8'), `config\n${'round\n'.repeat(round - 1)}`, `round ${round}`);
      }
      assert.equal(readFileSync(file, 'utf8'), 'config\nround\nround\n', 'written to the real file');
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('a $TMPDIR that is the HOME (or HOME=/tmp) is left as it is: the agent finds its HOME, its login and settings, not an empty folder', { skip: noNamespace }, async () => {
    const { holder, cwd, stdoutPath, stderrPath } = holderWithTwoSessions();
    const home = mkdtempSync(join(tmpdir(), 'em-home-tmpdir-'));
    writeFileSync(join(home, '.credentials.json'), '{}\n');
    try {
      const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', 'ls -A "$HOME"'], cwd, stdoutPath, stderrPath, env: { ...process.env, HOME: home, TMPDIR: home }, hideAround: { holder, entry: 'mine', ownTemps: join(holder, 'mine', 'temp') } });
      assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 }, readFileSync(stderrPath, 'utf8'));
      assert.equal(readFileSync(stdoutPath, 'utf8'), '.credentials.json\n');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('a temporary folder an agent put a link in place of is refused at the next round, and nothing is made where the link leads', { skip: noNamespace }, async () => {
    const { holder, cwd, stdoutPath, stderrPath } = holderWithTwoSessions();
    const elsewhere = mkdtempSync(join(tmpdir(), 'em-elsewhere-'));
    const ownTemps = join(holder, 'mine', 'temp');
    try {
      const swap = 'mv ../temp ../old-temp && ln -s "$ELSEWHERE" ../temp';
      const first = await runAgentRound({ executable: '/bin/sh', args: ['-c', swap], cwd, stdoutPath, stderrPath, env: { ...process.env, ELSEWHERE: elsewhere }, hideAround: { holder, entry: 'mine', ownTemps } });
      assert.deepEqual(first, { kind: 'exited', exitCode: 0 }, readFileSync(stderrPath, 'utf8'));
      const second = await runAgentRound({ executable: '/bin/sh', args: ['-c', 'exit 0'], cwd, stdoutPath, stderrPath, env: process.env, hideAround: { holder, entry: 'mine', ownTemps } });
      assert.equal(second.kind, 'spawn-failed');
      assert.deepEqual(readdirSync(elsewhere), [], 'a folder was made through the link');
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('an agent with root and every capability it can get undoes no mount: umount, a move, a bind of the folder above, /proc and nsenter show it nothing hidden', { skip: noNamespace }, async () => {
    const { holder, cwd, stdoutPath, stderrPath } = holderWithTwoSessions();
    const workspace = mkdtempSync(join(tmpdir(), 'em-hide-ws-'));
    writeFileSync(join(workspace, 'SKILL.md'), 'secret\n');
    // Every way it tries ends in reading the hidden files where they would show; `secret` must never be printed.
    const script = [
      'h=$1 ws=$2 above=$(dirname "$1") base=$(basename "$1")',
      'grep ^CapEff /proc/self/status',
      // Undone in place: the covers, and the namespace's /proc (under it, the machine's, whose processes' roots show everything).
      'for t in "$h/mine" "$h" "$ws" /proc; do umount "$t" || umount -l "$t"; done',
      'mount --make-rprivate /',
      'mkdir moved peek peek-ws',
      // Moved away, the folder under a cover shows; a bind of the folder above without its mounts shows what they cover.
      'mount --move "$h" moved; mount --move "$ws" moved',
      'mount --bind "$above" peek; mount --bind "$(dirname "$ws")" peek-ws',
      'cat "$h/theirs/work/SKILL.md" "$ws/SKILL.md" "peek/$base/theirs/work/SKILL.md" "peek-ws/$(basename "$ws")/SKILL.md"',
      // Into the mount namespace of any process it can see (the init, or the machine\'s processes under an undone /proc).
      'for p in /proc/[0-9]*; do nsenter --target "${p#/proc/}" --mount --user -- cat "$h/theirs/work/SKILL.md" "$ws/SKILL.md"; nsenter --target "${p#/proc/}" --mount -- cat "$h/theirs/work/SKILL.md" "$ws/SKILL.md"; cat "$p/root$h/theirs/work/SKILL.md" "$p/root$ws/SKILL.md"; done',
      'unshare --mount -- sh -c \'umount "$1"; umount -l "$1"; cat "$1/theirs/work/SKILL.md"\' sh "$h"',
      'echo done',
    ].join('\n');
    const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', script, 'sh', holder, workspace], cwd, stdoutPath, stderrPath, hideAround: { holder, entry: 'mine', cover: [workspace] } });
    assert.deepEqual(outcome, { kind: 'exited', exitCode: 0 }, readFileSync(stderrPath, 'utf8'));
    const seen = readFileSync(stdoutPath, 'utf8');
    assert.match(seen, /done\n$/);
    assert.doesNotMatch(seen, /secret/, `${seen}\n${readFileSync(stderrPath, 'utf8')}`);
    assert.ok(existsSync(join(holder, 'theirs', 'work', 'SKILL.md')) && existsSync(join(workspace, 'SKILL.md')), 'outside the namespace nothing changed');
  });

  it('where the mounts fail, the agent is not started: spawn-failed, saying why', { skip: noNamespace }, async () => {
    const { holder, cwd, stdoutPath, stderrPath } = holderWithTwoSessions();
    // An entry that is not there: the init cannot enter it, and must not go on without hiding.
    const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', 'touch started'], cwd, stdoutPath, stderrPath, hideAround: { holder, entry: 'gone' } });
    assert.equal(outcome.kind, 'spawn-failed');
    assert.match((outcome as { message: string }).message, /the workspace\) could not be hidden from it/);
    assert.equal(existsSync(join(cwd, 'started')), false, 'no agent ran');
  });

  it('without a namespace there is nothing to hide with: the agent is not started', async () => {
    const { holder, cwd, stdoutPath, stderrPath } = holderWithTwoSessions();
    const outcome = await runAgentRound({ executable: '/bin/sh', args: ['-c', 'touch started'], cwd, stdoutPath, stderrPath, hideAround: { holder, entry: 'mine' }, containment: { kind: 'session', reason: 'a test' } });
    assert.equal(outcome.kind, 'spawn-failed');
    assert.match((outcome as { message: string }).message, /could not be hidden from it: there is no PID namespace here \(a test\)/);
    assert.equal(existsSync(join(cwd, 'started')), false);
  });

  it("a campaign's plan warns where the workspace is not hidden from the agents, and, more than one at a time, nor the sessions from each other", () => {
    const plan: CampaignPlanSummary = {
      skillName: 's', harness: 'claude-code', conditions: ['with_skill', 'without_skill'], iteration: 1, iterationDir: '/w', continuing: false, evals: 1, runs: { e: 2 },
      sessions: 4, rounds: 4, done: 0, pending: 4, planSessions: 4, shard: undefined, jobs: 4, familySize: 1, smallestP: [], unhidden: 'no PID namespace',
    };
    const warning = "  warning: the workspace and the skill's folders are not hidden from the agents, nor the sessions from each other (no PID namespace): an agent that searches the disk can find the skill and the run folders, whose paths name the arms, and a control agent that looks around the temporary folder the skill staged for a session beside it; --jobs 1 runs one at a time";
    assert.ok(describePlan(plan, '/w', CAMPAIGN_OPTION_NAMING.flags).split('\n').includes(warning), describePlan(plan, '/w'));
    // The library's words name runCampaign's option, not the CLI's flag.
    assert.ok(describePlan(plan, '/w').split('\n').includes(warning.replace('--jobs 1', 'jobs 1')), describePlan(plan, '/w'));
    // One at a time nothing runs beside a session, but the workspace is there to be found all the same.
    const alone = "  warning: the workspace and the skill's folders are not hidden from the agents (no PID namespace): an agent that searches the disk can find the skill and the run folders, whose paths name the arms";
    // And the temporary folders, which each session gets of its own only with the same mounts.
    const temps = '  warning: /tmp, /var/tmp, /dev/shm and the temporary folder are shared by every session of both arms (no PID namespace): a file a skill session leaves there (notes, a script) is seen by every later session; jobs 1 does not help';
    for (const one of [{ ...plan, jobs: 1 }, { ...plan, pending: 1 }]) assert.deepEqual(describePlan(one, '/w').split('\n').filter((line) => line.includes('warning')), [alone, temps]);
    const { unhidden: _, ...hidden } = plan;
    assert.ok(!describePlan(hidden, '/w').includes('warning'));
    // Hidden from each other, but not from the user's other commands: the sessions folder cannot be used.
    const shared = { ...hidden, otherCommandsSeen: '/tmp/eval-magic-sessions-0 is a symbolic link' };
    assert.deepEqual(describePlan(shared, '/w').split('\n').filter((line) => line.includes('warning')), ['  warning: the sessions of your other commands running at the same time (another shard, another campaign, a judge) are not hidden from the agents (/tmp/eval-magic-sessions-0 is a symbolic link): remove it, or run one command at a time']);
    assert.ok(!describePlan({ ...shared, pending: 0 }, '/w').includes('warning'), 'nothing to run, nothing to warn of');
  });

  it('the sessions folder says why it cannot be used: a link, not a folder, open to other users', async () => {
    await withOwnTmpdir((tmp) => {
      const root = join(tmp, `eval-magic-sessions-${process.getuid!()}`);
      assert.deepEqual(sessionsFolder(), { path: root });
      rmSync(root, { recursive: true });
      symlinkSync(tmp, root);
      assert.deepEqual(sessionsFolder(), { unusable: `${root} is a symbolic link` });
      rmSync(root);
      writeFileSync(root, '');
      assert.deepEqual(sessionsFolder(), { unusable: `${root} is not a folder` });
      rmSync(root);
      mkdirSync(root);
      chmodSync(root, 0o750);
      assert.deepEqual(sessionsFolder(), { unusable: `${root} is open to other users (mode 0750)` });
    });
  });
});
