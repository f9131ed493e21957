// What compare counts: exactly the plan's finished runs (issue 36), against agents and hands that
// leave other folders and files behind, and what compare writes: only inside the scratch copy.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import type { ComparisonDocument } from '../../src/compare/model.js';
import { gradeCommandCheck } from '../../src/compare/graders/command-check.js';
import { askingEvals as evals, askingRun as asks, silentRun as silent } from './fixture-specs.js';
import { writeWorkspace, type RunSpec } from './workspace.js';
import { runMain } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-counting-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const aborted = (spec: RunSpec): RunSpec => ({ ...spec, record: { status: 'aborted', abort_reason: 'agent-failed', message: 'the agent exited with status 1', exit_code: 1 } });
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('compare counts exactly the plan\'s finished runs', () => {
  it('a run whose run.json says aborted is not counted, whatever conversation.json it left: 4/4 of aborted runs is no evidence', async () => {
    const root = join(tmp, 'aborted');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [aborted(asks), aborted(asks), aborted(asks), aborted(asks)], without_skill: [silent, silent, silent, silent] } } });
    // Saying why: "has no counted run" alone left the user to open each run.json.
    await assert.rejects(compareIterations([iteration], { cwd: root }), /Nothing to compare .*"with_skill" has no counted run \(the run aborted \(agent-failed: the agent exited with status 1\)\)\.$/);
  });

  it('an aborted run beside finished ones is left out with its reason', async () => {
    const root = join(tmp, 'aborted-some');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks, aborted(asks)], without_skill: [silent, silent, silent] } } });
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 2, without_skill: 3 });
    assert.match(document.evals[0]!.run_list.find((r) => r.condition === 'with_skill' && r.run === 3)!.excluded!, /^the run aborted \(agent-failed: the agent exited with status 1\)$/);
  });

  it('copies named run-01 and run-001 are not more runs of run 1', async () => {
    const root = join(tmp, 'copies');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const arm = join(iteration, 'eval-e1', 'with_skill');
    for (const name of ['run-01', 'run-001', 'run-1 copy', 'run-2 (1)']) cpSync(join(arm, name.startsWith('run-2') ? 'run-2' : 'run-1'), join(arm, name), { recursive: true });
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 2, without_skill: 2 });
    const copies = document.evals[0]!.run_list.filter((r) => r.excluded?.includes('not a name campaign gives'));
    // Listed with why, as a file manager's copies too (run-1 copy), in run order.
    assert.deepEqual(copies.map((r) => [r.run, r.path.split('/').at(-2)]), [[1, 'run-001'], [1, 'run-01'], [1, 'run-1 copy'], [2, 'run-2 (1)']]);
    const p = document.evals[0]!.assertions[0]!.p_value;
    assert.ok(Math.abs(p! - 1 / 3) < 1e-12, `Fisher on 2/2 vs 0/2, not on 6 runs: ${p}`);
    // Every run of the plan is there: the copies are folders holding no run of the plan, not
    // "4 runs … not counted" — which read as runs lost, and put runs-missing against the answer.
    const missing = document.validity.filter((v) => v.code === 'runs-missing');
    assert.deepEqual(missing.map((v) => v.message.replace(/: with_skill\/.*$/, '')), ['4 folders of eval e1 hold no run of the plan, not counted'], JSON.stringify(missing));
    assert.match(missing[0]!.message, /: with_skill\/run-001 is not a name campaign gives a run folder .*; with_skill\/run-2 \(1\) is not a name/);
  });

  it('a run folder beyond the plan is not counted and is an error', async () => {
    const root = join(tmp, 'over-plan');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const arm = join(iteration, 'eval-e1', 'with_skill');
    cpSync(join(arm, 'run-1'), join(arm, 'run-3'), { recursive: true });
    const record = json(join(arm, 'run-3', 'run.json'));
    writeFileSync(join(arm, 'run-3', 'run.json'), JSON.stringify({ ...record, run: 3 }, null, 2));
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.equal(document.evals[0]!.runs.with_skill, 2);
    const problem = document.validity.find((v) => v.code === 'runs-over-plan');
    assert.equal(problem?.severity, 'error', JSON.stringify(document.validity));
    assert.match(problem!.message, /with_skill run 3/);
  });

  /** Two evals of two runs per arm; the first arm asks and completes, the second stops early. */
  const twoEvals = (root: string) => writeWorkspace(root, {
    skill: 's', evals: [...evals, { ...evals[0], id: 'e2' }],
    runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] }, e2: { with_skill: [asks, asks], without_skill: [silent, silent] } },
  });

  it('an eval the plan names whose runs are all gone (its folder removed, or a share not run yet) is said, by the library and the command alike', async () => {
    const root = join(tmp, 'planned-eval-gone');
    const iteration = twoEvals(root);
    rmSync(join(iteration, 'eval-e2'), { recursive: true });
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(document.evals.map((e) => e.id), ['e1']);
    const missing = document.validity.filter((v) => v.code === 'runs-missing');
    assert.equal(missing.length, 1, JSON.stringify(document.validity));
    assert.equal(missing[0]!.severity, 'warning');
    assert.match(missing[0]!.message, /^Eval e2: campaign\.json plans 2 runs per arm, but \.eval-magic\/s\/iteration-1 holds none of its runs: the comparison leaves it out, and the overall result pools the other evals only\.$/);
    // Every eval's headline says a problem of the whole comparison bears on it.
    const cli = await runMain(['compare', iteration, '--no-grading'], { cwd: root });
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stdout.replace(/\s+/g, ' '), /Eval e2: campaign\.json plans 2 runs per arm, but \.eval-magic\/s\/iteration-1 holds none of its runs/);
    assert.match(cli.stdout.replace(/\s+/g, ' '), /Eval e1: .*on the whole comparison \(runs-missing\)/);
  });

  it('an eval folder replaced by a symbolic link (never followed: it may point out of the workspace) is said as such, not only as an eval with no runs', async () => {
    const root = join(tmp, 'planned-eval-linked');
    const iteration = twoEvals(root);
    cpSync(join(iteration, 'eval-e2'), join(root, 'elsewhere'), { recursive: true });
    rmSync(join(iteration, 'eval-e2'), { recursive: true });
    symlinkSync(join(root, 'elsewhere'), join(iteration, 'eval-e2'));
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(document.evals.map((e) => e.id), ['e1']);
    const missing = document.validity.filter((v) => v.code === 'runs-missing');
    assert.equal(missing.length, 1, JSON.stringify(document.validity));
    assert.match(missing[0]!.message, /^Eval e2: campaign\.json plans 2 runs per arm, but \.eval-magic\/s\/iteration-1 holds none of its runs \(its eval-e2 there is a symbolic link, not followed\): the comparison leaves it out/);
  });

  it('an iteration of campaign\'s runs whose campaign.json was removed is said: without the plan, a run folder added beyond it counts', async () => {
    const root = join(tmp, 'campaign-record-gone');
    const iteration = twoEvals(root);
    rmSync(join(iteration, 'campaign.json'));
    const { document } = await compareIterations([iteration], { cwd: root });
    const gone = document.validity.filter((v) => v.code === 'campaign-record-unusable');
    assert.equal(gone.length, 1, JSON.stringify(document.validity));
    assert.equal(gone[0]!.severity, 'warning');
    assert.match(gone[0]!.message, /: \.eval-magic\/s\/iteration-1\/campaign\.json is not there, though the runs' run\.json say campaign made them \(it writes campaign\.json before any run\), so runs beyond its plan are counted/);
    // The reference tool's layout has no run.json and no campaign.json: nothing is missing there.
    const reference = writeWorkspace(join(tmp, 'reference-layout'), { skill: 's', evals, layout: 'reference', runs: { e1: { with_skill: [asks], without_skill: [silent] } } });
    const plain = await compareIterations([reference], { cwd: join(tmp, 'reference-layout') });
    assert.ok(!plain.document.validity.some((v) => v.code === 'campaign-record-unusable'), JSON.stringify(plain.document.validity));
  });

  it('an eval taken out of evals.json after the campaign: each format\'s table for it says so, never that the eval has no assertions', async () => {
    const root = join(tmp, 'eval-taken-out');
    const iteration = twoEvals(root);
    writeFileSync(join(root, 's', 'evals', 'evals.json'), JSON.stringify({ skill_name: 's', evals }, null, 2));
    const reports = join(root, 'reports');
    const cli = await runMain(['compare', iteration, '--no-grading', '-f', 'stylish', '-f', `markdown=${join(reports, 'c.md')}`, '-f', `html=${join(reports, 'c.html')}`], { cwd: root });
    assert.equal(cli.code, 0, cli.stderr);
    const said = /[Nn]ot in the evals\.json its runs are graded by, so its runs are left out \(eval-removed\)/;
    const section = (text: string) => text.slice(text.search(/eval e2\b/));
    assert.match(section(cli.stdout), said);
    assert.match(section(readFileSync(join(reports, 'c.md'), 'utf8')), said);
    assert.match(section(readFileSync(join(reports, 'c.html'), 'utf8')), said);
    for (const text of [cli.stdout, readFileSync(join(reports, 'c.md'), 'utf8'), readFileSync(join(reports, 'c.html'), 'utf8')]) assert.doesNotMatch(text, /no assertions in evals\.json/i);
  });

  it('an eval in neither evals.json nor the plan: each format\'s table says its runs are not counted, as the runs-over-plan error does, never that it has no assertions in evals.json (review49 F7)', async () => {
    const root = join(tmp, 'eval-in-neither');
    const iteration = twoEvals(root);
    const campaign = json(join(iteration, 'campaign.json'));
    delete campaign.runs.e2;
    writeFileSync(join(iteration, 'campaign.json'), JSON.stringify(campaign, null, 2));
    writeFileSync(join(root, 's', 'evals', 'evals.json'), JSON.stringify({ skill_name: 's', evals }, null, 2));
    const reports = join(root, 'reports');
    const cli = await runMain(['compare', iteration, '--no-grading', '-f', 'stylish', '-f', `markdown=${join(reports, 'c.md')}`, '-f', `html=${join(reports, 'c.html')}`], { cwd: root });
    assert.equal(cli.code, 1, cli.stderr);
    assert.match(cli.stdout, /Eval e2 is not in the plan of campaign\.json: its 4 run folders are not counted/);
    const said = /[Nn]ot in the plan of campaign\.json, so its runs are not counted \(runs-over-plan\)/;
    const section = (text: string) => text.slice(text.search(/eval e2\b/));
    const texts = [cli.stdout, readFileSync(join(reports, 'c.md'), 'utf8'), readFileSync(join(reports, 'c.html'), 'utf8')];
    for (const text of texts) assert.match(section(text), said);
    for (const text of texts) assert.doesNotMatch(text, /no assertions in evals\.json/i);
    assert.match(cli.stdout.replace(/\n  (?=\S)/g, ' '), /^Eval e2: nothing to compare — not in the plan of campaign\.json, so its runs are not counted \(runs-over-plan\)\./m, 'the headline too');
  });

  it('an eval in evals.json that the plan does not name (added after the campaign, its runs copied in): each format\'s headline and table say its runs are not counted, in the words of the eval in neither, never only that no assertion was graded', async () => {
    const root = join(tmp, 'eval-unplanned');
    const iteration = twoEvals(root);
    const campaign = json(join(iteration, 'campaign.json'));
    delete campaign.runs.e2;
    writeFileSync(join(iteration, 'campaign.json'), JSON.stringify(campaign, null, 2));
    const reports = join(root, 'reports');
    const cli = await runMain(['compare', iteration, '--no-grading', '-f', 'stylish', '-f', `markdown=${join(reports, 'c.md')}`, '-f', `html=${join(reports, 'c.html')}`, '-f', `json=${join(reports, 'c.json')}`], { cwd: root });
    assert.equal(cli.code, 1, cli.stderr);
    assert.match(cli.stdout, /Eval e2 is not in the plan of campaign\.json: its 4 run folders are not counted/);
    const said = /[Nn]ot in the plan of campaign\.json, so its runs are not counted \(runs-over-plan\)/;
    const headline = /Eval e2: nothing to compare — not in the plan of campaign\.json, so its runs are not counted \(runs-over-plan\)\. But 1 validity error bears on it \(runs-over-plan\)/;
    const section = (text: string) => text.slice(text.search(/eval e2\b/));
    const markdown = readFileSync(join(reports, 'c.md'), 'utf8');
    const page = readFileSync(join(reports, 'c.html'), 'utf8');
    for (const text of [cli.stdout, markdown, page]) assert.match(section(text), said, 'the table');
    assert.match(cli.stdout.replace(/\n  (?=\S)/g, ' '), headline, 'the terminal\'s headline');
    assert.match(markdown, headline, 'the markdown headline');
    assert.match(page, headline, 'the html headline');
    for (const text of [cli.stdout, markdown, page]) assert.doesNotMatch(text, /no assertion was graded in both|no assertions in evals\.json/i);
    // Its assertions are evals.json's still: listed, with no run to grade them on.
    assert.match(section(cli.stdout), /^ {2}asks +no runs +no runs .*not tested$/m);
    // json has no headline: each run of the eval says why it is left out, as the error does.
    const e2 = (json(join(reports, 'c.json')) as ComparisonDocument).evals.find((e) => e.id === 'e2')!;
    assert.deepEqual([...new Set(e2.run_list.map((r) => r.excluded))], ['eval "e2" is not in the plan of campaign.json']);
  });

  it('an eval of an iteration no campaign.json plans (hand-staged runs, the reference tool\'s layout) is compared as ever: no plan leaves its runs out', async () => {
    for (const layout of ['reference', 'campaign'] as const) {
      const root = join(tmp, `eval-of-no-plan-${layout}`);
      const iteration = writeWorkspace(root, {
        skill: 's', layout, evals: [...evals, { ...evals[0], id: 'e2' }],
        runs: Object.fromEntries(['e1', 'e2'].map((id) => [id, { with_skill: [{ ...asks, record: false }], without_skill: [{ ...silent, record: false }] }])),
      });
      rmSync(join(iteration, 'campaign.json'), { force: true });
      const cli = await runMain(['compare', iteration, '--no-grading', '-f', 'stylish'], { cwd: root });
      const flat = cli.stdout.replace(/\n  (?=\S)/g, ' ');
      assert.match(flat, /^Eval e2: the skill moved asks \+100 pp .*\(1\/1 vs 0\/1\)/m, `${layout}: ${cli.stdout}${cli.stderr}`);
      assert.doesNotMatch(cli.stdout, /runs-over-plan|not in the plan/);
    }
  });

  it('an eval folder the plan does not name holds no run of the experiment: an error, and left out of stop-imbalance as runs beyond the plan are', async () => {
    const root = join(tmp, 'eval-not-planned');
    const iteration = twoEvals(root);
    const campaign = json(join(iteration, 'campaign.json'));
    delete campaign.runs.e2;
    writeFileSync(join(iteration, 'campaign.json'), JSON.stringify(campaign, null, 2));
    const { document } = await compareIterations([iteration], { cwd: root });
    const e2 = (v: { eval?: string }) => v.eval === 'e2';
    const over = document.validity.find((v) => v.code === 'runs-over-plan' && e2(v));
    assert.equal(over?.severity, 'error', JSON.stringify(document.validity));
    assert.match(over!.message, /^Eval e2 is not in the plan of campaign\.json: its 4 run folders are not counted: campaign never writes them/);
    assert.deepEqual(document.validity.filter(e2).map((v) => v.code), ['runs-over-plan'], 'no run of the plan: none missing, unequal or stopping more often');
    assert.ok(document.validity.some((v) => v.code === 'stop-imbalance' && v.eval === 'e1'), 'e1, of the plan, is still said');
  });

  it('an eval named "constructor" is not in a plan that does not name it (the plan\'s own keys, not an object\'s)', async () => {
    const root = join(tmp, 'eval-constructor');
    const iteration = writeWorkspace(root, {
      skill: 's', evals: [...evals, { ...evals[0], id: 'constructor' }],
      runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] }, constructor: { with_skill: [asks, asks], without_skill: [silent, silent] } },
    });
    const campaign = json(join(iteration, 'campaign.json'));
    delete campaign.runs.constructor;
    writeFileSync(join(iteration, 'campaign.json'), JSON.stringify(campaign, null, 2));
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(document.evals.find((e) => e.id === 'constructor')?.runs, { with_skill: 0, without_skill: 0 });
    assert.ok(document.validity.some((v) => v.code === 'runs-over-plan' && v.eval === 'constructor'), JSON.stringify(document.validity));
  });
});

