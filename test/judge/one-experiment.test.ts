// judge refuses what compare refuses to pool (workspace/experiment.ts, one rule for both): the
// iterations named together must have run one plan, by their campaign.json and, where there is
// none, by their runs' run.json — before any judge session is spent on runs compare never counts
// together. A single iteration names nothing to pool.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { planJudgments } from '../../src/judge/plan.js';
import { writeWorkspace, type RunSpec } from '../compare/workspace.js';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'judge-one-experiment-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const evals = [{ id: 'e1', prompt: 'Rename the column.', expected_output: 'The column renamed.', assertions: [{ id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }, { id: 'says-why', type: 'llm_judge', rubric: 'The agent says why.' }] }];
const asks: RunSpec = { events: [{ user: 'Rename the column.' }, { assistant: 'Renamed it: should I rename it in the seeds too?' }] };
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const edit = (path: string, change: (value: any) => any) => writeFileSync(path, JSON.stringify(change(json(path)), null, 2));
const runFiles = (iteration: string) => ['with_skill', 'without_skill'].flatMap((arm) => ['run-1', 'run-2'].map((run) => join(iteration, 'eval-e1', arm, run, 'run.json')));

/** A workspace under `name` with skill s's iteration-1 (2 runs per arm) and its copy as iteration-2, each run of the copy started later (no copy of a run). */
function twoIterations(name: string): { root: string; first: string; second: string; evalsPath: string } {
  const root = join(tmp, name);
  const first = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [asks, asks] } } });
  const second = join(dirname(first), 'iteration-2');
  cpSync(first, second, { recursive: true });
  for (const file of runFiles(second)) edit(file, (r) => ({ ...r, started_at: '2026-12-02T08:00:00Z' }));
  return { root, first, second, evalsPath: join(root, 's', 'evals', 'evals.json') };
}

/** compare's and judge's refusal of `paths`, each by the library and by the command line (judge's with no judge's CLI to be found: it must stop before). */
async function refusals(root: string, paths: string[], extra: string[] = []) {
  const message = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
    return 'accepted';
  };
  const evalsFlag = extra[0] === '--evals' ? extra[1] : undefined;
  const compare = await message(compareIterations(paths, { cwd: root, writeGrading: false, ...(evalsFlag ? { evals: evalsFlag } : {}) }));
  const judge = await message(planJudgments({ paths, cwd: root, repeats: 1, ...(evalsFlag ? { evals: evalsFlag } : {}) }));
  const compareCli = await runMain(['compare', ...paths, ...extra, '--no-grading'], { cwd: root });
  const judgeCli = await runMain(['judge', ...paths, ...extra, '--harness', 'claude-code'], { cwd: root, env: { PATH: '/nonexistent' } });
  return { compare, judge, compareCli, judgeCli };
}

