// The CLIs' own session stores under HOME (Claude Code's ~/.claude/projects, Codex's sessions and
// sqlite files, OpenCode's database and log): every session of a campaign, of both arms, used to
// write its transcript into the one shared store, where a control agent could read a skill run's
// — the skill's name, its SKILL.md. Each session now gets a private store of its own, mounted at
// the CLI's store paths in its namespace and kept across its own rounds only (resume reads it).
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { describePlan } from '../../src/campaign/report-text.js';
import type { CampaignPlanSummary } from '../../src/campaign/types.js';
import { agentContainment } from '../../src/process/containment.js';
import { binPath, runMain } from '../helpers/cli.js';
import { readRunRecord, type RunRecord } from '../../src/workspace/run-record.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { armsByWorkDir, makeCampaignWorkspace, SKILL_NAME } from './campaign-helpers.js';

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? filesBelow(join(dir, e.name)).map((f) => `${e.name}/${f}`) : [e.name]));
}

/** Each session read only its own transcript from its CLI's store: nothing of another, of either arm; its first round when resumed. */
function assertOwnStores(ws: ReturnType<typeof makeCampaignWorkspace>): void {
  const arms = armsByWorkDir(ws.iteration());
  const calls = ws.calls();
  // add-column has two rounds (the agent asks), explain one: 1 run × 2 arms × 3 rounds.
  assert.equal(calls.length, 6);
  const resumed = new Set<string>();
  for (const call of calls) {
    const work = call.dir ?? call.cwd;
    const arm = arms.get(work);
    assert.ok(arm, work);
    const stored = call.stored ?? [];
    const sawSkill = stored.filter((line) => line.skills.includes(SKILL_NAME));
    if (arm === 'without_skill') assert.deepEqual(sawSkill, [], `a control session read a skill run's transcript from the store: ${JSON.stringify(sawSkill)}`);
    // Only its own: nothing in a first round, its first round in the resumed one.
    if (call.session === null) assert.deepEqual(stored, [], `${arm}: a first round found other sessions' transcripts`);
    else {
      assert.deepEqual([...new Set(stored.map((line) => line.session))], [call.session], `${arm}: a resumed round finds its own first round, and only that`);
      resumed.add(work);
    }
  }
  assert.equal(resumed.size, 2, 'every add-column run was resumed');
  // The shared store paths under HOME hold nothing of any session (empty mount points at most),
  // and no instruction file was made there (an empty ~/.config/opencode/AGENTS.md would hide the
  // user's ~/.claude/CLAUDE.md from OpenCode for good).
  assert.deepEqual(filesBelow(ws.home), [], 'a transcript or an instruction file was left in the shared HOME');
}

/** Each fake CLI's user-level instruction file, under HOME (test/fake-agents/respond.js). */
const INSTRUCTION_FILES = { 'claude-code': '.claude/CLAUDE.md', codex: '.codex/AGENTS.md', opencode: '.config/opencode/AGENTS.md' } as const;
const MARKER = 'Always mention MEMORY-MARKER-4242.';
/** What the user's own instruction file holds. */
const OWN_RULE = "The user's own rule.\n";

/**
 * The CLI's config folder under HOME, as a user of the CLI has it (`~/.codex`, `~/.claude`): the
 * real one in every session (the descriptor's config_folders), so what a session writes there
 * every later one finds. (Where it is missing, the CLI makes it in the session's own HOME.)
 */