describe('each run counts once, however its folder was copied', () => {
  /** Runs as campaign records them: each with a work folder of its own. */
  const attempt = (spec: RunSpec, k: number): RunSpec => ({ ...spec, record: { work_dir: `/tmp/eval-magic-run-${k}` } });
  const workspace = (root: string) => writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [attempt(asks, 1), attempt(asks, 2), attempt(asks, 3)], without_skill: [attempt(silent, 4), attempt(silent, 5), attempt(silent, 6)] } } });
  const renumbered = (from: string, to: string, change: Record<string, unknown>) => {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
    writeFileSync(join(to, 'run.json'), JSON.stringify({ ...json(join(from, 'run.json')), ...change }, null, 2));
  };

  it('a run folder copied by hand in an iteration whose campaign.json is gone is not counted: its run.json is the record of the run it copies (review48 F2: 3/3 with run 1 counted twice)', async () => {
    const root = join(tmp, 'copy-without-plan');
    const iteration = workspace(root);
    rmSync(join(iteration, 'campaign.json'));
    const arm = join(iteration, 'eval-e1', 'with_skill');
    rmSync(join(arm, 'run-2'), { recursive: true });
    cpSync(join(arm, 'run-1'), join(arm, 'run-2'), { recursive: true });
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.equal(document.evals[0]!.runs.with_skill, 2);
    assert.match(document.evals[0]!.run_list.find((r) => r.condition === 'with_skill' && r.run === 2)!.excluded!, /run-2\/run\.json is the record of eval "e1", "with_skill" run 1, not of this folder's eval "e1", "with_skill" run 2/);
  });

  it('a copy whose run.json was renumbered to its new folder is still the run it copies', async () => {
    const root = join(tmp, 'copy-renumbered');
    const arm = join(workspace(root), 'eval-e1', 'with_skill');
    renumbered(join(arm, 'run-2'), join(arm, 'run-3'), { run: 3 });
    const { document } = await compareIterations([join(root, '.eval-magic', 's', 'iteration-1')], { cwd: root });
    assert.equal(document.evals[0]!.runs.with_skill, 2);
    assert.match(document.evals[0]!.run_list.find((r) => r.condition === 'with_skill' && r.run === 3)!.excluded!, /^the same run as \.eval-magic\/s\/iteration-1\/eval-e1\/with_skill\/run-2 /);
    assert.ok(document.validity.some((v) => v.code === 'runs-duplicated'), JSON.stringify(document.validity));
  });

  it('a copy moved into the other arm, its run.json saying that arm, is not a run of it', async () => {
    const root = join(tmp, 'copy-other-arm');
    const iteration = workspace(root);
    renumbered(join(iteration, 'eval-e1', 'with_skill', 'run-1'), join(iteration, 'eval-e1', 'without_skill', 'run-3'), { condition: 'without_skill', run: 3, skill: null });
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 3, without_skill: 2 });
  });

  it('copies and runs beyond the plan are not runs of the experiment: stop-imbalance and iterations-pooled leave them out', async () => {
    const root = join(tmp, 'copies-in-warnings');
    const iteration = workspace(root);
    const arm = join(iteration, 'eval-e1', 'without_skill');
    renumbered(join(arm, 'run-3'), join(arm, 'run-4'), { run: 4, work_dir: '/tmp/eval-magic-run-7' });
    const copy = join(dirname(iteration), 'iteration-2');
    cpSync(iteration, copy, { recursive: true });
    const { document } = await compareIterations([iteration, copy], { cwd: root });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 3, without_skill: 3 });
    const stops = document.validity.find((v) => v.code === 'stop-imbalance');
    assert.match(stops?.message ?? '', /: 0 of 3 with_skill runs and 3 of 3 without_skill runs did not complete \(.*Fisher p = 0\.100\)/, JSON.stringify(document.validity));
    assert.ok(!document.validity.some((v) => v.code === 'iterations-pooled'), 'every run of the copy is a copy: nothing was pooled');
  });

  it('runs of another plan (another model, merged in by hand) are no runs of the experiment: stop-imbalance and attempts-failed leave them out', async () => {
    const root = join(tmp, 'other-plan-in-warnings');
    const iteration = workspace(root);
    const arm = join(iteration, 'eval-e1', 'with_skill');
    // Two with_skill runs of another model, which stopped and failed attempts first: not counted,
    // they must not say the skill arm stopped as often as the control (2 of 3 vs 3 of 3, p 1).
    const failures = [{ attempt: 1, reason: 'timed-out', message: 'timed out' }];
    for (const run of ['run-2', 'run-3']) writeFileSync(join(arm, run, 'run.json'), JSON.stringify({ ...json(join(arm, run, 'run.json')), model: 'other-model', status: 'stopped', stop_reason: 'agent_did_not_ask', failures, attempts: 2 }, null, 2));
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 1, without_skill: 3 });
    const stops = document.validity.find((v) => v.code === 'stop-imbalance');
    assert.match(stops?.message ?? '', /: 0 of 1 with_skill runs and 3 of 3 without_skill runs did not complete/, JSON.stringify(document.validity));
    assert.ok(!document.validity.some((v) => v.code === 'attempts-failed'), JSON.stringify(document.validity));
  });
});

