// Several iterations named together (a workspace of several skills, or two iteration folders):
// judge takes the one pair of arms compare takes over all of them (workspace/iteration-arms.ts),
// so the runs it judges are the runs compare counts, and what compare refuses judge refuses, in
// its words, before any session.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { planJudgments } from '../../src/judge/plan.js';
import { describePlan } from '../../src/cli/judge.js';
import { writeWorkspace, type RunSpec } from '../compare/workspace.js';
import { runMain } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'judge-arms-over-iterations-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const evals = [{ id: 'e1', prompt: 'Rename the column.', expected_output: 'The column renamed.', assertions: [{ id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }, { id: 'says-why', type: 'llm_judge', rubric: 'The agent says why.' }] }];
const run: RunSpec = { record: false, events: [{ user: 'Rename the column.' }, { assistant: 'Renamed it: should I rename it in the seeds too?' }] };

/** A workspace under `name` of one iteration (no campaign.json, unless `campaign` names the arms) per skill, each with one run in each condition folder given. */
function workspace(name: string, skills: Record<string, { folders: string[]; campaign?: [string, string] }>): { root: string; evalsPath: string } {
  const root = join(tmp, name);
  for (const [skill, { folders, campaign }] of Object.entries(skills)) {
    const iteration = writeWorkspace(root, { skill, evals, ...(campaign ? { conditions: campaign } : {}), runs: { e1: Object.fromEntries(folders.map((f) => [f, [run]])) } });
    if (campaign === undefined) rmSync(join(iteration, 'campaign.json'));
  }
  return { root, evalsPath: join(root, Object.keys(skills)[0]!, 'evals', 'evals.json') };
}

/** The run folders compare counts, and its runs-missing messages (`counted` as `judged`, as judge says them). */
async function compared(root: string, evalsPath: string, named: { treatment?: string; control?: string } = {}, paths = ['.eval-magic']) {
  const { document } = await compareIterations(paths, { cwd: root, writeGrading: false, evals: evalsPath, ...named });
  const runs = document.evals.flatMap((e) => e.run_list).filter((r) => r.excluded === null).map((r) => r.path.replace(/\/conversation\.json$/, '')).sort();
  const beside = document.validity.filter((v) => v.code === 'runs-missing' && v.message.startsWith('The condition folder')).map((v) => v.message.replace(': not counted,', ': not judged,')).sort();
  return { conditions: document.conditions, runs, beside };
}

/** The run folders judge would judge, and the folders beside its arms its plan names. */
async function planned(root: string, evalsPath: string, named: { treatment?: string; control?: string } = {}, paths = ['.eval-magic']) {
  const plan = await planJudgments({ paths, cwd: root, repeats: 1, evals: evalsPath, ...named });
  const runs = [...new Set(plan.judgments.map((j) => relative(root, j.run.dir)))].sort();
  return { runs, beside: [...plan.beside].sort() };
}

describe('judge takes the arms compare takes over all the iterations named together', () => {
  it('skill s with with_skill/without_skill, skill t with with_skill/old_skill: old_skill is no arm of the comparison, so judge does not judge it and says so as compare does; t\'s evals are t\'s own, so nothing is pooled (refused for a lone arm: review29)', async () => {
    const { root, evalsPath } = workspace('third-in-one', { s: { folders: ['with_skill', 'without_skill'] }, t: { folders: ['with_skill', 'old_skill'] } });
    const compare = await compared(root, evalsPath);
    assert.deepEqual(compare.conditions, ['with_skill', 'without_skill']);
    assert.deepEqual(compare.runs, ['.eval-magic/s/iteration-1/eval-e1/with_skill/run-1', '.eval-magic/s/iteration-1/eval-e1/without_skill/run-1', '.eval-magic/t/iteration-1/eval-e1/with_skill/run-1']);
    const judge = await planned(root, evalsPath);
    assert.deepEqual(judge.runs, compare.runs, 'judge judges exactly the runs compare counts');
    assert.deepEqual(judge.beside, compare.beside);
    assert.equal(judge.beside.length, 1);
  });

  it('two iteration folders of one skill named together, iteration-2 with with_skill/old_skill: refused by compare and judge alike, unnamed or named (unnamed, both counted iteration-2\'s with_skill runs against iteration-1\'s without_skill)', async () => {
    const { root, evalsPath } = workspace('two-iterations', { s: { folders: ['with_skill', 'without_skill'] } });
    const { root: other } = workspace('two-iterations-2', { s: { folders: ['with_skill', 'old_skill'] } });
    renameSync(join(other, '.eval-magic/s/iteration-1'), join(root, '.eval-magic/s/iteration-2'));
    const paths = ['.eval-magic/s/iteration-1', '.eval-magic/s/iteration-2'];
    const refusal = /^\.eval-magic\/s\/iteration-2 holds runs of "with_skill" but none of "without_skill" for eval "e1" \(it has no "without_skill" folder\)/;
    for (const named of [{}, { treatment: 'with_skill', control: 'without_skill' }]) {
      await assert.rejects(compared(root, evalsPath, named, paths), { name: 'UsageError', message: refusal });
      await assert.rejects(planned(root, evalsPath, named, paths), { name: 'UsageError', message: refusal });
    }
  });

  it('an iteration with no run under the pair (only old_skill): compare refuses it, and judge refuses it before any session, naming it', async () => {
    const { root, evalsPath } = workspace('other-only', { s: { folders: ['with_skill', 'without_skill'] }, t: { folders: ['old_skill'] } });
    const refusal = /\.eval-magic\/t\/iteration-1 has no run under "with_skill" or "without_skill", .*\(its runs are under "old_skill"\)/;
    await assert.rejects(compared(root, evalsPath), { name: 'UsageError', message: refusal });
    await assert.rejects(planned(root, evalsPath), { name: 'UsageError', message: refusal });
    const judge = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--evals', evalsPath], { cwd: root, env: { PATH: '/nonexistent' } });
    assert.equal(judge.code, 2, judge.stderr);
    assert.ok(judge.stderr.includes('.eval-magic/t/iteration-1 has no run under "with_skill" or "without_skill", the two arms compare takes for the iterations named together (its runs are under "old_skill"): compare refuses them together, so judge it on its own.'), judge.stderr);
    assert.equal(judge.stdout, '', 'no plan, no session');
  });

  it('two skills whose campaign.json name other arms (one run with --baseline): compare refuses the mix, and so does judge', async () => {
    const { root, evalsPath } = workspace('two-campaigns', { s: { folders: ['with_skill', 'without_skill'], campaign: ['with_skill', 'without_skill'] }, t: { folders: ['new_skill', 'old_skill'], campaign: ['new_skill', 'old_skill'] } });
    const refusal = /\.eval-magic\/t\/iteration-1 has no run under "with_skill" or "without_skill"/;
    await assert.rejects(compared(root, evalsPath), { name: 'UsageError', message: refusal });
    await assert.rejects(planned(root, evalsPath), { name: 'UsageError', message: refusal });
  });

  it('--treatment naming an arm whose other folder differs between the iterations: compare refuses, and so does judge, in the same words', async () => {
    const { root, evalsPath } = workspace('named-differ', { s: { folders: ['run-a', 'run-b'] }, t: { folders: ['run-a', 'run-c'] } });
    const refusal = /^The iterations compared have other arms by these names: "run-a" vs "run-b" in \.eval-magic\/s\/iteration-1, "run-a" vs "run-c" in \.eval-magic\/t\/iteration-1; name both --treatment and --control\.$/;
    await assert.rejects(compared(root, evalsPath, { treatment: 'run-a' }), { name: 'UsageError' });
    await assert.rejects(planned(root, evalsPath, { treatment: 'run-a' }), { name: 'UsageError', message: refusal });
  });

  it('the same arms in every iteration: judge judges every run of both, as before', async () => {
    const { root, evalsPath } = workspace('same', { s: { folders: ['with_skill', 'without_skill'] }, t: { folders: ['with_skill', 'without_skill'] } });
    const compare = await compared(root, evalsPath);
    const judge = await planned(root, evalsPath);
    assert.equal(judge.runs.length, 4);
    assert.deepEqual(judge.runs, compare.runs);
    assert.deepEqual(judge.beside, []);
  });
});

