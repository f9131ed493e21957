// workspace/judge-answer.ts: the rule every reader holds a judgment.json to — its verdict, or the
// reason an answer broke the contract, is what the final message of turn-1/'s stream gives.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { answerMismatch } from '../../src/workspace/judge-answer.js';
import type { JudgmentRecord } from '../../src/workspace/judgment-record.js';

const root = mkdtempSync(join(tmpdir(), 'judge-answer-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A judgment folder whose turn-1/ stream's final message is `finalText`. */
function judgmentDir(name: string, finalText: string | undefined): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'turn-1'), { recursive: true });
  const events = finalText === undefined ? [] : [{ type: 'result', subtype: 'success', is_error: false, result: finalText }];
  writeFileSync(join(dir, 'turn-1', 'claude-events.jsonl'), events.map((e) => JSON.stringify(e) + '\n').join(''));
  return dir;
}

const record = (fields: Partial<JudgmentRecord>): JudgmentRecord => ({
  schema_version: 1, eval_magic_version: '0', eval_id: 'e', assertion_id: 'a', repeat: 1, verdict: null, reason: null, message: null,
  harness: { name: 'claude-code', version: null, events_file: 'claude-events.jsonl', parser: 'claude-stream-json' }, model: null,
  started_at: '2026-01-01T00:00:00.000Z', ended_at: '2026-01-01T00:00:00.000Z', duration_ms: 0, tokens: null, packet_sha256: 'x', attempts: 1, failures: [], ...fields,
});
const pass = { passed: true, evidence: '"UTC"', confidence: 0.9 };

describe('answerMismatch', () => {
  it('a record that says what the answer gives: none', () => {
    const dir = judgmentDir('same', '```json\n{"passed": true, "evidence": "\\"UTC\\"", "confidence": 0.9}\n```');
    assert.equal(answerMismatch(dir, record({ verdict: pass })), undefined);
    const malformed = judgmentDir('malformed', 'It passes.');
    assert.equal(answerMismatch(malformed, record({ reason: 'malformed-verdict', message: 'anything' })), undefined);
  });

  it('another verdict, other evidence, a verdict over a malformed answer, another kept reason: said, naming both', () => {
    const dir = judgmentDir('fail', '{"passed": false, "evidence": "none", "confidence": 0.9}');
    assert.equal(answerMismatch(dir, record({ verdict: pass })), "judgment.json records a pass (confidence 0.9), but the judge's answer in turn-1/claude-events.jsonl gives a fail (confidence 0.9): not the judge's answer, so not counted");
    const other = judgmentDir('other-evidence', '{"passed": true, "evidence": "other", "confidence": 0.9}');
    assert.match(answerMismatch(other, record({ verdict: pass }))!, /gives a pass \(confidence 0\.9\) with other evidence:/);
    const malformed = judgmentDir('malformed-2', 'It passes.');
    assert.match(answerMismatch(malformed, record({ verdict: pass }))!, /gives no verdict \(malformed-verdict: the final message is not a JSON object\)/);
    const noEvidence = judgmentDir('no-evidence', '{"passed": true, "evidence": "", "confidence": 0.9}');
    assert.match(answerMismatch(noEvidence, record({ reason: 'malformed-verdict', message: 'x' }))!, /records no verdict \(malformed-verdict\), but .* gives no verdict \(no-evidence: /);
  });

  it('an answer gone, behind a link, or without a final message: said; nothing to hold to (a rule, a session that never answered, an older record): none', () => {
    const gone = join(root, 'gone');
    mkdirSync(gone);
    assert.match(answerMismatch(gone, record({ verdict: pass }))!, /the judge's answer turn-1\/claude-events\.jsonl cannot be read \(it is gone\)/);
    const linked = join(root, 'linked');
    mkdirSync(linked);
    symlinkSync(join(judgmentDir('target', '{"passed": true, "evidence": "\\"UTC\\"", "confidence": 0.9}'), 'turn-1'), join(linked, 'turn-1'));
    assert.match(answerMismatch(linked, record({ verdict: pass }))!, /turn-1\/ is a symbolic link \(not followed\)/);
    const empty = judgmentDir('empty', undefined);
    assert.match(answerMismatch(empty, record({ verdict: pass }))!, /gives no verdict \(malformed-verdict: the judge gave no final message\)/);
    assert.equal(answerMismatch(gone, record({ verdict: { passed: false, evidence: 'link', confidence: 1 }, attempts: 0, rule: 'broken-task-folder', harness: { name: 'claude-code', version: null } })), undefined);
    assert.equal(answerMismatch(gone, record({ reason: 'judge-failed', message: 'exit 1' })), undefined);
    assert.equal(answerMismatch(gone, record({ verdict: pass, harness: { name: 'claude-code', version: null } })), undefined);
  });
});