describe('a folder that is not a run is said, never dropped without a word', () => {
  it('beside the run folders, a folder of another name (a run renamed by hand) or a stray conversation.json is listed with why, never counted', async () => {
    const root = join(tmp, 'foreign-entries');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const arm = join(iteration, 'eval-e1', 'with_skill');
    cpSync(join(arm, 'run-2'), join(arm, 'RUN-3'), { recursive: true });
    cpSync(join(arm, 'run-2', 'conversation.json'), join(arm, 'conversation.json'));
    mkdirSync(join(arm, '.cache'));
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 2, without_skill: 2 });
    const foreign = document.evals[0]!.run_list.filter((r) => r.excluded?.includes('not a run of the plan'));
    assert.deepEqual(foreign.map((r) => [r.path, r.excluded]), [
      ['.eval-magic/s/iteration-1/eval-e1/with_skill/RUN-3/conversation.json', 'with_skill/RUN-3 is not a name campaign gives a run folder (run-<j>): not a run of the plan, not counted'],
      ['.eval-magic/s/iteration-1/eval-e1/with_skill/conversation.json', "with_skill/conversation.json lies beside the arm's run folders, in none of them: not a run of the plan, not counted"],
    ]);
  });

  it('an arm of an eval replaced by a link is not followed, and its runs are said to be missing for that reason', async () => {
    const root = join(tmp, 'linked-arm');
    const two = [evals[0]!, { ...evals[0]!, id: 'e2' }];
    const iteration = writeWorkspace(root, { skill: 's', evals: two, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] }, e2: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const arm = join(iteration, 'eval-e2', 'with_skill');
    cpSync(arm, join(root, 'elsewhere'), { recursive: true });
    rmSync(arm, { recursive: true });
    symlinkSync(join(root, 'elsewhere'), arm);
    const { document } = await compareIterations([iteration], { cwd: root });
    const e2 = document.evals.find((e) => e.id === 'e2')!;
    assert.deepEqual(e2.runs, { with_skill: 0, without_skill: 2 });
    assert.deepEqual(e2.run_list.filter((r) => r.condition === 'with_skill').map((r) => r.excluded), ['with_skill is a symbolic link (not followed)']);
    assert.ok(document.validity.some((v) => v.code === 'runs-missing' && v.message.includes('with_skill is a symbolic link (not followed)')), JSON.stringify(document.validity));
  });
});

