// A skill installed at user level after its campaign (`cp -r csv-reports ~/.claude/skills/`, the
// natural next step): the judge's CLI would load it into every judge's context — its name and
// description unblinded, its body one read away. A judge needs no skill: each judge's namespace
// shows the harness's user-level skill folders (its descriptor's user_skills_dirs) empty, and where
// one cannot be, the plan names it and the judged skill it holds.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, it } from 'node:test';
import { describePlan } from '../../src/cli/judge.js';
import type { JudgePlanSummary } from '../../src/judge/index.js';
import { judgedSkillsShown } from '../../src/judge/user-skills.js';
import { hidingSupport } from '../../src/process/containment.js';
import { FAKE_AGENTS } from '../runner/run-helpers.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const JUDGE = '# Grade one assertion';

/** The skill copied into the user-level folder `folder` (relative to HOME), as a user installs it. */
function install(c: Awaited<ReturnType<typeof judgedCampaign>>, folder = '.claude/skills', as = c.skill): string {
  const at = join(c.ws.home, folder);
  mkdirSync(at, { recursive: true });
  cpSync(c.ws.skillDir, join(at, as), { recursive: true });
  return at;
}

describe('judge: a skill installed at user level', () => {
  it("is in no judge's view: each judge's namespace shows ~/.claude/skills empty (the skill it held, and another the user has), and the plan says nothing of it", async (t) => {
    if ('reason' in (await hidingSupport())) return t.skip('no mounts here: the plan names the folder instead (next test)');
    const c = await judgedCampaign({ runs: 1 });
    const skills = install(c);
    mkdirSync(join(skills, 'other-skill'));
    writeFileSync(join(skills, 'other-skill', 'SKILL.md'), '---\nname: other-skill\ndescription: Something else.\n---\n');
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], lookAt: [skills] });
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.equal(result.records.length, 2);
    assert.equal(result.plan.userSkillsShown, undefined);
    assert.ok(!describePlan(result.plan).includes('skills'), describePlan(result.plan));
    const calls = c.ws.calls().filter((call) => call.prompt.includes(JUDGE));
    assert.equal(calls.length, 2);
    for (const call of calls) {
      assert.deepEqual(call.skills, [], `the judge at ${call.cwd} was given the user's skills`);
      assert.deepEqual(call.looked?.[skills], { entries: [], writable: false }, "the user's skills folder");
    }
    // The user's skills are as they were.
    assert.ok(readFileSync(join(skills, c.skill, 'SKILL.md'), 'utf8').includes(`name: ${c.skill}`));
  });

  it("left shown (it holds the judge's program): the plan names the folder and the judged skill it holds, as it names a skill folder left shown", async (t) => {
    if ('reason' in (await hidingSupport())) return t.skip('no mounts here: the plan says nothing is hidden');
    const c = await judgedCampaign({ runs: 1 });
    // Installed under another folder name: found by its SKILL.md's name, as campaign finds it.
    const skills = install(c, '.claude/skills', 'reports');
    const bin = join(skills, 'tools', 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec '${join(FAKE_AGENTS, 'claude')}' "$@"\n`, { mode: 0o755 });
    const env = { ...c.ws.env, PATH: `${bin}${delimiter}${c.ws.env.PATH ?? ''}` };
    const { plan } = await c.plan({ env });
    assert.deepEqual(plan.userSkillsShown, [{ folder: skills, skills: [join(skills, 'reports')], holds: { what: 'program', path: join(bin, 'claude') } }]);
    assert.equal(plan.uncovered, undefined, 'the workspace and the skill folder are covered');
    const text = describePlan(plan);
    assert.ok(text.includes(`warning: ${skills} (claude-code's user-level skill folder) is not hidden from the judges: it holds the agent's program (${join(bin, 'claude')}), which they need, so their namespace cannot show it empty: claude-code loads the judged skill ${join(skills, 'reports')} from there into every judge's context`), text);
    assert.ok(text.includes("install claude-code's CLI outside it"), text);
    // Without the skill in it, a folder left shown is nothing to say: the judges are as blind.
    const bare = await judgedCampaign({ runs: 1 });
    const binElsewhere = join(bare.ws.home, '.claude', 'skills', 'tools', 'bin');
    mkdirSync(binElsewhere, { recursive: true });
    writeFileSync(join(binElsewhere, 'claude'), `#!/bin/sh\nexec '${join(FAKE_AGENTS, 'claude')}' "$@"\n`, { mode: 0o755 });
    assert.equal((await bare.plan({ env: { ...bare.ws.env, PATH: `${binElsewhere}${delimiter}${bare.ws.env.PATH ?? ''}` } })).plan.userSkillsShown, undefined);
  });

  it('where the mounts are refused, the plan names each user-level skill folder holding the judged skill, and the skill there', () => {
    const plan: JudgePlanSummary = {
      harness: 'claude-code', runs: 2, repeats: 1, judgments: 4, done: 0, pending: 4, sessionsPerRun: { e: 2 }, shard: undefined, jobs: 1, unhidden: 'no PID namespace',
      userSkillsShown: [{ folder: '/home/u/.claude/skills', skills: ['/home/u/.claude/skills/csv-reports'] }],
    };
    const lines = describePlan(plan).split('\n').filter((line) => line.includes('/home/u/.claude/skills'));
    assert.deepEqual(lines, ["  warning: /home/u/.claude/skills (claude-code's user-level skill folder) is not hidden from the judges (no PID namespace): claude-code loads the judged skill /home/u/.claude/skills/csv-reports from there into every judge's context, its name and description unblinded, and a judge can read its SKILL.md: remove it from there while the judges run (e.g. move it aside), then put it back"]);
  });

  it("where the mounts are refused, the plan's list holds each user-level skill folder holding the judged skill (by its folder's name, or its SKILL.md's), and no other", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const claude = install(c);
    const agents = install(c, '.agents/skills', 'renamed');
    const other = join(c.ws.home, 'other/skills');
    mkdirSync(join(other, 'unrelated'), { recursive: true });
    writeFileSync(join(other, 'unrelated', 'SKILL.md'), '---\nname: unrelated\ndescription: x\n---\n');
    const folders = [claude, agents, other, join(c.ws.home, 'missing/skills')];
    assert.deepEqual(judgedSkillsShown(folders, [c.skill], undefined), [
      { folder: claude, skills: [join(claude, c.skill)] },
      { folder: agents, skills: [join(agents, 'renamed')] },
    ]);
    // Where the mounts can be made, only one left shown is said.
    assert.deepEqual(judgedSkillsShown(folders, [c.skill], []), []);
  });
});
