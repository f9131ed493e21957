// HOME used to be shared by every session of a campaign, but for the CLI's own stores: a file a
// skill session wrote there (~/.cache/notes-<skill>.md) was read by every later session of either
// arm, the control's too. Each session's HOME is now an overlay on the real one: it reads the
// user's files, what it writes is its own — found by its own later rounds, by no other session,
// never in the real HOME — and gone with its folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { describePlan, type CampaignPlanSummary } from '../../src/campaign/index.js';
import { describePlan as describeJudgePlan } from '../../src/cli/judge.js';
import type { JudgePlanSummary } from '../../src/judge/index.js';
import { agentContainment } from '../../src/process/containment.js';
import { hidingTable } from '../../src/process/mount-table.js';
import { homeRefusal, privateHome, sharedHomeReason } from '../../src/process/private-home.js';
import { binPath, runMain } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { armsByWorkDir, makeCampaignWorkspace, SKILL_NAME, tempFolders } from './campaign-helpers.js';

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
    // And OpenCode's login, renewed by each session in its config folder: the real one there too.
    // And its temporary folders (/var/tmp, /dev/shm too), its own in a user namespace as well.
    ws.respond({ homeNotes: marker, renewLogin: true, tmpNotes: marker });
    mkdirSync(join(ws.home, '.local/share/opencode'), { recursive: true });
    writeFileSync(join(ws.home, '.local/share/opencode/auth.json'), '{"refreshed":0}\n');
    giveToRegularUser(ws.root);
    const run = spawnAsRegularUser([process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'opencode', '--eval', 'explain', '--runs', '2', '--jobs', '1'], { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout, /HOME is shared/);
    const calls = ws.calls();
    assert.equal(calls.length, 4);
    for (const call of calls) assert.deepEqual(call.homeSeen, [`users-own-${marker}`]);
    assert.deepEqual(calls.map((call) => [call.login, call.renewed]), [[0, true], [1, true], [2, true], [3, true]]);
    assertRealHomeUntouched(ws, marker);
    const folders = tempFolders();
    const left = folders.flatMap((folder) => readdirSync(folder).filter((name) => name.includes(marker)).map((name) => join(folder, name)));
    for (const file of left) rmSync(file, { force: true });
    assert.deepEqual(left, [], 'a session left its notes in a real temporary folder');
    for (const call of calls) assert.deepEqual(call.tmpSeen, Object.fromEntries(folders.map((folder) => [folder, []])), 'a session found an earlier one\'s notes');
    assert.ok(calls.some((call) => call.tmpWrote !== undefined && Object.values(call.tmpWrote).every((wrote) => wrote === true)), JSON.stringify(calls.map((call) => call.tmpWrote)));
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

  // eval-magic run inside a session (an agent that runs a campaign itself) finds HOME mounted
  // already with the very source the overlay line names (`eval-magic-home`): `mount --all` took
  // the line for that mount and skipped it, so every inner session shared the outer HOME, the
  // skill's notes read by the control. Here HOME is such a mount (a tmpfs of that name).
  it("a HOME mounted already under the overlay's own source name (eval-magic inside a session) still gets each session's own", { skip: noNamespace || (process.getuid?.() !== 0 && 'needs root to mount at HOME'), timeout: 60_000 }, () => {
    const marker = `home-nested-${process.pid}`;
    const ws = makeCampaignWorkspace({ respond: { homeNotes: marker } });
    const outer = 'set -e; mount -t tmpfs eval-magic-home "$1"; mkdir "$1/.cache"; echo mine > "$1/.cache/users-own-$2"; shift 2; exec "$@"';
    const run = spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', outer, 'sh', ws.home, marker, process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '1', '--jobs', '1'], { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout, /HOME is shared/);
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    // The skill session first, then the control: it finds the user's file, not the skill's note.
    for (const call of calls) assert.deepEqual(call.homeSeen, [`users-own-${marker}`]);
  });

  // As a regular user the mounts are made in a user namespace, where those below HOME (a volume,
  // a devcontainer's bind of ~/.ssh) are locked to it: the kernel refuses an overlay whose lower
  // layer has them ("failed to clone lowerpath"). Every session was aborted then; now HOME stays shared, and the plan says so.
  it('as a regular user, a HOME with a mount below it stays shared: every session runs, and the plan says so', { skip: noNamespace || (process.getuid?.() !== 0 && 'needs root to mount below HOME and become a regular user'), timeout: 60_000 }, () => {
    const marker = `home-mount-user-${process.pid}`;
    const ws = makeCampaignWorkspace({ respond: { homeNotes: marker } });
    mkdirSync(join(ws.home, '.cache'));
    giveToRegularUser(ws.root);
    const mountBelow = `mount -t tmpfs -o mode=0777 below-home '${join(ws.home, '.cache')}' && echo mine > '${join(ws.home, '.cache', `users-own-${marker}`)}'`;
    const run = spawnAsRegularUser([process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '1', '--jobs', '1'], { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 }, mountBelow);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /warning: HOME is shared by every session of both arms \(this system refused the overlay that gives each session a HOME of its own/);
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    for (const call of calls) assert.ok(Array.isArray(call.homeSeen) && call.homeSeen.includes(`users-own-${marker}`), JSON.stringify(call.homeSeen));
  });

  // The overlay is tried on a scratch folder in the temporary folder, but HOME may lie on another
  // filesystem, one the overlay refuses as its lower layer (here an overlay already two deep: the
  // kernel stacks no more). Every session was aborted then (spawn-failed, the mounts failed);
  // now that HOME is tried itself, it stays shared, and the plan says why.
  it("a HOME on a filesystem the overlay refuses stays shared: every session runs, and the plan says so", { skip: noNamespace || (process.getuid?.() !== 0 && 'needs root to mount at HOME'), timeout: 60_000 }, () => {
    const marker = `home-refused-${process.pid}`;
    const ws = workspaceWithHome(marker);
    const deep = 'set -e; d="$1"; shift; mkdir "$d/l" "$d/u" "$d/w" "$d/m" "$d/u2" "$d/w2"; cp -a "$1/." "$d/l/"; mount -t overlay -o "lowerdir=$d/l,upperdir=$d/u,workdir=$d/w" one "$d/m"; mount -t overlay -o "lowerdir=$d/m,upperdir=$d/u2,workdir=$d/w2" two "$1"; shift; exec "$@"';
    const layers = join(ws.root, 'layers');
    mkdirSync(layers);
    const run = spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', deep, 'sh', layers, ws.home, process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '1', '--jobs', '1'], { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /warning: HOME is shared by every session of both arms \(this system refused the overlay that gives each session a HOME of its own/);
    assert.equal(ws.calls().length, 2);
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

// The CLIs keep their login in their config folder and rewrite it when they renew it (Codex
// rotates its refresh token on every refresh; an old one is refused): kept in one session's HOME,
// a renewal logged out every later session, of both arms, and the user's own CLI after the
// campaign. The descriptor's config_folders are the real ones in every session, as before the
// overlay; the rest of HOME stays each session's own.
describe("campaign: the CLI's config folders are the real ones in each session's HOME", () => {
  const containment = agentContainment();
  const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;
  const loginFiles = { codex: '.codex/auth.json', 'claude-code': '.claude/.credentials.json', opencode: '.local/share/opencode/auth.json' } as const;

  /** A workspace whose real HOME holds the CLI's login, renewed by every session (a count saved by a rename over the file), and a file of the user's own in ~/.cache. */
  function loggedIn(harness: keyof typeof loginFiles, marker: string) {
    const ws = makeCampaignWorkspace({ respond: { renewLogin: true, homeNotes: marker, sessionStore: true } });
    const login = join(ws.home, loginFiles[harness]);
    mkdirSync(dirname(login), { recursive: true });
    writeFileSync(login, '{"refreshed":0}\n', { mode: 0o600 });
    mkdirSync(join(ws.home, '.cache'));
    writeFileSync(join(ws.home, '.cache', `users-own-${marker}`), "the user's file\n");
    return { ws, login };
  }

  for (const [harness, runs] of [['codex', 2], ['claude-code', 1], ['opencode', 1]] as const) {
    it(`${harness}: a login a session renews reaches every later session of both arms and the real HOME; the rest of HOME stays each session's own, the stores private`, { skip: noNamespace }, async () => {
      const marker = `login-${harness}-${process.pid}`;
      const { ws, login } = loggedIn(harness, marker);
      const result = await runCampaign({ evals: ws.evalsPath, harness, evalIds: ['explain'], runs, jobs: 1, baseDir: ws.root, env: ws.env });
      assert.deepEqual(result.records.map((r) => [r.status, r.isolation.valid]), Array(2 * runs).fill(['completed', true]), JSON.stringify(result.records.map((r) => [r.message, r.isolation])));
      const calls = ws.calls();
      // One at a time: each session found the login the one before it renewed, and saved its own by a rename.
      assert.deepEqual(calls.map((call) => [call.login, call.renewed]), calls.map((_, i) => [i, true]));
      assert.equal(readFileSync(login, 'utf8'), `{"refreshed":${calls.length}}\n`);
      assert.deepEqual(readdirSync(dirname(login)).filter((name) => name.includes('.tmp-')), [], 'no temporary file left beside the login');
      for (const call of calls) {
        // The rest of HOME: no session finds another's note.
        assert.deepEqual(call.homeSeen, [`users-own-${marker}`]);
        // The stores inside the config folder are still each session's own: the first round of each finds none.
        assert.deepEqual(call.stored, [], `${harness}: a session read another's transcript`);
      }
      assertRealHomeUntouched(ws, marker);
    });
  }

  it("a session's instruction file made in the real config folder is caught (instruction-file-changed), as before the overlay", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, writeInstructions: 'Always mention MEMORY-MARKER-4242.' } });
    mkdirSync(join(ws.home, '.codex'));
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'codex', evalIds: ['explain'], runs: 1, jobs: 1, baseDir: ws.root, env: ws.env });
    assert.ok(existsSync(join(ws.home, '.codex', 'AGENTS.md')), 'the skill session wrote the real file');
    const invalid = result.records.filter((r) => !r.isolation.valid);
    assert.ok(invalid.length > 0, JSON.stringify(result.records.map((r) => r.isolation)));
    for (const record of invalid) assert.ok(record.isolation.problems.every((p) => p.code === 'instruction-file-changed'), JSON.stringify(record.isolation));
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
    // A config folder that is HOME itself (CODEX_HOME=$HOME): its login is renewed there, so HOME stays shared.
    assert.equal(homeRefusal({ HOME: home }, undefined, [join(home, '.codex'), home]), `HOME is the CLI's config folder ${home}`);
    assert.equal(homeRefusal({ HOME: home }, undefined, [join(home, '.codex')]), undefined);
    // The plans' reason: the mounts refused, the overlay refused, or this HOME.
    assert.equal(sharedHomeReason({ reason: 'no PID namespace' }, { HOME: home }, undefined), 'no PID namespace');
    assert.equal(sharedHomeReason({ homeRefused: 'overlay refused' }, { HOME: home }, undefined), 'overlay refused');
    assert.equal(sharedHomeReason({}, { HOME: '/' }, undefined), 'HOME is the filesystem root');
    assert.equal(sharedHomeReason({}, { HOME: home }, undefined), undefined);
  });

  it("the CLI's config folders shared in it: those that exist below HOME, by their real paths, outermost only", () => {
    const ws = makeCampaignWorkspace();
    const home = realpathSync(ws.home);
    for (const folder of ['.codex/sessions', '.config/opencode', 'dotfiles/claude']) mkdirSync(join(home, folder), { recursive: true });
    symlinkSync('dotfiles/claude', join(home, '.claude'));
    const outside = join(ws.root, 'codex-home');
    mkdirSync(outside);
    const configFolders = [join(home, '.codex'), join(home, '.codex/sessions'), join(home, '.claude'), join(home, '.local/share/opencode'), join(home, '.config/opencode'), outside];
    assert.deepEqual(privateHome({ HOME: home }, undefined, join(ws.root, 'own'), configFolders)?.shared, ['.codex', '.config/opencode', 'dotfiles/claude']);
  });

  it('in the mount table: the overlay, the mounts below HOME, the config folders, then the stores and the read-only instruction files inside them', () => {
    const table = hidingTable({ home: { path: '/home/u', from: '/s/a/b/home', below: ['vol'], shared: ['.codex'] }, stores: [{ from: '/s/a/b/store/0', at: '/home/u/.codex/sessions' }], readOnly: ['/home/u/.codex/AGENTS.md'] });
    assert.deepEqual(table.trim().split('\n').map((line) => line.split(' ').slice(0, 4).join(' ')), [
      'eval-magic-home /home/u/. overlay lowerdir=/proc/self/fd/4,upperdir=/s/a/b/home/upper,workdir=/s/a/b/home/work,userxattr',
      '/proc/self/fd/4/vol /home/u/./vol none rbind',
      '/proc/self/fd/4/.codex /home/u/./.codex none rbind',
      '/s/a/b/store/0 /home/u/.codex/sessions none bind,X-mount.mkdir',
      '/home/u/.codex/AGENTS.md /home/u/.codex/AGENTS.md none bind,ro',
    ]);
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
