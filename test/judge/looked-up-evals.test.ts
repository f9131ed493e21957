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
    // No --evals: judge given none looks the file up by compare's rule (given one, it would judge runs compare leaves out for theirs; review21).
    assert.match(before.stderr, /run eval-magic judge \.eval-magic\/csv-reports\/iteration-1 --harness <cli>\)/);
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

  it('a run whose evals.json is found inside the iteration (which compare refuses, leaving that run out): judge leaves it out in the same words and judges the runs compare counts (it refused the whole iteration; review20)', async () => {
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
    ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true, '"Added the column."')] }] });
    const judged = await runMain(['judge', 'runs', '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.code, 0, judged.stderr);
    assert.ok(judged.stdout.replace(/\n\s+/g, ' ').includes(`runs/csv-reports/iteration-1/eval-add-column/with_skill/run-1: ${inside}`), judged.stdout);
    assert.equal(ws.calls().filter((call) => call.prompt.includes(JUDGE)).length, 1, 'the without_skill run alone');
  });

  it('runs of an eval judge does not judge (no llm_judge), their evals.json found inside the iteration: the runs judged are judged (it refused the whole iteration, --eval too; review20)', async () => {
    const ws = makeCampaignWorkspace();
    const ruled = { id: 'drop-col', prompt: 'Drop the legacy column.', expected_output: 'Dropped.', assertions: [{ id: 'says', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'Dropped' }] };
    const dropped: RunSpec = { record: false, events: [{ user: ruled.prompt }, { assistant: 'Dropped.' }] };
    writeWorkspace(ws.root, { skill: SKILL_NAME, evals: [...evals, ruled], runs: { 'add-column': { with_skill: [run], without_skill: [run] }, 'drop-col': { with_skill: [dropped], without_skill: [dropped] } } });
    cpSync(join(ws.root, '.eval-magic', SKILL_NAME), join(ws.root, 'runs', SKILL_NAME), { recursive: true });
    rmSync(join(ws.root, 'runs', SKILL_NAME, 'iteration-1', 'campaign.json'));
    const text = JSON.stringify({ skill_name: SKILL_NAME, evals: [...evals, ruled] });
    writeFileSync(join(ws.root, 'runs', SKILL_NAME, 'evals.json'), text);
    writeFileSync(join(ws.root, 'runs', SKILL_NAME, 'iteration-1', 'eval-drop-col', 'evals.json'), text);
    for (const only of [[], ['--eval', 'add-column']]) {
      const judged = await runMain(['judge', 'runs', '--harness', 'claude-code', '--dry-run', ...only], { cwd: ws.root, env: ws.env });
      assert.equal(judged.code, 0, `${only.join(' ')}: ${judged.stderr}`);
      assert.match(judged.stdout, /^judge with claude-code: 2 runs × /, judged.stdout);
    }
  });

  it('a second skill whose iteration (no campaign.json) holds no finished run: nothing of it to judge, the first skill judged (it refused all, saying no evals.json was found for it though one is there; review20)', async () => {
    const { ws } = handMade();
    const other = writeWorkspace(ws.root, { skill: 'other-skill', evals, runs: { 'add-column': { with_skill: [{ ...run, noConversation: true }], without_skill: [{ ...run, noConversation: true }] } } });
    rmSync(join(other, 'campaign.json'));
    const judged = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--dry-run'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.code, 0, judged.stderr);
    assert.match(judged.stdout, /^judge with claude-code: 2 runs × /, judged.stdout);
  });

  it('two iterations, every run of the second finding an evals.json inside it: the first judged, the second\'s runs said not judged in compare\'s words (judge refused both); compare\'s judge command, run as printed, judges the runs compare counts and no other (review21)', async () => {
    const { ws } = handMade();
    cpSync(join(ws.root, '.eval-magic', SKILL_NAME), join(ws.root, 'runs', SKILL_NAME), { recursive: true });
    const text = JSON.stringify({ skill_name: SKILL_NAME, evals });
    writeFileSync(join(ws.root, 'runs', SKILL_NAME, 'evals.json'), text);
    cpSync(join(ws.root, 'runs', SKILL_NAME, 'iteration-1'), join(ws.root, 'runs', SKILL_NAME, 'iteration-2'), { recursive: true });
    writeFileSync(join(ws.root, 'runs', SKILL_NAME, 'iteration-2', 'evals.json'), text);
    const both = ['runs/csv-reports/iteration-1', 'runs/csv-reports/iteration-2'];
    const compared = await runMain(['compare', ...both], { cwd: ws.root, env: ws.env });
    const advised = /run (eval-magic judge [^)]*)\)/.exec(compared.stderr)?.[1];
    assert.equal(advised, `eval-magic judge ${both.join(' ')} --harness <cli>`, compared.stderr);
    ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true, '"Added the column."')] }] });
    const judged = await runMain(['judge', ...both, '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.code, 0, judged.stderr);
    assert.match(judged.stdout, /^judge with claude-code: 2 runs × /, judged.stdout);
    // Said of the iteration (review22: its runs were each said to have llm_judge assertions, which no evals.json could tell).
    assert.ok(judged.stdout.replace(/\n\s+/g, ' ').includes('warning: runs/csv-reports/iteration-2: the evals.json found for it, runs/csv-reports/iteration-2/evals.json, lies inside the workspace, where an agent could have written it; name the real one with --evals: none of its runs is judged, as compare counts none of them'), judged.stdout);
    assert.doesNotMatch(judged.stdout, /not judged, as compare does not count/);
    assert.equal(ws.calls().filter((call) => call.prompt.includes(JUDGE)).length, 2, 'the runs of iteration-1 alone');
  });

  it('every run finding another evals.json inside the workspace: refused, saying that no file can be used for its runs (it said they would not all be graded by one; review21)', async () => {
    const { ws } = handMade();
    cpSync(join(ws.root, '.eval-magic', SKILL_NAME), join(ws.root, 'runs', SKILL_NAME), { recursive: true });
    const text = JSON.stringify({ skill_name: SKILL_NAME, evals });
    for (const arm of ['with_skill', 'without_skill']) writeFileSync(join(ws.root, 'runs', SKILL_NAME, 'iteration-1', 'eval-add-column', arm, 'evals.json'), text);
    const judged = await runMain(['judge', 'runs', '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.code, 2, judged.stderr);
    assert.ok(judged.stderr.startsWith('eval-magic: runs/csv-reports/iteration-1: no evals.json can be used for its runs (runs/csv-reports/iteration-1/eval-add-column/with_skill/run-1: the evals.json found for it, '), judged.stderr);
    assert.ok(judged.stderr.includes('; runs/csv-reports/iteration-1/eval-add-column/without_skill/run-1: the evals.json found for it, runs/csv-reports/iteration-1/eval-add-column/without_skill/evals.json, lies inside the workspace'), judged.stderr);
  });

  it('two iterations, each finding an evals.json inside itself: refused, naming both (it named the first only; review22)', async () => {
    const { ws } = handMade();
    cpSync(join(ws.root, '.eval-magic', SKILL_NAME), join(ws.root, 'runs', SKILL_NAME), { recursive: true });
    const text = JSON.stringify({ skill_name: SKILL_NAME, evals });
    cpSync(join(ws.root, 'runs', SKILL_NAME, 'iteration-1'), join(ws.root, 'runs', SKILL_NAME, 'iteration-2'), { recursive: true });
    for (const n of [1, 2]) writeFileSync(join(ws.root, 'runs', SKILL_NAME, `iteration-${n}`, 'evals.json'), text);
    const judged = await runMain(['judge', 'runs/csv-reports/iteration-1', 'runs/csv-reports/iteration-2', '--harness', 'claude-code', '--dry-run'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.code, 2, judged.stderr);
    for (const n of [1, 2]) assert.ok(judged.stderr.includes(`runs/csv-reports/iteration-${n}: the evals.json found for it, runs/csv-reports/iteration-${n}/evals.json, lies inside the workspace`), judged.stderr);
  });

  it('beside an iteration with no run to judge (campaign.json, no run finished), one no evals.json can be used for: refused as compare refuses them (judge said nothing to judge, exit 0; review22)', async () => {
    const ws = makeCampaignWorkspace();
    writeWorkspace(ws.root, { skill: SKILL_NAME, evals, runs: { 'add-column': { with_skill: [{ ...run, noConversation: true }], without_skill: [{ ...run, noConversation: true }] } } });
    cpSync(join(ws.root, '.eval-magic', SKILL_NAME), join(ws.root, 'runs', SKILL_NAME), { recursive: true });
    const text = JSON.stringify({ skill_name: SKILL_NAME, evals });
    writeFileSync(join(ws.root, 'runs', SKILL_NAME, 'evals.json'), text);
    const second = join(ws.root, 'runs', SKILL_NAME, 'iteration-2');
    writeWorkspace(join(ws.root, 'made'), { skill: SKILL_NAME, evals, runs: { 'add-column': { with_skill: [run], without_skill: [run] } } });
    cpSync(join(ws.root, 'made', '.eval-magic', SKILL_NAME, 'iteration-1'), second, { recursive: true });
    rmSync(join(second, 'campaign.json'));
    writeFileSync(join(second, 'evals.json'), text);
    const both = ['runs/csv-reports/iteration-1', 'runs/csv-reports/iteration-2'];
    const compared = await runMain(['compare', ...both, '--no-grading'], { cwd: ws.root, env: ws.env });
    assert.equal(compared.code, 2, compared.stderr);
    const judged = await runMain(['judge', ...both, '--harness', 'claude-code', '--dry-run'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.code, 2, judged.stdout + judged.stderr);
    assert.match(judged.stderr, /^eval-magic: runs\/csv-reports\/iteration-2: the evals\.json found for it, runs\/csv-reports\/iteration-2\/evals\.json, lies inside the workspace/);
  });

  it('a second skill whose runs all aborted, or whose runs the config leaves out: nothing of it judged, the aborted runs said in compare\'s words, and the first skill judged (review21: the aborted runs went unsaid; the ignored ones refused all, "no evals.json was found")', async () => {
    const { ws } = handMade();
    const aborted: RunSpec = { events: run.events, record: { status: 'aborted', abort_reason: 'timed-out', message: 'the round timed out' } };
    const other = writeWorkspace(ws.root, { skill: 'other-skill', evals, runs: { 'add-column': { with_skill: [aborted], without_skill: [aborted] } } });
    rmSync(join(other, 'campaign.json'));
    ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true, '"Added the column."')] }] });
    const judged = await runMain(['judge', '.eval-magic', '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.code, 0, judged.stderr);
    assert.match(judged.stdout, /^judge with claude-code: 2 runs × /, judged.stdout);
    assert.match(judged.stdout.replace(/\n\s+/g, ' '), /2 runs with llm_judge assertions not judged, as compare does not count them: \.eval-magic\/other-skill\/iteration-1\/eval-add-column\/with_skill\/run-1: [^(]*abort/);

    const ignoring = handMade();
    const skipped = writeWorkspace(ignoring.ws.root, { skill: 'other-skill', evals, runs: { 'add-column': { with_skill: [run], without_skill: [run] } } });
    rmSync(join(skipped, 'campaign.json'));
    writeFileSync(join(ignoring.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['.eval-magic/other-skill/**'] }));
    ignoring.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true, '"Added the column."')] }] });
    const kept = await runMain(['judge', '.eval-magic', '--harness', 'claude-code'], { cwd: ignoring.ws.root, env: ignoring.ws.env });
    assert.equal(kept.code, 0, kept.stderr);
    assert.match(kept.stdout, /^judge with claude-code: 2 runs × /, kept.stdout);
  });

  it('no evals.json found for the runs: judge refuses as before, in compare\'s words', async () => {
    const { ws } = handMade();
    rmSync(join(ws.root, SKILL_NAME, 'evals', 'evals.json'));
    rmSync(ws.evalsPath, { force: true });
    const judged = await runMain(['judge', '.eval-magic', '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(judged.stderr, 'eval-magic: .eval-magic/csv-reports/iteration-1: no evals.json was found for it; name one with --evals\n');
  });
});
