// The summary lines over evals (the overall result, the skill-invoked rate, the tokens-and-cost
// table) after an interrupted campaign, some evals counted in one arm only: each line sets the
// arms side by side over the same evals, the overall test's, and says which evals it leaves out
// and why, in every format (a user trial saw the control's 0/2 beside the skill's 1/1 of one eval).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations, comparisonFormatters, type ComparisonDocument } from '../../src/compare/index.js';
import { checkSource } from '../../src/index.js';
import { writeWorkspace, type RunSpec } from './workspace.js';
import { overallText } from '../../src/compare/formats/numbers.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-summary-evals-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const evals = ['add-flag', 'fix-bug', 'rename-var'].map((id) => ({ id, prompt: 'Fix it.', expected_output: 'Asks first.', assertions: [{ id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }] }));
// The treatment's run uses the skill and asks; the control's does neither.
const withSkill: RunSpec = { events: [{ user: 'Fix it.' }, { tool: 'Skill', args: { skill: 's' } }, { assistant: 'Should I fix the tests too?' }] };
const without: RunSpec = { events: [{ user: 'Fix it.' }, { assistant: 'Fixed.' }] };
/** A run campaign's interrupt left: its run.json says aborted, with the runner's message (a sentence ending in a parenthesis and a full stop). */
const interrupted = (run: RunSpec): RunSpec => ({ ...run, record: { status: 'aborted', abort_reason: 'interrupted', message: 'Round 2: interrupted; the agent was stopped (what the round streamed is kept beside it).', exit_code: null } });

/** The campaign of the trial, interrupted: add-flag counted without the skill only, fix-bug in both arms, rename-var in neither. */
async function interruptedCampaign(): Promise<{ document: ComparisonDocument; text: Record<string, string> }> {
  const root = join(tmp, 'interrupted');
  const iteration = writeWorkspace(root, {
    skill: 's',
    evals,
    runs: {
      'add-flag': { with_skill: [interrupted(withSkill)], without_skill: [without] },
      'fix-bug': { with_skill: [withSkill], without_skill: [without] },
      'rename-var': { with_skill: [interrupted(withSkill)], without_skill: [interrupted(without)] },
    },
  });
  const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
  const text = Object.fromEntries(['stylish', 'markdown', 'html', 'json'].map((f) => [f, [...comparisonFormatters[f]!({ document, report: { results: [], errorCount: 0, warningCount: 0 }, context: { color: false, cwd: root } as never })].join('')]));
  return { document, text };
}

