// The plan's warning of a SKILL.md line the agent wrote into its task (a rule into CONVENTIONS.md,
// a snippet into code): blinding withholds it in that run's diff and task copy, so its judge reads
// `[withheld]` there — in the skill's arm, as a rule, only (review51).
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { describePlan } from '../../src/cli/judge.js';
import type { JudgePlanSummary } from '../../src/judge/index.js';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign } from './judge-helpers.js';

/** A judged campaign whose skill arm wrote SKILL.md's rule into CONVENTIONS.md, the baseline its own words: each diff made from staged/ to task/. */
async function ruleWrittenIntoTask() {
  const c = await judgedCampaign({ runs: 1 });
  for (const [arm, rule] of [['with_skill', 'Always write timestamps in UTC.'], ['without_skill', 'Timestamps are UTC.']] as const) {
    const run = join(c.ws.iteration(), 'eval-explain', arm, 'run-1');
    writeFileSync(join(run, 'task', 'CONVENTIONS.md'), `# Conventions\n\n${rule}\n`);
    rmSync(join(run, 'diff.patch'), { force: true });
  }
  return c;
}

describe('judge: a SKILL.md line in the changes of counted runs', () => {
  it('is warned of in the plan and the dry run, by eval: its runs by arm and the lines, and how to let one through (review51: nothing was said, and the judge read "[withheld]" in the skill arm\'s CONVENTIONS.md)', async () => {
    const c = await ruleWrittenIntoTask();
    const { plan } = await c.plan({ evalIds: ['explain'] });
    assert.deepEqual(plan.withheldInChanges, [{ evalId: 'explain', runs: 1, byCondition: [{ condition: 'with_skill', runs: 1 }], lines: ['Always write timestamps in UTC.'] }]);
    const dry = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--eval', 'explain', '--dry-run'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(dry.code, 0, dry.stderr);
    assert.ok(dry.stdout.includes(`\n  warning: eval "explain": the changes of 1 run ("with_skill" 1) hold 1 line of SKILL.md that blinding withholds ("Always write timestamps in UTC."): their judges read [withheld] where the agent wrote it, in the diff and in the task copy alike — broken code or text in those runs only, which marks their arm; to let a line through, state it in the eval's expected_output (every packet of the eval) or in an assertion's rubric (that assertion's packets)\n`), dry.stdout);
  });

  it('is not warned of once the eval\'s expected_output states the line: the judge then reads it as written', async () => {
    const c = await ruleWrittenIntoTask();
    const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    evals.evals.find((e: { id: string }) => e.id === 'explain').expected_output = 'CONVENTIONS.md says: always write timestamps in UTC';
    writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
    const { plan } = await c.plan({ evalIds: ['explain'] });
    assert.equal(plan.withheldInChanges, undefined);
  });

  it('is not warned of where no run wrote a line of it', async () => {
    const c = await judgedCampaign({ runs: 1 });
    assert.equal((await c.plan()).plan.withheldInChanges, undefined);
  });
});

describe("judge's plan: the warning of lines withheld in the changes", () => {
  const base: JudgePlanSummary = { harness: 'claude-code', runs: 3, repeats: 1, judgments: 3, done: 0, pending: 3, sessionsPerRun: { e: 1 }, shard: undefined, jobs: 1 };

  it('names 3 lines at most, each shortened, and escapes the eval id, the arm and the lines', () => {
    const long = `Write every ${'timestamp column '.repeat(15)}in UTC.`;
    const said = describePlan({ ...base, withheldInChanges: [{ evalId: 'e\x1b[2J', runs: 3, byCondition: [{ condition: 'skill\u202e', runs: 2 }, { condition: 'baseline', runs: 1 }], lines: [long, 'Run "npm test" before every commit.', 'from reports.tz import to_utc_iso', '\x1b[31mAlways write timestamps in UTC.'] }] });
    const line = said.split('\n').find((l) => l.includes('blinding withholds'))!;
    assert.ok(line.startsWith('  warning: eval "e\\u001b[2J": the changes of 3 runs ("skill\\u202e" 2, "baseline" 1) hold 4 lines of SKILL.md that blinding withholds ('), line);
    assert.ok(line.includes(`"${[...long].slice(0, 199).join('')}…", "Run \\"npm test\\" before every commit.", "from reports.tz import to_utc_iso" and 1 more): their judges read [withheld] where the agent wrote them`), line);
    assert.doesNotMatch(said, /\x1b|\u202e/);
    // Runs of two arms: no "marks their arm" (review53); a line of 200 characters or fewer is shown whole, to be copied into a rubric.
    assert.ok(line.includes('broken code or text in those runs of each arm named; to let a line through'), line);
    const one = describePlan({ ...base, withheldInChanges: [{ evalId: 'e', runs: 1, byCondition: [{ condition: 'with_skill', runs: 1 }], lines: [`Write every ${'timestamp column '.repeat(5)}in UTC.`] }] });
    assert.ok(one.includes(`("Write every ${'timestamp column '.repeat(5)}in UTC."): `), one);
    assert.ok(one.includes('in those runs only, which marks their arm;'), one);
  });
});