function configFolder(ws: ReturnType<typeof makeCampaignWorkspace>, name: '.codex' | '.claude'): string {
  const folder = join(ws.home, name);
  mkdirSync(folder);
  return folder;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every run.json of the iteration as compare reads it (against its schema), in the order the runs ended. */
function recordsByEnd(iteration: string): RunRecord[] {
  const found = filesBelow(iteration).filter((f) => f.endsWith('/run.json') && !f.includes('/task/'));
  return found.map((f) => readRunRecord(join(iteration, dirname(f)))!).sort((a, b) => a.ended_at.localeCompare(b.ended_at));
}

describe("campaign: each session's own CLI session store", () => {
  const containment = agentContainment();
  const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;

  for (const harness of ['claude-code', 'codex', 'opencode'] as const) {
    it(`${harness}: a control session reading its CLI's store finds nothing of a skill run, a resumed round finds its own first round, and the shared HOME keeps no transcript`, { skip: noNamespace }, async () => {
      const ws = makeCampaignWorkspace({ respond: { ask: true, sessionStore: true } });
      // One at a time, so every control run starts once a whole skill run has written its store (the
      // plan starts each eval's runs with the skill arm): one run per arm is enough for that.
      const result = await runCampaign({ evals: ws.evalsPath, harness, runs: 1, jobs: 1, baseDir: ws.root, env: ws.env });
      assert.deepEqual(result.records.map((r) => r.status), Array(4).fill('completed'), JSON.stringify(result.records.map((r) => r.message)));
      assertOwnStores(ws);
    });
  }

  it('as a regular user too (inside a user namespace)', { skip: noNamespace || (process.getuid?.() !== 0 && 'needs root to become a regular user with setpriv'), timeout: 60_000 }, () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, sessionStore: true } });
    giveToRegularUser(ws.root);
    const run = spawnAsRegularUser([process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'codex', '--runs', '1', '--jobs', '1'], { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assertOwnStores(ws);
  });

  // The CLIs put their user-level instruction file (~/.claude/CLAUDE.md, AGENTS.md) into the system
  // prompt of every session: a skill agent that wrote there reached every later session of both arms.
  for (const harness of ['claude-code', 'codex', 'opencode'] as const) {
    it(`${harness}: a skill session cannot write its CLI's instruction file where the user has one, so no later session reads what it wrote`, { skip: noNamespace }, async () => {
      const ws = makeCampaignWorkspace({ respond: { ask: true, writeInstructions: MARKER } });
      const file = join(ws.home, INSTRUCTION_FILES[harness]);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, OWN_RULE);
      // One eval of one round, one run per arm, one at a time: the skill session writes, then the
      // control session reads (what is read and written does not depend on the rounds or the runs).
      const result = await runCampaign({ evals: ws.evalsPath, harness, evalIds: ['explain'], runs: 1, jobs: 1, baseDir: ws.root, env: ws.env });
      assert.deepEqual(result.records.map((r) => [r.condition, r.status, r.isolation.valid]), [['with_skill', 'completed', true], ['without_skill', 'completed', true]], JSON.stringify(result.records.map((r) => [r.message, r.isolation])));
      const arms = armsByWorkDir(ws.iteration());
      const calls = ws.calls();
      assert.equal(calls.length, 2);
      for (const call of calls) {
        const arm = arms.get(call.dir ?? call.cwd);
        // Every session read the file as the user left it; every skill session's write failed.
        assert.deepEqual(call.instructions, { held: OWN_RULE, ...(arm === 'with_skill' ? { wrote: 'EROFS' } : {}) }, `${arm}: ${JSON.stringify(call.instructions)}`);
      }
      assert.equal(readFileSync(file, 'utf8'), OWN_RULE, 'the real instruction file changed');
      assert.equal(result.instructionFilesChanged, undefined);
    });
  }

  // Where the user has no config folder of the CLI at all (~/.codex), the CLI makes it in the
  // session's own HOME (an overlay on the real one): no later session reads what a skill session
  // wrote there, and the real HOME never has it.
  it("a skill session that creates its CLI's missing instruction file where the user has no config folder of the CLI: no other session reads it, the real HOME has none, every run is valid", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, writeInstructions: MARKER } });
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'codex', runs: 1, jobs: 1, baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.records.map((r) => [r.status, r.isolation.valid]), Array(4).fill(['completed', true]), JSON.stringify(result.records.map((r) => r.isolation)));
    const arms = armsByWorkDir(ws.iteration());
    // A skill session's second round finds what its first wrote (its own HOME, kept); no other session does.
    for (const call of ws.calls()) {
      const own = arms.get(call.dir ?? call.cwd) === 'with_skill' && call.session !== null;
      assert.equal(call.instructions?.held, own ? `${MARKER}\n` : null, JSON.stringify(call));
    }
    assert.deepEqual(filesBelow(ws.home), []);
    assert.equal(result.instructionFilesChanged, undefined);
  });

  // A missing one cannot be bound read-only (a bind needs the file), and eval-magic makes none in
  // the user's folder: a skill session can create it in the CLI's config folder (the real one in
  // every session, as the login there must be), and every run that ends after is invalid.
  it("a skill session that creates its CLI's missing instruction file: every run that ends after is marked invalid naming the file, the file is left as it is, and the command says so and exits 1", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, writeInstructions: MARKER } });
    const file = join(configFolder(ws, '.codex'), 'AGENTS.md');
    // One at a time: a run that ended before the first skill session wrote stays valid (none here:
    // the plan's order starts with a skill run), every one after is invalid, of either arm. One run
    // per arm: three skill sessions, the first of which makes the file.
    const run = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'codex', '--runs', '1', '--jobs', '1'], { cwd: ws.root, env: ws.env });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    // The plan does not warn of it: missing, it is no hazard until a session creates it, which is caught.
    assert.ok(!run.stdout.includes('cannot be made read-only'), run.stdout);
    const records = recordsByEnd(ws.iteration());
    const firstSkill = records.findIndex((r) => r.condition === 'with_skill');
    assert.ok(firstSkill >= 0 && records.length === 4);
    records.forEach((r, i) => {
      if (i < firstSkill) assert.deepEqual(r.isolation, { valid: true, problems: [] }, `${r.condition} run-${r.run}, ended before any skill session wrote`);
      else {
        assert.equal(r.isolation.valid, false, `${r.condition} run-${r.run}`);
        assert.deepEqual(r.isolation.problems.map((p) => p.code), ['instruction-file-changed']);
        assert.ok(r.isolation.problems[0]!.message.startsWith(`codex's instruction file ${file} changed since the campaign started (was missing, now `), r.isolation.problems[0]!.message);
      }
    });
    // Left as the agent left it: eval-magic never deletes nor rewrites the user's file.
    // Only the first skill session could: once the file exists, every later session has it read-only.
    const writes = ws.calls().flatMap((c) => (c.instructions?.wrote === undefined ? [] : [c.instructions.wrote]));
    assert.deepEqual(writes, [true, 'EROFS', 'EROFS']);
    assert.equal(readFileSync(file, 'utf8'), `${MARKER}\n`);
    assert.match(run.stderr, new RegExp(`eval-magic: codex's instruction file ${escapeRegExp(file)} changed during this campaign \\(was missing, now \\d+ bytes, sha256 [0-9a-f]{12}\\): .*inspect it and remove what an agent wrote before the next campaign`));
  });

  // The folders the CLIs read into every session too (measured: test/agents/instr-folders.probe.ts):
  // Claude Code's subagents, rules and commands, Codex's AGENTS.override.md (read instead of
  // AGENTS.md), OpenCode's agents. Where the user has one, it is read-only: a skill agent's
  // subagent or rule reaches no later session.
  const FOLDERS = { 'claude-code': ['agents', '.claude/agents'], codex: ['AGENTS.override.md', '.codex/AGENTS.override.md'], opencode: ['agent', '.config/opencode/agent'] } as const;
  for (const harness of ['claude-code', 'codex', 'opencode'] as const) {
    const [at, underHome] = FOLDERS[harness];
    const written = harness === 'codex' ? at : `${at}/helper.md`;
    it(`${harness}: a skill session cannot write ${written} where the user has ${at}, so no later session reads what it wrote`, { skip: noNamespace }, async () => {
      const ws = makeCampaignWorkspace({ respond: { ask: true, writeInstructions: MARKER, instructionsAt: written } });
      const own = join(ws.home, harness === 'codex' ? underHome : `${underHome}/own.md`);
      mkdirSync(dirname(own), { recursive: true });
      writeFileSync(own, OWN_RULE);
      // As above: the skill session tries to write, then the control session looks.
      const result = await runCampaign({ evals: ws.evalsPath, harness, evalIds: ['explain'], runs: 1, jobs: 1, baseDir: ws.root, env: ws.env });
      assert.deepEqual(result.records.map((r) => [r.condition, r.status, r.isolation.valid]), [['with_skill', 'completed', true], ['without_skill', 'completed', true]], JSON.stringify(result.records.map((r) => [r.message, r.isolation])));
      const arms = armsByWorkDir(ws.iteration());
      assert.equal(ws.calls().length, 2);
      for (const call of ws.calls()) {
        const arm = arms.get(call.dir ?? call.cwd);
        // Nobody's write got through: no session found the agent's file.
        assert.deepEqual(call.instructions, { held: harness === 'codex' ? OWN_RULE : null, ...(arm === 'with_skill' ? { wrote: 'EROFS' } : {}) }, `${arm}: ${JSON.stringify(call.instructions)}`);
      }
      assert.deepEqual(filesBelow(join(ws.home, underHome.split('/').slice(0, -1).join('/'))).sort(), [harness === 'codex' ? 'AGENTS.override.md' : `${at}/own.md`]);
      assert.equal(result.instructionFilesChanged, undefined);
    });
  }

  // A folder the user does not have cannot be bound read-only: one a skill session makes is caught
  // by its tree's digest, and every run that ends after is invalid, naming it.
  it("a skill session that makes Claude Code's missing subagents folder: every run that ends after is marked invalid naming the folder", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, writeInstructions: MARKER, instructionsAt: 'agents/helper.md' } });
    const folder = join(configFolder(ws, '.claude'), 'agents');
    const run = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--runs', '1', '--jobs', '1'], { cwd: ws.root, env: ws.env });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    // Named at the end (the plan does not warn of a missing one: what a session makes is caught).
    assert.ok(run.stderr.includes(`claude-code's instruction file ${folder} changed during this campaign`), run.stderr);
    const records = recordsByEnd(ws.iteration());
    const firstSkill = records.findIndex((r) => r.condition === 'with_skill');
    assert.ok(firstSkill >= 0 && records.length === 4);
    records.forEach((r, i) => {
      if (i < firstSkill) return;
      assert.equal(r.isolation.valid, false, `${r.condition} run-${r.run}`);
      assert.ok(r.isolation.problems.some((p) => p.code === 'instruction-file-changed' && p.message.startsWith(`claude-code's instruction file ${folder} changed since the campaign started (was missing, now a folder of 1 file, sha256 `)), JSON.stringify(r.isolation));
    });
    assert.equal(readFileSync(join(folder, 'helper.md'), 'utf8'), `${MARKER}\n`);
  });

  // A later command of the same iteration (a resume, another shard) compares with the state the
  // iteration's first command found, not with what a skill agent of that command left.
  it("a later command of the iteration compares the instruction files with the iteration's first state: a file a skill agent made in shard 1 marks shard 2's runs invalid", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, writeInstructions: MARKER } });
    const file = join(configFolder(ws, '.codex'), 'AGENTS.md');
    const shard = (k: number) => runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'codex', '--runs', '1', '--jobs', '1', '--shard', `${k}/2`], { cwd: ws.root, env: ws.env });
    const first = await shard(1);
    assert.equal(first.code, 1, first.stdout + first.stderr);
    assert.equal(readFileSync(file, 'utf8'), `${MARKER}\n`);
    // The second command's agents write nothing: the file is as shard 1's skill agent left it.
    ws.respond({ ask: true });
    const before = new Set(recordsByEnd(ws.iteration()).map((r) => `${r.eval_id}/${r.condition}/${r.run}`));
    const second = await shard(2);
    assert.equal(second.code, 1, second.stdout + second.stderr);
    const later = recordsByEnd(ws.iteration()).filter((r) => !before.has(`${r.eval_id}/${r.condition}/${r.run}`));
    // One run per arm: shard 1 takes add-column's runs, shard 2 explain's.
    assert.equal(later.length, 2);
    for (const r of later) {
      assert.equal(r.isolation.valid, false, `${r.condition} run-${r.run}: ${JSON.stringify(r.isolation)}`);
      assert.ok(r.isolation.problems.some((p) => p.message.startsWith(`codex's instruction file ${file} changed since the campaign started (was missing, now `)), JSON.stringify(r.isolation));
    }
    assert.match(second.stderr, new RegExp(`codex's instruction file ${escapeRegExp(file)} changed during this campaign`));
  });

  it("a later command finds the file as the iteration's first command did (what an agent wrote removed): its runs are valid", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, writeInstructions: MARKER } });
    const file = join(configFolder(ws, '.codex'), 'AGENTS.md');
    const shard = (k: number) => runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'codex', '--runs', '1', '--jobs', '1', '--shard', `${k}/2`], { cwd: ws.root, env: ws.env });
    assert.equal((await shard(1)).code, 1);
    rmSync(file);
    ws.respond({ ask: true });
    const second = await shard(2);
    assert.equal(second.code, 0, second.stdout + second.stderr);
  });

  it("the iteration's record of the instruction files: one that cannot be read stops the later command before any run (exit 2, the file named); another machine's is not this HOME's", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true } });
    const shard = (k: number) => runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'codex', '--runs', '1', '--jobs', '1', '--shard', `${k}/2`], { cwd: ws.root, env: ws.env });
    assert.equal((await shard(1)).code, 0);
    const record = join(ws.iteration(), 'instruction-files.json');
    const kept = JSON.parse(readFileSync(record, 'utf8'));
    assert.deepEqual(Object.values(kept.files), ['missing', 'missing']);
    writeFileSync(record, '{"schema_version": 1, "files": ');
    const calls = ws.calls().length;
    const broken = await shard(2);
    assert.equal(broken.code, 2, broken.stdout + broken.stderr);
    assert.match(broken.stderr, new RegExp(`${escapeRegExp(record)} cannot be read \\(.*\\); it records the CLI's instruction files as this iteration's first command found them: move it away`));
    assert.equal(ws.calls().length, calls, 'an agent was started');
    // Recorded on another machine: its files are not these; this command compares with its own start.
    writeFileSync(record, JSON.stringify({ ...kept, machine: `${kept.machine}-elsewhere` }));
    const file = join(ws.home, INSTRUCTION_FILES.codex);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, OWN_RULE);
    assert.equal((await shard(2)).code, 0);
  });

  it("where no private store can be mounted, the plan warns that the CLI's session store is shared by both arms", () => {
    const plan = { skillName: SKILL_NAME, harness: 'claude-code', iteration: 1, continuing: false, sessions: 4, planSessions: 4, evals: 1, conditions: ['with_skill', 'without_skill'], runs: { a: 2 }, rounds: 1, done: 0, pending: 4, jobs: 1, familySize: 1, smallestP: [], unhidden: 'no PID namespace', sharedStores: ['/home/u/.claude/projects', '/tmp/claude-1000'] } as unknown as CampaignPlanSummary;
    const warnings = describePlan(plan, '/w').split('\n').filter((line) => line.includes('session store'));
    assert.deepEqual(warnings, ["  warning: claude-code's session store (/home/u/.claude/projects, /tmp/claude-1000) is shared by every session of both arms (no PID namespace): a control agent can read the skill runs' transcripts there, the skill's name and SKILL.md included; jobs 1 does not help"]);
    // The CLI's instruction files no session's namespace makes read-only where the mounts cannot
    // be made, on a line of their own; the missing ones where they can are caught after the run, unsaid.
    const files = (p: CampaignPlanSummary) => describePlan(p, '/w').split('\n').filter((line) => line.includes('instruction file'));
    assert.deepEqual(files({ ...plan, writableInstructionFiles: ['/home/u/.claude/CLAUDE.md', '/c/CLAUDE.md'] }), ["  warning: claude-code's instruction files /home/u/.claude/CLAUDE.md, /c/CLAUDE.md cannot be made read-only (no PID namespace): a session can write them, and claude-code puts what they hold into the system prompt of every later session of both arms; a run that ends after one changed is marked isolation invalid, and jobs 1 does not help"]);
    const { unhidden: _, sharedStores: __, ...hidden } = plan;
    assert.deepEqual(files({ ...hidden, writableInstructionFiles: ['/home/u/.codex/AGENTS.md'] } as CampaignPlanSummary), []);
    assert.deepEqual(files(hidden as CampaignPlanSummary), []);
  });
});
