// A plan is what the agent meets: an edit of what only grades (assertions, expected_output,
// rubrics) continues the iteration and starts no agent, while an edit of what the agent meets
// starts a new one whose plan line names the change; compare tells the two apart the same way.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { describePlan, runCampaign } from '../../src/campaign/index.js';
import { compareIterations } from '../../src/compare/index.js';
import { shownPath } from '../../src/fs/shown-path.js';
import { campaignEvalsPath } from '../../src/workspace/evals-path.js';
import { binPath } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { defaultEvals, makeCampaignWorkspace, readJson, SKILL_NAME } from './campaign-helpers.js';

type Ws = ReturnType<typeof makeCampaignWorkspace>;
const options = (ws: Ws) => ({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env });
/** Rewrites evals.json's eval `id` through `change`. */
const editEval = (ws: Ws, id: string, change: (e: Record<string, unknown>) => Record<string, unknown>) => {
  const file = readJson(ws.evalsPath);
  writeFileSync(ws.evalsPath, JSON.stringify({ ...file, evals: file.evals.map((e: Record<string, unknown>) => (e.id === id ? change(e) : e)) }, null, 2));
};
const sha256Hex = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');
const assertion = (pattern: string) => ({ id: 'explains', type: 'transcript_check', check: 'assistant_message_matches', pattern });