describe('run.json and conversation.json that disagree on how a run ended are said, not settled in silence', () => {
  it('run.json completed beside a conversation.json that stopped (a hand edit): a status-mismatch error naming the run and both statuses', async () => {
    const root = join(tmp, 'status-mismatch');
    const edited: RunSpec = { ...silent, record: { status: 'completed', stop_reason: null } };
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks, asks], without_skill: [silent, edited, edited] } } });
    const { document } = await compareIterations([iteration], { cwd: root });
    const said = document.validity.filter((v) => v.code === 'status-mismatch');
    assert.equal(said.length, 1, JSON.stringify(document.validity));
    assert.equal(said[0]!.severity, 'error');
    assert.equal(said[0]!.eval, 'e1');
    assert.match(said[0]!.message, /without_skill run 2: run\.json says completed, conversation\.json says stopped/);
    assert.match(said[0]!.message, /without_skill run 3: run\.json says completed, conversation\.json says stopped/);
    assert.doesNotMatch(said[0]!.message, /run 1:/);
    // What the numbers used is said too: run.json's status, as before.
    assert.match(said[0]!.message, /run\.json's status is the one counted/);
    const stops = document.evals[0]!.metrics.find((m) => m.id === 'stopped_or_aborted')!;
    assert.equal((stops.without_skill as { passed: number }).passed, 1);
  });

  it('says nothing when the two agree, stopped or completed', async () => {
    const root = join(tmp, 'status-agree');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.ok(!document.validity.some((v) => v.code === 'status-mismatch'), JSON.stringify(document.validity));
  });
});

describe('a conversation.json edited after the run is said, and still graded', () => {
  // A transcript_check of the last reply, which an edit can flip and check still passes (the gate's question stays).
  const saysRenamed = evals.map((e) => ({ ...e, assertions: [{ id: 'says-renamed', type: 'transcript_check' as const, check: 'assistant_message_matches' as const, pattern: 'Renamed' }] }));
  const editReply = (path: string) => writeFileSync(path, readFileSync(path, 'utf8').replace('"Renamed."', '"Done."'));
  const passedWith = (document: Awaited<ReturnType<typeof compareIterations>>['document'], condition: string) => (document.evals[0]!.assertions[0]![condition] as { passed: number }).passed;
  it('a reply changed by hand flips a transcript_check: compare grades the edited text and says so (conversation-edited, naming the run); a CRLF checkout is no edit', async () => {
    const root = join(tmp, 'conversation-edited');
    const iteration = writeWorkspace(root, { skill: 's', evals: saysRenamed, conversationDigests: true, runs: { e1: { with_skill: [asks, asks, asks], without_skill: [silent, silent, silent] } } });
    const before = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(before.document.validity.filter((v) => v.code === 'conversation-edited' || v.code === 'run-record-unusable'), [], JSON.stringify(before.document.validity));
    assert.equal(passedWith(before.document, 'with_skill'), 3);
    // Edited: with_skill run 2's last reply. A CRLF checkout of run 1 (git's core.autocrlf) edits no value.
    const arm = join(iteration, 'eval-e1', 'with_skill');
    editReply(join(arm, 'run-2', 'conversation.json'));
    const crlf = join(arm, 'run-1', 'conversation.json');
    writeFileSync(crlf, readFileSync(crlf, 'utf8').replaceAll('\n', '\r\n'));
    // Formatted anew (a formatter on commit): the same conversation, no edit (the third review's false alarm).
    const formatted = join(arm, 'run-3', 'conversation.json');
    writeFileSync(formatted, JSON.stringify(JSON.parse(readFileSync(formatted, 'utf8')), null, 4));
    const after = await compareIterations([iteration], { cwd: root });
    // Still graded and counted, on the edited text (a redaction is a legitimate edit) ...
    assert.deepEqual(after.document.evals[0]!.runs, { with_skill: 3, without_skill: 3 });
    assert.equal(passedWith(after.document, 'with_skill'), 2);
    // ... and said: once, for the eval, naming the edited run alone.
    const said = after.document.validity.filter((v) => v.code === 'conversation-edited');
    assert.equal(said.length, 1, JSON.stringify(after.document.validity));
    assert.deepEqual([said[0]!.severity, said[0]!.eval], ['warning', 'e1']);
    assert.match(said[0]!.message, /with_skill\/run-2/);
    assert.doesNotMatch(said[0]!.message, /run-1|run-3|without_skill/);
    assert.match(said[0]!.message, /changed after the run/);
    assert.match(said[0]!.message, /transcript checks .*grade the edited text/);
    // The CRLF checkout of run 1 converted no file a transcript check reads: nothing to say of it.
    assert.deepEqual(after.document.validity.filter((v) => v.code === 'line-endings-converted'), []);
    // Among the headline's caveats, as the other validity warnings are.
    const cli = await runMain(['compare', iteration, '--no-grading'], { cwd: root });
    assert.match(cli.stdout, /conversation-edited/);
  });

  it('a run.json without the digest (an older eval-magic) is silent, whatever its conversation.json says', async () => {
    const root = join(tmp, 'conversation-no-digest');
    const iteration = writeWorkspace(root, { skill: 's', evals: saysRenamed, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    editReply(join(iteration, 'eval-e1', 'with_skill', 'run-2', 'conversation.json'));
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.equal(passedWith(document, 'with_skill'), 1);
    assert.deepEqual(document.validity.filter((v) => v.code === 'conversation-edited'), []);
  });
});

describe('compare grades by the campaign\'s evals.json', () => {
  it('never takes an evals.json planted inside the workspace, even one whose sha256 campaign.json records; a changed evals.json is said', async () => {
    const root = join(tmp, 'planted');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    // The agent's copy, where the recorded relative path resolves from the iteration folder.
    const planted = join(iteration, 's', 'evals', 'evals.json');
    mkdirSync(join(iteration, 's', 'evals'), { recursive: true });
    writeFileSync(planted, JSON.stringify({ skill_name: 's', evals: [{ ...evals[0], assertions: [{ id: 'planted', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'Renamed' }] }] }));
    const plan = json(join(iteration, 'campaign.json'));
    writeFileSync(join(iteration, 'campaign.json'), JSON.stringify({ ...plan, evals: { ...plan.evals, sha256: sha256(planted) } }, null, 2));
    const { document, inputs } = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(document.evals[0]!.assertions.map((a) => a.id), ['asks']);
    assert.deepEqual(inputs, ['s/evals/evals.json']);
    assert.match(document.validity.find((v) => v.code === 'evals-changed')?.message ?? '', /s\/evals\/evals\.json is not the evals\.json .*campaign\.json ran/);
  });

  it('an iteration copied out of its workspace says why campaign.json\'s evals.json is not used, and --evals grades it', async () => {
    const root = join(tmp, 'copied-out');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const copy = join(root, 'it-copy');
    cpSync(iteration, copy, { recursive: true });
    const why = 'no run can be counted \\(its campaign\\.json names "s\\/evals\\/evals\\.json", which is not found outside .* \\(the workspace, two levels above the iteration: no evals\\.json is taken from inside it, where an agent could have written one\\); name the evals\\.json the campaign ran with';
    // Named as each caller names the option: the library's evals, the CLI's --evals.
    await assert.rejects(compareIterations([copy], { cwd: root }), new RegExp(`${why} the evals option\\)`));
    assert.match((await runMain(['compare', copy, '--no-grading'], { cwd: root })).stderr, new RegExp(`${why} --evals\\)`));
    const { document } = await compareIterations([copy], { cwd: root, evals: join(root, 's', 'evals', 'evals.json') });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 2, without_skill: 2 });
  });

  it('an evals.json the checker finds inside the workspace is refused for the run, never used', async () => {
    const root = join(tmp, 'planted-lookup');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    rmSync(join(iteration, 'campaign.json'));
    rmSync(join(root, 's'), { recursive: true });
    writeFileSync(join(iteration, 'evals.json'), JSON.stringify({ skill_name: 's', evals }));
    await assert.rejects(compareIterations([iteration], { cwd: root }), /no run can be counted .*lies inside the workspace, where an agent could have written it; name the real one with the evals option\)/);
    assert.match((await runMain(['compare', iteration, '--no-grading'], { cwd: root })).stderr, /no run can be counted .*lies inside the workspace, where an agent could have written it; name the real one with --evals\)/);
  });
});

