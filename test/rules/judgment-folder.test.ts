// judgment-folder: check holds a judgment.json to the folder it lies in — the assertion and repeat
// of judge/<assertion-id>/<repeat>/, and the run whose folder that is — by the rule compare counts
// votes by (workspace/judgment-record.ts misplacedJudgment), so a judgment copied over another is
// told by check too. A table of judgment.json files written into a workspace's layout, each checked
// by a search of the workspace, as `check .eval-magic` does.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { check, checkSource, rules } from '../../src/index.js';
import validateJudgment from '../../src/validators/judgment.generated.cjs';
import { validatorCalls } from '../helpers/validator-calls.js';
import { writeWorkspace } from '../compare/workspace.js';
import { copiedRepeatAt, judgmentPlaceAt, misplacedJudgment, readRunJudgment, readRunJudgments, serializeJudgment, type JudgmentRecord } from '../../src/workspace/judgment-record.js';

const root = mkdtempSync(join(tmpdir(), 'judgment-folder-'));
after(() => rmSync(root, { recursive: true, force: true }));

// Judged by a rule (no session): no answer to hold it to, so judgment-answer says nothing.
const record = (fields: Partial<JudgmentRecord>): JudgmentRecord => ({
  schema_version: 1, eval_magic_version: '0.1.0', eval_id: 'explain', condition: 'with_skill', run: 1, assertion_id: 'short', repeat: 1,
  verdict: { passed: false, evidence: 'the task folder is a link', confidence: 1 }, reason: null, message: null, harness: { name: 'claude-code', version: null }, model: null,
  started_at: '2026-01-01T00:00:00.000Z', ended_at: '2026-01-01T00:00:01.000Z', duration_ms: 1000, tokens: null, packet_sha256: 'a'.repeat(64), attempts: 0, failures: [], rule: 'broken-task-folder', ...fields,
});

const RUN = '.eval-magic/skill/iteration-1/eval-explain/with_skill/run-1';

/** The evals.json check and compare find for RUN's workspace (<dir>/evals/evals.json): eval explain, judged on `short`. */
function writeEvals(dir: string): void {
  mkdirSync(join(dir, 'evals'), { recursive: true });
  const evals = { skill_name: 'skill', evals: [{ id: 'explain', prompt: 'Explain it.', expected_output: 'x', assertions: [{ id: 'short', type: 'llm_judge', rubric: 'It is short.' }] }] };
  writeFileSync(join(dir, 'evals/evals.json'), JSON.stringify(evals, null, 2) + '\n');
}

interface Case {
  name: string;
  /** Where the judgment.json lies, below the case's folder. */
  at: string;
  record: JudgmentRecord;
  /** [messageId, line, column, a part of the message]. */
  errors?: Array<[string, number, number, string]>;
  /** Checked as named on the command line: a folder search finds a judgment.json only in a judge/<assertion-id>/<repeat>/ folder. */
  named?: true;
}

const valid: Case[] = [
  { name: 'in its run and folder', at: `${RUN}/judge/short/1`, record: record({}) },
  { name: 'a record older eval-magic wrote (no condition or run): held to its eval', at: `${RUN}/judge/short/1`, record: (({ condition: _c, run: _r, ...rest }) => rest)(record({})) as JudgmentRecord },
  { name: 'in the reference layout (no run-<j> folder): held to its folder only', at: '.eval-magic/skill/iteration-1/eval-other/with_skill/judge/short/1', record: record({}) },
  { name: 'outside any judge/<assertion-id>/<repeat>/ (compare never reads it as a judgment)', at: 'notes', record: record({ assertion_id: 'long', repeat: 3 }), named: true },
  // A search does not find it (no judgment's place: cli/check-in-judge-folder.test.ts); named, it is checked.
  { name: 'a repeat folder not canonical (01: compare never reads it), named', at: `${RUN}/judge/short/01`, record: record({}), named: true },
];

