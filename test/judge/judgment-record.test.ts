// judgment.json: its schema is a document kind of the checker's, so `check` and every reader hold it to the same contract.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDocument, loadArtifact } from '../../src/internal.js';
import { detectFileKind } from '../../src/checker/file-kind.js';
import { diffSha256, judgmentFolder, readJudgmentFile, readRunJudgments, serializeJudgment, type JudgmentRecord } from '../../src/workspace/judgment-record.js';
import { madeOfOtherInputs } from '../../src/workspace/judgment-standing.js';
import { conversationSha256 } from '../../src/workspace/conversation-digest.js';
import { gradeLlmJudge } from '../../src/compare/graders/llm-judge.js';
import { runDiff } from '../../src/workspace/run-diff.js';
import { diffTrees } from '../../src/diff/measure.js';

export const sampleJudgment: JudgmentRecord = {
  schema_version: 1, eval_magic_version: '0.1.0', eval_id: 'add-column', assertion_id: 'explains-utc', repeat: 1,
  verdict: { passed: true, evidence: '"UTC because the reports cross time zones"', confidence: 0.9 }, reason: null, message: null,
  harness: { name: 'claude-code', version: '2.1.197 (Claude Code)' }, model: null,
  started_at: '2026-12-02T13:00:00.000Z', ended_at: '2026-12-02T13:00:05.000Z', duration_ms: 5000,
  tokens: { input: 100, output: 20 }, packet_sha256: 'a'.repeat(64), attempts: 1, failures: [],
};

const problems = (value: unknown) => checkDocument('judgment', { filePath: 'judgment.json', loaded: loadArtifact(JSON.stringify(value, null, 2)) }).messages.map((m) => m.message);

