// The line campaign prints for a finished run: what it says of the attempts it took.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { describeRun, describeSummary, failedRun } from '../../src/campaign/report-text.js';
import type { CampaignResult } from '../../src/campaign/types.js';
import type { RunRecord } from '../../src/workspace/run-record.js';

const record = JSON.parse(readFileSync(new URL('../../fixtures/compare/skill-shifts-one-assertion/.eval-magic/ask-before-editing/iteration-1/eval-rename-column/with_skill/run-3/run.json', import.meta.url), 'utf8')) as RunRecord;
const run = { eval_id: record.eval_id, condition: record.condition, run: record.run };

describe('describeRun', () => {
  it('counts the attempts, and says apart those the user interrupted (run.json counts them; they are no failure of the agent\'s)', () => {
    assert.doesNotMatch(describeRun(run, { ...record, attempts: 1, failures: [] }), /attempts/);
    const failed = { attempt: 1, reason: 'timed-out', message: 'Round 1: timed out' };
    assert.match(describeRun(run, { ...record, attempts: 2, failures: [failed] }), / after 2 attempts(?! \()/);
    const interrupted = (attempt: number) => ({ attempt, reason: 'interrupted', message: 'Round 1: interrupted' });
    assert.match(describeRun(run, { ...record, attempts: 3, failures: [interrupted(1), interrupted(2)] }), / after 3 attempts \(2 interrupted\)/);
  });
});

describe('describeSummary', () => {
  it('counts the runs the user interrupted (Ctrl-C: aborted, interrupted) as interrupted, not as aborted: they are no failure of the agent\'s', () => {
    const of = (n: number, status: RunRecord['status'], abort_reason: string | null): RunRecord => ({ ...record, run: n, status, abort_reason });
    const records = [of(1, 'completed', null), of(2, 'aborted', 'agent-failed'), of(3, 'aborted', 'interrupted'), of(4, 'aborted', 'interrupted')];
    const result = { records, skipped: [], skippedInvalid: [], notStarted: [{ ...run, run: 5 }], interrupted: true } as unknown as CampaignResult;
    const [header, line] = describeSummary(result).split('\n');
    const columns = header!.split(/\s{2,}/);
    const cells = line!.split(/\s{2,}/);
    const cell = (name: string) => cells[columns.indexOf(name)];
    assert.deepEqual(['completed', 'aborted', 'interrupted', 'not run'].map(cell), ['1', '1', '2', '1']);
  });
});

describe('failedRun (the live progress block\'s count of failures)', () => {
  it('counts a run the agent or eval-magic aborted, or whose isolation failed — not one the user interrupted, as the summary has it', () => {
    const of = (status: RunRecord['status'], abort_reason: string | null, valid = true): RunRecord => ({ ...record, status, abort_reason, isolation: { valid, problems: [] } });
    assert.equal(failedRun(of('completed', null)), false);
    assert.equal(failedRun(of('stopped', null)), false);
    assert.equal(failedRun(of('aborted', 'agent-failed')), true);
    assert.equal(failedRun(of('aborted', 'interrupted')), false);
    assert.equal(failedRun(of('completed', null, false)), true);
  });
});