const invalid: Case[] = [
  { name: "another assertion's judgment", at: `${RUN}/judge/short/1`, record: record({ assertion_id: 'long' }), errors: [['other-folder', 7, 19, 'This is the judgment of assertion "long", repeat 1, not of its folder judge/short/1/: a copy, which compare counts no vote of (judge makes this judgment again).']] },
  { name: "another repeat's judgment", at: `${RUN}/judge/short/2`, record: record({}), errors: [['other-folder', 8, 13, 'repeat 1, not of its folder judge/short/2/']] },
  { name: "another eval's judgment", at: `${RUN}/judge/short/1`, record: record({ eval_id: 'greet' }), errors: [['other-run', 4, 14, 'This is the judgment of eval "greet", "with_skill" run 1, not of the run it lies in (eval "explain", "with_skill" run 1): a copy']] },
  { name: "the other arm's judgment", at: `${RUN}/judge/short/1`, record: record({ condition: 'without_skill' }), errors: [['other-run', 5, 16, 'eval "explain", "without_skill" run 1, not of the run it lies in (eval "explain", "with_skill" run 1)']] },
  { name: "another run's judgment", at: `${RUN}/judge/short/1`, record: record({ run: 2 }), errors: [['other-run', 6, 10, '"with_skill" run 2, not of the run it lies in (eval "explain", "with_skill" run 1)']] },
  // compare takes any iteration folder it is given, so the run is eval-<id>/<condition>/run-<j> above judge/ whatever the folders above it are called (it passed, while compare refused it).
  { name: "another run's judgment, in an iteration folder renamed", at: '.eval-magic/skill/baseline/eval-explain/with_skill/run-1/judge/short/1', record: record({ run: 2 }), errors: [['other-run', 6, 10, '"with_skill" run 2, not of the run it lies in (eval "explain", "with_skill" run 1)']] },
];

/** Writes the case's judgment.json in a folder of its own and checks the folder it is below as `check .eval-magic` does. */
async function findings(c: Case, rulesSet: Record<string, 'off'> = {}): Promise<Array<[string, number, number, string]>> {
  const dir = join(root, c.name.replace(/\W+/g, '-'));
  mkdirSync(join(dir, c.at), { recursive: true });
  writeFileSync(join(dir, c.at, 'judgment.json'), serializeJudgment(c.record));
  const report = await check([c.named ? `${c.at}/judgment.json` : c.at.split('/')[0]!], { cwd: dir, rules: rulesSet });
  assert.equal(report.results.length, 1, 'the search found the judgment.json');
  const messages = report.results.flatMap((r) => r.messages);
  assert.deepEqual(messages.filter((m) => m.ruleId !== 'judgment-folder'), [], 'the record is schema-valid and breaks no other rule');
  return messages.map((m) => [m.messageId!, m.line, m.column!, m.message]);
}