describe('the judge command compare names for a run not judged carries the arms the user named', () => {
  it('--treatment with_skill --control old_skill beside without_skill: the command judges old_skill\'s runs (unnamed, judge would take with_skill and without_skill, and compare would ask again)', async () => {
    const { root, evalsPath } = workspace('named-third', { s: { folders: ['with_skill', 'without_skill', 'old_skill'] } });
    const named = { treatment: 'with_skill', control: 'old_skill' };
    // On the main thread, and in grading threads (which work the command out on their own).
    for (const concurrency of ['off', 2] as const) {
      await compareIterations(['.eval-magic'], { cwd: root, evals: evalsPath, concurrency, ...named });
      const grading = JSON.parse(readFileSync(join(root, '.eval-magic/s/iteration-1/eval-e1/old_skill/run-1/grading.json'), 'utf8'));
      const reason: string = grading.ungraded.find((u: { id: string }) => u.id === 'says-why').reason;
      assert.equal(reason, `not judged: run eval-magic judge ${join(root, '.eval-magic/s/iteration-1')} --harness <cli> --evals ${join(root, 's/evals/evals.json')} --treatment with_skill --control old_skill`, `concurrency ${concurrency}`);
    }
    const judge = await planned(root, evalsPath, named, ['.eval-magic/s/iteration-1']);
    assert.ok(judge.runs.includes('.eval-magic/s/iteration-1/eval-e1/old_skill/run-1'), 'the command named judges the run compare asked for');
  });
});

describe('a newer iteration passed over: judge\'s plan says it, as compare does', () => {
  it('iteration-2 with runs in one arm only (interrupted): both take iteration-1, and both say so in the same words', async () => {
    const { root, evalsPath } = workspace('picked', { s: { folders: ['with_skill', 'without_skill'] } });
    const { root: other } = workspace('picked-2', { s: { folders: ['with_skill'] } });
    renameSync(join(other, '.eval-magic/s/iteration-1'), join(root, '.eval-magic/s/iteration-2'));
    const { document } = await compareIterations(['.eval-magic/s'], { cwd: root, writeGrading: false, evals: evalsPath });
    const picked = document.validity.filter((v) => v.code === 'iteration-picked').map((v) => v.message);
    assert.deepEqual(picked, ['.eval-magic/s/iteration-2 has no finished runs in both arms; compared .eval-magic/s/iteration-1, the newest that has.']);
    const plan = await planJudgments({ paths: ['.eval-magic/s'], cwd: root, repeats: 1, evals: evalsPath });
    assert.deepEqual(plan.picked, ['.eval-magic/s/iteration-2 has no finished runs in both arms; judged .eval-magic/s/iteration-1, the newest that has.']);
    assert.ok(plan.judgments.every((j) => j.run.dir.includes('iteration-1')));
    const said = describePlan({ harness: 'codex', runs: 2, repeats: 1, judgments: 2, done: 0, pending: 2, sessionsPerRun: { e1: 1 }, shard: undefined, jobs: 1, iterationsPicked: plan.picked });
    assert.match(said, /\n {2}warning: \.eval-magic\/s\/iteration-2 has no finished runs in both arms; judged \.eval-magic\/s\/iteration-1, the newest that has/);
  });
});
