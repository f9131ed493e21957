// A judgment.json check rejects (a verdict edited by hand, a field removed) is a record of the
// workspace that cannot be trusted, as a conversation.json check rejects is: compare says it as a
// validity error (exit 1), naming each judgment and why, and leaves the run ungraded on it. An old
// but valid judgment (made of an earlier rubric, transcript or packet) is no error: judge makes it again.
import assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const edit = (path: string, change: (record: any) => void) => {
  const record = JSON.parse(readFileSync(path, 'utf8'));
  change(record);
  writeFileSync(path, JSON.stringify(record, null, 2) + '\n');
};

describe('compare and the judgments check rejects', () => {
  it('a judgment.json check rejects is a validity error in compare (exit 1), naming it and why, as check does; the run stays ungraded on it', async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    const file = (arm: string, run: number) => join(c.ws.iteration(), `eval-explain/${arm}/run-${run}/judge/short/1/judgment.json`);
    // Flipped by hand: the judge failed the run, the record now says pass.
    edit(file('without_skill', 1), (r) => (r.verdict.passed = true));
    // A field removed: against the schema.
    edit(file('with_skill', 2), (r) => delete r.packet_sha256);

    const checked = await runMain(['check', '.eval-magic'], { cwd: c.ws.root });
    assert.equal(checked.code, 1, checked.stdout);
    const compared = await runMain(['compare', '.eval-magic'], { cwd: c.ws.root });
    assert.equal(compared.code, 1, `compare exits 1 as check does\n${compared.stdout}\n${compared.stderr}`);
    assert.match(compared.stderr, /validity error \(judgments-refused\)/, compared.stderr);
    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    const refused = JSON.parse(json.stdout).validity.filter((v: any) => v.code === 'judgments-refused');
    assert.equal(refused.length, 1, JSON.stringify(refused));
    assert.equal(refused[0].severity, 'error');
    const message: string = refused[0].message;
    // Each judgment by its run and file, with check's finding.
    assert.match(message, /^Eval explain: 2 judgments check rejects are not counted/, message);
    assert.match(message, /with_skill run 2: judge\/short\/1\/judgment\.json:\d+:\d+: the record must have required property 'packet_sha256', against its schema/, message);
    assert.match(message, /without_skill run 1: judge\/short\/1\/judgment\.json records a pass \(confidence 0\.9\), but the judge's answer in judge\/short\/1\/turn-1\/claude-events\.jsonl gives a fail \(confidence 0\.9\)/, message);
    // Still ungraded on that assertion: the warning says so too, in plain words.
    // Still ungraded on that assertion, said plainly: the file, not check's finding again (no parentheses in parentheses).
    const ungraded = JSON.parse(json.stdout).validity.find((v: any) => v.code === 'ungraded' && v.eval === 'explain');
    assert.equal(ungraded?.message, "Eval explain: short (llm_judge) was not graded in 1 of 2 with_skill and 1 of 2 without_skill runs (check rejects the judgment in judge/short/1/, so no verdict of the judge counted: run eval-magic judge .eval-magic/csv-reports/iteration-1 to make it again); ungraded runs count as neither pass nor fail.");
  });

  it('a refused judgment beside votes that still decide the run (--repeats 3) is an error all the same; a copy of another repeat is named with why', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'], repeats: 3 });
    const folder = (arm: string, repeat: number) => join(c.ws.iteration(), `eval-explain/${arm}/run-1/judge/short/${repeat}`);
    // Repeat 1's judgment copied over repeat 2's, its repeat edited to fit (its stream too: the whole folder).
    rmSync(folder('with_skill', 2), { recursive: true });
    cpSync(folder('with_skill', 1), folder('with_skill', 2), { recursive: true });
    edit(join(folder('with_skill', 2), 'judgment.json'), (r) => (r.repeat = 2));
    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(json.code, 1, json.stderr);
    const document = JSON.parse(json.stdout);
    const short = document.evals.find((e: any) => e.id === 'explain').assertions.find((a: any) => a.id === 'short');
    assert.deepEqual([short.with_skill.passed, short.with_skill.ungraded], [1, 0], 'graded by its two other votes');
    const refused = document.validity.find((v: any) => v.code === 'judgments-refused');
    assert.match(refused?.message ?? '', /^Eval explain: 1 judgment check rejects is not counted, each no vote on its assertion: with_skill run 1: judge\/short\/2\/judgment\.json is the judgment of judge\/short\/1\/, copied/, JSON.stringify(document.validity));
    const checked = await runMain(['check', '.eval-magic'], { cwd: c.ws.root });
    assert.equal(checked.code, 1, checked.stdout);
  });

  it('an old but valid judgment (an earlier packet, a transcript edited since) is no error: check passes it, compare warns', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    // Made from another packet (another eval-magic's wording), and of another transcript: outdated, not forged.
    edit(join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1/judgment.json'), (r) => (r.packet_sha256 = '0'.repeat(64)));
    edit(join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json'), (r) => (r.conversation_sha256 = '0'.repeat(64)));
    const checked = await runMain(['check', '.eval-magic'], { cwd: c.ws.root });
    assert.equal(checked.code, 0, checked.stdout);
    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    const validity = JSON.parse(json.stdout).validity;
    assert.deepEqual(validity.filter((v: any) => v.severity === 'error').map((v: any) => v.code), [], JSON.stringify(validity));
    // Said as what it is: judged on other inputs, judge makes it again.
    assert.match(validity.find((v: any) => v.code === 'ungraded' && v.eval === 'explain')?.message ?? '', /judged on an earlier conversation\.json: run eval-magic judge/, JSON.stringify(validity));
  });
});