describe('rule judgment-folder', () => {
  it('is registered, and every message is exercised', () => {
    assert.equal(rules['judgment-folder']?.meta.id, 'judgment-folder');
    // `linked`: the test of a judgment.json that is a symbolic link, below.
    const exercised = new Set([...invalid.flatMap((c) => c.errors!.map(([id]) => id)), 'linked', 'not-a-folder', 'same-session']);
    assert.deepEqual(Object.keys(rules['judgment-folder']!.meta.messages).sort(), [...exercised].sort());
  });
  for (const c of valid) it(`valid: ${c.name}`, async () => assert.deepEqual(await findings(c), []));
  for (const c of invalid) {
    it(`invalid: ${c.name}`, async () => {
      const actual = await findings(c);
      assert.deepEqual(actual.map(([id, line, column, message]) => [id, line, column, message.includes(c.errors![0]![3]) ? c.errors![0]![3] : message]), c.errors);
    });
  }

  it('the rule off: nothing said; checkSource (no place on disk): held to no folder', async () => {
    assert.deepEqual(await findings({ name: 'copied, rule off', at: `${RUN}/judge/short/2`, record: record({}) }, { 'judgment-folder': 'off' }), []);
    const alone = checkSource({ filePath: `${RUN}/judge/short/2/judgment.json`, bytes: Buffer.from(serializeJudgment(record({}))) });
    assert.deepEqual(alone.messages, []);
  });

  it('standard input named into a judgment folder (--stdin-filename) is held to that folder, as the file there would be', async () => {
    const bytes = Buffer.from(serializeJudgment(record({})));
    const named = await check(['-'], { cwd: root, stdin: { bytes, filePath: `${RUN}/judge/short/2/judgment.json` } });
    assert.deepEqual(named.results.flatMap((r) => r.messages.map((m) => [m.ruleId, m.messageId])), [['judgment-folder', 'other-folder']]);
    const unnamed = await check(['-'], { cwd: root, kind: 'judgment', stdin: { bytes } });
    assert.deepEqual(unnamed.results.flatMap((r) => r.messages), []);
  });

  it('a record the schema refuses is the schema\'s to report, and is not held to its folder (compare reads no such record either)', async () => {
    const dir = join(root, 'schema-refused');
    mkdirSync(join(dir, RUN, 'judge/short/2'), { recursive: true });
    writeFileSync(join(dir, RUN, 'judge/short/2/judgment.json'), serializeJudgment(record({ tokens: 'many' as never })));
    const report = await check(['.eval-magic'], { cwd: dir });
    const said = new Set(report.results.flatMap((r) => r.messages.map((m) => m.ruleId)));
    assert.deepEqual([...said], ['schema']);
  });

  it('a judgment.json that is a symbolic link (check followed it and passed it) is an error, in the words compare refuses it in', async () => {
    const dir = join(root, 'linked-file');
    mkdirSync(join(dir, RUN, 'judge/short/1'), { recursive: true });
    writeFileSync(join(dir, RUN, 'elsewhere.json'), serializeJudgment(record({})));
    symlinkSync('../../../elsewhere.json', join(dir, RUN, 'judge/short/1/judgment.json'));
    const compareSays = readRunJudgment(join(dir, RUN), 'short', 1, { evalId: 'explain', condition: 'with_skill', run: 1 });
    assert.ok(compareSays.found && 'problem' in compareSays, JSON.stringify(compareSays));
    const report = await check(['.eval-magic'], { cwd: dir });
    const said = report.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.ruleId, m.messageId, m.severity, m.message] as const));
    assert.equal(said.length, 1, JSON.stringify(said));
    const [[path, ruleId, messageId, severity, message]] = said as [readonly [string, string | null, string | undefined, number, string]];
    assert.deepEqual([path, ruleId, messageId, severity], [`${RUN}/judge/short/1/judgment.json`, 'judgment-folder', 'linked', 2]);
    assert.ok(message.startsWith(compareSays.problem), `${message}\n  compare: ${compareSays.problem}`);

    // Named on the command line, as the pre-commit hook names a staged file (it passed: the name was resolved to the link's target).
    const named = await check([`${RUN}/judge/short/1/judgment.json`], { cwd: dir });
    assert.deepEqual(named.results.flatMap((r) => r.messages.map((m) => [m.ruleId, m.messageId, m.message])), [['judgment-folder', 'linked', message]]);
  });

  it('a judgment.json that is a symbolic link is reported as linked only: its record is not read, so no rule of what it records (judgment-answer reported the stream its link led to)', async () => {
    const dir = join(root, 'linked-file-answer');
    mkdirSync(join(dir, RUN, 'judge/short/1'), { recursive: true });
    // A judge's record whose stream is nowhere: read through the link, judgment-answer said so.
    const judged = record({ rule: undefined, attempts: 1, verdict: { passed: true, evidence: 'short', confidence: 0.9 }, harness: { name: 'claude-code', version: null, events_file: 'claude-events.jsonl', parser: 'claude-stream-json' } });
    writeFileSync(join(dir, RUN, 'elsewhere.json'), serializeJudgment(judged));
    symlinkSync('../../../elsewhere.json', join(dir, RUN, 'judge/short/1/judgment.json'));
    for (const args of [['.eval-magic'], [`${RUN}/judge/short/1/judgment.json`]]) {
      const report = await check(args, { cwd: dir });
      assert.deepEqual(report.results.flatMap((r) => r.messages.map((m) => [m.ruleId, m.messageId])), [['judgment-folder', 'linked']], args[0]);
    }
  });

  it('a judgment.json named through a linked judgment folder is an error, in the words compare refuses it in', async () => {
    const dir = join(root, 'linked-folder');
    mkdirSync(join(dir, RUN), { recursive: true });
    mkdirSync(join(dir, 'elsewhere/short/1'), { recursive: true });
    writeFileSync(join(dir, 'elsewhere/short/1/judgment.json'), serializeJudgment(record({})));
    symlinkSync(join(dir, 'elsewhere'), join(dir, RUN, 'judge'));
    const compareSays = readRunJudgment(join(dir, RUN), 'short', 1, { evalId: 'explain', condition: 'with_skill', run: 1 });
    assert.ok(compareSays.found && 'problem' in compareSays && compareSays.problem.startsWith('judge/ is a symbolic link'), JSON.stringify(compareSays));
    const named = await check([`${RUN}/judge/short/1/judgment.json`], { cwd: dir });
    assert.deepEqual(named.results.flatMap((r) => r.messages.map((m) => [m.ruleId, m.messageId, m.message])), [['judgment-folder', 'linked', `${compareSays.problem}. compare counts no vote of it.`]]);
  });

  it("a linked judge/, judge/<id>/ or judge/<id>/<repeat>/ met by a folder search (the walk never enters it: check said nothing, compare counts no vote through it) is an error at the link, in compare's words", async () => {
    const dir = join(root, 'linked-folders-searched');
    const run = (j: number) => RUN.replace('run-1', `run-${j}`);
    // The eval's llm_judge assertion is short: compare reads judge/short/ and nothing else below judge/.
    writeEvals(dir);
    mkdirSync(join(dir, 'elsewhere/short/1'), { recursive: true });
    writeFileSync(join(dir, 'elsewhere/short/1/judgment.json'), serializeJudgment(record({})));
    mkdirSync(join(dir, run(1)), { recursive: true });
    symlinkSync(join(dir, 'elsewhere'), join(dir, run(1), 'judge'));
    mkdirSync(join(dir, run(2), 'judge'), { recursive: true });
    symlinkSync(join(dir, 'elsewhere/short'), join(dir, run(2), 'judge/short'));
    mkdirSync(join(dir, run(3), 'judge/short'), { recursive: true });
    symlinkSync(join(dir, 'elsewhere/short/1'), join(dir, run(3), 'judge/short/1'));
    // Not a judgment folder: a link named judge outside a run folder, and one in a repeat's place that is no repeat.
    mkdirSync(join(dir, 'tools'), { recursive: true });
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'tools/judge'));
    symlinkSync(join(dir, 'elsewhere/short/1'), join(dir, run(3), 'judge/short/latest'));
    // Nor one named for no assertion of the eval (compare never reads it: check failed on it, promising a judgment judge never makes), a loop among them.
    mkdirSync(join(dir, run(4), 'judge'), { recursive: true });
    symlinkSync('../judge-notes', join(dir, run(4), 'judge/notes'));
    symlinkSync('.', join(dir, run(4), 'judge/loop'));
    symlinkSync(join(dir, 'elsewhere/short/1'), join(dir, run(4), 'judge/loop-notes'));
    const of = (j: number) => ({ evalId: 'explain', condition: 'with_skill', run: j });
    const compareSays = [1, 2, 3].map((j) => readRunJudgments(join(dir, run(j)), 'short', of(j)).map((f) => ('problem' in f ? f.problem : JSON.stringify(f))));
    assert.deepEqual(compareSays.map((problems) => problems.length), [1, 1, 1]);
    assert.deepEqual(readRunJudgments(join(dir, run(4)), 'short', of(4)), [], 'run-4 was never judged on short');
    const report = await check(['.'], { cwd: dir });
    const said = report.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.ruleId, m.messageId, m.severity, m.message]));
    assert.deepEqual(said, [
      [`${run(1)}/judge`, 'judgment-folder', 'linked', 2, `${compareSays[0]![0]}. compare counts no vote of it.`],
      [`${run(2)}/judge/short`, 'judgment-folder', 'linked', 2, `${compareSays[1]![0]}. compare counts no vote of it.`],
      [`${run(3)}/judge/short/1`, 'judgment-folder', 'linked', 2, `${compareSays[2]![0]}. compare counts no vote of it.`],
    ], JSON.stringify(said));
    assert.equal(report.errorCount, 3);
    // Only the evals.json was checked besides the three links: a link compare never reads is no file checked.
    assert.deepEqual(report.results.map((r) => r.filePath).filter((p) => !p.includes('/judge')), ['evals/evals.json']);
    // The rule off: nothing said of them.
    const off = await check(['.'], { cwd: dir, rules: { 'judgment-folder': 'off' } });
    assert.equal(off.errorCount + off.warningCount, 0, JSON.stringify(off.results));
  });

  it("a judge/, judge/<id>/ or judge/<id>/<repeat>/ that is a regular file (check said nothing, compare counted no vote there: one rule, judgment-folder) is an error at the file, in compare's words", async () => {
    const dir = join(root, 'file-folders-searched');
    const run = (j: number) => RUN.replace('run-1', `run-${j}`);
    writeEvals(dir);
    mkdirSync(join(dir, run(1)), { recursive: true });
    writeFileSync(join(dir, run(1), 'judge'), 'x');
    mkdirSync(join(dir, run(2), 'judge'), { recursive: true });
    writeFileSync(join(dir, run(2), 'judge/short'), 'x');
    mkdirSync(join(dir, run(3), 'judge/short'), { recursive: true });
    writeFileSync(join(dir, run(3), 'judge/short/1'), 'x');
    // No judgment folder: a file named judge outside a run, one in a repeat's place that is no repeat, one named for no assertion of the eval.
    mkdirSync(join(dir, 'tools'), { recursive: true });
    writeFileSync(join(dir, 'tools/judge'), 'x');
    writeFileSync(join(dir, run(3), 'judge/short/notes.txt'), 'x');
    mkdirSync(join(dir, run(4), 'judge'), { recursive: true });
    writeFileSync(join(dir, run(4), 'judge/notes'), 'x');
    const of = (j: number) => ({ evalId: 'explain', condition: 'with_skill', run: j });
    const compareSays = [1, 2, 3].map((j) => readRunJudgments(join(dir, run(j)), 'short', of(j)).map((f) => ('problem' in f ? f.problem : JSON.stringify(f))));
    assert.deepEqual(compareSays.map((problems) => problems.length), [1, 1, 1]);
    const report = await check(['.'], { cwd: dir });
    const said = report.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.ruleId, m.messageId, m.severity, m.message]));
    assert.deepEqual(said, [
      [`${run(1)}/judge`, 'judgment-folder', 'not-a-folder', 2, `${compareSays[0]![0]}. compare counts no vote of it.`],
      [`${run(2)}/judge/short`, 'judgment-folder', 'not-a-folder', 2, `${compareSays[1]![0]}. compare counts no vote of it.`],
      [`${run(3)}/judge/short/1`, 'judgment-folder', 'not-a-folder', 2, `${compareSays[2]![0]}. compare counts no vote of it.`],
    ], JSON.stringify(said));
    assert.match(compareSays[0]![0]!, /^judge\/ is not a folder: .*remove it, and judge makes the judgment$/);
    // Named on the command line, each is said alike.
    const named = await check([`${run(2)}/judge/short`], { cwd: dir });
    assert.deepEqual(named.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.messageId])), [[`${run(2)}/judge/short`, 'not-a-folder']]);
    const off = await check(['.'], { cwd: dir, rules: { 'judgment-folder': 'off' } });
    assert.equal(off.errorCount + off.warningCount, 0, JSON.stringify(off.results));
  });

  it('a linked judge/<name>/ where check knows no eval of the run (no evals.json) is reported without promising a judgment judge may never make', async () => {
    const dir = join(root, 'linked-folder-no-eval');
    mkdirSync(join(dir, RUN, 'judge/short'), { recursive: true });
    symlinkSync('../judge-notes', join(dir, RUN, 'judge/notes'));
    symlinkSync('../../elsewhere', join(dir, RUN, 'judge/short/1'));
    const report = await check(['.'], { cwd: dir });
    const said = report.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.ruleId, m.messageId, m.message]));
    const hedged = (below: string, id: string) =>
      `${below}/ is a symbolic link (not followed): judge makes its judgment folders as folders of their own, so what is there was not judged here: if ${JSON.stringify(id)} is an llm_judge assertion of this run's eval (no evals.json told check the eval), remove it, and judge makes the judgment. compare counts no vote of it.`;
    assert.deepEqual(said, [
      [`${RUN}/judge/notes`, 'judgment-folder', 'linked', hedged('judge/notes', 'notes')],
      [`${RUN}/judge/short/1`, 'judgment-folder', 'linked', hedged('judge/short/1', 'short')],
    ], JSON.stringify(said));
  });

  it("a judgment copied into another repeat's folder with its repeat edited (both tools counted two votes) is a copy: check reports it, compare counts one vote, judge makes it again", async () => {
    const evidence = 'short';
    const judged = (fields: Partial<JudgmentRecord>) => record({
      rule: undefined, attempts: 1, verdict: { passed: true, evidence, confidence: 0.9 },
      harness: { name: 'claude-code', version: null, events_file: 'claude-events.jsonl', parser: 'claude-stream-json' }, ...fields,
    });
    // The session's stream, beside the record as judge leaves it: `session` tells two sessions apart.
    const stream = (session: string, verdict = { passed: true, evidence, confidence: 0.9 }) => [
      { type: 'system', subtype: 'init', session_id: session },
      { type: 'result', subtype: 'success', is_error: false, session_id: session, result: '```json\n' + JSON.stringify(verdict) + '\n```' },
    ].map((e) => JSON.stringify(e) + '\n').join('');
    const write = (dir: string, repeat: number, r: JudgmentRecord, events: string | undefined) => {
      mkdirSync(join(dir, RUN, `judge/short/${repeat}/turn-1`), { recursive: true });
      writeFileSync(join(dir, RUN, `judge/short/${repeat}/judgment.json`), serializeJudgment(r));
      if (events !== undefined) writeFileSync(join(dir, RUN, `judge/short/${repeat}/turn-1/claude-events.jsonl`), events);
    };
    const of = { evalId: 'explain', condition: 'with_skill', run: 1 };
    // The folder copied whole: its stream too, byte for byte.
    const copied = join(root, 'repeat-copied');
    write(copied, 1, judged({}), stream('s-1'));
    write(copied, 2, judged({ repeat: 2 }), stream('s-1'));
    const report = await check(['.eval-magic'], { cwd: copied });
    const said = report.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.ruleId, m.messageId, m.line, m.column] as const));
    assert.deepEqual(said, [[`${RUN}/judge/short/2/judgment.json`, 'judgment-folder', 'same-session', 23, 17]]);
    const found = readRunJudgments(join(copied, RUN), 'short', of);
    assert.ok('record' in found[0]!, JSON.stringify(found[0]));
    assert.match('problem' in found[1]! ? found[1].problem : '', /^judge\/short\/2\/judgment\.json is the judgment of judge\/short\/1\/, copied .*: a copy, not counted$/);
    const alone = readRunJudgment(join(copied, RUN), 'short', 2, of);
    assert.ok(alone.found && 'problem' in alone && alone.problem === (found[1] as { problem: string }).problem, JSON.stringify(alone));

    // Two judgments of their own: another start, or another answer; two sessions run at once that
    // started and ended in one millisecond with one answer (each its own stream: both were taken
    // for copies, one vote dropped); a record that names no stream (older eval-magic); and a rule's, alike by design.
    const cases: Array<[string, JudgmentRecord, string | undefined, JudgmentRecord, string | undefined]> = [
      ['started apart', judged({}), stream('s-1'), judged({ repeat: 2, started_at: '2026-01-01T00:00:00.001Z' }), stream('s-2')],
      ['another answer', judged({}), stream('s-1'), judged({ repeat: 2, verdict: { passed: true, evidence: 'brief', confidence: 0.9 } }), stream('s-2', { passed: true, evidence: 'brief', confidence: 0.9 })],
      ['sessions at once', judged({}), stream('s-1'), judged({ repeat: 2 }), stream('s-2')],
      ['no stream named', judged({ harness: { name: 'claude-code', version: null } }), undefined, judged({ repeat: 2, harness: { name: 'claude-code', version: null } }), undefined],
      ['ruled', record({}), undefined, record({ repeat: 2 }), undefined],
    ];
    for (const [name, first, firstStream, second, secondStream] of cases) {
      const dir = join(root, `repeat-${name.replace(/\W+/g, '-')}`);
      write(dir, 1, first, firstStream);
      write(dir, 2, second, secondStream);
      assert.deepEqual((await check(['.eval-magic'], { cwd: dir })).results.flatMap((r) => r.messages), [], name);
      assert.ok(readRunJudgments(join(dir, RUN), 'short', of).every((f) => 'record' in f), name);
      const read = readRunJudgment(join(dir, RUN), 'short', 2, of);
      assert.ok(read.found && 'record' in read, `${name}: ${JSON.stringify(read)}`);
    }
  });

  it("each judgment.json is read once, however many repeats a run has (check read every earlier repeat's again for each: n² reads); a copy among many is still told", async () => {
    const dir = join(root, 'many-repeats');
    const n = 40;
    const evidence = 'short';
    for (let repeat = 1; repeat <= n; repeat++) {
      const judged = record({ repeat, rule: undefined, attempts: 1, verdict: { passed: true, evidence, confidence: 0.9 }, started_at: new Date(Date.UTC(2026, 0, 1) + repeat * 10_000).toISOString(), harness: { name: 'claude-code', version: null, events_file: 'claude-events.jsonl', parser: 'claude-stream-json' } });
      mkdirSync(join(dir, RUN, `judge/short/${repeat}/turn-1`), { recursive: true });
      writeFileSync(join(dir, RUN, `judge/short/${repeat}/judgment.json`), serializeJudgment(judged));
      const events = [{ type: 'system', subtype: 'init', session_id: `s-${repeat}` }, { type: 'result', subtype: 'success', is_error: false, session_id: `s-${repeat}`, result: '```json\n' + JSON.stringify(judged.verdict) + '\n```' }];
      writeFileSync(join(dir, RUN, `judge/short/${repeat}/turn-1/claude-events.jsonl`), events.map((e) => JSON.stringify(e) + '\n').join(''));
    }
    let report: Awaited<ReturnType<typeof check>> | undefined;
    const calls = await validatorCalls(validateJudgment, async () => (report = await check(['.eval-magic'], { cwd: dir, concurrency: 'off' })));
    assert.deepEqual(report!.results.flatMap((r) => r.messages), []);
    // Each record once by the schema stage, and once more as an earlier repeat of the next: not n + n(n-1)/2.
    assert.ok(calls <= 2 * n, `${calls} validations of ${n} records`);
    // The last repeat made a copy of the 7th, its stream too: still told, once.
    cpSync(join(dir, RUN, 'judge/short/7'), join(dir, RUN, `judge/short/${n + 1}`), { recursive: true });
    const copy = JSON.parse(readFileSync(join(dir, RUN, `judge/short/${n + 1}/judgment.json`), 'utf8'));
    writeFileSync(join(dir, RUN, `judge/short/${n + 1}/judgment.json`), serializeJudgment({ ...copy, repeat: n + 1 }));
    const said = (await check(['.eval-magic'], { cwd: dir, concurrency: 'off' })).results.flatMap((r) => r.messages.map((m) => [r.filePath, m.messageId, m.message]));
    assert.deepEqual(said.map(([file, id]) => [file, id]), [[`${RUN}/judge/short/${n + 1}/judgment.json`, 'same-session']]);
    assert.match(said[0]![2]!, /judgment of judge\/short\/7\/ copied here/);
  });

  it('a copy in a far repeat folder (judge/short/1000000/) is held to the repeats there are, not to every number below it (check read a million absent folders)', () => {
    const dir = join(root, 'far-repeat');
    const judged = record({ repeat: 1, rule: undefined, attempts: 1, verdict: { passed: true, evidence: 'short', confidence: 0.9 }, harness: { name: 'claude-code', version: null, events_file: 'claude-events.jsonl', parser: 'claude-stream-json' } });
    for (const repeat of [1, 1_000_000]) {
      mkdirSync(join(dir, RUN, `judge/short/${repeat}/turn-1`), { recursive: true });
      writeFileSync(join(dir, RUN, `judge/short/${repeat}/judgment.json`), serializeJudgment({ ...judged, repeat }));
      writeFileSync(join(dir, RUN, `judge/short/${repeat}/turn-1/claude-events.jsonl`), JSON.stringify({ type: 'result', subtype: 'success', is_error: false, session_id: 's', result: JSON.stringify(judged.verdict) }) + '\n');
    }
    const path = join(dir, RUN, 'judge/short/1000000/judgment.json');
    const reads = new Map();
    assert.equal(copiedRepeatAt(path, judgmentPlaceAt(path)!, { ...judged, repeat: 1_000_000 }, reads), 1);
    assert.equal(reads.size, 1);
    // A number no double holds exactly names no repeat (9007199254740993 read as ...992, a folder that is not there).
    assert.equal(judgmentPlaceAt(`/w/${RUN}/judge/short/9007199254740993/judgment.json`), undefined);
  });

  it('the place is read from the path alone: judge/<assertion-id>/<repeat>/ of a run-<j> folder in the layout', () => {
    assert.deepEqual(judgmentPlaceAt(`/w/${RUN}/judge/short/3/judgment.json`), { assertionId: 'short', repeat: 3, run: { evalId: 'explain', condition: 'with_skill', run: 1 } });
    assert.deepEqual(judgmentPlaceAt('/w/judge/short/3/judgment.json'), { assertionId: 'short', repeat: 3 });
    assert.deepEqual(judgmentPlaceAt('/baseline/eval-explain/with_skill/run-2/judge/short/3/judgment.json'), { assertionId: 'short', repeat: 3, run: { evalId: 'explain', condition: 'with_skill', run: 2 } });
    // The reference's one-run layout (no run-<j>): held to its folder only.
    assert.deepEqual(judgmentPlaceAt('/w/s/iteration-1/eval-explain/with_skill/judge/short/3/judgment.json'), { assertionId: 'short', repeat: 3 });
    assert.equal(judgmentPlaceAt('/w/judge/short/03/judgment.json'), undefined);
    assert.equal(judgmentPlaceAt(`/w/${RUN}/judge/short/1/other.json`), undefined);
    assert.equal(judgmentPlaceAt(`/w/${RUN}/grading/short/1/judgment.json`), undefined);
    // run-01 is no run compare counts: held to its folder only.
    assert.deepEqual(judgmentPlaceAt('/w/.eval-magic/skill/iteration-1/eval-explain/with_skill/run-01/judge/short/1/judgment.json'), { assertionId: 'short', repeat: 1 });
    assert.equal(misplacedJudgment(record({}), { assertionId: 'short', repeat: 1 }), undefined);
  });
});