describe('judge refuses the iterations compare refuses to pool, in its words, before any session', () => {
  // Each plan's change, in campaign.json and in the run.json of its runs (as campaign writes them).
  const same = (r: any) => r;
  for (const [what, change, ran, differ] of [
    ['model', (c: any) => ({ ...c, model: 'another-model' }), (r: any) => ({ ...r, model: 'another-model' }), 'model'],
    ['evals.json', (c: any) => ({ ...c, evals: { ...c.evals, sha256: '1'.repeat(64) } }), same, 'evals.json'],
    ['skill version', (c: any) => ({ ...c, skill: { ...c.skill, sha256: '2'.repeat(64) } }), (r: any) => (r.skill ? { ...r, skill: { ...r.skill, sha256: '2'.repeat(64) } } : r), 'skill'],
  ] as const) {
    it(`iteration-1 and iteration-2 of skill s whose campaign.json differ in ${what}: both exit 2, naming both and the difference`, async () => {
      const { root, first, second } = twoIterations(`plan-${differ}`);
      edit(join(second, 'campaign.json'), change);
      for (const file of runFiles(second)) edit(file, ran);
      const paths = [relative(root, first), relative(root, second)];
      const { compare, judge, compareCli, judgeCli } = await refusals(root, paths);
      const said = `.eval-magic/s/iteration-1 and .eval-magic/s/iteration-2 are different experiments (their campaign.json differ in ${differ}); their runs are never pooled.`;
      assert.ok(compare.startsWith(`UsageError: ${said}`), compare);
      assert.equal(judge, compare, 'judge refuses with the very message compare refuses with');
      assert.equal(compareCli.code, 2, compareCli.stderr);
      assert.equal(judgeCli.code, 2, judgeCli.stderr);
      assert.ok(judgeCli.stderr.includes(said), judgeCli.stderr);
      assert.equal(judgeCli.stderr, compareCli.stderr, 'the same error line from both commands');
      assert.equal(judgeCli.stdout, '', 'no plan, no session');
      // Each on its own is one experiment: nothing to pool, judged as compare compares it.
      for (const one of paths) assert.equal((await planJudgments({ paths: [one], cwd: root, repeats: 1 })).runs, 4, one);
    });
  }

  it('iteration-2 without campaign.json whose with_skill runs staged another skill version: refused by both, by their run.json', async () => {
    const { root, first, second, evalsPath } = twoIterations('staged-other');
    rmSync(join(second, 'campaign.json'));
    for (const file of runFiles(second).filter((f) => f.includes('with_skill'))) edit(file, (r) => ({ ...r, skill: { ...r.skill, sha256: 'a'.repeat(64) } }));
    const paths = [relative(root, first), relative(root, second)];
    const { compare, judge, compareCli, judgeCli } = await refusals(root, paths, ['--evals', relative(root, evalsPath)]);
    assert.match(compare, /^UsageError: \.eval-magic\/s\/iteration-1 and \.eval-magic\/s\/iteration-2 are different experiments \(the run\.json of their with_skill runs differ in the skill staged\)/);
    assert.equal(judge, compare);
    assert.equal(judgeCli.code, 2, judgeCli.stderr);
    assert.equal(judgeCli.stderr, compareCli.stderr);
    assert.equal(judgeCli.stdout, '');
  });

  it('one iteration without campaign.json whose without_skill runs ran two models (folders of two campaigns merged by hand): refused by both, naming the two runs', async () => {
    const { root, second, evalsPath } = twoIterations('merged-runs');
    rmSync(join(second, 'campaign.json'));
    edit(join(second, 'eval-e1/without_skill/run-2/run.json'), (r) => ({ ...r, model: 'another-model' }));
    const { compare, judge, compareCli, judgeCli } = await refusals(root, [relative(root, second)], ['--evals', relative(root, evalsPath)]);
    assert.match(compare, /^UsageError: \.eval-magic\/s\/iteration-2\/eval-e1\/without_skill\/run-1 and \.eval-magic\/s\/iteration-2\/eval-e1\/without_skill\/run-2 are runs of different experiments \(their run\.json differ in model\)/);
    assert.equal(judge, compare);
    assert.equal(judgeCli.code, 2, judgeCli.stderr);
    assert.equal(judgeCli.stderr, compareCli.stderr);
  });

  it('iterations of one plan named together are pooled by both: judge plans every run compare counts', async () => {
    const { root, first, second } = twoIterations('same-plan');
    const paths = [relative(root, first), relative(root, second)];
    const { document } = await compareIterations(paths, { cwd: root, writeGrading: false });
    const counted = document.evals.flatMap((e) => e.run_list).filter((r) => r.excluded === null).map((r) => dirname(r.path)).sort();
    const plan = await planJudgments({ paths, cwd: root, repeats: 1 });
    assert.deepEqual([...new Set(plan.judgments.map((j) => relative(root, j.run.dir)))].sort(), counted);
    assert.equal(counted.length, 8);
  });
});

describe('judge refuses the arms compare cannot compare', () => {
  it("a condition folder named as a field of the comparison's rows (expected): compare refuses it until its folders are renamed, and judge refuses it too (a judgment made now would be of a folder renamed later, and made again)", async () => {
    const root = join(tmp, 'row-field');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks], expected: [asks] } } });
    rmSync(join(iteration, 'campaign.json'));
    const { compare, judge, compareCli, judgeCli } = await refusals(root, [relative(root, iteration)], ['--evals', 's/evals/evals.json']);
    const said = `The condition "expected" has the name of a field of the comparison's rows`;
    assert.ok(compare.startsWith(`UsageError: ${said}`), compare);
    assert.ok(judge.startsWith(`UsageError: ${said}`), judge);
    assert.equal(compareCli.code, 2, compareCli.stderr);
    assert.equal(judgeCli.code, 2, judgeCli.stderr);
    assert.equal(judgeCli.stdout, '', 'no plan, no session');
  });
});