describe('judgment.json', () => {
  it('is a file kind of its own', () => assert.equal(detectFileKind('run-1/judge/a/1/judgment.json'), 'judgment'));

  it('a graded and an ungraded record pass; a broken one is refused with positions', () => {
    assert.deepEqual(problems(sampleJudgment), []);
    assert.deepEqual(problems({ ...sampleJudgment, verdict: null, reason: 'malformed-verdict', message: 'two objects', attempts: 2, failures: [{ attempt: 1, reason: 'judge-failed', message: 'exit 1' }] }), []);
    assert.ok(problems({ ...sampleJudgment, reason: 'guessed' }).length > 0);
    assert.ok(problems({ ...sampleJudgment, verdict: { passed: true, evidence: 'x', confidence: 2 } }).length > 0);
    assert.ok(problems({ ...sampleJudgment, packet_sha256: 'nope' }).length > 0);
    assert.ok(problems({ ...sampleJudgment, repeat: 1.0, extra: 1 }).length > 0);
  });

  it('a record whose verdict and reason contradict each other is against its schema: judge makes it again and compare counts no vote of it, alike', (t) => {
    // Hand-edited so: compare counted a verdict beside reason judge-failed while judge made it again;
    // a null verdict with a null reason judge kept for ever, and compare said "no verdict ()".
    const contradictions = [
      { ...sampleJudgment, reason: 'judge-failed', message: 'exit 1' },
      { ...sampleJudgment, verdict: null },
      { ...sampleJudgment, verdict: { passed: true, evidence: ' ', confidence: 0.9 } },
    ];
    const runDir = mkdtempSync(join(tmpdir(), 'judgment-contradiction-'));
    t.after(() => rmSync(runDir, { recursive: true, force: true }));
    for (const record of contradictions) {
      assert.ok(problems(record).length > 0, JSON.stringify(record));
      mkdirSync(judgmentFolder(runDir, 'explains-utc', 1), { recursive: true });
      writeFileSync(join(judgmentFolder(runDir, 'explains-utc', 1), 'judgment.json'), serializeJudgment(record as JudgmentRecord));
      const [found] = readRunJudgments(runDir, 'explains-utc');
      assert.ok(found !== undefined && 'problem' in found, JSON.stringify(found));
      assert.match(found.problem, /judge\/explains-utc\/1\/judgment\.json/);
    }
    // Either alone is as before.
    assert.deepEqual(problems({ ...sampleJudgment, verdict: { passed: false, evidence: '', confidence: 0.9 } }), []);
    assert.deepEqual(problems({ ...sampleJudgment, verdict: null, reason: 'no-evidence', message: 'the judge passed the run without evidence' }), []);
  });

  it('the input digests: each one recorded says which input was another; a record without one (older eval-magic) says nothing of it, and the diff is never worked out for it', () => {
    const now = { criteriaSha256: 'c'.repeat(64), conversationSha256: 'd'.repeat(64), promptsSha256: 'e'.repeat(64), diffSha256: 'f'.repeat(64) };
    const all = { criteria_sha256: now.criteriaSha256, conversation_sha256: now.conversationSha256, prompts_sha256: now.promptsSha256, diff_sha256: now.diffSha256 };
    assert.deepEqual(problems({ ...sampleJudgment, ...all }), []);
    assert.ok(problems({ ...sampleJudgment, prompts_sha256: 'nope' }).length > 0);
    assert.equal(madeOfOtherInputs(all, now), undefined);
    assert.equal(madeOfOtherInputs({ ...all, prompts_sha256: '0'.repeat(64) }, now), 'prompts');
    assert.equal(madeOfOtherInputs({ ...all, diff_sha256: '0'.repeat(64) }, now), 'diff');
    assert.equal(madeOfOtherInputs({ ...all, diff_sha256: '0'.repeat(64) }, { ...now, diffSha256: () => now.diffSha256 }), 'diff');
    const { diff_sha256: _d, prompts_sha256: _p, ...older } = all;
    assert.equal(madeOfOtherInputs(older, { ...now, promptsSha256: '1'.repeat(64), diffSha256: () => assert.fail('no digest recorded: nothing to compare it with') }), undefined);
  });

  it("a conversation.json's digest is of its JSON, whatever its line breaks: CRLF or a lone CR (JSON whitespace, never raw in a string) is LF; a text with LF keeps the digest the old rule gave, so judgments on disk stand", () => {
    // Written with LF, as campaign writes it; its strings hold escaped line breaks, which are values.
    const lf = '{\n  "events": [\n    { "type": "user_message", "text": "Why UTC?\\r\\nSay so.\\r" }\n  ]\n}\n';
    // sha256 of the text as it is (the rule before CRLF was read as LF), worked out with Python's hashlib.
    const old = '5194157287f78fc075cdd4b245300b6ed3b5b5559ca6e67be23b44f9dea6c911';
    assert.equal(conversationSha256(lf), old);
    for (const text of [`\ufeff${lf}`, lf.replaceAll('\n', '\r\n'), lf.replaceAll('\n', '\r'), `\ufeff${lf.replaceAll('\n', '\r\n')}`]) {
      assert.deepEqual(JSON.parse(text.replace(/^\ufeff/, '')), JSON.parse(lf), 'the same JSON');
      assert.equal(conversationSha256(text), old, JSON.stringify(text));
    }
    assert.notEqual(conversationSha256(lf.replace('Say so.', 'Say no.')), old, 'an edit of a value is another transcript');
  });

  it("a diff.patch a checkout rewrote whole with CRLF is read back as written (in the packet and in the diff digest); one with a bare LF is byte for byte — a content line's CR is part of the change — so every digest on disk stands", (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'judgment-diff-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const diffOf = (patch: string) => {
      writeFileSync(join(dir, 'diff.patch'), patch);
      return runDiff(dir, undefined, undefined, []);
    };
    const lf = 'diff --git a/notes.md b/notes.md\nnew file mode 100644\n--- /dev/null\n+++ b/notes.md\n@@ -0,0 +1,2 @@\n+Timestamps are in UTC.\n+ISO 8601.\n';
    // A file with CRLF endings changed: its lines carry their CR, campaign's header lines end in LF.
    const mixed = 'diff --git a/dos.txt b/dos.txt\n--- a/dos.txt\n+++ b/dos.txt\n@@ -1 +1 @@\n-UTC\r\n+UTC, ISO 8601\r\n';
    // sha256 of JSON.stringify([text]) (the rule before), worked out with Python's hashlib and json.
    const [oldLf, oldMixed] = ['fab5a8b8d2e4b2b5484ab7e696923df11d08d3ec5e94ec085ca10c8ed958a5f6', 'e3e23e707667fcbcf39cb484eb9f32ba6e941ac9ccba82012e460318c609ce2e'];
    assert.equal(diffSha256(diffOf(lf)), oldLf);
    assert.equal(diffSha256(diffOf(mixed)), oldMixed);
    // git's core.autocrlf rewrites only a file without CR: the LF patch, whole.
    assert.deepEqual(diffOf(lf.replaceAll('\n', '\r\n')), { text: lf, source: 'diff.patch' });
    assert.equal(diffSha256(diffOf(lf.replaceAll('\n', '\r\n'))), oldLf);
    // A tool that rewrote the mixed one whole (every bare LF as CRLF) lost which lines had a CR: another patch, judged again.
    assert.notEqual(diffSha256(diffOf(mixed.replace(/(?<!\r)\n/g, '\r\n'))), oldMixed);
    // Committed with core.autocrlf=true, git stores it with its CRs dropped (docs/judge.md says so): another patch too.
    assert.notEqual(diffSha256(diffOf(mixed.replaceAll('\r\n', '\n'))), oldMixed);
    // A lone CR is a byte of a line, never a line break git wrote.
    assert.equal(diffOf(lf.replaceAll('\n', '\r')).text, lf.replaceAll('\n', '\r'));
  });

  it("a diff.patch campaign wrote is never read as a checkout's: one whose only line ends are CRLF (a file named with a trailing CR, changed without a hunk to show) keeps its paths' CRs, and its digest", (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'judgment-diff-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    for (const side of ['staged', 'task']) mkdirSync(join(dir, side));
    // Invalid UTF-8 decodes alike on both sides: a change with no hunk, so every line of the section ends in the path's CR.
    writeFileSync(join(dir, 'staged', 'x\r'), Buffer.from([0x61, 0xff, 0x0a]));
    writeFileSync(join(dir, 'task', 'x\r'), Buffer.from([0x61, 0xfe, 0x0a]));
    const { patch } = diffTrees(join(dir, 'staged'), join(dir, 'task'));
    assert.equal(patch, 'diff --git a/x\r b/x\r\n--- a/x\r\n+++ b/x\r\n', 'campaign writes it so (execute-run.ts writeDiffPatch)');
    writeFileSync(join(dir, 'diff.patch'), patch);
    // git never rewrites a file that holds a CR, and this one holds one that ends no line (the a/ path's).
    assert.deepEqual(runDiff(dir, undefined, undefined, []), { text: patch, source: 'diff.patch' });
  });

  it('a record a rule decided (no session: attempts 0, rule broken-task-folder) passes; no other rule, and no negative attempts', () => {
    const ruled = { ...sampleJudgment, verdict: { passed: false, evidence: "the run's task folder … is gone; counted as failed", confidence: 1 }, tokens: null, attempts: 0, rule: 'broken-task-folder' };
    assert.deepEqual(problems(ruled), []);
    assert.ok(problems({ ...ruled, rule: 'guessed' }).length > 0);
    assert.ok(problems({ ...ruled, attempts: -1 }).length > 0);
  });

  it('an assertion id that is no folder name is never a path: no folder for it, nothing read, compare leaves it ungraded', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'judgment-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const run = join(dir, 'eval-a/with_skill/run-1');
    mkdirSync(join(dir, 'escaped/1'), { recursive: true });
    writeFileSync(join(dir, 'escaped/1/judgment.json'), serializeJudgment({ ...sampleJudgment, assertion_id: '../../../escaped' }));
    assert.throws(() => judgmentFolder(run, '../../../escaped', 1), /cannot name a folder/);
    assert.deepEqual(readRunJudgments(run, '../../../escaped'), []);
    const verdict = gradeLlmJudge({ id: '../../../escaped', runDir: run, judgeCommand: { record: 'eval-magic judge it', shown: 'eval-magic judge it' }, criteriaSha256: 'c', conversationSha256: 'd', promptsSha256: 'e', diffSha256: 'f' });
    assert.match('ungraded' in verdict ? verdict.ungraded.reason : '', /^its id cannot name the folder judge\/<assertion-id>\/ \(it holds a "\/"/);
  });

  it('compare says how to get a verdict when the judge makes that judgment again (a session that failed or timed out, a stale rubric), and, when it keeps every one (a malformed verdict), how to judge every run again alike', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'judgment-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const reason = (run: string, records: Partial<JudgmentRecord>[]) => {
      records.forEach((r, i) => {
        mkdirSync(judgmentFolder(join(dir, run), 'a', i + 1), { recursive: true });
        writeFileSync(join(judgmentFolder(join(dir, run), 'a', i + 1), 'judgment.json'), serializeJudgment({ ...sampleJudgment, assertion_id: 'a', repeat: i + 1, criteria_sha256: 'c'.repeat(64), ...r }));
      });
      const verdict = gradeLlmJudge({ id: 'a', runDir: join(dir, run), judgeCommand: { record: 'eval-magic judge ws/iteration-1', shown: 'eval-magic judge ws/iteration-1' }, criteriaSha256: 'c'.repeat(64), conversationSha256: 'd'.repeat(64), promptsSha256: 'e'.repeat(64), diffSha256: 'f'.repeat(64) });
      return 'ungraded' in verdict ? verdict.ungraded.reason : 'graded';
    };
    const failed = { verdict: null, reason: 'judge-failed', message: 'exit 3' } as const;
    assert.equal(reason('failed', [failed]), 'no verdict of the judge counted (judge-failed): run eval-magic judge ws/iteration-1 to make it again');
    // The highest repeat there is named: judge plans repeats 1..k, so plain `judge` (k = 1) would not make repeat 2 again.
    assert.equal(reason('stale-and-timed-out', [{ criteria_sha256: 'd'.repeat(64) }, { ...failed, reason: 'judge-timed-out' }]), 'no verdict of the judge counted (judged by an earlier rubric or expected_output, judge-timed-out): run eval-magic judge ws/iteration-1 --repeats 2 to make it again');
    // Kept answers: judge would make nothing, so the way forward is a new judgment of every run alike (one more repeat).
    const keptWay = (repeats: number) => `: judge keeps an answer outside the verdict contract, so to judge again make a new judgment of every run alike with a judge that keeps to it: run eval-magic judge ws/iteration-1 --repeats ${repeats}`;
    assert.equal(reason('malformed', [{ ...failed, reason: 'malformed-verdict' }]), `no verdict of the judge counted (malformed-verdict)${keptWay(2)}`);
    assert.equal(reason('malformed-twice', [{ ...failed, reason: 'malformed-verdict' }, { ...failed, reason: 'no-evidence' }]), `no verdict of the judge counted (malformed-verdict, no-evidence)${keptWay(3)}`);
    // A session judge makes again may still give a vote: that way first.
    assert.equal(reason('malformed-and-failed', [{ ...failed, reason: 'malformed-verdict' }, failed]), 'no verdict of the judge counted (malformed-verdict, judge-failed): run eval-magic judge ws/iteration-1 --repeats 2 to make it again');
  });

  it('a judgment folder holding no judgment.json (its packet only: a judge command stopped mid-session) is unfinished: no vote, no judge split beside it, and compare says to make it', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'judgment-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const grade = (run: string, records: Array<Partial<JudgmentRecord> | 'unfinished'>) => {
      records.forEach((r, i) => {
        const folder = judgmentFolder(join(dir, run), 'a', i + 1);
        mkdirSync(folder, { recursive: true });
        if (r === 'unfinished') writeFileSync(join(folder, 'packet.md'), '# Grade one assertion\n');
        else writeFileSync(join(folder, 'judgment.json'), serializeJudgment({ ...sampleJudgment, assertion_id: 'a', repeat: i + 1, criteria_sha256: 'c'.repeat(64), ...r }));
      });
      return gradeLlmJudge({ id: 'a', runDir: join(dir, run), judgeCommand: { record: 'eval-magic judge ws/iteration-1', shown: 'eval-magic judge ws/iteration-1' }, criteriaSha256: 'c'.repeat(64), conversationSha256: 'd'.repeat(64), promptsSha256: 'e'.repeat(64), diffSha256: 'f'.repeat(64) });
    };
    const reason = (verdict: ReturnType<typeof grade>) => ('ungraded' in verdict ? verdict.ungraded.reason : 'graded');
    const [pass, fail] = [{ verdict: { passed: true, evidence: '"x"', confidence: 0.9 } }, { verdict: { passed: false, evidence: 'none', confidence: 0.9 } }];
    const stopped = 'holds no judgment.json: its judge command was stopped before the verdict, or still runs';
    assert.deepEqual(readRunJudgments(join(dir, 'read'), 'a'), []);
    grade('read', ['unfinished']);
    assert.deepEqual(readRunJudgments(join(dir, 'read'), 'a'), [{ repeat: 1, unfinished: true }]);
    // A tie of the votes made, the third unfinished: not the judge disagreeing with itself.
    const tie = grade('tie', [pass, fail, 'unfinished']);
    assert.equal(reason(tie), `not finished: 1 pass and 1 fail so far, and 1 judgment to make again (judge/a/3/ ${stopped}): run eval-magic judge ws/iteration-1 --repeats 3 to make it again`);
    assert.deepEqual('ungraded' in tie ? tie.ungraded.votes?.map((v) => [v.repeat, v.passed, v.reason ?? null]) : [], [[1, true, null], [2, false, null], [3, null, `judge/a/3/ ${stopped}`]]);
    // A tie of every judgment there, all made: the judge's split, as before.
    assert.equal(reason(grade('split', [pass, fail])), 'judge-split: 1 pass and 1 fail');
    assert.equal(reason(grade('only', ['unfinished'])), `no verdict of the judge counted (judge/a/1/ ${stopped}): run eval-magic judge ws/iteration-1 to make it again`);
    // A majority beside it: graded, its votes say which one is missing.
    assert.equal(reason(grade('majority', [pass, pass, 'unfinished'])), 'graded');
  });

  it('a run in the reference tool\'s layout (no run-<j> folder), which judge never judges, is not sent to judge by compare\'s reason', () => {
    const verdict = gradeLlmJudge({ id: 'a', runDir: join(tmpdir(), 'no-such-iteration/eval-e/with_skill'), judgeCommand: { record: 'eval-magic judge ws/iteration-1', shown: 'eval-magic judge ws/iteration-1' }, criteriaSha256: 'c', conversationSha256: 'd', promptsSha256: 'e', diffSha256: 'f', inRunFolder: false });
    assert.equal('ungraded' in verdict ? verdict.ungraded.reason : 'graded', "not judged: eval-magic judge judges a campaign's run-<j> folders only, and this run is in the reference tool's layout (<condition>/conversation.json)");
  });

  it('a judgment copied into another repeat\'s folder, or one against its schema, is named from the run folder (as grading.json beside it says it), not by an absolute path', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'judgment-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const run = join(dir, 'eval-e/with_skill/run-1');
    for (const repeat of [1, 2]) mkdirSync(judgmentFolder(run, 'a', repeat), { recursive: true });
    writeFileSync(join(judgmentFolder(run, 'a', 1), 'judgment.json'), '{"schema_version": 2}');
    writeFileSync(join(judgmentFolder(run, 'a', 2), 'judgment.json'), serializeJudgment({ ...sampleJudgment, assertion_id: 'a', repeat: 1 }));
    const problems = readRunJudgments(run, 'a').map((f) => ('problem' in f ? f.problem : 'a vote'));
    assert.match(problems[0]!, /^judge\/a\/1\/judgment\.json:1:\d+: /);
    assert.equal(problems[1], 'judge/a/2/judgment.json is the judgment of assertion "a", repeat 1, not of its folder judge/a/2/: a copy, not counted');
  });

  it('is read back only when it passes its schema', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'judgment-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'judgment.json'), serializeJudgment(sampleJudgment));
    assert.deepEqual(readJudgmentFile(join(dir, 'judgment.json')), { found: true, record: sampleJudgment });
    writeFileSync(join(dir, 'bad.json'), '{"schema_version": 2}');
    const bad = readJudgmentFile(join(dir, 'bad.json'));
    assert.ok(bad.found && 'problem' in bad && /bad\.json:1:/.test(bad.problem));
    assert.deepEqual(readJudgmentFile(join(dir, 'missing.json')), { found: false });
  });

  it('a record nested 100,000 deep is a positioned problem, not a stack overflow (judge, compare and campaign read every record so)', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'judgment-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const deep = (open: string, close: string, inner = '') => open.repeat(100_000) + inner + close.repeat(100_000);
    const problem = (text: string) => {
      writeFileSync(join(dir, 'judgment.json'), text);
      const read = readJudgmentFile(join(dir, 'judgment.json'));
      assert.ok(read.found && 'problem' in read, JSON.stringify(read).slice(0, 200));
      return read.problem.replace(/^.*judgment\.json:/, '');
    };
    assert.equal(problem(deep('[', ']')), '1:1: the record must be object, against its schema');
    const record = JSON.stringify({ ...sampleJudgment, verdict: 0 }).replace('"verdict":0', `"verdict":${deep('{"a":', '}', '1')}`);
    assert.equal(problem(record), `1:${record.indexOf('"verdict":') + 11}: /verdict must be null, against its schema (and 5 more)`);
    assert.equal(problem(deep('[', ']').slice(0, -1)), '1:200000: not valid JSON: it ends too early');
    const nested = `{"x": ${deep('[', ']', '1.0')}, "repeat": 1.0}`;
    assert.equal(problem(nested), `1:${nested.lastIndexOf('1.0') + 1}: repeat is written 1.0, a fraction; eval-magic writes integers as plain digits, so this record was edited by hand`);
    assert.equal(problem(`{"x": ${deep('{"k": 1, "k":', '}', '2')}}`), '1:16: the key "k" appears twice in one object; a reader would silently take one of them');
  });
});
