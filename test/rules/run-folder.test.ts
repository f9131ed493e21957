// run-folder: check holds a run.json to the run folder it lies in — the eval, condition and run of
// eval-<id>/<condition>/run-<j>/ — by the rule compare counts runs by and campaign resumes by
// (workspace/run-record.ts recordOfAnotherRun), so a run folder copied over another is told by
// check too, not only by compare's run-record-unusable.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { check, checkSource, rules } from '../../src/index.js';
import { compareIterations } from '../../src/compare/index.js';
import { serializeRunRecord, type RunRecord } from '../../src/workspace/run-record.js';
import { writeWorkspace, type RunSpec } from '../compare/workspace.js';

const root = mkdtempSync(join(tmpdir(), 'run-folder-'));
after(() => rmSync(root, { recursive: true, force: true }));

const fixtures = new URL('../../fixtures/rules/run-folder/', import.meta.url).pathname;
const fixtureRecord = JSON.parse(readFileSync(join(fixtures, 'valid/recorded-in-its-run/.eval-magic/changelog-keeper/iteration-1/eval-add-flag/with_skill/run-3/run.json'), 'utf8')) as RunRecord;
const record = (fields: Partial<RunRecord>): RunRecord => ({ ...fixtureRecord, eval_id: 'explain', condition: 'with_skill', run: 1, ...fields });

const RUN = '.eval-magic/skill/iteration-1/eval-explain/with_skill/run-1';

interface Case {
  name: string;
  /** The run folder the run.json lies in, below the case's folder. */
  at: string;
  record: RunRecord;
  /** [line, column, a part of the message]. */
  error?: [number, number, string];
}

const valid: Case[] = [
  { name: 'in its run folder', at: RUN, record: record({}) },
  { name: 'in an iteration folder of another name (compare takes any)', at: '.eval-magic/skill/baseline/eval-explain/with_skill/run-1', record: record({}) },
  { name: 'in a run folder of another name (run-01: compare counts no run there)', at: '.eval-magic/skill/iteration-1/eval-explain/with_skill/run-01', record: record({ run: 2 }) },
  { name: 'outside any run folder', at: 'notes', record: record({ run: 2 }) },
];

const invalid: Case[] = [
  { name: "another run's record (a run folder copied over another)", at: RUN, record: record({ run: 3 }), error: [6, 10, 'This is the record of eval "explain", "with_skill" run 3, not of the run folder it lies in (eval "explain", "with_skill" run 1): a copy, which compare does not count (campaign makes no run there: its iteration has no usable campaign.json, so no campaign makes it again).'] },
  { name: "the other arm's record", at: RUN, record: record({ condition: 'without_skill' }), error: [5, 16, 'eval "explain", "without_skill" run 1, not of the run folder it lies in (eval "explain", "with_skill" run 1)'] },
  { name: "another eval's record", at: RUN, record: record({ eval_id: 'greet' }), error: [4, 14, 'This is the record of eval "greet"'] },
  { name: "another eval's record in the reference's one-run layout (eval-<id>/<condition>/run.json: compare reads it there, review35)", at: '.eval-magic/skill/iteration-1/eval-explain/with_skill', record: record({ eval_id: 'greet' }), error: [4, 14, 'This is the record of eval "greet", "with_skill" run 1, not of the run folder it lies in (eval "explain", "with_skill")'] },
  { name: "another run's record, in an iteration folder renamed", at: '.eval-magic/skill/baseline/eval-explain/with_skill/run-1', record: record({ run: 2 }), error: [6, 10, '"with_skill" run 2, not of the run folder it lies in (eval "explain", "with_skill" run 1)'] },
];

/** Writes the case's run.json and checks it as named on the command line (a search does not look for run.json). */
async function findings(c: Case): Promise<Array<[string, number, number, string]>> {
  const dir = join(root, c.name.replace(/\W+/g, '-'));
  mkdirSync(join(dir, c.at), { recursive: true });
  writeFileSync(join(dir, c.at, 'run.json'), serializeRunRecord(c.record));
  const report = await check([`${c.at}/run.json`], { cwd: dir });
  const messages = report.results.flatMap((r) => r.messages);
  assert.deepEqual(messages.filter((m) => m.ruleId !== 'run-folder'), [], 'the record is schema-valid and breaks no other rule');
  return messages.map((m) => [m.messageId!, m.line, m.column!, m.message]);
}

