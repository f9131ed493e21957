// A judge CLI that answered and then failed — exited non-zero, was killed or timed out after its
// final message — answered: docs/judge.md's verdict contract never asks such a judge again, so its
// answer is the judgment (a verdict counted, or kept without one), not a failed session to retry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const JUDGE = '# Grade one assertion';
const judgeCalls = (c: Awaited<ReturnType<typeof judgedCampaign>>) => c.ws.calls().filter((call) => call.prompt.includes(JUDGE));
const row = (doc: any, evalId: string, id: string) => doc.evals.find((e: any) => e.id === evalId).assertions.find((a: any) => a.id === id);
const byArm = (records: ReadonlyArray<{ condition?: string }>, arm: string) => records.find((r) => r.condition === arm) as any;

describe('a judge that answered, then failed', () => {
  it('exited non-zero or timed out after its verdict: the verdict is recorded and counted, never asked again by --retries or by a later judge, and check passes it', async () => {
    const c = await judgedCampaign({ runs: 1 });
    // The skill arm's judge answers, then exits 1; the other's answers, then hangs past --round-timeout.
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }], exitAfterAnswer: { pattern: 'Skills I can see: the-skill', code: 1 }, hangWhen: 'Skills I can see: none' });
    const { result } = await c.judge({ evalIds: ['explain'], retries: 2, roundTimeoutSeconds: 1, killGraceMs: 100 });
    assert.equal(judgeCalls(c).length, 2, 'one session per judgment: a judge that answered is not asked again');
    const [skill, none] = [byArm(result.records, 'with_skill'), byArm(result.records, 'without_skill')];
    assert.deepEqual([skill.verdict?.passed, skill.reason, skill.attempts, skill.failures], [true, null, 1, []], JSON.stringify(skill));
    assert.deepEqual([none.verdict?.passed, none.reason, none.attempts, none.failures], [false, null, 1, []], JSON.stringify(none));

    const short = row((await compareIterations([c.ws.workspace], { cwd: c.ws.root })).document, 'explain', 'short');
    assert.deepEqual([short.with_skill.passed, short.with_skill.ungraded, short.without_skill.failed, short.without_skill.ungraded], [1, 0, 1, 0]);
    const checked = await runMain(['check', '.eval-magic'], { cwd: c.ws.root });
    assert.equal(checked.code, 0, checked.stdout);
    assert.equal((await c.plan({ evalIds: ['explain'], retries: 2 })).plan.pending, 0, 'kept by a later judge');
  });

  it('a verdict object outside the contract before the failure is kept as malformed-verdict; a final message that is no verdict object (the judge may have been mid-work) is a failed session, asked again', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [JSON.stringify({ passed: 'yes', evidence: '"UTC"', confidence: 0.9 })] }, { when: 'Skills I can see: none', texts: ['Let me read the diff first.', verdict(false)] }], exitAfterAnswer: { pattern: JUDGE, code: 1 } });
    const { result } = await c.judge({ evalIds: ['explain'], retries: 1, jobs: 1 });
    const [skill, none] = [byArm(result.records, 'with_skill'), byArm(result.records, 'without_skill')];
    assert.deepEqual([skill.verdict, skill.reason, skill.attempts], [null, 'malformed-verdict', 1], JSON.stringify(skill));
    // Its second session answered too (a verdict, then exit 1): that answer is the judgment.
    assert.deepEqual([none.verdict?.passed, none.attempts, none.failures.map((f: any) => f.reason)], [false, 2, ['judge-failed']], JSON.stringify(none));
    assert.equal(judgeCalls(c).length, 3);
    assert.equal((await c.plan({ evalIds: ['explain'], retries: 1 })).plan.pending, 0);
  });
});
