// Blind runs: what a campaign shows the agent — its working folder, its command line, its
// environment — has the same shape in both arms and names neither the arm, the skill, the eval,
// the iteration nor the run; the task still ends up in the run folder for the graders.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, openSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import type { CampaignPlanSummary } from '../../src/campaign/types.js';
import { agentContainment } from '../../src/process/containment.js';
import { binPath } from '../helpers/cli.js';
import { outsideTemporaryFolders } from '../helpers/outside-temp.js';
import { withOwnTmpdir } from '../helpers/own-tmpdir.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { FAKE_AGENTS, isRunning } from '../runner/run-helpers.js';
import { armsByWorkDir, makeCampaignWorkspace, readJson, SKILL_NAME, type RespondCall } from './campaign-helpers.js';

/**
 * What no path, argument or variable the agent gets may hold. Codex's --output-last-message names
 * the round folder, where Codex itself writes the reply: the command line is the CLI's, never in
 * the model's prompt (the real-agent tier checks the requests); docs/campaign.md says so.
 */
function leaks(call: RespondCall, iterationDir: string): string[] {
  // The whole command line: Codex's --output-last-message too names a folder beside the agent's own.
  const shown = [call.cwd, call.dir ?? '', ...(call.argv ?? []), ...Object.entries(call.env ?? {}).map(([k, v]) => `${k}=${v}`)];
  const words = ['with_skill', 'without_skill', 'new_skill', 'old_skill', 'iteration-', 'eval-explain', 'eval-add-column', iterationDir];
  return shown.flatMap((text) => words.filter((w) => text.includes(w)).map((w) => `${w} in ${JSON.stringify(text.slice(0, 200))}`));
}

/** Where Claude Code's skills are staged in a task: the last thing staging makes, in both arms. */
const SKILLS_DIR_OF_CLAUDE = '.claude/skills';