describe('rule run-folder', () => {
  it('is registered for run.json, and its message is exercised (below)', () => {
    assert.equal(rules['run-folder']?.meta.id, 'run-folder');
    assert.equal(rules['run-folder']?.meta.kind, 'run');
    assert.deepEqual(Object.keys(rules['run-folder']!.meta.messages), ['other-run']);
  });

  for (const c of valid) it(`valid: ${c.name}`, async () => assert.deepEqual(await findings(c), []));
  for (const c of invalid) {
    it(`invalid: ${c.name}`, async () => {
      const [found, ...rest] = await findings(c);
      assert.deepEqual(rest, []);
      const [line, column, part] = c.error!;
      assert.deepEqual(found!.slice(0, 3), ['other-run', line, column]);
      assert.ok(found![3].includes(part), found![3]);
    });
  }

  it('its fixtures: the valid one clean, each invalid one a finding, searched with --pattern as the docs say', async () => {
    for (const kind of ['valid', 'invalid'] as const) {
      const report = await check(['.'], { cwd: join(fixtures, kind), pattern: '**/run.json' });
      assert.ok(report.results.length > 0);
      for (const result of report.results) {
        assert.deepEqual(result.messages.map((m) => m.ruleId), kind === 'valid' ? [] : ['run-folder'], result.filePath);
      }
    }
  });

  it('standard input: held to the place --stdin-filename names, to none without it', async () => {
    const bytes = serializeRunRecord(record({ run: 2 }));
    const named = await check(['-'], { cwd: root, stdin: { bytes, filePath: `${RUN}/run.json` } });
    assert.deepEqual(named.results.flatMap((r) => r.messages.map((m) => m.ruleId)), ['run-folder']);
    assert.deepEqual(checkSource({ filePath: 'run.json', bytes }).messages, []);
  });

  it("a record the schema refuses is the schema's to report, not held to its place", async () => {
    const dir = join(root, 'schema');
    mkdirSync(join(dir, RUN), { recursive: true });
    writeFileSync(join(dir, RUN, 'run.json'), JSON.stringify({ ...record({ run: 2 }), status: 'finished' }, null, 2));
    const report = await check([`${RUN}/run.json`], { cwd: dir });
    assert.deepEqual(report.results.flatMap((r) => r.messages.map((m) => m.ruleId)), ['schema']);
  });

  it('the same verdict as compare: a run folder copied over another is an error for both (user trial: check passed it, compare refused it)', async () => {
    const run: RunSpec = { events: [{ user: 'Rename the column.' }, { assistant: 'Should I rename it in the seeds too?' }, { user: 'Yes.' }, { assistant: 'Renamed.' }] };
    const evals = [{ id: 'e1', prompt: 'Rename the column.', expected_output: 'Asks first.', turns: [{ prompt: 'Yes.', deliver_when: 'agent_asks' }], assertions: [{ id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }] }];
    const dir = join(root, 'copied');
    const iteration = writeWorkspace(dir, { skill: 's', evals, runs: { e1: { with_skill: [run, run, run], without_skill: [run, run, run] } } });
    const arm = join(iteration, 'eval-e1', 'with_skill');
    rmSync(join(arm, 'run-3'), { recursive: true });
    cpSync(join(arm, 'run-1'), join(arm, 'run-3'), { recursive: true });
    const { document } = await compareIterations([iteration], { cwd: dir });
    assert.ok(document.validity.some((v) => v.code === 'run-record-unusable' && v.severity === 'error'));
    const report = await check([iteration], { cwd: dir, pattern: '**/run.json' });
    const said = report.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.ruleId]));
    assert.deepEqual(said, [[join(iteration, 'eval-e1', 'with_skill', 'run-3', 'run.json'), 'run-folder']]);
  });
});

