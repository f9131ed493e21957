// Whose votes an llm_judge assertion's verdict pools: a judge is its harness and model, and — of the
// harness's default model, which a CLI's upgrade may change — its CLI version too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { votesByJudge } from '../../src/compare/graders/llm-judge.js';
import type { Verdict } from '../../src/compare/graders/types.js';

/** One run's graded llm_judge assertion `a` with a vote per judge given as [model, CLI version]. */
function verdict(judges: Array<[string | null, string | null]>): Verdict {
  const votes = judges.map(([model, version], i) => ({ repeat: i + 1, passed: true, confidence: 1, judge: { harness: { name: 'claude-code', version }, model } }));
  return { graded: { id: 'a', grader: 'llm_judge', passed: true, evidence: 'quoted', votes } } as unknown as Verdict;
}

describe('votesByJudge: who cast the votes pooled on an assertion', () => {
  it('one CLI version of the default model is one judge', () => {
    assert.deepEqual(votesByJudge([verdict([[null, '2.0.1 (Claude Code)'], [null, '2.0.1 (Claude Code)']])]), { a: { "claude-code with the harness's default model (2.0.1 (Claude Code))": 2 } });
  });

  it('two CLI versions of the default model are two judges (the default model moves with the version), so their pooling is said', () => {
    assert.deepEqual(votesByJudge([verdict([[null, '2.0.1 (Claude Code)'], [null, '2.1.0 (Claude Code)']])]), { a: { "claude-code with the harness's default model (2.0.1 (Claude Code))": 1, "claude-code with the harness's default model (2.1.0 (Claude Code))": 1 } });
  });

  it('a named model is one judge whatever the CLI version, and a version not read names none', () => {
    assert.deepEqual(votesByJudge([verdict([['opus', '2.0.1'], ['opus', '2.1.0'], [null, null]])]), { a: { 'claude-code with model "opus"': 2, "claude-code with the harness's default model": 1 } });
  });
});
