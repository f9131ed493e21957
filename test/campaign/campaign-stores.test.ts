// The CLIs' own session stores under HOME (Claude Code's ~/.claude/projects, Codex's sessions and
// sqlite files, OpenCode's database and log): every session of a campaign, of both arms, used to
// write its transcript into the one shared store, where a control agent could read a skill run's
// — the skill's name, its SKILL.md. Each session now gets a private store of its own, mounted at
// the CLI's store paths in its namespace and kept across its own rounds only (resume reads it).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { describePlan } from '../../src/campaign/report-text.js';
import type { CampaignPlanSummary } from '../../src/campaign/types.js';
import { agentContainment } from '../../src/process/containment.js';
import { binPath } from '../helpers/cli.js';
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
  // add-column has two rounds (the agent asks), explain one: 2 runs × 2 arms × 3 rounds.
  assert.equal(calls.length, 12);
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
  assert.equal(resumed.size, 4, 'every add-column run was resumed');
  // The shared store paths under HOME hold nothing of any session (empty mount points at most).
  assert.deepEqual(filesBelow(ws.home), [], 'a transcript was left in the shared HOME');
}

describe("campaign: each session's own CLI session store", () => {
  const containment = agentContainment();
  const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;

  for (const harness of ['claude-code', 'codex', 'opencode'] as const) {
    it(`${harness}: a control session reading its CLI's store finds nothing of a skill run, a resumed round finds its own first round, and the shared HOME keeps no transcript`, { skip: noNamespace }, async () => {
      const ws = makeCampaignWorkspace({ respond: { ask: true, sessionStore: true } });
      // One at a time, so every control run after the first starts once a whole skill run has written its store.
      const result = await runCampaign({ evals: ws.evalsPath, harness, runs: 2, jobs: 1, baseDir: ws.root, env: ws.env });
      assert.deepEqual(result.records.map((r) => r.status), Array(8).fill('completed'), JSON.stringify(result.records.map((r) => r.message)));
      assertOwnStores(ws);
    });
  }

  it('as a regular user too (inside a user namespace)', { skip: noNamespace || (process.getuid?.() !== 0 && 'needs root to become a regular user with setpriv'), timeout: 60_000 }, () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, sessionStore: true } });
    giveToRegularUser(ws.root);
    const run = spawnAsRegularUser([process.execPath, binPath, 'campaign', '--evals', ws.evalsPath, '--harness', 'codex', '--runs', '2', '--jobs', '1'], { cwd: ws.root, env: ws.env as Record<string, string>, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assertOwnStores(ws);
  });

  it("where no private store can be mounted, the plan warns that the CLI's session store is shared by both arms", () => {
    const plan = { skillName: SKILL_NAME, harness: 'claude-code', iteration: 1, continuing: false, sessions: 4, planSessions: 4, evals: 1, conditions: ['with_skill', 'without_skill'], runs: { a: 2 }, rounds: 1, done: 0, pending: 4, jobs: 1, familySize: 1, smallestP: [], unhidden: 'no PID namespace', sharedStores: ['/home/u/.claude/projects', '/tmp/claude-1000'] } as unknown as CampaignPlanSummary;
    const warnings = describePlan(plan, '/w').split('\n').filter((line) => line.includes('session store'));
    assert.deepEqual(warnings, ["  warning: claude-code's session store (/home/u/.claude/projects, /tmp/claude-1000) is shared by every session of both arms (no PID namespace): a control agent can read the skill runs' transcripts there, the skill's name and SKILL.md included; jobs 1 does not help"]);
  });
});