describe('compare says what an evals.json edited after the campaign means', () => {
  const edit = (root: string, change: (e: Record<string, unknown>) => Record<string, unknown>) => {
    const path = join(root, 's', 'evals', 'evals.json');
    const file = json(path);
    writeFileSync(path, JSON.stringify({ ...file, evals: file.evals.map(change) }));
  };
  it('an assertion edit is a warning: every run was asked what it still asks, so it is regraded', async () => {
    const root = join(tmp, 'edit-assertion');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    edit(root, (e) => ({ ...e, assertions: [{ id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'seeds' }] }));
    const { document } = await compareIterations([iteration], { cwd: root });
    const change = document.validity.find((v) => v.code === 'evals-changed');
    assert.equal(change?.severity, 'warning', JSON.stringify(document.validity));
    assert.match(change!.message, /every run was asked what it still asks/);
  });
  it('a prompt or turn edit is an error naming the runs: they answered other questions', async () => {
    for (const [name, change, said] of [
      ['edit-prompt', (e: Record<string, unknown>) => ({ ...e, prompt: 'Rename the column and its index.' }), /its prompt is not the eval's prompt now/],
      ['edit-turn', (e: Record<string, unknown>) => ({ ...e, turns: [{ prompt: 'Only in the schema.', deliver_when: 'agent_asks' }] }), /with_skill run 1: its follow-up 1 is not the eval's turn 1 now/],
    ] as const) {
      const root = join(tmp, name);
      const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
      edit(root, change);
      const { document } = await compareIterations([iteration], { cwd: root });
      const problem = document.validity.find((v) => v.code === 'evals-changed');
      assert.equal(problem?.severity, 'error', name);
      assert.match(problem!.message, said);
      assert.match(problem!.message, /answered other questions/);
    }
  });
});

describe('compare compares one experiment at a time', () => {
  it('refuses to pool iterations of different skill versions (exit 2), naming the difference', async () => {
    const a = writeWorkspace(join(tmp, 'pool-a'), { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const b = writeWorkspace(join(tmp, 'pool-b'), { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const plan = json(join(b, 'campaign.json'));
    writeFileSync(join(b, 'campaign.json'), JSON.stringify({ ...plan, skill: { ...plan.skill, sha256: '1'.repeat(64) } }, null, 2));
    await assert.rejects(compareIterations([a, b], { cwd: tmp }), /are different experiments \(their campaign\.json differ in skill\).*--baseline/);
  });

  it('refuses to pool an iteration whose campaign.json is gone when its runs staged another skill version', async () => {
    const root = join(tmp, 'pool-no-plan');
    const first = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const second = join(dirname(first), 'iteration-2');
    cpSync(first, second, { recursive: true });
    rmSync(join(second, 'campaign.json'));
    for (const run of ['run-1', 'run-2']) {
      const path = join(second, 'eval-e1', 'with_skill', run, 'run.json');
      const record = json(path);
      writeFileSync(path, JSON.stringify({ ...record, started_at: '2026-12-02T08:00:00Z', skill: { ...record.skill, sha256: 'a'.repeat(64) } }, null, 2));
    }
    const evalsPath = join(root, 's', 'evals', 'evals.json');
    await assert.rejects(compareIterations([first, second], { cwd: root, evals: evalsPath }), /\.eval-magic\/s\/iteration-1 and \.eval-magic\/s\/iteration-2 are different experiments \(the run\.json of their with_skill runs differ in the skill staged\)/);
    // The same runs with the same skill are pooled, as replicates.
    for (const run of ['run-1', 'run-2']) {
      const path = join(second, 'eval-e1', 'with_skill', run, 'run.json');
      writeFileSync(path, JSON.stringify({ ...json(path), skill: json(join(first, 'eval-e1', 'with_skill', run, 'run.json')).skill }, null, 2));
    }
    const { document } = await compareIterations([first, second], { cwd: root, evals: evalsPath });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 4, without_skill: 4 });
  });

  it('refuses to pool the runs of one iteration whose campaign.json is gone when one arm ran another model or skill version (folders merged from two campaigns)', async () => {
    const root = join(tmp, 'pool-one-no-plan');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks, asks], without_skill: [silent, silent, silent] } } });
    rmSync(join(iteration, 'campaign.json'));
    const evalsPath = join(root, 's', 'evals', 'evals.json');
    const path = join(iteration, 'eval-e1', 'without_skill', 'run-3', 'run.json');
    const record = json(path);
    writeFileSync(path, JSON.stringify({ ...record, model: 'another-model' }, null, 2));
    await assert.rejects(compareIterations([iteration], { cwd: root, evals: evalsPath }), /^UsageError: \.eval-magic\/s\/iteration-1\/eval-e1\/without_skill\/run-1 and \.eval-magic\/s\/iteration-1\/eval-e1\/without_skill\/run-3 are runs of different experiments \(their run\.json differ in model\), in an iteration without campaign\.json; their runs are never pooled: put each experiment's run folders in an iteration folder of its own/);
    writeFileSync(path, JSON.stringify(record, null, 2));
    const { document } = await compareIterations([iteration], { cwd: root, evals: evalsPath });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 3, without_skill: 3 });
  });

  it('iterations pooled: the plan is each iteration\'s summed, and a shortfall in one is said with its name — another\'s runs do not hide it', async () => {
    const root = join(tmp, 'pool-short');
    const first = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const second = join(dirname(first), 'iteration-2');
    cpSync(first, second, { recursive: true });
    // Runs of their own (another start), not copies; one with_skill run never finished.
    for (const arm of ['with_skill', 'without_skill']) {
      for (const run of ['run-1', 'run-2']) {
        const path = join(second, 'eval-e1', arm, run, 'run.json');
        writeFileSync(path, JSON.stringify({ ...json(path), started_at: '2026-12-03T08:00:00Z' }, null, 2));
      }
    }
    rmSync(join(second, 'eval-e1', 'with_skill', 'run-2'), { recursive: true });
    const { document } = await compareIterations([first, second], { cwd: root, evals: join(root, 's', 'evals', 'evals.json') });
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 3, without_skill: 4 });
    // The pooled count (3) was held against one iteration's plan (2): no warning at all.
    const missing = document.validity.filter((v) => v.code === 'runs-missing').map((v) => v.message);
    assert.deepEqual(missing, ['Eval e1: with_skill counts 3 of the 4 runs campaign planned (2 iterations pooled; .eval-magic/s/iteration-2 counts 1 of its 2).']);
  });

  it('an eval of id "constructor" that one pooled iteration does not plan: its plan is the iteration\'s that does (an own key of campaign.json runs), not Object\'s constructor', async () => {
    const root = join(tmp, 'pool-constructor');
    const both = [...evals, { ...evals[0]!, id: 'constructor' }];
    const first = writeWorkspace(root, { skill: 's', evals: both, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] }, constructor: { with_skill: [asks], without_skill: [silent] } } });
    const plan = json(join(first, 'campaign.json'));
    writeFileSync(join(first, 'campaign.json'), JSON.stringify({ ...plan, runs: { e1: 2, constructor: 2 } }, null, 2));
    // iteration-2 plans e1 alone, yet holds runs of "constructor" (beyond its plan: not counted).
    const second = join(dirname(first), 'iteration-2');
    cpSync(first, second, { recursive: true });
    writeFileSync(join(second, 'campaign.json'), JSON.stringify({ ...plan, runs: { e1: 2 } }, null, 2));
    for (const path of readdirSync(second, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('run.json'))) {
      writeFileSync(join(second, path), JSON.stringify({ ...json(join(second, path)), started_at: '2026-12-03T08:00:00Z' }, null, 2));
    }
    // Named first, its plan was looked up for the eval: campaign.runs["constructor"] is Object, and no count is below it.
    const { document } = await compareIterations([second, first], { cwd: root, evals: join(root, 's', 'evals', 'evals.json') });
    const of = document.validity.filter((v) => v.eval === 'constructor').map((v) => `${v.code}: ${v.message}`);
    assert.ok(of.some((m) => m.startsWith('runs-over-plan: Eval constructor is not in the plan of campaign.json: its 2 run folders')), of.join('\n'));
    assert.deepEqual(of.filter((m) => m.startsWith('runs-missing')), [
      'runs-missing: Eval constructor: with_skill counts 1 of the 2 runs campaign planned.',
      'runs-missing: Eval constructor: without_skill counts 1 of the 2 runs campaign planned.',
    ]);
  });

  it('a workspace compares its newest iteration with finished runs in both arms, and says which', async () => {
    const root = join(tmp, 'newest');
    writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const skillDir = join(root, '.eval-magic', 's');
    // An interrupted iteration-2: its plan written, one run started, nothing finished.
    mkdirSync(join(skillDir, 'iteration-2', 'eval-e1', 'with_skill', 'run-1'), { recursive: true });
    cpSync(join(skillDir, 'iteration-1', 'campaign.json'), join(skillDir, 'iteration-2', 'campaign.json'));
    const { document } = await compareIterations(['.eval-magic'], { cwd: root });
    assert.deepEqual(document.iterations, ['.eval-magic/s/iteration-1']);
    assert.match(document.validity.find((v) => v.code === 'iteration-picked')?.message ?? '', /iteration-2 has no finished runs in both arms; compared \.eval-magic\/s\/iteration-1/);
  });

  it('nothing graded is exit 2, never a verdict', async () => {
    const root = join(tmp, 'nothing-graded');
    const iteration = writeWorkspace(root, { skill: 's', evals: [{ ...evals[0], assertions: [{ id: 'judge', type: 'llm_judge', rubric: 'Asks first.' }] }], runs: { e1: { with_skill: [asks], without_skill: [silent] } } });
    await assert.rejects(compareIterations([iteration], { cwd: root }), /no assertion was graded in any counted run/);
  });

  it('graded in one arm only (an llm_judge judged in the skill\'s runs alone) is nothing compared: exit 2, so --fail-on worse never passes on it', async () => {
    const root = join(tmp, 'graded-in-one-arm');
    const rubric = 'Asks first.';
    const iteration = writeWorkspace(root, { skill: 's', evals: [{ ...evals[0], assertions: [{ id: 'judge', type: 'llm_judge', rubric }] }], runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    for (const run of [1, 2]) {
      const dir = join(iteration, 'eval-e1', 'with_skill', `run-${run}`, 'judge', 'judge', '1');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'judgment.json'), JSON.stringify({
        schema_version: 1, eval_magic_version: '0.1.0', eval_id: 'e1', condition: 'with_skill', run, assertion_id: 'judge', repeat: 1,
        verdict: { passed: true, evidence: 'Should I rename it in the seeds too?', confidence: 0.9 }, reason: null, message: null, harness: { name: 'claude-code', version: null }, model: null,
        started_at: '2026-12-01T09:00:00Z', ended_at: '2026-12-01T09:00:01Z', duration_ms: 1000, tokens: null, packet_sha256: '0'.repeat(64),
        criteria_sha256: createHash('sha256').update(JSON.stringify([rubric, evals[0]!.expected_output])).digest('hex'), attempts: 1, failures: [],
      }, null, 2));
    }
    await assert.rejects(compareIterations([iteration], { cwd: root, writeGrading: false }), /^UsageError: Nothing to compare under .*: no assertion was graded in runs of both with_skill and without_skill \(without_skill: not judged: run eval-magic judge \.eval-magic\/s\/iteration-1 --harness claude-code\)\.$/);
    const cli = await runMain(['compare', iteration, '--no-grading', '--fail-on', 'worse'], { cwd: root });
    assert.equal(cli.code, 2, cli.stdout);
  });
});

