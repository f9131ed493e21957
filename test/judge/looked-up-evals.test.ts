// An iteration without campaign.json (the reference tool's layout, runs staged by hand): judge takes
// the evals.json check's lookup finds for its runs, as compare grades them by it, and refuses as
// compare does when there is none or when its runs would not all be graded by one.
import assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { makeCampaignWorkspace, SKILL_NAME } from '../campaign/campaign-helpers.js';
import { writeWorkspace, type RunSpec } from '../compare/workspace.js';
import { runMain } from '../helpers/cli.js';
import { verdict } from './judge-helpers.js';

const JUDGE = '# Grade one assertion';
const rubric = 'The agent says it added the column.';
const evals = [{ id: 'add-column', prompt: 'Add a created_at column to the orders report.', expected_output: 'A UTC column.', assertions: [{ id: 'says-added', type: 'llm_judge', rubric }] }];
const run: RunSpec = { record: false, events: [{ user: evals[0]!.prompt }, { assistant: 'Added the column.' }] };

/** A hand-made iteration of one run per arm under .eval-magic, its evals.json at csv-reports/evals/ (the layout's), no campaign.json. */
function handMade() {
  const ws = makeCampaignWorkspace();
  const iteration = writeWorkspace(ws.root, { skill: SKILL_NAME, evals, runs: { 'add-column': { with_skill: [run], without_skill: [run] } } });
  rmSync(join(iteration, 'campaign.json'));
  return { ws, iteration };
}

describe('judge of an iteration without campaign.json: the evals.json compare grades by', () => {
  it('compare grades by the evals.json the lookup finds (its judge command names it); judge, given no --evals, judges by that one (it asked for --evals, exit 2), and compare then counts those judgments', async () => {
    const { ws, iteration } = handMade();
    // A stray evals.json nearer above the runs, of another rubric: the layout's is the one compare takes, and so must judge.
    writeFileSync(join(ws.root, 'evals.json'), JSON.stringify({ skill_name: SKILL_NAME, evals: [{ ...evals[0], assertions: [{ id: 'says-added', type: 'llm_judge', rubric: 'The stray rubric.' }] }] }));
    const before = await runMain(['compare', '.eval-magic'], { cwd: ws.root, env: ws.env });
    assert.match(before.stderr, /run eval-magic judge \.eval-magic\/csv-reports\/iteration-1 --harness <cli> --evals csv-reports\/evals\/evals\.json\)/);
    ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true, '"Added the column."')] }] });
    const judged = await runMain(['judge', '.eval-magic', '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.code, 0, judged.stderr + judged.stdout);
    for (const arm of ['with_skill', 'without_skill']) {
      const packet = readFileSync(join(iteration, 'eval-add-column', arm, 'run-1', 'judge', 'says-added', '1', 'packet.md'), 'utf8');
      assert.ok(packet.includes(rubric) && !packet.includes('The stray rubric.'), packet);
    }
    const after = await runMain(['compare', '.eval-magic', '-f', 'json'], { cwd: ws.root, env: ws.env });
    assert.equal(after.code, 0, after.stderr);
    assert.ok(after.stdout.includes('"says-added"'), after.stdout);
  });

  it('runs of one iteration that would be graded by different evals.json (one found inside the iteration, which compare refuses): judge refuses, naming both, as compare refuses that arm', async () => {
    const { ws } = handMade();
    // Outside .eval-magic, no layout: each run's nearest evals.json above it.
    cpSync(join(ws.root, '.eval-magic', SKILL_NAME), join(ws.root, 'runs', SKILL_NAME), { recursive: true });
    const text = JSON.stringify({ skill_name: SKILL_NAME, evals });
    writeFileSync(join(ws.root, 'runs', SKILL_NAME, 'evals.json'), text);
    writeFileSync(join(ws.root, 'runs', SKILL_NAME, 'iteration-1', 'eval-add-column', 'with_skill', 'evals.json'), text);
    const inside = 'the evals.json found for it, runs/csv-reports/iteration-1/eval-add-column/with_skill/evals.json, lies inside the workspace, where an agent could have written it; name the real one with --evals';
    const compared = await runMain(['compare', 'runs'], { cwd: ws.root, env: ws.env });
    assert.equal(compared.code, 2);
    assert.ok(compared.stderr.includes(`"with_skill" has no counted run (${inside})`), compared.stderr);
    const judged = await runMain(['judge', 'runs', '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.code, 2, judged.stderr);
    assert.equal(judged.stderr, `eval-magic: runs/csv-reports/iteration-1: its runs would not all be graded by one evals.json (runs/csv-reports/iteration-1/eval-add-column/with_skill/run-1: ${inside}; runs/csv-reports/iteration-1/eval-add-column/without_skill/run-1: by runs/csv-reports/evals.json); name the one its runs answered with --evals\n`);
    assert.equal(ws.calls().filter((call) => call.prompt.includes(JUDGE)).length, 0);
  });

  it('no evals.json found for the runs: judge refuses as before, in compare\'s words', async () => {
    const { ws } = handMade();
    rmSync(join(ws.root, SKILL_NAME, 'evals', 'evals.json'));
    rmSync(ws.evalsPath, { force: true });
    const judged = await runMain(['judge', '.eval-magic', '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.stderr, 'eval-magic: .eval-magic/csv-reports/iteration-1: no evals.json was found for it; name one with --evals\n');
  });
});