describe('campaign: blind runs', () => {
  for (const harness of ['claude-code', 'codex', 'opencode'] as const) {
    it(`${harness}: every agent works in <tmp>/eval-magic-sessions-<uid>/<random>/<random>/work, its command line and environment name no arm, and the task is kept in the run folder`, async () => {
      const ws = makeCampaignWorkspace({ respond: {} });
      // The fakes' log and HOME live under a folder named eval-magic-campaign-*; none of the run's names is in it.
      // Started by someone who had just looked at an earlier iteration's run (`cd -` would take them back).
      const lookedAt = join(ws.root, '.eval-magic', SKILL_NAME, 'iteration-1', 'eval-explain', 'with_skill', 'run-1');
      // Two runs per arm with one harness (a folder per run, not per eval and arm: the runner names them, whatever the harness); one with the others.
      const runs = harness === 'claude-code' ? 2 : 1;
      // Started by `npm run eval` in the skill's folder: npm records where it was started and what it ran.
      const npmRun = { INIT_CWD: ws.skillDir, npm_lifecycle_event: 'eval', npm_lifecycle_script: `eval-magic campaign --evals ${ws.evalsPath}`, npm_package_json: join(ws.skillDir, 'package.json'), npm_package_name: SKILL_NAME, npm_config_local_prefix: ws.skillDir };
      const result = await runCampaign({ evals: ws.evalsPath, harness, runs, baseDir: ws.root, env: { ...ws.env, ...npmRun, OLDPWD: lookedAt, PWD: lookedAt } });
      assert.ok(result.records.every((r) => r.status !== 'aborted'), JSON.stringify(result.records.map((r) => r.message)));
      const calls = ws.calls();
      assert.equal(calls.length, 4 * runs);
      const tmp = realpathSync(tmpdir());
      for (const call of calls) {
        const cwd = call.dir ?? call.cwd;
        assert.match(cwd, new RegExp(`^${tmp.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/eval-magic-sessions-\\d+/[A-Za-z0-9]{6}/[A-Za-z0-9]{6}/work$`), cwd);
        assert.deepEqual(leaks(call, ws.iteration()), [], harness);
        assert.equal(call.env?.PWD, cwd, 'PWD is the folder the agent starts in');
        assert.equal(call.env?.OLDPWD, undefined, 'the caller\'s previous folder is not passed on');
        const naming = Object.entries(call.env ?? {}).filter(([name, value]) => `${name}=${value}`.includes(SKILL_NAME));
        assert.deepEqual(naming, [], 'no variable names the skill: npm\'s record of where it was started and what it ran is not passed on');
        assert.equal(call.env?.HOME, ws.home, 'HOME is the caller\'s in both arms');
        // Codex writes its reply where {outputs_dir} says: a folder beside its work folder, copied into the round folder after.
        const reply = call.argv?.[call.argv.indexOf('--output-last-message') + 1];
        if (harness === 'codex') assert.match(reply ?? '', new RegExp(`^${dirname(cwd).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/out/turn-\\d/final-message\\.md$`), reply);
      }
      // Nothing of the skill arm's folders tells the arms apart but the staged skill.
      const arms = armsByWorkDir(ws.iteration());
      assert.equal(arms.size, 4 * runs);
      for (const [work, arm] of arms) {
        assert.equal(existsSync(dirname(work)), false, `the work folder ${work} was moved into the run folder, its level removed`);
        assert.equal(existsSync(dirname(dirname(work))), false, `the command's holder of ${work} was removed when it ended`);
        assert.ok(['with_skill', 'without_skill'].includes(arm));
      }
      for (const call of calls) assert.deepEqual(call.skills, arms.get(call.dir ?? call.cwd) === 'with_skill' ? [SKILL_NAME] : []);
      const skillsDir = { 'claude-code': '.claude/skills', codex: '.agents/skills', opencode: '.opencode/skills' }[harness];
      for (const condition of ['with_skill', 'without_skill']) {
        const task = join(ws.iteration(), `eval-explain/${condition}/run-1/task`);
        // The control arm meets the same (empty) skills folder: a CLI reacting to it does so in both arms.
        assert.deepEqual(readdirSync(join(task, skillsDir)), condition === 'with_skill' ? [SKILL_NAME] : [], condition);
        const record = readJson(join(ws.iteration(), `eval-explain/${condition}/run-1/run.json`));
        assert.equal(record.task_dir, 'task');

      }
    });
  }

  it('a run cut short (eval-magic killed) leaves its work folder recorded in run.json, and the next command removes it', async () => {
    const ws = makeCampaignWorkspace({ respond: { hangWhen: 'What does' } });
    const stop = new AbortController();
    const running = runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], jobs: 2, baseDir: ws.root, env: ws.env, signal: stop.signal, killGraceMs: 100 });
    // Both agents hang; while they do, each run.json names the work folder its agent is in. The
    // record is written before the task is staged there (a kill in between leaves it to remove),
    // so wait for the folders too.
    const runJson = (condition: string) => join(ws.iteration(), `eval-explain/${condition}/run-1/run.json`);
    const workOf = (condition: string) => (existsSync(runJson(condition)) ? (readJson(runJson(condition)).work_dir as string | undefined) : undefined);
    const staged = (condition: string) => existsSync(join(workOf(condition) ?? '/nonexistent', SKILLS_DIR_OF_CLAUDE));
    let works: string[];
    try {
      for (let i = 0; i < 400 && !(staged('with_skill') && staged('without_skill')); i++) await new Promise((r) => setTimeout(r, 25));
      // An agent logs its call when it starts, so a logged one may be there: none has ended.
      assert.ok(ws.calls().every((call) => isRunning(call.mark)), 'no agent has finished: both hang');
      works = ['with_skill', 'without_skill'].map((c) => workOf(c)!);
      for (const work of works) assert.ok(work && existsSync(work), `${work} exists while the agent runs`);
    } finally {
      // Also when an assertion failed: the hanging agents would hold the test process forever.
      stop.abort();
    }
    const result = await running;
    assert.ok(result.interrupted);
    // Interrupted in an orderly way: the task was still kept and the work folder removed.
    for (const work of works) assert.equal(existsSync(dirname(work)), false);
    assert.ok(existsSync(join(ws.iteration(), 'eval-explain/with_skill/run-1/task', '.claude/skills', SKILL_NAME, 'SKILL.md')));
    assert.ok(readFileSync(runJson('with_skill'), 'utf8').includes('"abort_reason": "interrupted"'));
  });
});

