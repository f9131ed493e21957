// A folder that holds several workspaces (runs/a, runs/b: campaign --workspace, or each with its
// .eval-magic) is no workspace: named alone, its workspaces are taken together only when they are
// shards of one campaign (one experiment); otherwise compare and judge refuse it (exit 2), listing
// the workspaces, and the user names the one meant — or each, to take them together on purpose.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { planJudgments } from '../../src/judge/plan.js';
import { writeWorkspace, type RunSpec } from './workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-several-workspaces-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const evals = [{ id: 'e1', prompt: 'Rename the column.', expected_output: 'The column renamed.', assertions: [{ id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }, { id: 'says-why', type: 'llm_judge', rubric: 'The agent says why.' }] }];
const run: RunSpec = { events: [{ user: 'Rename the column.' }, { assistant: 'Renamed it: should I rename it in the seeds too?' }] };

/**
 * Under `<tmp>/<name>/runs/`, one workspace per entry of `workspaces` (its folder: the skill, 2
 * runs per arm); `dotted` puts each in `<ws>/.eval-magic/` instead of `<ws>/` itself. The
 * evals.json stays at `<tmp>/<name>/<skill>/evals/`, where campaign.json names it.
 */
function parentOf(name: string, workspaces: Record<string, string>, dotted = false): string {
  const root = join(tmp, name);
  for (const [folder, skill] of Object.entries(workspaces)) {
    writeWorkspace(root, { skill, evals, runs: { e1: { with_skill: [run, run], without_skill: [run, run] } } });
    const to = join(root, 'runs', folder, ...(dotted ? ['.eval-magic'] : []));
    mkdirSync(join(to, '..'), { recursive: true });
    renameSync(join(root, '.eval-magic'), to);
  }
  return root;
}

const compare = (root: string, paths: string[]) => compareIterations(paths, { cwd: root, writeGrading: false });
const judge = (root: string, paths: string[]) => planJudgments({ paths, cwd: root, repeats: 1 });

describe('a folder of several workspaces named alone', () => {
  it('two skills\' workspaces (campaign --workspace runs/a, runs/b): compare and judge refuse, listing them; named each, they are compared together as before', async () => {
    const root = parentOf('two-skills', { a: 'x', b: 'y' });
    const refusal = '"runs" holds 2 workspaces, which are not the shards of one campaign: "runs/a" (skill "x"), "runs/b" (skill "y"). Name the one you mean, or name each of them to take them together (runs/a runs/b).';
    await assert.rejects(compare(root, ['runs']), { name: 'UsageError', message: refusal });
    await assert.rejects(judge(root, ['runs']), { name: 'UsageError', message: refusal });
    const { document } = await compare(root, ['runs/a', 'runs/b']);
    assert.deepEqual(document.evals.map((e) => e.skill), ['x', 'y']);
    assert.ok(document.validity.some((v) => v.code === 'skills-pooled'));
  });

  it('each workspace a .eval-magic (runs/a/.eval-magic/x): found, and refused as one folder of several workspaces, not "no iteration"', async () => {
    const root = parentOf('dotted', { a: 'x', b: 'y' }, true);
    const refusal = '"runs" holds 2 workspaces, which are not the shards of one campaign: "runs/a/.eval-magic" (skill "x"), "runs/b/.eval-magic" (skill "y"). Name the one you mean, or name each of them to take them together (runs/a/.eval-magic runs/b/.eval-magic).';
    await assert.rejects(compare(root, ['runs']), { name: 'UsageError', message: refusal });
    await assert.rejects(judge(root, ['runs']), { name: 'UsageError', message: refusal });
    const one = await compare(root, ['runs/a']);
    assert.deepEqual(one.document.evals.map((e) => e.skill), ['x']);
  });

  it('two campaigns of one skill and plan (the same run numbers in both): refused under the folder; named each, pooled and warned as ever', async () => {
    const root = parentOf('one-plan-twice', { a: 'x', b: 'x' });
    await assert.rejects(compare(root, ['runs']), { name: 'UsageError', message: /^"runs" holds 2 workspaces, which are not the shards of one campaign: "runs\/a" \(skill "x"\), "runs\/b" \(skill "x"\)\./ });
    const { document } = await compare(root, ['runs/a', 'runs/b']);
    assert.ok(document.validity.some((v) => v.code === 'iterations-pooled'));
  });

  it('the shards of one campaign (one plan, no run in common): taken together as one experiment, as when named each', async () => {
    const root = parentOf('shards', { s1: 'x', s2: 'x' });
    for (const [shard, other] of [['s1', 2], ['s2', 1]] as const) {
      for (const arm of ['with_skill', 'without_skill']) rmSync(join(root, 'runs', shard, 'x/iteration-1/eval-e1', arm, `run-${other}`), { recursive: true });
    }
    const { document } = await compare(root, ['runs']);
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 2, without_skill: 2 });
    assert.ok(!document.validity.some((v) => v.code === 'iterations-pooled' || v.code === 'runs-missing'), document.validity.map((v) => v.message).join('\n'));
    const plan = await judge(root, ['runs']);
    assert.equal(plan.runs, 4);
  });
});