describe('command_check writes only inside its scratch copy', () => {
  const setup = (name: string) => {
    const root = join(tmp, name);
    const evalsDir = join(root, 'evals');
    mkdirSync(join(evalsDir, 'tests'), { recursive: true });
    writeFileSync(join(evalsDir, 'tests', 'held_out.sh'), 'exit 0\n');
    const victim = join(root, 'victim');
    mkdirSync(victim);
    writeFileSync(join(victim, 'precious.txt'), 'keep me\n');
    const taskDir = join(root, 'task');
    mkdirSync(taskDir);
    return { evalsDir, victim, taskDir };
  };
  for (const [kind, link] of [['absolute', (victim: string) => victim], ['relative', (victim: string, from: string) => relative(from, victim)]] as const) {
    it(`a link the agent left on a setup file's path (${kind}) is replaced in the copy, never followed: the victim folder is untouched`, async () => {
      for (const setupFile of ['tests/held_out.sh', 'tests']) {
        const { evalsDir, victim, taskDir } = setup(`links-${kind}-${setupFile.replace('/', '-')}`);
        symlinkSync(link(victim, taskDir), join(taskDir, 'tests'));
        const verdict = await gradeCommandCheck({ id: 'held-out', type: 'command_check', command: 'sh tests/held_out.sh', setup_files: [setupFile] }, { taskDir, evalsDir, shown: (path) => path, timeoutMs: 20_000, maxOutputBytes: 1 << 20 });
        assert.ok('graded' in verdict && verdict.graded.passed, JSON.stringify(verdict));
        assert.deepEqual(readdirSync(victim), ['precious.txt'], setupFile);
        assert.equal(readFileSync(join(victim, 'precious.txt'), 'utf8'), 'keep me\n');
      }
    });
  }
});