describe("a run the config's ignore leaves out changes nothing of the runs it keeps", () => {
  it("an iteration without campaign.json, one eval's runs made with another agent CLI and left out by the config's ignore: check, compare (threads or none) and judge all take the others (compare and judge refused mixed staging, exit 2, over runs check passes over)", async () => {
    const c = await judgedCampaign({ runs: 2 });
    const iteration = relative(c.ws.root, c.ws.iteration());
    const evalsFile = relative(c.ws.root, c.ws.evalsPath);
    rmSync(join(c.ws.iteration(), 'campaign.json'));
    // add-column's runs, as though made by codex: another experiment, which the config leaves out.
    for (const arm of ['with_skill', 'without_skill']) for (const run of ['run-1', 'run-2']) edit(join(c.ws.iteration(), 'eval-add-column', arm, run, 'run.json'), (r) => ({ ...r, harness: { name: 'codex', version: '0.1.0' } }));
    const exits = async () => {
      const check = await runMain(['check', iteration, '--evals', evalsFile], { cwd: c.ws.root });
      // Judged first: explain's one assertion is an llm_judge, which compare grades from the judgments.
      const judge = await runMain(['judge', iteration, '--evals', evalsFile, '--harness', 'claude-code'], { cwd: c.ws.root, env: c.ws.env });
      const compares = [];
      for (const threads of ['off', '2']) compares.push(await runMain(['compare', iteration, '--evals', evalsFile, '--no-grading', '--format', 'json', '--concurrency', threads], { cwd: c.ws.root }));
      assert.equal(compares[0]!.stdout, compares[1]!.stdout, 'threads or none, one comparison');
      assert.equal(compares[0]!.stderr, compares[1]!.stderr);
      return { codes: [check.code, compares[0]!.code, judge.code], compare: compares[0]!, judge };
    };
    // Kept, add-column's runs are another experiment's: compare and judge refuse, before any session.
    const kept = await exits();
    assert.deepEqual(kept.codes, [0, 2, 2], kept.compare.stderr);
    assert.match(kept.compare.stderr, /are runs of different experiments \(their run\.json differ in harness\)/);
    assert.equal(kept.judge.stderr, kept.compare.stderr);

    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/eval-add-column/**'] }));
    // Not judged yet: the judge command compare prints names the CLI of the runs kept (the runs left out named codex: it was <cli>, to fill in).
    for (const threads of ['off', '2']) {
      const unjudged = await runMain(['compare', iteration, '--evals', evalsFile, '--no-grading', '--concurrency', threads], { cwd: c.ws.root });
      assert.equal(unjudged.code, 2, threads);
      assert.match(unjudged.stderr, new RegExp(`no assertion was graded in any counted run \\(not judged: run eval-magic judge ${iteration} --harness claude-code --evals ${evalsFile}\\)`), threads);
    }
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    const left = await exits();
    assert.deepEqual(left.codes, [0, 0, 0], `${left.compare.stderr}${left.judge.stderr}`);
    assert.match(left.judge.stdout, /^judge with claude-code: 4 runs × /, "explain's runs, as compare counts them");
    const document = JSON.parse(left.compare.stdout);
    const runs = document.evals.flatMap((e: any) => e.run_list.map((r: any) => [e.id, r.condition, r.run, r.excluded]));
    assert.deepEqual(runs.filter(([, , , why]: unknown[]) => why !== null).map(([id, , , why]: unknown[]) => [id, why]), Array(4).fill(['add-column', 'not checked']));
    assert.equal(runs.filter(([, , , why]: unknown[]) => why === null).length, 4);
  });
});

describe('the judge command names the agent CLI of the runs compare counts', () => {
  it('an iteration without campaign.json, one run aborted and recorded with another CLI: the command compare prints still names the CLI of the counted runs (the aborted run made it <cli>, to fill in)', async () => {
    const c = await judgedCampaign({ runs: 2 });
    const iteration = relative(c.ws.root, c.ws.iteration());
    const evalsFile = relative(c.ws.root, c.ws.evalsPath);
    rmSync(join(c.ws.iteration(), 'campaign.json'));
    edit(join(c.ws.iteration(), 'eval-explain', 'without_skill', 'run-2', 'run.json'), (r) => ({ ...r, status: 'aborted', abort_reason: 'interrupted', harness: { name: 'codex', version: '0.1.0' } }));
    for (const threads of ['off', '2']) {
      const unjudged = await runMain(['compare', iteration, '--evals', evalsFile, '--no-grading', '--concurrency', threads], { cwd: c.ws.root });
      assert.ok(!unjudged.stdout.includes('<cli>'), `${threads}: ${unjudged.stdout}`);
      assert.match(unjudged.stdout, /\(not judged: run eval-magic judge \S+ \\\n\s+--harness claude-code --evals /, threads);
    }
  });
});