describe('summary lines over evals: both arms over the same evals, those left out said', () => {
  it('the skill-invoked rate and the tokens and cost count the overall test\'s evals only, in both arms', async () => {
    const { document } = await interruptedCampaign();
    assert.equal(document.overall.strata, 1);
    // Before: without_skill 0/2 (add-flag's control run too) beside with_skill 1/1.
    assert.deepEqual([document.overall.skill_invocation.with_skill!.n, document.overall.skill_invocation.without_skill!.n], [1, 1]);
    // Before: 1 treatment run's cost beside 2 control runs', of different evals.
    assert.deepEqual([document.usage.with_skill!.runs, document.usage.without_skill!.runs], [1, 1]);
    // Each eval's own spend is still its own.
    assert.equal(document.evals.find((e) => e.id === 'add-flag')!.usage.without_skill!.runs, 1);
    assert.deepEqual(document.overall.evals_left_out, [
      { id: 'add-flag', skill: 's', reason: 'no counted with_skill run' },
      { id: 'rename-var', skill: 's', reason: 'no counted run in either arm' },
    ]);
  });

  it('every format says which evals the summary lines leave out, and why', async () => {
    const { text } = await interruptedCampaign();
    const said = /Left out of it: add-flag \(no counted with_skill run\), rename-var \(no counted run in either arm\) — those without counted runs of both arms out of the skill-invoked line and the tokens and cost too\./;
    // Markdown's escapes (with\_skill) taken out: the words are the same.
    for (const format of ['stylish', 'markdown', 'html']) assert.match(text[format]!.replace(/\s+/g, ' ').replace(/\\(.)/g, '$1'), said, format);
    assert.match(text.stylish!, /^tokens and cost, the eval with counted runs of both arms \(of 3\)/m);
    assert.match(text.markdown!, /^### Tokens and cost, the eval with counted runs of both arms \(of 3\)$/m);
    assert.match(text.html!, /<h3>Tokens and cost, the eval with counted runs of both arms \(of 3\)<\/h3>/);
    assert.match(text.stylish!.replace(/\s+/g, ' '), /Skill invoked \(evals with counted runs of both arms where it should trigger\): with_skill 1\/1 100% \[21–100\], without_skill 0\/1 0% \[0–79\]\./);
    assert.equal(JSON.parse(text.json!).overall.evals_left_out.length, 2);
    // The new field is the schema's: check finds nothing in the json written.
    assert.deepEqual(checkSource({ filePath: 'out/comparison.json', bytes: text.json! }).messages, []);
  });

  it('beside another skill\'s evals, each eval left out is named with its skill and why in one bracket, never two in a row', async () => {
    const { document } = await interruptedCampaign();
    // The same evals, as a workspace of two skills compared at once would name them.
    const skillOf = (id: string) => (id === 'add-flag' ? 'sa' : 'sb');
    const pooled: ComparisonDocument = { ...document, evals: document.evals.map((e) => ({ ...e, skill: skillOf(e.id) })), overall: { ...document.overall, evals_left_out: document.overall.evals_left_out!.map((e) => ({ ...e, skill: skillOf(e.id) })) } };
    const line = overallText(pooled);
    assert.match(line, /Left out of it: add-flag \(sa: no counted with_skill run\), rename-var \(sb: no counted run in either arm\) — /);
    assert.doesNotMatch(line, /\) \(/);
  });

  it('an eval without assertions (one that only asks whether the skill triggers) counts in the skill-invoked line and the tokens and cost, though the overall test has nothing of it to count', async () => {
    const root = join(tmp, 'trigger-only');
    const triggerOnly = { id: 'triggers', prompt: 'Fix it.', expected_output: 'Uses the skill.' };
    const iteration = writeWorkspace(root, { skill: 's', evals: [evals[1]!, triggerOnly], runs: { 'fix-bug': { with_skill: [withSkill], without_skill: [without] }, triggers: { with_skill: [withSkill, withSkill], without_skill: [without, without] } } });
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    assert.deepEqual(document.overall.evals_left_out, [{ id: 'triggers', skill: 's', reason: 'it has no assertion' }]);
    assert.deepEqual([document.overall.skill_invocation.with_skill!.n, document.overall.skill_invocation.with_skill!.passed, document.overall.skill_invocation.without_skill!.n], [3, 3, 3]);
    assert.deepEqual([document.usage.with_skill!.runs, document.usage.without_skill!.runs], [3, 3]);
    const stylish = [...comparisonFormatters.stylish!({ document, report: { results: [], errorCount: 0, warningCount: 0 }, context: { color: false, cwd: root } as never })].join('').replace(/\s+/g, ' ');
    assert.match(stylish, /Left out of it: triggers \(it has no assertion\)\. Skill invoked \(evals where it should trigger\): with_skill 3\/3/);
    assert.match(stylish, /tokens and cost, every eval \(2\)/);
  });

  it('with no eval left out, the lines read as before', async () => {
    const root = join(tmp, 'whole');
    const iteration = writeWorkspace(root, { skill: 's', evals: evals.slice(0, 2), runs: { 'add-flag': { with_skill: [withSkill], without_skill: [without] }, 'fix-bug': { with_skill: [withSkill], without_skill: [without] } } });
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    const stylish = [...comparisonFormatters.stylish!({ document, report: { results: [], errorCount: 0, warningCount: 0 }, context: { color: false, cwd: root } as never })].join('');
    assert.deepEqual(document.overall.evals_left_out, []);
    assert.doesNotMatch(stylish, /Left out of it/);
    assert.match(stylish, /^Skill invoked \(evals where it should trigger\): with_skill 2\/2/m);
    assert.match(stylish, /^tokens and cost, every eval \(2\)/m);
  });

  it("a run's abort reason, its message ending in a full stop and a parenthesis, closes cleanly inside the sentence it is nested in", async () => {
    const { document, text } = await interruptedCampaign();
    const excluded = document.evals.find((e) => e.id === 'add-flag')!.run_list.find((r) => r.condition === 'with_skill')!.excluded;
    // Before: "… kept beside it).), in with_skill run 1": the message's full stop inside the reason's parenthesis.
    assert.equal(excluded, 'the run aborted (interrupted: Round 2: interrupted; the agent was stopped (what the round streamed is kept beside it))');
    for (const format of ['stylish', 'markdown', 'html']) assert.doesNotMatch(text[format]!, /\.\),/, format);
  });
});