describe('campaign: a plan is what the agent meets', () => {
  it('a copied iteration named beside its original adds no run: each run counts once, said as runs-duplicated', async () => {
    const ws = makeCampaignWorkspace({ evals: defaultEvals() });
    editEval(ws, 'explain', (e) => ({ ...e, assertions: [assertion('report')] }));
    await runCampaign({ ...options(ws), runs: 2 });
    const first = ws.iteration();
    const copy = join(dirname(first), 'iteration-2');
    cpSync(first, copy, { recursive: true });
    const both = await compareIterations([first, copy], { cwd: ws.root, writeGrading: false });
    const explain = both.document.evals.find((e) => e.id === 'explain')!;
    assert.deepEqual(explain.runs, { with_skill: 2, without_skill: 2 });
    const copies = explain.run_list.filter((r) => r.excluded !== null);
    assert.deepEqual(copies.map((r) => r.path), ['with_skill/run-1', 'with_skill/run-2', 'without_skill/run-1', 'without_skill/run-2'].map((r) => shownPath(ws.root, join(copy, 'eval-explain', r, 'conversation.json'))));
    assert.match(copies[0]!.excluded!, /^the same run as \.eval-magic\/csv-reports\/iteration-1\/eval-explain\/with_skill\/run-1 \(its run\.json has that run's start and work folder\): a copy, not counted$/);
    const duplicated = both.document.validity.filter((v) => v.code === 'runs-duplicated');
    assert.equal(duplicated.length, 1);
    assert.match(duplicated[0]!.message, /^Eval explain: 4 run folders hold a run already counted \(with_skill run 1 of \.eval-magic\/csv-reports\/iteration-2, a copy of /);
    // Only the eval this campaign ran (--eval explain) is missing nothing; add-column, of the plan too, was never run.
    assert.deepEqual(both.document.validity.filter((v) => v.code === 'runs-missing').map((v) => v.message.replace(/:.*/, '')), ['Eval add-column'], 'a copy is no missing run');
    // Alone, the copy is the run it is.
    const alone = await compareIterations([copy], { cwd: ws.root, writeGrading: false });
    assert.deepEqual(alone.document.evals.find((e) => e.id === 'explain')!.runs, { with_skill: 2, without_skill: 2 });
  });

  it('shards of two plans (another model, an edited skill) merged into one folder: compare counts only the runs of its campaign.json, saying why not the others, and campaign runs those again', async () => {
    const ws = makeCampaignWorkspace({ evals: { ...defaultEvals(), evals: defaultEvals().evals.map((e) => ({ ...e, assertions: [assertion('.')] })) } });
    const shard = (k: number, model: string) => runCampaign({ evals: ws.evalsPath, harness: 'claude-code', baseDir: ws.root, env: ws.env, shard: `${k}/2`, workspace: `shard-${k}`, model });
    await shard(1, 'model-a');
    const skillMd = join(ws.skillDir, 'SKILL.md');
    const original = readFileSync(skillMd, 'utf8');
    writeFileSync(skillMd, `${original}Also write dates in UTC.\n`);
    await shard(2, 'model-b');
    writeFileSync(skillMd, original);
    // As a CI job downloads every shard's workspace into one folder: the first campaign.json stays.
    const merged = join(ws.root, 'merged');
    cpSync(join(ws.root, 'shard-1'), merged, { recursive: true });
    cpSync(join(ws.root, 'shard-2'), merged, { recursive: true, force: false });
    const iteration = join(merged, SKILL_NAME, 'iteration-1');
    const pooled = await compareIterations([iteration], { cwd: ws.root, writeGrading: false });
    const explain = pooled.document.evals.find((e) => e.id === 'explain')!;
    assert.deepEqual(explain.runs, { with_skill: 0, without_skill: 0 });
    const why = explain.run_list.map((r) => r.excluded);
    assert.match(why[0]!, /^its run\.json is of another plan than campaign\.json \(the skill staged [0-9a-f]{12}…, not [0-9a-f]{12}…; model "model-b", not "model-a"\): not counted$/);
    assert.match(why[1]!, /^its run\.json is of another plan than campaign\.json \(model "model-b", not "model-a"\): not counted$/);
    assert.deepEqual(pooled.document.evals.find((e) => e.id === 'add-column')!.runs, { with_skill: 1, without_skill: 1 });

    const again = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', baseDir: ws.root, env: ws.env, workspace: 'merged', model: 'model-a' });
    assert.equal(again.plan.done, 2);
    assert.deepEqual(again.records.map((r) => [r.eval_id, r.condition, r.status, r.model, r.attempts]).sort(), [['explain', 'with_skill', 'completed', 'model-a', 1], ['explain', 'without_skill', 'completed', 'model-a', 1]]);
    const after = await compareIterations([iteration], { cwd: ws.root, writeGrading: false });
    assert.deepEqual(after.document.evals.map((e) => e.runs), [{ with_skill: 1, without_skill: 1 }, { with_skill: 1, without_skill: 1 }]);
  });
  it("--eval narrows what one command runs, not the plan: the power line corrects for every planned eval's assertions, as compare's Holm family will", async () => {
    const ws = makeCampaignWorkspace({ evals: defaultEvals() });
    editEval(ws, 'explain', (e) => ({ ...e, assertions: [assertion('report')] }));
    editEval(ws, 'add-column', (e) => ({ ...e, assertions: [{ ...assertion('UTC'), id: 'utc' }, { ...assertion('ISO'), id: 'iso' }] }));
    // The plan is said before any run starts; stopping there runs no agent.
    const stop = new AbortController();
    const narrowed = await runCampaign({ ...options(ws), runs: 1, signal: stop.signal, reporter: (p) => void (p.kind === 'plan' && stop.abort()) });
    assert.equal(narrowed.plan.evals, 1);
    assert.equal(narrowed.plan.familySize, 3);
    assert.match(describePlan(narrowed.plan, ws.root), /Fisher at 0\.05 \/ 3 assertions/);
  });
  it('editing assertions, their ids, expected_output or a rubric continues the iteration and starts no agent session', async () => {
    const ws = makeCampaignWorkspace({ evals: defaultEvals() });
    editEval(ws, 'explain', (e) => ({ ...e, assertions: [assertion('report')] }));
    const first = await runCampaign(options(ws));
    assert.equal(first.records.length, 2);
    const calls = ws.calls().length;
    const recorded = readFileSync(join(ws.iteration(), 'campaign.json'), 'utf8');

    editEval(ws, 'explain', (e) => ({
      ...e, expected_output: 'Another explanation.',
      assertions: [{ ...assertion('export'), id: 'renamed' }, { id: 'judged', type: 'llm_judge', rubric: 'Is it clear?' }],
    }));
    const again = await runCampaign(options(ws));
    assert.equal(again.plan.iteration, 1);
    assert.equal(again.plan.continuing, true);
    assert.equal(again.records.length, 0);
    assert.equal(again.skipped.length, 2);
    assert.equal(ws.calls().length, calls, 'no agent session started');
    assert.match(describePlan(again.plan, 'ws'), /iteration 1 \(continuing\)/);
    // campaign.json keeps the bytes the runs were planned from: compare says the grading changed.
    assert.equal(readFileSync(join(ws.iteration(), 'campaign.json'), 'utf8'), recorded);
    const { document } = await compareIterations([ws.iteration()], { cwd: ws.home });
    const change = document.validity.find((v) => v.code === 'evals-changed');
    assert.equal(change?.severity, 'warning', JSON.stringify(document.validity));
    assert.match(change!.message, /no eval shows the agent anything else, so the runs are regraded/);
  });

  it('an eval taken out of evals.json after the campaign: compare names it, and its runs are left out rather than regraded — a warning, not a check failure', async () => {
    const ws = makeCampaignWorkspace();
    await runCampaign({ ...options(ws), evalIds: ['explain', 'add-column'] });
    const file = readJson(ws.evalsPath);
    // The eval kept gains an assertion (what grades may change; what the agent met may not).
    const kept = file.evals.filter((e: { id: string }) => e.id === 'explain').map((e: object) => ({ ...e, assertions: [{ id: 'lists-skills', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'Skills I can see' }] }));
    writeFileSync(ws.evalsPath, JSON.stringify({ ...file, evals: kept }, null, 2));
    const { document } = await compareIterations([ws.iteration()], { cwd: ws.home });
    const change = document.validity.find((v) => v.code === 'evals-changed');
    assert.equal(change?.severity, 'warning', JSON.stringify(document.validity));
    assert.match(change!.message, /; eval "add-column" is no longer in it, so its runs are left out; no eval still in it shows the agent anything else, so the runs are regraded/);
    assert.deepEqual(document.evals.map((e) => [e.id, e.runs]), [['add-column', { with_skill: 0, without_skill: 0 }], ['explain', { with_skill: 1, without_skill: 1 }]]);
    // One warning for the eval taken out; no check failure (exit 1), no runs counted as missing.
    assert.deepEqual(document.validity.filter((v) => v.eval === 'add-column').map((v) => [v.code, v.severity, v.message]), [
      ['eval-removed', 'warning', 'Eval add-column is not in the evals.json its runs are graded by (taken out after the campaign?): its 2 runs are left out of the numbers; check reports each as an eval-missing error.'],
    ]);
    assert.deepEqual(document.validity.filter((v) => v.severity === 'error'), []);
    assert.equal(document.excluded_count, 0);
    assert.ok(document.evals[0]!.run_list.every((r) => r.excluded?.startsWith('its eval is not in ')), JSON.stringify(document.evals[0]!.run_list));

    // An eval added since has no run in this iteration: named, not left out without a word.
    writeFileSync(ws.evalsPath, JSON.stringify({ ...file, evals: [...kept, { id: 'summary', prompt: 'Summarize the report.', expected_output: 'A summary.' }] }, null, 2));
    const added = (await compareIterations([ws.iteration()], { cwd: ws.home })).document.validity.find((v) => v.code === 'evals-changed');
    assert.match(added!.message, /; eval "add-column" is no longer in it, so its runs are left out; eval "summary" was added since, and has no run in this iteration \(a campaign with this evals\.json runs it\); no eval still in it shows/);
  });

  it('editing SKILL.md starts iteration 2, and the plan line names SKILL.md', async () => {
    const ws = makeCampaignWorkspace();
    await runCampaign(options(ws));
    const calls = ws.calls().length;
    writeFileSync(join(ws.skillDir, 'SKILL.md'), readFileSync(join(ws.skillDir, 'SKILL.md'), 'utf8') + 'Never guess a time zone.\n');
    const second = await runCampaign(options(ws));
    assert.equal(second.plan.iteration, 2);
    assert.deepEqual(second.plan.changes, ['SKILL.md changed']);
    assert.match(describePlan(second.plan, 'ws').split('\n')[0]!, /: iteration 2 \(new: SKILL\.md changed\) in ws$/);
    assert.equal(second.records.length, 2, 'both arms run again: runs of one iteration are interleaved in time');
    assert.equal(ws.calls().length, calls + 2);
  });

  it("an iteration whose campaign.json was deleted is not continued, and the plan line says what it found there: runs and no campaign.json", async () => {
    const ws = makeCampaignWorkspace();
    await runCampaign(options(ws));
    rmSync(join(ws.iteration(), 'campaign.json'));
    const second = await runCampaign(options(ws));
    assert.equal(second.plan.iteration, 2);
    assert.equal(second.plan.continuing, false);
    assert.equal(second.plan.notContinued, 'iteration-1 holds 2 runs but no campaign.json, so it cannot be continued');
    assert.match(describePlan(second.plan, 'ws').split('\n')[0]!, /: iteration 2 \(new: iteration-1 holds 2 runs but no campaign\.json, so it cannot be continued\) in ws$/);
    // A folder left with no finished run in it (and not one another command is claiming): said so too.
    mkdirSync(join(ws.iteration(3), 'eval-explain'), { recursive: true });
    const third = await runCampaign(options(ws));
    assert.equal(third.plan.iteration, 4);
    assert.equal(third.plan.notContinued, 'iteration-3 holds no campaign.json (and no finished run), so it cannot be continued');
  });

  it('names each part that changed: a skill file, an eval\'s prompt, files or turns, an eval added, runs, model, task template', async () => {
    const ws = makeCampaignWorkspace();
    mkdirSync(join(ws.skillDir, 'evals', 'fixtures'));
    writeFileSync(join(ws.skillDir, 'evals', 'fixtures', 'orders.csv'), 'id,total\n1,10\n');
    editEval(ws, 'explain', (e) => ({ ...e, files: ['fixtures/orders.csv'] }));
    await runCampaign(options(ws));
    // Each new plan is said (and its campaign.json written) before any run starts: stopping there runs no agent.
    const next = async (extra: Record<string, unknown> = {}) => {
      const stop = new AbortController();
      return (await runCampaign({ ...options(ws), ...extra, signal: stop.signal, reporter: (p) => void (p.kind === 'plan' && stop.abort()) })).plan;
    };

    writeFileSync(join(ws.skillDir, 'scripts', 'fmt.sh'), '#!/bin/sh\necho tidy\n', { mode: 0o755 });
    assert.deepEqual((await next()).changes, ['scripts/fmt.sh changed']);
    editEval(ws, 'explain', (e) => ({ ...e, prompt: 'What does the report export, column by column?' }));
    assert.deepEqual((await next()).changes, ['eval "explain": prompt changed']);
    writeFileSync(join(ws.skillDir, 'evals', 'fixtures', 'orders.csv'), 'id,total\n1,11\n');
    assert.deepEqual((await next()).changes, ['eval "explain": files changed'], 'the bytes of a file, not only its path');
    editEval(ws, 'add-column', (e) => ({ ...e, turns: [{ prompt: 'UTC, ISO 8601.', deliver_when: 'always' }] }));
    assert.deepEqual((await next()).changes, ['eval "add-column": turns changed'], 'the whole plan is the identity, not only the evals --eval runs');
    const file = readJson(ws.evalsPath);
    writeFileSync(ws.evalsPath, JSON.stringify({ ...file, evals: [...file.evals, { id: 'summary', prompt: 'Summarize the report.', expected_output: 'A summary.' }] }));
    assert.deepEqual((await next()).changes, ['eval "summary" added']);
    assert.deepEqual((await next({ runs: 2 })).changes, ['runs per arm "add-column" 1 → 2, "explain" 1 → 2, "summary" 1 → 2']);
    assert.deepEqual((await next({ runs: 2, model: 'fast' })).changes, ['model default → fast']);
    ws.write('task/README.md', 'The repository.\n');
    assert.deepEqual((await next({ runs: 2, model: 'fast', task: 'task' })).changes, ['a task template was added']);
    ws.write('task/README.md', 'The repository, edited.\n');
    const last = await next({ runs: 2, model: 'fast', task: 'task' });
    assert.deepEqual(last.changes, ['task template changed']);
    assert.equal(last.iteration, 10);
  });

  it("a workspace made where Git wrote the evals' files with CRLF (Git for Windows' defaults), compared and continued where they are LF: the same files, as check says — compare raises no files-changed error, campaign continues; any other byte is still a change", async () => {
    // The sixth review: compare said `eval "explain": files changed` (exit 1) while check passed the same workspace.
    const ws = makeCampaignWorkspace();
    const fixture = join(ws.skillDir, 'evals', 'fixtures', 'orders.csv');
    mkdirSync(dirname(fixture));
    writeFileSync(fixture, 'id,total\r\n1,10\r\n');
    editEval(ws, 'explain', (e) => ({ ...e, files: ['fixtures/orders.csv'], assertions: [assertion('report')] }));
    writeFileSync(ws.evalsPath, readFileSync(ws.evalsPath, 'utf8').replaceAll('\n', '\r\n'));
    await runCampaign(options(ws));
    const planOnly = async () => {
      const stop = new AbortController();
      return (await runCampaign({ ...options(ws), signal: stop.signal, reporter: (p) => void (p.kind === 'plan' && stop.abort()) })).plan;
    };
    // The same workspace on Linux: every text file LF.
    for (const path of [fixture, ws.evalsPath]) writeFileSync(path, readFileSync(path, 'utf8').replaceAll('\r\n', '\n'));
    const { document } = await compareIterations([ws.iteration()], { cwd: ws.home });
    const changed = document.validity.filter((v) => v.code === 'evals-changed');
    assert.deepEqual(changed.map((v) => v.severity), ['warning'], JSON.stringify(document.validity));
    assert.match(changed[0]!.message, /no eval shows the agent anything else, so the runs are regraded/);
    const again = await planOnly();
    assert.deepEqual([again.iteration, again.continuing, again.changes], [1, true, undefined]);
    // Only CRLF and LF are one: a byte that is no line ending, or a lone CR, is another file.
    for (const text of ['id,total\n1,11\n', 'id,total\r1,10\r']) {
      writeFileSync(fixture, text);
      assert.deepEqual((await planOnly()).changes, ['eval "explain": files changed'], JSON.stringify(text));
      const edited = (await compareIterations([ws.iteration()], { cwd: ws.home })).document.validity.find((v) => v.code === 'evals-changed');
      assert.equal(edited?.severity, 'error');
      assert.match(edited!.message, /eval "explain": files changed\. Those runs answered other questions/);
    }
  });

  it("an iteration planned from LF files continues in a checkout that wrote them with CRLF, and one a campaign.json older eval-magic wrote (raw digests, no files_lf) continues as before", async () => {
    const ws = makeCampaignWorkspace();
    const fixture = join(ws.skillDir, 'evals', 'fixtures', 'orders.csv');
    mkdirSync(dirname(fixture));
    writeFileSync(fixture, 'id,total\n1,10\n');
    editEval(ws, 'explain', (e) => ({ ...e, files: ['fixtures/orders.csv'], assertions: [assertion('report')] }));
    await runCampaign(options(ws));
    const planOnly = async () => {
      const stop = new AbortController();
      return (await runCampaign({ ...options(ws), signal: stop.signal, reporter: (p) => void (p.kind === 'plan' && stop.abort()) })).plan;
    };
    for (const path of [fixture, ws.evalsPath]) writeFileSync(path, readFileSync(path, 'utf8').replaceAll('\n', '\r\n'));
    const converted = await planOnly();
    assert.deepEqual([converted.iteration, converted.continuing, converted.changes], [1, true, undefined]);
    // A record of CRLF files by an older eval-magic: their raw digest alone still continues with the same bytes.
    const path = join(ws.iteration(), 'campaign.json');
    const record = readJson(path);
    record.evals.meets = Object.fromEntries(Object.entries(record.evals.meets as Record<string, Record<string, string>>).map(([id, m]) => [id, { prompt: m.prompt, turns: m.turns, files: id === 'explain' ? sha256Hex(`"fixtures/orders.csv" file ${sha256Hex(readFileSync(fixture))}\n`) : m.files }]));
    record.evals.sha256 = sha256Hex(readFileSync(ws.evalsPath));
    writeFileSync(path, JSON.stringify(record, null, 2) + '\n');
    const older = await planOnly();
    assert.deepEqual([older.iteration, older.continuing, older.changes], [1, true, undefined]);
    assert.deepEqual((await compareIterations([ws.iteration()], { cwd: ws.home })).document.validity.filter((v) => v.code === 'evals-changed'), []);
  });

  it("records each setup file its command_checks name (campaign.json's evals.setup_files), which only grades: an edited or converted setup file continues the iteration, and compare says it", async () => {
    const ws = makeCampaignWorkspace();
    const script = join(ws.skillDir, 'evals', 'checks', 'report.sh');
    mkdirSync(dirname(script));
    writeFileSync(script, 'set -e\ntrue\n');
    editEval(ws, 'explain', (e) => ({ ...e, assertions: [{ id: 'checked', type: 'command_check', command: 'sh checks/report.sh', setup_files: ['checks/report.sh'] }] }));
    await runCampaign(options(ws));
    const path = join(ws.iteration(), 'campaign.json');
    assert.deepEqual(readJson(path).evals.setup_files, { 'checks/report.sh': `file ${sha256Hex(readFileSync(script))}` });
    const planOnly = async () => {
      const stop = new AbortController();
      return (await runCampaign({ ...options(ws), signal: stop.signal, reporter: (p) => void (p.kind === 'plan' && stop.abort()) })).plan;
    };
    writeFileSync(script, 'set -e\r\ntrue\r\n');
    const kept = await planOnly();
    assert.deepEqual([kept.iteration, kept.continuing, kept.changes], [1, true, undefined], 'a setup file only grades');
    const converted = (await compareIterations([ws.iteration()], { cwd: ws.home, writeGrading: false })).document.validity.filter((v) => v.code === 'line-endings-converted');
    assert.deepEqual(converted.map((v) => v.severity), ['error']);
    assert.match(converted[0]!.message, /^The setup file "checks\/report\.sh" beside .*evals\.json, which its command_checks copy into each run's task, is the one .*campaign\.json recorded but for its line endings/);
    writeFileSync(script, 'set -e\nfalse\n');
    assert.equal((await planOnly()).iteration, 1);
    const warned = (await compareIterations([ws.iteration()], { cwd: ws.home, writeGrading: false })).document.validity.filter((v) => v.code === 'evals-changed' || v.code === 'line-endings-converted');
    assert.deepEqual(warned.map((v) => [v.code, v.severity]), [['evals-changed', 'warning']]);
    // A campaign.json older eval-magic wrote records no setup file: read, continued and compared as before.
    const record = readJson(path);
    delete record.evals.setup_files;
    writeFileSync(path, JSON.stringify(record, null, 2) + '\n');
    assert.equal((await planOnly()).iteration, 1);
    assert.deepEqual((await compareIterations([ws.iteration()], { cwd: ws.home, writeGrading: false })).document.validity.filter((v) => v.code === 'evals-changed' || v.code === 'line-endings-converted'), []);
  });

  it('an edit of what the agent met is an error for compare, naming the eval and the part, from any working directory', async () => {
    const ws = makeCampaignWorkspace();
    await runCampaign(options(ws));
    editEval(ws, 'explain', (e) => ({ ...e, prompt: 'Explain the report in one line.' }));
    // From HOME, a folder above neither the workspace nor evals.json: campaign.json names it absolutely.
    const { document } = await compareIterations([ws.iteration()], { cwd: ws.home });
    const problem = document.validity.find((v) => v.code === 'evals-changed');
    assert.equal(problem?.severity, 'error', JSON.stringify(document.validity));
    assert.match(problem!.message, /what its evals show the agent changed: eval "explain": prompt changed\. Those runs answered other questions/);
  });

  it('an evals.json copy kept elsewhere (--evals) whose evals\' files are not beside it: said as files not found, not as runs that answered other questions', async () => {
    const ws = makeCampaignWorkspace();
    mkdirSync(join(ws.skillDir, 'evals', 'fixtures'));
    writeFileSync(join(ws.skillDir, 'evals', 'fixtures', 'orders.csv'), 'id,total\n1,10\n');
    editEval(ws, 'explain', (e) => ({ ...e, files: ['fixtures/orders.csv'] }));
    await runCampaign(options(ws));
    // An assertion tweaked in a copy kept in another folder: the fixture itself is untouched.
    const copy = join(ws.home, 'my-evals.json');
    const file = readJson(ws.evalsPath);
    writeFileSync(copy, JSON.stringify({ ...file, evals: file.evals.map((e: { id: string }) => (e.id === 'explain' ? { ...e, assertions: [assertion('the report')] } : e)) }));
    const { document } = await compareIterations([ws.iteration()], { cwd: ws.home, evals: copy });
    const problem = document.validity.find((v) => v.code === 'evals-changed');
    assert.equal(problem?.severity, 'error', JSON.stringify(document.validity));
    assert.match(problem!.message, /, and the files its evals show the agent are not where it names them \(fixtures\/orders\.csv\), so whether those runs answered its questions cannot be told: an evals\.json finds its evals' files beside itself \(or by files_root\)\. Put them back where it names them; for a copy of evals\.json kept in another folder, keep it in the original's folder or give its evals files_root\.$/);
    assert.doesNotMatch(problem!.message, /answered other questions/);
    // The fixture really edited beside the original (and an assertion, so its bytes differ too): the runs answered other questions, as before.
    writeFileSync(join(ws.skillDir, 'evals', 'fixtures', 'orders.csv'), 'id,total\n1,11\n');
    editEval(ws, 'explain', (e) => ({ ...e, assertions: [assertion('the report')] }));
    const edited = (await compareIterations([ws.iteration()], { cwd: ws.home })).document.validity.find((v) => v.code === 'evals-changed');
    assert.match(edited!.message, /eval "explain": files changed\. Those runs answered other questions/);
  });

  it('a workspace moved from another checkout (merged from CI): compare finds evals.json by the recorded bytes below a folder above the workspace', async () => {
    const ws = makeCampaignWorkspace();
    editEval(ws, 'explain', (e) => ({ ...e, assertions: [assertion('report')] }));
    await runCampaign(options(ws));
    const path = join(ws.iteration(), 'campaign.json');
    const record = readJson(path);
    writeFileSync(path, JSON.stringify({ ...record, evals: { ...record.evals, path: `/nonexistent-runner/work/${SKILL_NAME}/evals/evals.json` } }, null, 2) + '\n');
    const result = await compareIterations([ws.iteration()], { cwd: ws.home });
    assert.deepEqual(result.inputs, [shownPath(ws.home, ws.evalsPath)]);
    assert.equal(result.document.validity.find((v) => v.code === 'evals-changed'), undefined);
    const iteration = { dir: ws.iteration(), campaign: readJson(path) };
    assert.equal(campaignEvalsPath(iteration, ws.home), ws.evalsPath);
    // Converted by a checkout (CRLF), it is still the recorded file.
    const bytes = readFileSync(ws.evalsPath, 'utf8');
    writeFileSync(ws.evalsPath, bytes.replace(/\n/g, '\r\n'));
    assert.equal(campaignEvalsPath(iteration, ws.home), ws.evalsPath);
    writeFileSync(ws.evalsPath, bytes);
    // Edited in this checkout (a repository: the folder above the workspace holds .git), it is still
    // the one at that place, and compare says how it differs: taking none let each run's own lookup
    // regrade the runs by it without a word (a user trial).
    editEval(ws, 'explain', (e) => ({ ...e, assertions: [assertion('zzz-never')] }));
    // With no .git (a tree unpacked from an archive), the folder holding the workspace bounds it.
    assert.equal(campaignEvalsPath(iteration, ws.home), ws.evalsPath);
    mkdirSync(join(dirname(ws.workspace), '.git'));
    assert.equal(campaignEvalsPath(iteration, ws.home), ws.evalsPath);
    const regraded = await compareIterations([ws.iteration()], { cwd: ws.home });
    assert.match(regraded.document.validity.find((v) => v.code === 'evals-changed')?.message ?? '', /is not the evals\.json .*campaign\.json ran/);
  });

  it('a moved workspace takes an edited evals.json only inside its own repository, the most of the recorded path kept first: a stray evals/evals.json above it (in /tmp, say) or a nearer one of another skill never grades the runs', async () => {
    const ws = makeCampaignWorkspace();
    await runCampaign(options(ws));
    const record = readJson(join(ws.iteration(), 'campaign.json'));
    const root = dirname(ws.workspace);
    const moved = { ...record, evals: { ...record.evals, path: `/nonexistent-runner/work/${SKILL_NAME}/evals/evals.json`, sha256: 'f'.repeat(64) } };
    // The repository is root/repo; root/evals/evals.json and root/csv-reports/evals/evals.json lie above it.
    const repo = join(root, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(join(root, 'evals'));
    writeFileSync(join(root, 'evals', 'evals.json'), readFileSync(ws.evalsPath));
    const iteration = { dir: join(repo, 'skills', 'other', '.eval-magic', SKILL_NAME, 'iteration-1'), campaign: moved };
    assert.equal(campaignEvalsPath(iteration, ws.home), undefined, 'nothing of the recorded bytes, and none in the repository');
    // In the repository: another skill's evals/evals.json nearer the workspace keeps less of the recorded path than the skill's own.
    mkdirSync(join(repo, 'skills', 'other', 'evals'), { recursive: true });
    writeFileSync(join(repo, 'skills', 'other', 'evals', 'evals.json'), '{}');
    mkdirSync(join(repo, SKILL_NAME, 'evals'), { recursive: true });
    writeFileSync(join(repo, SKILL_NAME, 'evals', 'evals.json'), readFileSync(ws.evalsPath));
    assert.equal(campaignEvalsPath(iteration, ws.home), join(repo, SKILL_NAME, 'evals', 'evals.json'));
    // A folder (or a FIFO) at the name is no evals.json.
    rmSync(join(repo, SKILL_NAME, 'evals', 'evals.json'));
    mkdirSync(join(repo, SKILL_NAME, 'evals', 'evals.json'));
    assert.equal(campaignEvalsPath(iteration, ws.home), join(repo, 'skills', 'other', 'evals', 'evals.json'));
  });

  it('a campaign\'s runs whose evals.json is found nowhere are not graded by another found near them (the checker\'s lookup), as judge judges none: compare says why', async () => {
    const ws = makeCampaignWorkspace();
    await runCampaign(options(ws));
    const path = join(ws.iteration(), 'campaign.json');
    const record = readJson(path);
    writeFileSync(path, JSON.stringify({ ...record, evals: { ...record.evals, path: `/nonexistent-runner/work/${SKILL_NAME}/evals/evals.json`, sha256: 'f'.repeat(64) } }, null, 2) + '\n');
    // The skill's own evals.json is gone; a copy lies in the folder above the runs, not of the recorded bytes.
    writeFileSync(join(dirname(ws.workspace), 'evals.json'), readFileSync(ws.evalsPath));
    rmSync(ws.evalsPath);
    await assert.rejects(compareIterations([ws.iteration()], { cwd: ws.home }), /no run can be counted \(its campaign\.json names "\/nonexistent-runner\/work\/csv-reports\/evals\/evals\.json", which is not found outside .*name the evals\.json the campaign ran with/);
    // Named, it grades them (these evals have no assertion to grade).
    await assert.rejects(compareIterations([ws.iteration()], { cwd: ws.home, evals: join(dirname(ws.workspace), 'evals.json') }), /no assertion was graded in any counted run \(the evals have no assertions\)/);
  });

  it('a campaign.json whose relative evals.path resolves nowhere (campaign run from inside the skill): the evals.json the checker finds by the workspace layout grades the runs when it has the recorded bytes, and only then', async () => {
    const ws = makeCampaignWorkspace({ evals: { ...defaultEvals(), evals: defaultEvals().evals.map((e) => ({ ...e, assertions: [assertion("report")] })) } });
    await runCampaign(options(ws));
    const path = join(ws.iteration(), 'campaign.json');
    const record = readJson(path);
    writeFileSync(path, JSON.stringify({ ...record, evals: { ...record.evals, path: 'evals/evals.json' } }, null, 2) + '\n');
    const graded = await compareIterations([ws.iteration()], { cwd: ws.home });
    assert.deepEqual(graded.inputs, [shownPath(ws.home, ws.evalsPath)]);
    editEval(ws, 'explain', (e) => ({ ...e, expected_output: 'Edited.' }));
    await assert.rejects(compareIterations([ws.iteration()], { cwd: ws.home }), /its campaign\.json names "evals\/evals\.json", which is not found .* \(the evals\.json found near its runs, .*csv-reports\/evals\/evals\.json, is not the one it ran\)/);
  });

  it('reads a campaign.json older eval-magic wrote (relative evals path, no per-eval parts): the same evals.json bytes continue it', async () => {
    const ws = makeCampaignWorkspace();
    await runCampaign(options(ws));
    const path = join(ws.iteration(), 'campaign.json');
    const record = readJson(path);
    const older = {
      ...record,
      skill: { name: record.skill.name, source: record.skill.source, sha256: record.skill.sha256 },
      harness: { name: record.harness.name, descriptor_sha256: null },
      evals: { path: `${SKILL_NAME}/evals/evals.json`, sha256: record.evals.sha256 },
    };
    delete older.task;
    writeFileSync(path, JSON.stringify(older, null, 2) + '\n');
    const again = await runCampaign(options(ws));
    assert.equal(again.plan.iteration, 1);
    assert.equal(again.records.length, 0);
    editEval(ws, 'explain', (e) => ({ ...e, expected_output: 'Other.' }));
    const other = await runCampaign(options(ws));
    assert.equal(other.plan.iteration, 2, 'older records hold only the bytes: any evals.json edit is another plan');
    assert.match(other.plan.changes![0]!, /^evals\.json changed \(its campaign\.json, written by an older eval-magic, records only its bytes\)$/);
  });
});

describe('campaign: which iteration a command takes', () => {
  it('an iteration folder another command is claiming (empty, or holding only its campaign.json being written) is taken, not passed for the next number', async () => {
    const ws = makeCampaignWorkspace();
    const skillRoot = join(ws.root, '.eval-magic', SKILL_NAME);
    // Another command made iteration-1 and is writing its campaign.json (the atomic write's temp file, not yet linked into place).
    mkdirSync(join(skillRoot, 'iteration-1'), { recursive: true });
    writeFileSync(join(skillRoot, 'iteration-1', '.campaign.json.Ab3_de-Fg9hK.tmp'), '{');
    const claiming = await runCampaign(options(ws));
    assert.equal(claiming.plan.iteration, 1, 'the same experiment, not a second iteration of it');
    // The temp file of another file is no claim: the next number.
    const other = makeCampaignWorkspace();
    const otherRoot = join(other.root, '.eval-magic', SKILL_NAME);
    mkdirSync(join(otherRoot, 'iteration-1'), { recursive: true });
    writeFileSync(join(otherRoot, 'iteration-1', '.run.json.Ab3_de-Fg9hK.tmp'), '{');
    assert.equal((await runCampaign(options(other))).plan.iteration, 2);
    // A folder with anything else in it and no campaign.json is no claim: the next number.
    mkdirSync(join(skillRoot, 'iteration-2', 'eval-explain'), { recursive: true });
    const next = await runCampaign({ ...options(ws), evalIds: undefined });
    assert.equal(next.plan.iteration, 3);
    // Named with --iteration, an empty folder is new too.
    mkdirSync(join(skillRoot, 'iteration-7'));
    const named = await runCampaign({ ...options(ws), iteration: 7 });
    assert.equal(named.plan.iteration, 7);
  });
});

describe("campaign: a command_check's setup files are recorded as its copy reads them, and never stop a campaign", () => {
  const toCrlf = (path: string) => writeFileSync(path, readFileSync(path, 'utf8').replaceAll('\n', '\r\n'));
  const toLf = (path: string) => writeFileSync(path, readFileSync(path, 'utf8').replaceAll('\r\n', '\n'));
  const said = async (ws: Ws) => {
    const { document } = await compareIterations([ws.iteration()], { cwd: ws.home, writeGrading: false });
    const verdict = document.evals.find((e) => e.id === 'explain')!.assertions[0]!.with_skill as { passed: number; n: number };
    return { said: document.validity.filter((v) => v.code === 'evals-changed' || v.code === 'line-endings-converted'), passed: verdict.passed, n: verdict.n };
  };
  const checked = (setupFiles: string[], command: string) => (e: Record<string, unknown>) => ({ ...e, assertions: [{ id: 'checked', type: 'command_check', command, setup_files: setupFiles }] });

  it("a setup file that is a link, or a link inside a setup folder, is recorded by the bytes its command_check copies (the target's): the target converted to CRLF is line-endings-converted, edited an evals-changed warning", async () => {
    // The seventh review: recorded by the link's target text, the target converted read 2/2 as 0/2 with no word.
    const ws = makeCampaignWorkspace();
    const evalsDir = join(ws.skillDir, 'evals');
    const real = join(evalsDir, 'real', 'check.sh');
    mkdirSync(dirname(real));
    writeFileSync(real, 'set -e\ntrue\n');
    symlinkSync('real/check.sh', join(evalsDir, 'check.sh'));
    const shared = join(evalsDir, 'lib', 'env.sh');
    mkdirSync(dirname(shared));
    writeFileSync(shared, 'X=1\n');
    mkdirSync(join(evalsDir, 'checks'));
    writeFileSync(join(evalsDir, 'checks', 'run.sh'), 'set -e\n. ./checks/env.sh\ntest "$X" = 1\n');
    symlinkSync('../lib/env.sh', join(evalsDir, 'checks', 'env.sh'));
    editEval(ws, 'explain', checked(['check.sh', 'checks'], 'sh check.sh && sh checks/run.sh'));
    await runCampaign(options(ws));
    const recorded = readJson(join(ws.iteration(), 'campaign.json')).evals;
    assert.equal(recorded.setup_files['check.sh'], `file ${sha256Hex('set -e\ntrue\n')}`);
    assert.match(recorded.setup_files.checks, /^folder [0-9a-f]{64}$/);
    assert.equal(recorded.setup_files_lf, undefined, 'no setup file holds a CRLF');
    const before = await said(ws);
    assert.deepEqual([before.said, before.passed], [[], before.n]);
    assert.ok(before.n > 0);

    toCrlf(real);
    const linkConverted = await said(ws);
    assert.equal(linkConverted.passed, 0, 'the converted target fails');
    assert.deepEqual(linkConverted.said.map((v) => [v.code, v.severity]), [['line-endings-converted', 'error']], JSON.stringify(linkConverted.said));
    assert.match(linkConverted.said[0]!.message, /^The setup file "check\.sh" beside /);
    toLf(real);
    toCrlf(shared);
    const inFolder = await said(ws);
    assert.equal(inFolder.passed, 0);
    assert.deepEqual(inFolder.said.map((v) => [v.code, v.severity]), [['line-endings-converted', 'error']], JSON.stringify(inFolder.said));
    assert.match(inFolder.said[0]!.message, /^The setup file "checks" beside /);
    toLf(shared);
    writeFileSync(real, 'set -e\nfalse\n');
    const edited = await said(ws);
    assert.deepEqual(edited.said.map((v) => [v.code, v.severity]), [['evals-changed', 'warning']], JSON.stringify(edited.said));
    assert.match(edited.said[0]!.message, /^The setup file "check\.sh" beside .* changed since/);
  });

  it('a setup file recorded with CRLF (a campaign on a CRLF checkout) and LF now is the same file: nothing said; one still CRLF cannot be told from the record', async () => {
    const ws = makeCampaignWorkspace();
    const script = join(ws.skillDir, 'evals', 'check.sh');
    writeFileSync(script, 'set -e\r\ntrue\r\n');
    editEval(ws, 'explain', checked(['check.sh'], 'sh check.sh'));
    toCrlf(ws.evalsPath);
    await runCampaign(options(ws));
    const recorded = readJson(join(ws.iteration(), 'campaign.json')).evals;
    assert.deepEqual([recorded.setup_files['check.sh'], recorded.setup_files_lf], [`file ${sha256Hex('set -e\r\ntrue\r\n')}`, { 'check.sh': `file ${sha256Hex('set -e\ntrue\n')}` }]);
    assert.deepEqual((await said(ws)).said, [], 'the same bytes: compare cannot tell they were converted at campaign time');
    toLf(script);
    toLf(ws.evalsPath);
    const lf = await said(ws);
    // evals.json recorded with CRLF is regraded, as ever (a warning); of the setup file nothing is said.
    assert.deepEqual(lf.said.map((v) => [v.code, v.severity]), [['evals-changed', 'warning']], JSON.stringify(lf.said));
    assert.doesNotMatch(lf.said[0]!.message, /setup file/);
    assert.equal(lf.passed, lf.n);
    // Any other byte is still a change.
    writeFileSync(script, 'set -e\nfalse\n');
    const edited = (await said(ws)).said;
    assert.deepEqual(edited.map((v) => [v.code, v.severity]), [['evals-changed', 'warning'], ['evals-changed', 'warning']]);
    assert.match(edited[1]!.message, /^The setup file "check\.sh" beside .* changed since/);
  });

  it('a setup file or folder the user cannot read: campaign runs and records it as unreadable, compare says nothing of it and leaves its command_check ungraded with its reason', { timeout: 120_000 }, () => {
    // The seventh review: campaign died with an internal error (EACCES), or refused as if it copied setup files; compare died too.
    const ws = makeCampaignWorkspace();
    const evalsDir = join(ws.skillDir, 'evals');
    writeFileSync(join(evalsDir, 'locked.sh'), 'true\n');
    mkdirSync(join(evalsDir, 'data', 'private'), { recursive: true });
    writeFileSync(join(evalsDir, 'data', 'private', 'rows.csv'), 'a\n');
    mkdirSync(join(evalsDir, 'checks'));
    writeFileSync(join(evalsDir, 'checks', 'run.sh'), 'true\n');
    writeFileSync(join(evalsDir, 'checks', 'secret.txt'), 'x\n');
    const command = (id: string, file: string) => ({ id, type: 'command_check', command: 'true', setup_files: [file] });
    editEval(ws, 'explain', (e) => ({ ...e, assertions: [command('locked', 'locked.sh'), command('data', 'data'), command('checks', 'checks'), assertion('.')] }));
    chmodSync(join(evalsDir, 'locked.sh'), 0);
    chmodSync(join(evalsDir, 'data', 'private'), 0);
    // As a regular user: root reads what mode 000 closes.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) giveToRegularUser(ws.root);
    const cli = (args: string[]) => {
      const argv = [process.execPath, binPath, ...args];
      const spawnOptions = { cwd: ws.root, env: { ...(ws.env as Record<string, string>), NO_COLOR: '1' }, encoding: 'utf8' as const, timeout: 60_000 };
      return asRoot ? spawnAsRegularUser(argv, spawnOptions) : spawnSync(argv[0]!, argv.slice(1), spawnOptions);
    };
    const campaign = cli(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--runs', '1']);
    assert.equal(campaign.status, 0, campaign.stdout + campaign.stderr);
    assert.deepEqual(readJson(join(ws.iteration(), 'campaign.json')).evals.setup_files, { 'locked.sh': 'unreadable', data: 'unreadable', checks: readJson(join(ws.iteration(), 'campaign.json')).evals.setup_files.checks });
    assert.match(readJson(join(ws.iteration(), 'campaign.json')).evals.setup_files.checks, /^folder [0-9a-f]{64}$/);
    // Recorded readable, unreadable now.
    chmodSync(join(evalsDir, 'checks', 'secret.txt'), 0);
    const compare = cli(['compare', ws.workspace, '--no-grading', '-f', 'json']);
    assert.doesNotMatch(compare.stderr, /internal error/);
    assert.ok(compare.stdout !== '', compare.stderr);
    const document = JSON.parse(compare.stdout);
    assert.deepEqual(document.validity.filter((v: { code: string }) => v.code === 'evals-changed' || v.code === 'line-endings-converted'), []);
    const explain = document.evals.find((e: { id: string }) => e.id === 'explain');
    assert.deepEqual(explain.assertions.map((a: { id: string }) => a.id), ['locked', 'data', 'checks', 'explains']);
    assert.deepEqual(explain.assertions.map((a: { with_skill: { ungraded: number } }) => a.with_skill.ungraded), [1, 1, 1, 0]);
    for (const file of ['locked.sh', 'data', 'checks']) assert.ok(compare.stdout.includes(`setup file \\"${file}\\" could not be copied in: EACCES`), file);
  });
});
