// compare reads what a campaign left — run.json, campaign.json, an earlier grading.json — by the
// checker's read rule: a link is not followed, a device is never read, and a run.json must pass
// its schema (workspace/run-record.ts, the one reader a resumed campaign uses too).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readRunRecord, readRunRecordFile } from '../../src/workspace/run-record.js';
import { compareIterations } from '../../src/compare/index.js';
import { check } from '../../src/index.js';
import { writeWorkspace, type RunSpec } from './workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-records-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const run = (asks: boolean): RunSpec => ({
  events: [{ user: 'Rename the column.' }, ...(asks ? [{ assistant: 'Should I rename it in the seeds too?' }, { user: 'Yes, everywhere.' }] : []), { assistant: 'Renamed.' }],
  ...(asks ? {} : { stopped: { reason: 'agent_did_not_ask' as const, before: 1 } }),
});
const evals = [{
  id: 'e1', prompt: 'Rename the column.', expected_output: 'Asks first.', turns: [{ prompt: 'Yes, everywhere.', deliver_when: 'agent_asks' }],
  assertions: [{ id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }],
}];
/** A workspace of one eval, two runs per arm; returns the iteration and the first control run's folder. */
function workspace(name: string): { root: string; iteration: string; runDir: string } {
  const root = join(tmp, name);
  const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [run(true), run(true)], without_skill: [run(false), run(false)] } } });
  return { root, iteration, runDir: join(iteration, 'eval-e1', 'without_skill', 'run-1') };
}
const unusable = (doc: Awaited<ReturnType<typeof compareIterations>>['document']) => doc.validity.filter((v) => v.code === 'run-record-unusable');