describe('run-folder: what it promises of campaign is what campaign does', () => {
  it("a run folder copied by hand past the plan (cp -a run-1 run-4, 3 runs planned) is said as campaign and judge pass it over, not as a run campaign makes again (user trial: check promised it, campaign said 'nothing to run')", async () => {
    const run: RunSpec = { events: [{ user: 'Explain it.' }, { assistant: 'It is short.' }] };
    const evals = [{ id: 'e1', prompt: 'Explain it.', expected_output: 'Short.', assertions: [{ id: 'short', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'short' }] }];
    const dir = join(root, 'past-the-plan');
    const iteration = writeWorkspace(dir, { skill: 's', evals, runs: { e1: { with_skill: [run, run, run], without_skill: [run, run, run] } } });
    const arm = join(iteration, 'eval-e1', 'with_skill');
    cpSync(join(arm, 'run-1'), join(arm, 'run-4'), { recursive: true });
    const { document } = await compareIterations([iteration], { cwd: dir });
    assert.ok(document.validity.some((v) => v.code === 'runs-over-plan' && v.severity === 'error'));
    const report = await check([join(arm, 'run-4', 'run.json')], { cwd: dir });
    const [found, ...rest] = report.results.flatMap((r) => r.messages);
    assert.deepEqual(rest, []);
    assert.equal(found?.ruleId, 'run-folder');
    assert.ok(!found!.message.includes('campaign makes this run again'), found!.message);
    // The reason judge's plan gives for passing it over, word for word.
    assert.ok(found!.message.endsWith('a copy, which compare does not count (campaign makes no run there: run 4 is beyond the 3 runs per arm campaign.json plans).'), found!.message);
    // Of the plan, the copy is a run campaign makes again, as it said.
    rmSync(join(arm, 'run-4'), { recursive: true });
    rmSync(join(arm, 'run-3'), { recursive: true });
    cpSync(join(arm, 'run-1'), join(arm, 'run-3'), { recursive: true });
    const again = await check([join(arm, 'run-3', 'run.json')], { cwd: dir });
    assert.ok(again.results[0]!.messages[0]!.message.endsWith('(campaign makes this run again).'), again.results[0]!.messages[0]!.message);
  });

  it('a copy in an iteration whose campaign.json is gone: no campaign makes it again, and compare counts it no more than with the plan (review48 F2: it promised campaign would, and compare counted run 1 twice)', async () => {
    const run: RunSpec = { events: [{ user: 'Explain it.' }, { assistant: 'It is short.' }] };
    const evals = [{ id: 'e1', prompt: 'Explain it.', expected_output: 'Short.', assertions: [{ id: 'short', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'short' }] }];
    const dir = join(root, 'copy-no-plan');
    const iteration = writeWorkspace(dir, { skill: 's', evals, runs: { e1: { with_skill: [run, run], without_skill: [run, run] } } });
    rmSync(join(iteration, 'campaign.json'));
    const arm = join(iteration, 'eval-e1', 'with_skill');
    rmSync(join(arm, 'run-2'), { recursive: true });
    cpSync(join(arm, 'run-1'), join(arm, 'run-2'), { recursive: true });
    const report = await check([join(arm, 'run-2', 'run.json')], { cwd: dir });
    const message = report.results[0]!.messages[0]!.message;
    assert.ok(message.endsWith('a copy, which compare does not count (campaign makes no run there: its iteration has no usable campaign.json, so no campaign makes it again).'), message);
    const { document } = await compareIterations([iteration], { cwd: dir });
    assert.equal(document.evals[0]!.runs.with_skill, 1);
  });
});

describe("what check reads (docs/rules/README.md#what-check-reads, README's check)", () => {
  it("a folder search reads no run.json — a broken one passes `check .eval-magic` and compare refuses it (run-record-unusable) — and the second command the docs give reads it; a conversation.json edited after its run passes check and only compare tells it (conversation-edited) (user trial: the README said check checks every file the campaign wrote)", async () => {
    const run: RunSpec = { events: [{ user: 'Explain it.' }, { assistant: 'It is short.' }] };
    const evals = [{ id: 'e1', prompt: 'Explain it.', expected_output: 'Short.', assertions: [{ id: 'short', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'short' }] }];
    const dir = join(root, 'what-check-reads');
    const iteration = writeWorkspace(dir, { skill: 's', evals, conversationDigests: true, runs: { e1: { with_skill: [run, run], without_skill: [run, run] } } });
    const arm = join(iteration, 'eval-e1', 'with_skill');
    writeFileSync(join(arm, 'run-1', 'run.json'), '{"schema_version": 1, "eval_id": ');
    const searched = await check(['.eval-magic'], { cwd: dir });
    assert.equal(searched.errorCount + searched.warningCount, 0, 'the search reads no run.json');
    assert.ok(!searched.results.some((r) => r.filePath.endsWith('run.json')));
    const patterned = await check(['.eval-magic'], { cwd: dir, pattern: '**/run.json' });
    assert.deepEqual(patterned.results.filter((r) => r.errorCount > 0).map((r) => r.filePath), ['.eval-magic/s/iteration-1/eval-e1/with_skill/run-1/run.json']);
    const refused = await compareIterations([iteration], { cwd: dir });
    assert.ok(refused.document.validity.some((v) => v.code === 'run-record-unusable' && v.severity === 'error'));

    // Edited after the run: a schema-valid conversation, another text than its run.json's digest.
    cpSync(join(arm, 'run-2', 'run.json'), join(arm, 'run-1', 'run.json'));
    const record = JSON.parse(readFileSync(join(arm, 'run-2', 'run.json'), 'utf8')) as RunRecord;
    writeFileSync(join(arm, 'run-1', 'run.json'), serializeRunRecord({ ...record, run: 1 }));
    const conversation = readFileSync(join(arm, 'run-2', 'conversation.json'), 'utf8');
    writeFileSync(join(arm, 'run-2', 'conversation.json'), conversation.replace('It is short.', 'It is short!'));
    const edited = await check(['.eval-magic'], { cwd: dir });
    assert.equal(edited.errorCount + edited.warningCount, 0, 'check has no rule that holds a conversation to its run.json');
    const told = await compareIterations([iteration], { cwd: dir });
    assert.ok(told.document.validity.some((v) => v.code === 'conversation-edited'), JSON.stringify(told.document.validity.map((v) => v.code)));
  });
});
