// judgment-answer: check holds a judgment.json to its judge's answer — the final message of the
// stream in turn-1/ beside it — by the rule compare counts votes by and judge resumes by
// (workspace/judge-answer.ts), so a verdict edited by hand is told by check too. A table of real
// judgment folders, checked as `check` checks a named judgment.json.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { check, checkSource, rules } from '../../src/index.js';
import { serializeJudgment, type JudgmentRecord } from '../../src/workspace/judgment-record.js';
import validateJudgment from '../../src/validators/judgment.generated.cjs';
import { validatorCalls } from '../helpers/validator-calls.js';

const root = mkdtempSync(join(tmpdir(), 'judgment-answer-'));
after(() => rmSync(root, { recursive: true, force: true }));

const digest = 'a'.repeat(64);
const record = (fields: Partial<JudgmentRecord>): JudgmentRecord => ({
  schema_version: 1, eval_magic_version: '0.1.0', eval_id: 'explain', assertion_id: 'short', repeat: 1, verdict: null, reason: null, message: null,
  harness: { name: 'claude-code', version: null, events_file: 'claude-events.jsonl', parser: 'claude-stream-json' }, model: null,
  started_at: '2026-01-01T00:00:00.000Z', ended_at: '2026-01-01T00:00:01.000Z', duration_ms: 1000, tokens: null, packet_sha256: digest, attempts: 1, failures: [], ...fields,
});
const pass = { passed: true, evidence: 'said "UTC"', confidence: 0.9 };
const fail = { passed: false, evidence: 'said nothing of time zones', confidence: 0.9 };
const answer = (v: typeof pass) => '```json\n' + JSON.stringify(v) + '\n```';

/** What turn-1/ holds: the stream's final message, a stream without one, nothing, or a link to another judgment's turn-1/. */
type Stream = { final: string } | 'no final message' | 'no turn-1' | 'no events file' | 'turn-1 a link';

interface Case {
  name: string;
  record: JudgmentRecord;
  stream: Stream;
  /** [messageId, line, column, a part of the message]. */
  errors?: Array<[string, number, number, string]>;
}

/** The judgment folder of a case (judge/<assertion-id>/<repeat>/ of a run), with its judgment.json and turn-1/. */
function judgmentFolder(c: Case): string {
  const dir = join(root, c.name.replace(/\W+/g, '-'), 'judge', 'short', '1');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'judgment.json'), serializeJudgment(c.record));
  if (c.stream === 'no turn-1') return dir;
  if (c.stream === 'turn-1 a link') {
    const elsewhere = join(root, 'elsewhere', c.name.replace(/\W+/g, '-'));
    mkdirSync(elsewhere, { recursive: true });
    writeFileSync(join(elsewhere, 'claude-events.jsonl'), JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: answer(pass) }) + '\n');
    symlinkSync(elsewhere, join(dir, 'turn-1'));
    return dir;
  }
  mkdirSync(join(dir, 'turn-1'));
  if (c.stream === 'no events file') return dir;
  const events = c.stream === 'no final message' ? [{ type: 'system', subtype: 'init', session_id: 's' }] : [{ type: 'result', subtype: 'success', is_error: false, result: c.stream.final }];
  writeFileSync(join(dir, 'turn-1', 'claude-events.jsonl'), events.map((e) => JSON.stringify(e) + '\n').join(''));
  return dir;
}

const NOT_COUNTED = 'compare counts no vote of this judgment, and judge makes it again';

const valid: Case[] = [
  { name: 'a pass the judge gave', record: record({ verdict: pass }), stream: { final: answer(pass) } },
  { name: 'a kept malformed answer', record: record({ reason: 'malformed-verdict', message: 'the final message is not a JSON object' }), stream: { final: 'I think it passes.' } },
  { name: 'decided by a rule, no session', record: record({ verdict: { passed: false, evidence: 'the task folder is a link', confidence: 1 }, attempts: 0, rule: 'broken-task-folder', harness: { name: 'claude-code', version: null } }), stream: 'no turn-1' },
  { name: 'a session that never answered', record: record({ reason: 'judge-failed', message: 'exit 1' }), stream: 'no turn-1' },
  { name: 'a failed session whose stream gives no verdict', record: record({ reason: 'judge-failed', message: 'exit 1' }), stream: { final: 'API Error: overloaded' } },
  { name: 'a timed-out session whose stream has no final message', record: record({ reason: 'judge-timed-out', message: 'timed out' }), stream: 'no final message' },
  // A CLI that answered and then exited non-zero, was killed or hung past --round-timeout leaves a
  // verdict an unedited record did not take: no sign of an edit (a vote erased by hand looks the same).
  { name: 'a failed session whose stream gives a verdict', record: record({ reason: 'judge-failed', message: 'exit 1' }), stream: { final: answer(fail) } },
  { name: 'a timed-out session whose stream gives a verdict', record: record({ reason: 'judge-timed-out', message: 'timed out' }), stream: { final: answer(pass) } },
  { name: 'a failed session whose stream is gone', record: record({ reason: 'judge-failed', message: 'exit 1' }), stream: 'no events file' },
  { name: 'a record older eval-magic wrote (no events_file)', record: record({ verdict: pass, harness: { name: 'claude-code', version: null } }), stream: 'no turn-1' },
];

