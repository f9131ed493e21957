// A judgment.json's verdict is the judge's only while it is the one the judge's recorded answer
// (turn-1/'s event stream, its final message) gives: a verdict edited by hand — a fail flipped to
// a pass, or a verdict made up where the judge's answer was malformed — is no vote in compare, and
// judge makes that judgment again.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { check } from '../../src/index.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const row = (doc: any, evalId: string, id: string) => doc.evals.find((e: any) => e.id === evalId).assertions.find((a: any) => a.id === id);
const ungradedReason = (c: { ws: { iteration: () => string } }, run: string, id: string) => JSON.parse(readFileSync(join(c.ws.iteration(), run, 'grading.json'), 'utf8')).ungraded.find((u: any) => u.id === id)?.reason;

describe("a judgment.json's verdict is tied to the judge's recorded answer", () => {
  it('a verdict flipped by hand, or made up over a malformed answer, is no vote: compare says so and how to go on, and judge makes it again', async () => {
    const c = await judgedCampaign({ runs: 2 });
    // The skill arm's judge answers outside the contract; the other arm's fails the run.
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: ['I think it passes.'] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    const file = (arm: string, run: number) => join(c.ws.iteration(), `eval-explain/${arm}/run-${run}/judge/short/1/judgment.json`);
    const edit = (path: string, change: (record: any) => void) => {
      const record = JSON.parse(readFileSync(path, 'utf8'));
      change(record);
      writeFileSync(path, JSON.stringify(record, null, 2) + '\n');
    };
    // Flipped: the judge failed the run, the record now says pass.
    edit(file('without_skill', 1), (r) => (r.verdict.passed = true));
    // Made up: the judge's answer was malformed, the record now holds a pass with evidence.
    edit(file('with_skill', 1), (r) => Object.assign(r, { verdict: { passed: true, evidence: '"UTC"', confidence: 1 }, reason: null, message: null }));

    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const short = row(document, 'explain', 'short');
    assert.equal(short.without_skill.passed, 0, 'the flipped verdict is not counted as a pass');
    assert.equal(short.without_skill.failed, 1);
    assert.equal(short.with_skill.passed, 0, 'the made-up verdict is not counted');
    for (const run of ['eval-explain/without_skill/run-1', 'eval-explain/with_skill/run-1']) {
      const reason: string = ungradedReason(c, run, 'short');
      assert.match(reason, /judgment\.json:\d+:\d+ records a pass .*but the judge's answer in judge\/short\/1\/turn-1\/claude-events\.jsonl gives /, reason);
      assert.ok(reason.endsWith(`: run eval-magic judge ${c.ws.iteration()} --harness claude-code to make it again`), reason);
    }
    // check says the same of the same files: an error at each edited verdict; the records that keep to their answers pass.
    const checked = await check([file('without_skill', 1), file('with_skill', 1), file('without_skill', 2), file('with_skill', 2)], { cwd: c.ws.root });
    const said = (arm: string, run: number) => checked.results.find((r) => r.filePath.includes(`${arm}/run-${run}/`))!.messages;
    assert.deepEqual([said('without_skill', 1), said('with_skill', 1)].map((messages) => messages.map((m) => [m.ruleId, m.messageId, m.line])), [[['judgment-answer', 'differs', 9]], [['judgment-answer', 'differs', 9]]]);
    assert.deepEqual([said('without_skill', 2), said('with_skill', 2)], [[], []]);
    assert.match(said('without_skill', 1)[0]!.message, /^judgment\.json records a pass \(confidence [\d.]+\), but the judge's answer, the final message of turn-1\/claude-events\.jsonl, gives a fail \(confidence [\d.]+\): compare counts no vote of this judgment/);
    assert.match(said('with_skill', 1)[0]!.message, /gives no verdict \(malformed-verdict: /);

    // judge makes the two edited judgments again (and only them), naming them in its plan.
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.equal(result.records.length, 2, JSON.stringify(result.plan));
    assert.equal(result.plan.unusable?.length, 2);
    assert.ok(result.plan.unusable!.every((line) => /judgment\.json:\d+:\d+ records a pass .*: not the judge's answer, so not counted$/.test(line)), JSON.stringify(result.plan.unusable));
    // The kept malformed answer of the other run is its judge's: kept, not made again.
    assert.equal(ungradedReason(c, 'eval-explain/with_skill/run-2', 'short').startsWith('no verdict of the judge counted (malformed-verdict)'), true);
    const after = row((await compareIterations([c.ws.workspace], { cwd: c.ws.root })).document, 'explain', 'short');
    assert.deepEqual([after.with_skill.passed, after.without_skill.failed], [1, 2]);
  });

  it('a judge-failed record over a stream that gives a verdict (a CLI that answered, then exited non-zero — or a vote erased by hand: the two look the same) is no vote, passes check, and judge makes it again: compare, check and judge agree', async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    const file = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...record, verdict: null, reason: 'judge-failed', message: 'Round 1: claude exited with status 1' }, null, 2) + '\n');

    const short = row((await compareIterations([c.ws.workspace], { cwd: c.ws.root })).document, 'explain', 'short');
    assert.deepEqual([short.without_skill.failed, short.without_skill.ungraded], [1, 1], 'the failed session is no vote');
    const reason: string = ungradedReason(c, 'eval-explain/without_skill/run-1', 'short');
    assert.match(reason, /no verdict of the judge counted \(judge-failed\): run eval-magic judge .* to make it again$/, reason);
    const checked = await check([file], { cwd: c.ws.root });
    assert.deepEqual(checked.results.flatMap((r) => r.messages.map((m) => [m.ruleId, m.messageId])), []);
    // judge makes it again, as any failed session, and names no record as unusable.
    const plan = await c.plan({ evalIds: ['explain'] });
    assert.equal(plan.plan.unusable, undefined, JSON.stringify(plan.plan));
    assert.equal(plan.plan.pending, 1, JSON.stringify(plan.plan));
  });

  it("with --retries, the last attempt's stream (turn-1/) is the answer; a record older eval-magic wrote (no events_file) is read unchecked", async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ failFirstAttempt: true, judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    const { result } = await c.judge({ evalIds: ['explain'], retries: 1, jobs: 1 });
    assert.ok(result.records.every((r) => r.attempts === 2 && r.verdict !== null && r.harness.events_file === 'claude-events.jsonl' && r.harness.parser === 'claude-stream-json'), JSON.stringify(result.records));
    let short = row((await compareIterations([c.ws.workspace], { cwd: c.ws.root })).document, 'explain', 'short');
    assert.deepEqual([short.with_skill.passed, short.without_skill.failed], [1, 1]);
    // As older eval-magic wrote it: no events_file or parser, so its answer is not read.
    const path = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json');
    const record = JSON.parse(readFileSync(path, 'utf8'));
    delete record.harness.events_file;
    delete record.harness.parser;
    writeFileSync(path, JSON.stringify(record, null, 2) + '\n');
    short = row((await compareIterations([c.ws.workspace], { cwd: c.ws.root })).document, 'explain', 'short');
    assert.deepEqual([short.with_skill.passed, short.without_skill.failed], [1, 1]);
    assert.equal((await c.judge({ evalIds: ['explain'] })).result.plan.pending, 0, 'kept by judge');
  });

  it('a verdict whose stream is gone is no vote, saying so; the records that keep to their streams count', async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    rmSync(join(c.ws.iteration(), 'eval-explain/with_skill/run-2/judge/short/1/turn-1'), { recursive: true });
    const short = row((await compareIterations([c.ws.workspace], { cwd: c.ws.root })).document, 'explain', 'short');
    assert.deepEqual([short.with_skill.passed, short.with_skill.ungraded, short.without_skill.failed], [1, 1, 2]);
    assert.match(ungradedReason(c, 'eval-explain/with_skill/run-2', 'short'), /judge's answer .*cannot be read/);
  });
});
