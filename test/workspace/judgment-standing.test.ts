// The one rule of whether an earlier judgment stands (compare counts it, judge keeps it) or is made
// again, and why — each case by its record and what the run is now.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JudgmentRecord } from '../../src/workspace/judgment-record.js';
import { judgmentStanding, type StandingInputs } from '../../src/workspace/judgment-standing.js';

const NOW: StandingInputs = { criteriaSha256: 'c', promptsSha256: 'p', conversationSha256: 't', diffSha256: 'd' };

/** A judgment a judge answered with a pass, of the inputs NOW; no stream recorded, so nothing to hold its verdict to. */
const record = (fields: Partial<JudgmentRecord>): JudgmentRecord => ({
  schema_version: 1, eval_magic_version: '0', eval_id: 'e', assertion_id: 'a', repeat: 1, verdict: { passed: true, evidence: '"UTC"', confidence: 0.9 }, reason: null, message: null,
  harness: { name: 'claude-code', version: null }, model: null, started_at: '2026-01-01T00:00:00.000Z', ended_at: '2026-01-01T00:00:00.000Z', duration_ms: 0, tokens: null,
  packet_sha256: 'x', criteria_sha256: 'c', prompts_sha256: 'p', conversation_sha256: 't', diff_sha256: 'd', attempts: 1, failures: [], ...fields,
});
const broken = "the run's task folder … is gone; counted as failed";
const ruled = (fields: Partial<JudgmentRecord> = {}) => record({ verdict: { passed: false, evidence: broken, confidence: 1 }, attempts: 0, rule: 'broken-task-folder', conversation_sha256: undefined, prompts_sha256: undefined, diff_sha256: undefined, ...fields });
const failed = (fields: Partial<JudgmentRecord> = {}) => record({ verdict: null, reason: 'judge-failed', message: 'exit 3', ...fields });

const standing = (r: JudgmentRecord, now: StandingInputs = NOW) => judgmentStanding('/nowhere', 'a', 1, r, now);

describe('judgmentStanding', () => {
  it('a verdict of the inputs now stands, whatever packet it was made from', () => {
    assert.deepEqual(standing(record({})), { stands: true });
    assert.deepEqual(standing(record({ packet_sha256: 'another eval-magic wrote it' })), { stands: true });
    // An answer kept without a verdict stands too: judge does not ask again.
    assert.deepEqual(standing(record({ verdict: null, reason: 'malformed-verdict', message: 'no JSON' })), { stands: true });
  });

  it('an input changed: replaced, said by the first a user edits (rubric, prompt, transcript, diff); the diff worked out only when needed', () => {
    assert.deepEqual(standing(record({ criteria_sha256: '0', conversation_sha256: '0' })), { replaced: 'criteria' });
    assert.deepEqual(standing(record({ prompts_sha256: '0', diff_sha256: '0' })), { replaced: 'prompts' });
    assert.deepEqual(standing(record({ conversation_sha256: '0' })), { replaced: 'conversation' });
    let computed = 0;
    assert.deepEqual(standing(record({ diff_sha256: '0' }), { ...NOW, diffSha256: () => (computed++, 'd') }), { replaced: 'diff' });
    assert.equal(computed, 1);
    // An older record without a digest says nothing of that input.
    assert.deepEqual(standing(record({ criteria_sha256: undefined })), { stands: true });
  });

  it("a rule's verdict: stands while the rule decides the run for the same reason; replaced by the task folder once it does not (the rubric said first)", () => {
    assert.deepEqual(standing(ruled(), { ...NOW, failsBy: broken }), { stands: true });
    assert.deepEqual(standing(ruled(), { ...NOW, failsBy: 'another reason' }), { replaced: 'task-folder' });
    assert.deepEqual(standing(ruled()), { replaced: 'task-folder' });
    assert.deepEqual(standing(ruled({ criteria_sha256: '0' })), { replaced: 'criteria' });
    // A judge's verdict where the rule now decides.
    assert.deepEqual(standing(record({}), { ...NOW, failsBy: broken }), { replaced: 'task-folder' });
  });

  it('a session that never answered is made again, replacing no verdict, with the input changed since when one did', () => {
    assert.deepEqual(standing(failed()), { unanswered: true });
    assert.deepEqual(standing(failed({ reason: 'judge-timed-out' })), { unanswered: true });
    assert.deepEqual(standing(failed({ conversation_sha256: '0' })), { unanswered: true, other: 'conversation' });
    assert.deepEqual(standing(failed({ criteria_sha256: '0' }), { ...NOW, failsBy: broken }), { unanswered: true });
  });
});