const invalid: Case[] = [
  {
    name: 'a fail flipped to a pass by hand',
    record: record({ verdict: pass }), stream: { final: answer(fail) },
    errors: [['differs', 7, 14, `judgment.json records a pass (confidence 0.9), but the judge's answer, the final message of turn-1/claude-events.jsonl, gives a fail (confidence 0.9): ${NOT_COUNTED}`]],
  },
  {
    name: 'a verdict made up over a malformed answer',
    record: record({ verdict: pass }), stream: { final: 'I think it passes.' },
    errors: [['differs', 7, 14, 'gives no verdict (malformed-verdict: the final message is not a JSON object)']],
  },
  {
    name: 'a kept reason over an answer that broke the contract another way',
    record: record({ reason: 'malformed-verdict', message: 'x' }), stream: { final: answer({ ...pass, evidence: '' }) },
    errors: [['differs', 8, 13, 'judgment.json records no verdict (malformed-verdict), but the judge\'s answer, the final message of turn-1/claude-events.jsonl, gives no verdict (no-evidence: ']],
  },
  {
    name: 'the stream is gone',
    record: record({ verdict: pass }), stream: 'no turn-1',
    errors: [['unreadable', 7, 14, `judgment.json records a pass (confidence 0.9), but the judge's answer turn-1/claude-events.jsonl cannot be read (it is gone): ${NOT_COUNTED}`]],
  },
  {
    name: 'the events file is gone',
    record: record({ verdict: pass }), stream: 'no events file',
    errors: [['unreadable', 7, 14, 'cannot be read (The file disappeared before it could be read.)']],
  },
  {
    name: 'turn-1 is a link (not followed)',
    record: record({ verdict: pass }), stream: 'turn-1 a link',
    errors: [['unreadable', 7, 14, 'turn-1/ is a symbolic link (not followed)']],
  },
  {
    name: 'a stream without a final message',
    record: record({ verdict: pass }), stream: 'no final message',
    errors: [['differs', 7, 14, 'gives no verdict (malformed-verdict: the judge gave no final message)']],
  },
];

async function findings(c: Case): Promise<Array<[string, number, number, string]>> {
  const dir = judgmentFolder(c);
  const report = await check([join(dir, 'judgment.json')], { cwd: root });
  const messages = report.results.flatMap((r) => r.messages);
  assert.deepEqual(messages.filter((m) => m.ruleId !== 'judgment-answer'), [], 'the record is schema-valid and breaks no other rule');
  return messages.map((m) => [m.messageId, m.line, m.column, m.message]);
}

describe('rule judgment-answer', () => {
  it('is registered, and every message is exercised', () => {
    assert.equal(rules['judgment-answer']?.meta.id, 'judgment-answer');
    const exercised = new Set(invalid.flatMap((c) => c.errors!.map(([id]) => id)));
    assert.deepEqual(Object.keys(rules['judgment-answer']!.meta.messages).sort(), [...exercised].sort());
  });
  for (const c of valid) it(`valid: ${c.name}`, async () => assert.deepEqual(await findings(c), []));
  for (const c of invalid) {
    it(`invalid: ${c.name}`, async () => {
      const actual = await findings(c);
      assert.deepEqual(actual.map(([id, line, column, message]) => [id, line, column, message.includes(c.errors![0]![3]) ? c.errors![0]![3] : message]), c.errors);
    });
  }

  it('the rule off: nothing said; checkSource (no place on disk): held to no stream', async () => {
    const dir = judgmentFolder({ name: 'flipped, rule off', record: record({ verdict: pass }), stream: { final: answer(fail) } });
    const off = await check([join(dir, 'judgment.json')], { cwd: root, rules: { 'judgment-answer': 'off' } });
    assert.deepEqual(off.results.flatMap((r) => r.messages), []);
    const alone = checkSource({ filePath: 'judgment.json', bytes: readFileSync(join(dir, 'judgment.json')) });
    assert.deepEqual(alone.messages, []);
  });

  it('validated once: the schema stage\'s verdict decides whether the record is held to its answer, which a record the schema refuses is not', async () => {
    const checked = async (c: Case) => {
      let messages: Array<[string | null, string]> = [];
      const calls = await validatorCalls(validateJudgment, async () => {
        messages = (await check([join(judgmentFolder(c), 'judgment.json')], { cwd: root })).results.flatMap((r) => r.messages.map((m) => [m.ruleId, m.message] as [string | null, string]));
      });
      return { calls, rules: [...new Set(messages.map(([rule]) => rule))] };
    };
    assert.deepEqual(await checked({ name: 'flipped, validated once', record: record({ verdict: pass }), stream: { final: answer(fail) } }), { calls: 1, rules: ['judgment-answer'] });
    assert.deepEqual(await checked({ name: 'out of range, validated once', record: record({ verdict: { ...fail, confidence: 2 } }), stream: { final: answer(pass) } }), { calls: 1, rules: ['schema'] });
  });

  it('the same finding from any working directory (the stream is found beside the file, named below it)', async () => {
    const dir = judgmentFolder({ name: 'flipped, relative', record: record({ verdict: pass }), stream: { final: answer(fail) } });
    const from = async (cwd: string, path: string) => (await check([path], { cwd })).results.flatMap((r) => r.messages.map((m) => [m.ruleId, m.line, m.message]));
    const here = await from(dir, 'judgment.json');
    assert.equal(here.length, 1);
    assert.deepEqual(await from(join(dir, '..', '..'), 'short/1/judgment.json'), here);
    assert.deepEqual(await from(tmpdir(), join(dir, 'judgment.json')), here);
  });
});