describe('judgment-folder: what it promises of judge is what judge does', () => {
  it("a run folder copied by hand past the plan (cp -a run-1 run-4, 3 runs planned): its judgment is said as judge passes the run over, not as a judgment judge makes again (user trial: check promised it, judge's plan said run 4 is beyond the plan)", async () => {
    const run = { events: [{ user: 'Explain it.' }, { assistant: 'It is short.' }] };
    const evals = [{ id: 'e1', prompt: 'Explain it.', expected_output: 'Short.', assertions: [{ id: 'short', type: 'llm_judge', rubric: 'It is short.' }] }];
    const dir = join(root, 'past-the-plan');
    const iteration = writeWorkspace(dir, { skill: 's', evals, runs: { e1: { with_skill: [run, run, run], without_skill: [run, run, run] } } });
    const arm = join(iteration, 'eval-e1', 'with_skill');
    mkdirSync(join(arm, 'run-1/judge/short/1'), { recursive: true });
    writeFileSync(join(arm, 'run-1/judge/short/1/judgment.json'), serializeJudgment(record({ eval_id: 'e1' })));
    cpSync(join(arm, 'run-1'), join(arm, 'run-4'), { recursive: true });
    const report = await check(['.eval-magic'], { cwd: dir });
    const said = report.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.ruleId, m.messageId, m.message] as const));
    assert.deepEqual(said.map(([file, ruleId, messageId]) => [file, ruleId, messageId]), [['.eval-magic/s/iteration-1/eval-e1/with_skill/run-4/judge/short/1/judgment.json', 'judgment-folder', 'other-run']], JSON.stringify(said));
    const message = said[0]![3];
    assert.ok(!message.includes('judge makes this judgment again'), message);
    // The reason judge's plan gives for passing the run over, word for word.
    assert.ok(message.endsWith('a copy, which compare counts no vote of (judge judges no run there: run 4 is beyond the 3 runs per arm campaign.json plans).'), message);
  });
});