describe('compare: run.json, campaign.json and grading.json are read by the checker\'s read rule', () => {
  it('a run.json linked to /dev/zero is not read: compare finishes, says so as an error, and does not count the run (how it ended is unknown)', { timeout: 30_000 }, async () => {
    const { root, iteration, runDir } = workspace('dev-zero');
    rmSync(join(runDir, 'run.json'));
    symlinkSync('/dev/zero', join(runDir, 'run.json'));
    const { document } = await compareIterations([iteration], { cwd: root });
    const [problem, ...rest] = unusable(document);
    assert.equal(rest.length, 0);
    assert.equal(problem!.severity, 'error');
    assert.match(problem!.message, /without_skill run 1: run\.json cannot be used.*run-1\/run\.json is a symbolic link/);
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 2, without_skill: 1 });
    assert.match(document.evals[0]!.run_list.find((r) => r.condition === 'without_skill' && r.run === 1)!.excluded!, /run\.json cannot be used/);
    // Not also reported as a run of the reference's layout.
    assert.ok(!document.validity.some((v) => v.code === 'no-run-record'), JSON.stringify(document.validity));
  });
  it('a run.json linked to a record outside the workspace is not followed either', async () => {
    const { root, iteration, runDir } = workspace('outside');
    const outside = join(tmp, 'outside-run.json');
    writeFileSync(outside, readFileSync(join(runDir, 'run.json')));
    rmSync(join(runDir, 'run.json'));
    symlinkSync(outside, join(runDir, 'run.json'));
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.match(unusable(document)[0]!.message, /is a symbolic link/);
  });
  it('a run.json that is a folder is said in one sentence (its reason ends with a full stop of its own: it read "must be a file..")', async () => {
    const { root, iteration, runDir } = workspace('folder');
    rmSync(join(runDir, 'run.json'));
    mkdirSync(join(runDir, 'run.json'));
    const { document } = await compareIterations([iteration], { cwd: root });
    const message = unusable(document)[0]!.message;
    assert.match(message, /run-1\/run\.json: Not a regular file \(a directory\); a run\.json must be a file\.$/);
  });
  it('a run.json against its schema is named with its line and column, and its fields are not used', async () => {
    const { root, iteration, runDir } = workspace('schema');
    const file = join(runDir, 'run.json');
    // Hand-edited: a control run claiming its isolation held, with a duration written as text.
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"duration_ms": \d+/, '"duration_ms": "about a minute"'));
    const { document } = await compareIterations([iteration], { cwd: root });
    const message = unusable(document)[0]!.message;
    assert.match(message, /run-1\/run\.json:\d+:\d+: /);
    assert.match(message, /duration_ms/);
    const duration = document.evals[0]!.metrics.find((m) => m.id === 'duration_ms');
    if (duration) assert.equal((duration.without_skill as { n: number }).n, 1);
    assert.equal(document.evals[0]!.runs.without_skill, 1);
  });
  it('a repeated key in run.json (invisible to JSON.parse) makes it unusable', async () => {
    const { root, iteration, runDir } = workspace('duplicate');
    const file = join(runDir, 'run.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"isolation": {', '"isolation": {\n    "valid": false,'));
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.match(unusable(document)[0]!.message, /run\.json:\d+:\d+: the key "valid" appears twice/);
  });
  it('a grading.json linked to /dev/zero or to a file elsewhere is replaced, never read or written through', { timeout: 30_000 }, async () => {
    const { root, iteration, runDir } = workspace('grading-links');
    symlinkSync('/dev/zero', join(runDir, 'grading.json'));
    const elsewhere = join(tmp, 'precious.txt');
    writeFileSync(elsewhere, 'not a grading\n');
    const second = join(iteration, 'eval-e1', 'without_skill', 'run-2', 'grading.json');
    symlinkSync(elsewhere, second);
    await compareIterations([iteration], { cwd: root });
    for (const path of [join(runDir, 'grading.json'), second]) {
      assert.ok(lstatSync(path).isFile(), path);
      assert.equal(JSON.parse(readFileSync(path, 'utf8')).summary.total, 1);
    }
    assert.equal(readFileSync(elsewhere, 'utf8'), 'not a grading\n');
  });
  it('a link planted where grading.json\'s temporary file used to go (grading.json.<pid>.tmp) is never written through', async () => {
    const { root, iteration, runDir } = workspace('planted-temp');
    const target = join(tmp, 'bashrc');
    writeFileSync(target, 'alias ls=ls\n');
    // compareIterations runs in this process, so the old name was predictable here.
    symlinkSync(target, join(runDir, `grading.json.${process.pid}.tmp`));
    await compareIterations([iteration], { cwd: root });
    assert.equal(readFileSync(target, 'utf8'), 'alias ls=ls\n');
    assert.equal(JSON.parse(readFileSync(join(runDir, 'grading.json'), 'utf8')).summary.total, 1);
  });
  it("a grading.json temporary file an interrupted compare left (a thread stopped between writing and renaming) is removed by the next compare that writes grading.json — an old one only, a file only; never with --no-grading (review25)", async () => {
    const { root, iteration, runDir } = workspace('left-temp');
    const old = Date.now() / 1000 - 3600;
    const left = join(runDir, '.grading.json.AbCdEfGh1234.tmp');
    writeFileSync(left, '{"assertion_results": [');
    utimesSync(left, old, old);
    // Another compare's write under way (new), a folder so named, a link: left alone.
    const fresh = join(runDir, '.grading.json.ZZZZZZZZZZZZ.tmp');
    writeFileSync(fresh, '{');
    mkdirSync(join(runDir, '.grading.json.FolderFolder.tmp'));
    symlinkSync(join(tmp, 'nowhere'), join(runDir, '.grading.json.LinkLinkLink.tmp'));
    const other = join(runDir, '.run.json.AbCdEfGh1234.tmp');
    writeFileSync(other, '{');
    utimesSync(other, old, old);
    await compareIterations([iteration], { cwd: root, writeGrading: false });
    assert.ok(lstatSync(left).isFile(), '--no-grading writes nothing, removes nothing');
    await compareIterations([iteration], { cwd: root });
    assert.deepEqual(readdirSync(runDir).filter((n) => n.endsWith('.tmp')).sort(), ['.grading.json.FolderFolder.tmp', '.grading.json.LinkLinkLink.tmp', '.grading.json.ZZZZZZZZZZZZ.tmp', '.run.json.AbCdEfGh1234.tmp']);
  });

  it('a campaign.json linked to /dev/zero is not read (its hints are lost, the runs still compare)', { timeout: 30_000 }, async () => {
    const { root, iteration } = workspace('campaign-zero');
    rmSync(join(iteration, 'campaign.json'));
    symlinkSync('/dev/zero', join(iteration, 'campaign.json'));
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.deepEqual(document.conditions, ['with_skill', 'without_skill']);
    const warning = document.validity.find((v) => v.code === 'campaign-record-unusable')!;
    assert.equal(warning.severity, 'warning');
    assert.match(warning.message, /not known to this comparison: \.eval-magic\/s\/iteration-1\/campaign\.json is a symbolic link; eval-magic writes campaign\.json as a file of its own, so it was not read\.$/);
  });
  it('a campaign.json that is not JSON says so (it used to be dropped without a word)', async () => {
    const { root, iteration } = workspace('campaign-broken');
    writeFileSync(join(iteration, 'campaign.json'), '{"schema_version": 1, "conditions": [');
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.match(document.validity.find((v) => v.code === 'campaign-record-unusable')!.message, /: \.eval-magic\/s\/iteration-1\/campaign\.json:1:38: not valid JSON/);
  });
  it('a campaign.json against its schema is read the way campaign reads it: not used, the place named', async () => {
    const { root, iteration } = workspace('campaign-schema');
    const plan = JSON.parse(readFileSync(join(iteration, 'campaign.json'), 'utf8')) as { runs: Record<string, unknown> };
    const [evalId] = Object.keys(plan.runs);
    writeFileSync(join(iteration, 'campaign.json'), JSON.stringify({ ...plan, runs: { ...plan.runs, [evalId!]: 'two' } }, null, 2));
    const { document } = await compareIterations([iteration], { cwd: root });
    const warning = document.validity.find((v) => v.code === 'campaign-record-unusable')!;
    assert.match(warning.message, /: \.eval-magic\/s\/iteration-1\/campaign\.json:\d+:\d+: /);
    // The planned runs it named are not counted against.
    assert.equal(document.validity.some((v) => v.code === 'runs-missing' && /planned/.test(v.message)), false);
  });
  it("a relative started_in is said in check's words, not as the schema's regular expression (review46 F7)", async () => {
    const { root, iteration } = workspace('campaign-relative');
    const plan = JSON.parse(readFileSync(join(iteration, 'campaign.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(iteration, 'campaign.json'), JSON.stringify({ ...plan, started_in: 'rel/x' }, null, 2));
    const { document } = await compareIterations([iteration], { cwd: root });
    const warning = document.validity.find((v) => v.code === 'campaign-record-unusable')!;
    assert.match(warning.message, /campaign\.json:\d+:\d+: \/started_in must be an absolute path \(starting with \/\), against its schema/);
    assert.doesNotMatch(warning.message, /pattern/);
  });
});

describe('the one run.json reader (workspace/run-record.ts)', () => {
  it('gives the record campaign wrote, none for an absent file, and a positioned problem for a bad one', () => {
    const { runDir } = workspace('reader');
    const read = readRunRecordFile(runDir);
    assert.ok(read.found && 'record' in read, JSON.stringify(read));
    assert.equal(read.record.condition, 'without_skill');
    assert.deepEqual(readRunRecordFile(join(runDir, 'task')), { found: false });
    writeFileSync(join(runDir, 'run.json'), '{"schema_version": 1}\n');
    const bad = readRunRecordFile(runDir, 'run-1/run.json');
    assert.ok(bad.found && 'problem' in bad);
    assert.match(bad.problem, /^run-1\/run\.json:1:1: .*\(and \d+ more\)$/);
    // A resumed campaign reads it the same way: not a record, so the run is not done.
    assert.equal(readRunRecord(runDir), undefined);
  });
  it('a run.json of another run (arms swapped by hand) is not lent to the folder it sits in', async () => {
    const { root, iteration } = workspace('swapped-record');
    const arm = (condition: string) => join(iteration, 'eval-e1', condition);
    renameSync(arm('with_skill'), arm('swapping'));
    renameSync(arm('without_skill'), arm('with_skill'));
    renameSync(arm('swapping'), arm('without_skill'));
    // Not one run's record is its own: none can be counted, and compare says why instead of comparing.
    await assert.rejects(compareIterations([iteration], { cwd: root }), /no run can be counted .*with_skill\/run-1\/run\.json is the record of eval "e1", "without_skill" run 1, not of this folder's eval "e1", "with_skill" run 1/);
  });
  it('no run counted because every run.json is broken: the message names the first 3 reasons and how many more (it repeated one per run, a wall of text for a workspace of hundreds)', async () => {
    const root = join(tmp, 'many-broken');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: Array.from({ length: 6 }, () => run(true)), without_skill: Array.from({ length: 6 }, () => run(false)) } } });
    for (const condition of ['with_skill', 'without_skill']) for (let j = 1; j <= 6; j++) writeFileSync(join(iteration, 'eval-e1', condition, `run-${j}`, 'run.json'), '{"schema_version": 1}\n');
    await assert.rejects(compareIterations([iteration], { cwd: root }), (e: Error) => {
      assert.equal(e.message.match(/run\.json:\d+:\d+/g)!.length, 3, e.message);
      assert.match(e.message, /; and 9 more reasons\)\.$/);
      return true;
    });
  });
  it('no assertion tested because one arm of the eval that has them counts no run: the message says which eval and arm, and why (it said only "no assertion was graded in runs of both")', async () => {
    const root = join(tmp, 'arm-broken');
    const single: RunSpec = { events: [{ user: 'Rename the column.' }, { assistant: 'Renamed.' }] };
    const iteration = writeWorkspace(root, {
      skill: 's',
      evals: [...evals, { id: 'e2', prompt: 'Rename the column.', expected_output: 'Renamed.' }],
      runs: { e1: { with_skill: [run(true), run(true)], without_skill: [run(false), run(false)] }, e2: { with_skill: [single], without_skill: [single] } },
    });
    for (const j of [1, 2]) writeFileSync(join(iteration, 'eval-e1', 'with_skill', `run-${j}`, 'run.json'), '{"schema_version": 1}\n');
    await assert.rejects(compareIterations([iteration], { cwd: root }), (e: Error) => {
      assert.match(e.message, /^Nothing to compare under .*: no assertion was graded in runs of both with_skill and without_skill \(eval e1 has no counted with_skill run: its run\.json cannot be used, .*with_skill\/run-1\/run\.json:1:1: /, e.message);
      return true;
    });
  });
  it('check, named run.json or campaign.json, gives the verdict the one reader gives (it used to take them for conversations)', async () => {
    const { root, runDir, iteration } = workspace('check-records');
    const named = [join(runDir, 'run.json'), join(iteration, 'campaign.json')];
    assert.equal((await check(named, { cwd: root })).errorCount, 0);
    writeFileSync(join(runDir, 'run.json'), '{"schema_version": 1}\n');
    const report = await check(named, { cwd: root });
    const runResult = report.results.find((r) => r.filePath.endsWith('run.json'))!;
    assert.deepEqual([runResult.errorCount > 0, report.results.find((r) => r.filePath.endsWith('campaign.json'))!.errorCount], [true, 0]);
    const bad = readRunRecordFile(runDir, runResult.filePath);
    assert.ok(bad.found && 'problem' in bad);
    const first = runResult.messages[0]!;
    assert.ok(bad.problem.startsWith(`${runResult.filePath}:${first.line}:${first.column}: `), bad.problem);
    // Never searched for: a folder check finds the conversations (and grading.json), not the records.
    const searched = await check([iteration], { cwd: root });
    assert.equal(searched.results.some((r) => /(run|campaign)\.json$/.test(r.filePath)), false);
  });
});