describe('campaign: sessions running at the same time', () => {
  const containment = agentContainment();
  const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;
  const asRoot = process.getuid?.() === 0;

  /** A workspace whose skill carries a marker of its own, and agents that look around <tmp> for it once both sessions run. */
  function peekingWorkspace(sessions = 2) {
    const marker = `peek-${randomBytes(8).toString('hex')}`;
    const skillMd = `---\nname: ${SKILL_NAME}\ndescription: Build the team's CSV reports (${marker}).\n---\n\nAlways write timestamps in UTC.\n`;
    return makeCampaignWorkspace({ skillMd, respond: { peek: { sessions, marker } } });
  }

  /** Each agent found its own staged skill by looking around <tmp>, and each control agent found nothing. */
  function assertBlind(ws: ReturnType<typeof makeCampaignWorkspace>, sessions = 2) {
    const calls = ws.calls();
    assert.equal(calls.length, sessions);
    const arms = armsByWorkDir(ws.iteration());
    for (const call of calls) {
      const arm = arms.get(call.cwd);
      const own = join(call.cwd, SKILLS_DIR_OF_CLAUDE, SKILL_NAME, 'SKILL.md');
      assert.deepEqual(call.peeked, arm === 'with_skill' ? [own] : [], `${arm} at ${call.cwd} read the skill of another session`);
    }
  }

  it('an agent that goes looking on disk finds the workspace and the skill\'s own folder empty and read-only, in both arms; nothing it tries lands there', { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace();
    // An earlier iteration's runs, whose paths name the arms: the workspace holds them when the agents run.
    mkdirSync(join(ws.iteration(1), 'eval-explain', 'with_skill', 'run-1'), { recursive: true });
    ws.respond({ lookAt: [ws.workspace, ws.skillDir, ws.home] });
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env });
    assert.ok(result.records.every((r) => r.status === 'completed'), JSON.stringify(result.records.map((r) => r.message)));
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    for (const call of calls) {
      assert.deepEqual(call.looked?.[ws.workspace], { entries: [], writable: false }, call.cwd);
      assert.deepEqual(call.looked?.[ws.skillDir], { entries: [], writable: false }, call.cwd);
      // What the agent needs is never covered: its HOME (the CLI's login and settings).
      assert.equal((call.looked?.[ws.home] as { writable: boolean }).writable, true);
    }
    assert.ok(existsSync(join(ws.skillDir, 'SKILL.md')), 'outside the sessions nothing changed');
    assert.equal(existsSync(join(ws.workspace, '.fake-agent-was-here')), false);
  });

  it("the folder holding evals.json is shown empty too where it lies outside the skill: its assertions name the skill, and what each arm is graded on", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace();
    const graders = join(ws.root, 'graders');
    mkdirSync(graders);
    writeFileSync(join(graders, 'evals.json'), readFileSync(ws.evalsPath));
    ws.respond({ lookAt: [graders] });
    const result = await runCampaign({ evals: join(graders, 'evals.json'), skill: ws.skillDir, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env });
    assert.ok(result.records.every((r) => r.status === 'completed'), JSON.stringify(result.records.map((r) => r.message)));
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    for (const call of calls) assert.deepEqual(call.looked?.[graders], { entries: [], writable: false }, call.cwd);
    assert.ok(existsSync(join(graders, 'evals.json')), 'outside the sessions nothing changed');
  });

  // The usual layout, a project in HOME: nothing of it in a temporary folder, where every
  // session's own /tmp, /var/tmp, /dev/shm and $TMPDIR would hide it whatever campaign covers
  // (test/helpers/outside-temp.ts). The workspaces above lie in a kept entry of the test's $TMPDIR.
  const outside = outsideTemporaryFolders('eval-magic-campaign-blind-');
  after(() => void (outside !== undefined && rmSync(outside, { recursive: true, force: true })));
  const noOutside = outside === undefined && 'no folder outside the temporary folders (neither /run nor HOME) to hold the project';
  it('a project in HOME, outside the temporary folders: the agent finds HOME and the project there, and the workspace and the skill\'s folder in it empty and read-only', { skip: noNamespace || noOutside }, async () => {
    chmodSync(outside!, 0o755);
    const home = join(outside!, 'home');
    const ws = makeCampaignWorkspace({ root: join(home, 'project') });
    ws.env.HOME = home;
    // The fakes' log outside HOME: what a session writes under HOME is its own (src/process/private-home.ts).
    const log = join(outside!, 'agent-log.jsonl');
    ws.env.FAKE_AGENT_LOG = log;
    mkdirSync(join(ws.iteration(1), 'eval-explain', 'with_skill', 'run-1'), { recursive: true });
    ws.respond({ lookAt: [home, ws.root, ws.workspace, ws.skillDir] });
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env });
    assert.ok(result.records.every((r) => r.status === 'completed'), JSON.stringify(result.records.map((r) => r.message)));
    const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as RespondCall);
    assert.equal(calls.length, 2);
    for (const call of calls) {
      // The control: no private temporary folder hides the project; only the covers do.
      assert.ok((call.looked?.[home] as { entries?: string[] }).entries?.includes('project'), JSON.stringify(call.looked));
      assert.ok((call.looked?.[ws.root] as { entries?: string[] }).entries?.includes('.eval-magic'), JSON.stringify(call.looked));
      assert.deepEqual(call.looked?.[ws.workspace], { entries: [], writable: false }, call.cwd);
      assert.deepEqual(call.looked?.[ws.skillDir], { entries: [], writable: false }, call.cwd);
    }
    assert.ok(existsSync(join(ws.skillDir, 'SKILL.md')), 'outside the sessions nothing changed');
    assert.equal(existsSync(join(ws.workspace, '.fake-agent-was-here')), false);
  });

  it('a file descriptor the caller left open (`exec 200>>campaign.log`) never reaches an agent: it would name the workspace and write into it', async () => {
    const ws = makeCampaignWorkspace();
    ws.respond({ descriptors: true });
    const log = join(ws.root, 'campaign.log');
    const fd = openSync(log, 'a');
    try {
      const run = spawnSync(process.execPath, [binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain'], { cwd: ws.root, env: ws.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe', ...Array<'ignore'>(197).fill('ignore'), fd], timeout: 60_000 });
      assert.equal(run.status, 0, run.stderr);
    } finally {
      closeSync(fd);
    }
    // Node marks the lowest descriptors it was given close-on-exec at its start, not one this high.
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    for (const call of calls) {
      assert.ok(call.descriptors, 'the agent listed its descriptors');
      assert.deepEqual(Object.entries(call.descriptors).filter(([, to]) => to === log), [], `the agent at ${call.cwd} held the caller's descriptor`);
    }
  });

  it("a control session cannot read the skill staged by another command running at the same time (the other shard, on the same machine)", { skip: noNamespace }, async () => {
    // A pair of runs a shard (each eval's with_skill and without_skill), each pair's two sessions at once: the four agents look
    // around <tmp> once all four run (add-column's agents ask nothing: their runs stop after one round).
    const ws = peekingWorkspace(4);
    const shard = (k: number) => runCampaign({ evals: ws.evalsPath, harness: 'claude-code', shard: `${k}/2`, jobs: 2, baseDir: ws.root, env: ws.env });
    const results = await Promise.all([shard(1), shard(2)]);
    for (const result of results) assert.ok(result.records.length === 2 && result.records.every((r) => r.status !== 'aborted'), JSON.stringify(result.records.map((r) => r.message)));
    assertBlind(ws, 4);
  });

  it("where the sessions folder cannot be used (a link at its name), the plan says other commands' sessions are not hidden, and the runs go on with their holder in <tmp>", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace();
    await withOwnTmpdir(async (tmp) => {
      const root = join(tmp, `eval-magic-sessions-${process.getuid!()}`);
      symlinkSync(tmp, root);
      const plans: CampaignPlanSummary[] = [];
      const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env, reporter: (p) => void (p.kind === 'plan' && plans.push(p.plan)) });
      assert.ok(result.records.every((r) => r.status === 'completed'), JSON.stringify(result.records.map((r) => r.message)));
      assert.equal(plans[0]?.otherCommandsSeen, `${root} is a symbolic link`);
      for (const call of ws.calls()) assert.equal(dirname(dirname(dirname(call.cwd))), tmp, call.cwd);
    });
  });

  it('a control session that looks around the temporary folder cannot read the skill staged for a session running beside it', { skip: noNamespace }, async () => {
    const ws = peekingWorkspace();
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], jobs: 2, baseDir: ws.root, env: ws.env });
    assert.ok(result.records.every((r) => r.status === 'completed'), JSON.stringify(result.records.map((r) => r.message)));
    assertBlind(ws);
  });

  it('an agent that has root and unmounts every mount it sees before it looks (eval-magic campaign run as root) gets none off: the workspace, the skill\'s folder and the session beside it stay hidden', { skip: noNamespace || (!asRoot && 'needs root'), timeout: 60_000 }, () => {
    const ws = peekingWorkspace();
    const marker = readFileSync(join(ws.skillDir, 'SKILL.md'), 'utf8').match(/peek-[0-9a-f]+/)![0];
    ws.respond({ peek: { sessions: 2, marker }, undoMounts: true, lookAt: [ws.workspace, ws.skillDir] });
    const run = spawnSync(process.execPath, [binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--jobs', '2'], { cwd: ws.root, env: ws.env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    assertBlind(ws);
    for (const call of ws.calls()) {
      assert.deepEqual(call.unmounted, [], call.cwd);
      assert.deepEqual(call.looked?.[ws.workspace], { entries: [], writable: false }, call.cwd);
      assert.deepEqual(call.looked?.[ws.skillDir], { entries: [], writable: false }, call.cwd);
    }
  });

  it('as a regular user too (inside a user namespace)', { skip: noNamespace || (!asRoot && 'needs root to become a regular user with setpriv'), timeout: 60_000 }, () => {
    const ws = peekingWorkspace();
    giveToRegularUser(ws.root);
    const run = spawnAsRegularUser([process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--jobs', '2'], { cwd: ws.root, env: ws.env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    assertBlind(ws);
  });
});

describe('campaign: where the sessions cannot be hidden from each other', () => {
  it("a skill session that installs the skill in the command's folder of sessions (a folder above every session's, where the CLIs look): no control run starts after it", async () => {
    // No unshare on PATH: no namespace, so an agent's writes outside its work folder are real.
    const ws = makeCampaignWorkspace({ respond: { installSkills: { above: 2 } } });
    const bin = join(ws.root, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync('/bin/sh', join(bin, 'sh'));
    const env = { ...ws.env, PATH: `${FAKE_AGENTS}:${bin}` };
    const run = spawnSync(process.execPath, [binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--jobs', '1'], { cwd: ws.root, env, encoding: 'utf8', timeout: 60_000 });
    assert.match(run.stdout, /warning: the workspace and the skill's folders are not hidden from the agents/, run.stderr);
    // Nor is each session given a store of its own: the plan names the CLI's shared one.
    assert.match(run.stdout, new RegExp(`warning: claude-code's session store \\(${join(ws.home, '.claude', 'projects').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, .*\\) is shared by every session of both arms`), run.stdout);
    const calls = ws.calls();
    assert.equal(calls.length, 1, 'the skill session alone ran');
    const holder = dirname(dirname(calls[0]!.cwd));
    const control = readJson(join(ws.iteration(), 'eval-explain/without_skill/run-1/run.json'));
    assert.equal(control.abort_reason, 'skill-reachable', JSON.stringify(control.message));
    assert.match(String(control.message), new RegExp(`\\(${holder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\.claude/skills/${SKILL_NAME}\\)`));
    assert.equal(run.status, 1);
  });
});

describe('campaign: a read-only folder an agent leaves', () => {
  const asRoot = process.getuid?.() === 0;
  it("as a regular user, a retried run's task folder is the retry's, whole: the failed attempt's, read-only folder and all, is replaced", { skip: !asRoot && 'needs root to become a regular user with setpriv', timeout: 60_000 }, () => {
    const ws = makeCampaignWorkspace({ respond: { failFirstAttempt: true, readOnlyFolder: true } });
    giveToRegularUser(ws.root);
    const run = spawnAsRegularUser([process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--retries', '1'], { cwd: ws.root, env: ws.env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    for (const condition of ['with_skill', 'without_skill']) {
      const runDir = join(ws.iteration(), 'eval-explain', condition, 'run-1');
      const record = readJson(join(runDir, 'run.json'));
      assert.deepEqual([record.status, record.attempts], ['completed', 2]);
      // The agent wrote its working folder's path there: the task is the one the retry left.
      assert.equal(readFileSync(join(runDir, 'task', 'read-only', 'file'), 'utf8'), record.work_dir, `${condition}: the task folder is not the retry's`);
      assert.equal(existsSync(dirname(record.work_dir)), false);
    }
  });
});

describe('campaign: the same harness in both arms', () => {
  it('diff.patch holds what the agent changed as Git sees it, never the harness\'s own folders, in either arm', async () => {
    const ws = makeCampaignWorkspace();
    ws.write('template/.gitignore', 'node_modules/\n');
    ws.write('template/notes.txt', 'v1\n');
    const round = (session: string) => ({
      // The same action in both arms: edit notes.txt, fill node_modules, and the CLI's own files.
      plant: [
        { path: 'notes.txt', text: 'v2\n' },
        { path: 'node_modules', folder: true },
        { path: 'node_modules/dep.js', text: 'ignored\n' },
        { path: '.claude/settings.local.json', text: '{}\n' },
      ],
      stdout: [{ type: 'system', subtype: 'init', session_id: session, skills: [] }, { type: 'assistant', message: { content: [{ type: 'text', text: 'Done.' }] } }, { type: 'result', subtype: 'success', session_id: session, result: 'Done.' }],
    });
    writeFileSync(join(ws.root, 'agent-script.json'), JSON.stringify({ rounds: [round('s1'), round('s2')] }));
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', task: 'template', evalIds: ['explain'], jobs: 1, baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.records.map((r) => r.harness_paths), [['.claude'], ['.claude']]);
    const patches = ['with_skill', 'without_skill'].map((c) => readFileSync(join(ws.iteration(), `eval-explain/${c}/run-1/diff.patch`), 'utf8'));
    assert.equal(patches[0], patches[1], 'the same action gives the same diff in both arms');
    assert.equal(patches[0], 'diff --git a/notes.txt b/notes.txt\n--- a/notes.txt\n+++ b/notes.txt\n@@ -1 +1 @@\n-v1\n+v2\n');
  });
});