describe('an agent cannot turn its failure into "ungraded"', () => {
  it('a task folder the run replaced by a link, or removed, fails command_check and diff_scope with the evidence', async () => {
    const root = join(tmp, 'broken-task');
    const checks = [{ ...evals[0], assertions: [
      { id: 'tests-pass', type: 'command_check', command: 'test -f app.txt' },
      { id: 'small-diff', type: 'diff_scope', max_files_touched: 1 },
    ] }];
    const run = (): RunSpec => ({ ...asks, staged: { 'app.txt': 'v1' }, task: { 'app.txt': 'v2' } });
    const iteration = writeWorkspace(root, { skill: 's', evals: checks, runs: { e1: { with_skill: [run(), run()], without_skill: [run(), run()] } } });
    const arm = join(iteration, 'eval-e1', 'with_skill');
    rmSync(join(arm, 'run-1', 'task'), { recursive: true });
    symlinkSync(join(arm, 'run-2', 'task'), join(arm, 'run-1', 'task'));
    rmSync(join(arm, 'run-2', 'staged'), { recursive: true });
    await compareIterations([iteration], { cwd: root });
    const grading = (n: number) => json(join(arm, `run-${n}`, 'grading.json'));
    const first = grading(1);
    assert.deepEqual(first.ungraded, []);
    assert.deepEqual(first.assertion_results.map((r: { passed: boolean }) => r.passed), [false, false]);
    assert.match(first.assertion_results[0].evidence, /task folder, which its run\.json names, is a symbolic link .*counted as failed/);
    const second = grading(2);
    assert.deepEqual(second.assertion_results.map((r: { id: string; passed: boolean }) => [r.id, r.passed]), [['tests-pass', true], ['small-diff', false]]);
    assert.match(second.assertion_results[1].evidence, /staged folder, which its run\.json names, is gone/);
  });

  it('a workspace checked out with line-ending conversion (core.autocrlf) ran its command_checks on converted task files: said, as an error (line-endings-converted), where an eval has one; an eval of transcript checks alone reads the same', async () => {
    // The trial: a test script in the task, rewritten with CRLF by a clone, failed in every run (`cannot open ./files/math.sh\r`): 3/3 vs 0/3 became 0/3 vs 0/3, exit 0.
    const root = join(tmp, 'crlf-checkout');
    const checks = [{ ...evals[0], assertions: [{ id: 'tests-pass', type: 'command_check', command: 'sh test.sh' }] }];
    const run = (): RunSpec => ({ ...asks, staged: {}, task: { 'test.sh': 'set -e\ntest -n "$HOME"\n' } });
    const iteration = writeWorkspace(root, { skill: 's', evals: checks, runs: { e1: { with_skill: [run(), run()], without_skill: [run(), run()] } } });
    const before = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(before.document.validity.filter((v) => v.code === 'line-endings-converted'), []);
    assert.equal((before.document.evals[0]!.assertions[0]!.with_skill as { passed: number }).passed, 2);
    // What `git -c core.autocrlf=true clone` does to every text file of the workspace.
    for (const file of ['conversation.json', 'task/test.sh']) for (const arm of ['with_skill', 'without_skill']) for (const n of [1, 2]) {
      const path = join(iteration, 'eval-e1', arm, `run-${n}`, file);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('\n', '\r\n'));
    }
    const after = await compareIterations([iteration], { cwd: root });
    assert.equal((after.document.evals[0]!.assertions[0]!.with_skill as { passed: number }).passed, 0, 'the converted script fails: the verdict is not the runs\'');
    const said = after.document.validity.filter((v) => v.code === 'line-endings-converted');
    assert.deepEqual(said.map((v) => [v.severity, v.eval]), [['error', 'e1']], JSON.stringify(after.document.validity));
    assert.match(said[0]!.message, /^Eval e1: the conversation\.json of 4 runs with_skill\/run-1, with_skill\/run-2, without_skill\/run-1, without_skill\/run-2 has CRLF line endings, which campaign never writes: .*command_check commands may have run on converted files/);
    // An iteration holding campaign's .gitattributes was kept byte for byte by Git: a CR there is a file saved anew by hand, not a conversion (the fifth review's false alarm).
    writeFileSync(join(iteration, '.gitattributes'), '* -text\n');
    const kept = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(kept.document.validity.filter((v) => v.code === 'line-endings-converted'), []);
  });

  it("a command_check that cannot run names the skill's evals folder in the ungraded warning as shownPath does from where compare was started, and in grading.json by its absolute path", async () => {
    const root = join(tmp, 'setup-missing');
    const checks = [{ ...evals[0], assertions: [...evals[0]!.assertions!, { id: 'tests-pass', type: 'command_check', command: 'sh check.sh', setup_files: ['check.sh'] }] }];
    const iteration = writeWorkspace(root, { skill: 's', evals: checks, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const { document } = await compareIterations([iteration], { cwd: join(root, 'sub') });
    const ungraded = document.validity.find((v) => v.code === 'ungraded');
    assert.ok(ungraded?.message.includes('(setup file "check.sh" was not found in ../s/evals)') && !ungraded.message.includes(root), JSON.stringify(document.validity));
    const grading = JSON.parse(readFileSync(join(iteration, 'eval-e1', 'with_skill', 'run-1', 'grading.json'), 'utf8')) as { ungraded: Array<{ id: string; reason: string }> };
    assert.equal(grading.ungraded.find((a) => a.id === 'tests-pass')?.reason, `setup file "check.sh" was not found in ${join(root, 's', 'evals')}`, JSON.stringify(grading));
  });

  it('grading.json says the same whichever folder compare was started from: a command_check that cannot run and an llm_judge not judged, in one thread and in threads — compared again from another folder, no grading.json is rewritten', async () => {
    // The review: from the iteration, grading.json said "judge ." and "../../../s/evals"; from the root, other words — every file rewritten.
    const root = join(tmp, 'record-from-anywhere');
    const judged = { id: 'says-why', type: 'llm_judge' as const, rubric: 'Does it say why it asks?' };
    const specs = [
      { ...evals[0], assertions: [...evals[0]!.assertions!, judged, { id: 'tests-pass', type: 'command_check' as const, command: 'sh check.sh', setup_files: ['check.sh'] }] },
      { ...evals[0], id: 'e2', assertions: [...evals[0]!.assertions!, judged] },
    ];
    const iteration = writeWorkspace(root, { skill: 's', evals: specs, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] }, e2: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const files = ['e1', 'e2'].flatMap((e) => ['with_skill', 'without_skill'].flatMap((c) => [1, 2].map((j) => join(iteration, `eval-${e}`, c, `run-${j}`, 'grading.json'))));
    const seen = () => files.map((path) => ({ path, text: readFileSync(path, 'utf8'), ...(({ ino, mtimeMs }) => ({ ino, mtimeMs }))(statSync(path)) }));
    const first = await compareIterations(['.eval-magic/s/iteration-1'], { cwd: root, concurrency: 'off' });
    const written = seen();
    const grading = JSON.parse(written[0]!.text) as { ungraded: Array<{ id: string; reason: string }> };
    assert.deepEqual(grading.ungraded.map((u) => u.reason), [`not judged: run eval-magic judge ${iteration} --harness claude-code`, `setup file "check.sh" was not found in ${join(root, 's', 'evals')}`]);
    // The report names paths from where compare was started.
    const warned = (document: typeof first.document) => document.validity.filter((v) => v.code === 'ungraded').map((v) => v.message).join('\n');
    assert.ok(warned(first.document).includes('(not judged: run eval-magic judge .eval-magic/s/iteration-1 --harness claude-code)') && warned(first.document).includes('(setup file "check.sh" was not found in s/evals)'), warned(first.document));
    for (const concurrency of ['off', 2] as const) {
      const again = await compareIterations(['.'], { cwd: iteration, concurrency });
      assert.ok(warned(again.document).includes('(not judged: run eval-magic judge . --harness claude-code)'), warned(again.document));
      assert.deepEqual(seen(), written, `concurrency ${concurrency}`);
    }
  });

  it('a grading.json in other bytes than compare would write (its value compact, or its keys reordered; or as long, one character changed) is written again; one of the same bytes is left alone', async () => {
    // The write compares the file's bytes, not its value: a reformatted grading.json is the user's edit, and compare's own text replaces it.
    const root = join(tmp, 'grading-bytes');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks, asks, asks], without_skill: [silent] } } });
    const paths = [1, 2, 3, 4].map((j) => join(iteration, 'eval-e1', 'with_skill', `run-${j}`, 'grading.json'));
    await compareIterations([iteration], { cwd: root, concurrency: 'off' });
    const written = readFileSync(paths[0]!, 'utf8');
    const value = JSON.parse(written) as Record<string, unknown>;
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(value).reverse()), null, 2) + '\n';
    // As long as compare's text, one byte different: a size test alone would keep it.
    const sameLength = written.replace('"summary"', '"Summary"');
    const edits = [JSON.stringify(value), reordered, sameLength];
    assert.equal(sameLength.length, written.length);
    edits.forEach((text, i) => writeFileSync(paths[i]!, text));
    const untouched = statSync(paths[3]!);
    for (const concurrency of ['off', 2] as const) {
      await compareIterations([iteration], { cwd: root, concurrency });
      assert.deepEqual(paths.map((path) => readFileSync(path, 'utf8')), [written, written, written, written], `concurrency ${concurrency}`);
      assert.deepEqual((({ ino, mtimeMs }) => ({ ino, mtimeMs }))(statSync(paths[3]!)), { ino: untouched.ino, mtimeMs: untouched.mtimeMs });
      edits.forEach((text, i) => writeFileSync(paths[i]!, text));
    }
  });
  it("a skill's folder checked out with line-ending conversion ran the command_checks' setup files converted, while the iteration's own .gitattributes kept its conversations LF: evals.json differing from campaign.json's only by its line endings says so (line-endings-converted, an error), not evals-changed", async () => {
    // The fourth review: 3/3 vs 0/3 read 0/3 vs 0/3 in an autocrlf clone with only an evals-changed warning.
    const root = join(tmp, 'crlf-setup');
    const checks = [{ ...evals[0], assertions: [{ id: 'tests-pass', type: 'command_check', command: 'sh check.sh', setup_files: ['check.sh'] }] }];
    const iteration = writeWorkspace(root, { skill: 's', evals: checks, evalsFiles: { 'check.sh': 'set -e\ntrue\n' }, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const before = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(before.document.validity.filter((v) => v.code === 'line-endings-converted' || v.code === 'evals-changed'), []);
    for (const file of ['evals.json', 'check.sh']) {
      const path = join(root, 's', 'evals', file);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('\n', '\r\n'));
    }
    const after = await compareIterations([iteration], { cwd: root });
    assert.equal((after.document.evals[0]!.assertions[0]!.with_skill as { passed: number }).passed, 0, 'the converted script fails');
    const said = after.document.validity.filter((v) => v.code === 'line-endings-converted' || v.code === 'evals-changed');
    assert.deepEqual(said.map((v) => [v.code, v.severity]), [['line-endings-converted', 'error']], JSON.stringify(said));
    assert.match(said[0]!.message, /is the evals\.json .* ran but for its line endings, CRLF where it had LF: .*setup files its command_checks copy/);
  });

  it("a setup file converted to CRLF while evals.json was not (Git leaves a file stored with CRLF as it is), or while evals.json was also edited, is said by campaign.json's digest of it (line-endings-converted, naming it); a setup file edited otherwise is an evals-changed warning", async () => {
    // The sixth review: a converted check.sh failed in every run (2/2 read 0/2) with no word, evals.json being the bytes the campaign ran.
    const checks = [{ ...evals[0], assertions: [{ id: 'tests-pass', type: 'command_check', command: 'sh check.sh', setup_files: ['check.sh', 'lib/env.sh'] }] }];
    const setup = { 'check.sh': 'set -e\n. ./lib/env.sh\ntrue\n', 'lib/env.sh': 'X=1\n' };
    const make = (name: string) => {
      const root = join(tmp, name);
      const iteration = writeWorkspace(root, { skill: 's', evals: checks, evalsFiles: setup, setupDigests: true, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
      return { root, iteration, at: (file: string) => join(root, 's', 'evals', file) };
    };
    const toCrlf = (path: string) => writeFileSync(path, readFileSync(path, 'utf8').replaceAll('\n', '\r\n'));
    const said = (document: { validity: Array<{ code: string; severity: string; message: string }> }) => document.validity.filter((v) => v.code === 'line-endings-converted' || v.code === 'evals-changed');
    const passed = (document: { evals: Array<{ assertions: Array<Record<string, unknown>> }> }) => (document.evals[0]!.assertions[0]!.with_skill as { passed: number }).passed;

    const converted = make('crlf-setup-only');
    const before = await compareIterations([converted.iteration], { cwd: converted.root });
    assert.deepEqual(said(before.document), []);
    assert.equal(passed(before.document), 2);
    toCrlf(converted.at('check.sh'));
    const after = await compareIterations([converted.iteration], { cwd: converted.root });
    assert.equal(passed(after.document), 0, 'the converted script fails');
    assert.deepEqual(said(after.document).map((v) => [v.code, v.severity]), [['line-endings-converted', 'error']], JSON.stringify(after.document.validity));
    assert.match(said(after.document)[0]!.message, /^The setup file "check\.sh" beside s\/evals\/evals\.json, which its command_checks copy into each run's task, is the one \.eval-magic\/s\/iteration-1\/campaign\.json recorded but for its line endings, CRLF where it had LF: .*a shell script with CRLF endings fails/);

    // Converted, and evals.json edited too (an assertion added): both said.
    const edited = make('crlf-setup-evals-edited');
    toCrlf(edited.at('check.sh'));
    toCrlf(edited.at('lib/env.sh'));
    const file = json(edited.at('evals.json'));
    writeFileSync(edited.at('evals.json'), JSON.stringify({ ...file, evals: file.evals.map((e: { assertions: unknown[] }) => ({ ...e, assertions: [...e.assertions, { id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }] })) }));
    const both = said((await compareIterations([edited.iteration], { cwd: edited.root })).document);
    assert.deepEqual(both.map((v) => [v.code, v.severity]), [['line-endings-converted', 'error'], ['evals-changed', 'warning']], JSON.stringify(both));
    assert.match(both[0]!.message, /^The setup files "check\.sh"; "lib\/env\.sh" beside .* are the ones .* recorded but for their line endings, CRLF where they had LF/);

    // Edited otherwise (a byte that is no line ending): what grades changed, the user's to mean, as an edited assertion.
    const changed = make('setup-edited');
    writeFileSync(changed.at('lib/env.sh'), 'X=2\n');
    toCrlf(changed.at('evals.json'));
    const warned = said((await compareIterations([changed.iteration], { cwd: changed.root })).document);
    assert.deepEqual(warned.map((v) => [v.code, v.severity]), [['evals-changed', 'warning']], JSON.stringify(warned));
    assert.match(warned[0]!.message, /^The setup file "lib\/env\.sh" beside s\/evals\/evals\.json, which its command_checks copy into each run's task, changed since .*campaign\.json recorded it: the command_check verdicts are graded by the setup files as they are now/);
  });

  it('evals.json converted to CRLF while its setup files were kept LF (marked -text): nothing said where campaign.json records the setup files, which are what the commands run', async () => {
    const root = join(tmp, 'crlf-evals-setup-kept');
    const checks = [{ ...evals[0], assertions: [{ id: 'tests-pass', type: 'command_check', command: 'sh check.sh', setup_files: ['check.sh'] }] }];
    const iteration = writeWorkspace(root, { skill: 's', evals: checks, evalsFiles: { 'check.sh': 'set -e\ntrue\n' }, setupDigests: true, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const path = join(root, 's', 'evals', 'evals.json');
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('\n', '\r\n'));
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.equal((document.evals[0]!.assertions[0]!.with_skill as { passed: number }).passed, 2);
    assert.deepEqual(document.validity.filter((v) => ['line-endings-converted', 'evals-changed', 'campaign-record-unusable'].includes(v.code)), []);
  });
  it('a setup file campaign could not read (recorded `unreadable`), or recorded by its link text (the first eval-magic that recorded setup files), is not compared: converted since, nothing is said of it, and its command_check grades as it runs', async () => {
    // The seventh review: an unreadable setup file stopped campaign; now recorded so, it is what compare cannot tell.
    const checks = [{ ...evals[0], assertions: [{ id: 'tests-pass', type: 'command_check', command: 'sh check.sh', setup_files: ['check.sh'] }] }];
    for (const recorded of ['unreadable', 'link "real/check.sh"']) {
      const root = join(tmp, `setup-not-told-${recorded.length}`);
      const iteration = writeWorkspace(root, { skill: 's', evals: checks, evalsFiles: { 'check.sh': 'set -e\ntrue\n' }, setupDigests: true, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
      const record = json(join(iteration, 'campaign.json'));
      writeFileSync(join(iteration, 'campaign.json'), JSON.stringify({ ...record, evals: { ...record.evals, setup_files: { 'check.sh': recorded } } }));
      const script = join(root, 's', 'evals', 'check.sh');
      writeFileSync(script, readFileSync(script, 'utf8').replaceAll('\n', '\r\n'));
      const { document } = await compareIterations([iteration], { cwd: root });
      assert.deepEqual(document.validity.filter((v) => ['line-endings-converted', 'evals-changed', 'campaign-record-unusable'].includes(v.code)), [], recorded);
      assert.equal((document.evals[0]!.assertions[0]!.with_skill as { passed: number }).passed, 0, 'the converted script fails, as it runs');
    }
  });
});
