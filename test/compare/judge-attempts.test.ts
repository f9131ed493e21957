// judge-attempts-failed: a judge that failed or timed out more often on one arm's runs, then made
// again until it answered, leaves verdicts that look complete: compare says the arms differed,
// from the judgments it counts (their judgment.json `failures`), hand-written here.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { askingEvals, askingRun } from './fixture-specs.js';
import { writeWorkspace } from './workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-judge-attempts-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const rubric = 'Asks first.';
const evals = [{ ...askingEvals[0], assertions: [{ id: 'asks', type: 'llm_judge', rubric }] }];
const criteria = createHash('sha256').update(JSON.stringify([rubric, askingEvals[0]!.expected_output])).digest('hex');

/** Writes run `run`'s judgment of `asks` (repeat 1): a verdict after the failed attempts `failed` (reasons), or none (`verdict: false`: its last session failed too). `of`: another assertion, by its id and digest. */
function judgment(iteration: string, condition: string, run: number, failed: string[], verdict = true, of = { id: 'asks', criteria }): void {
  const dir = join(iteration, 'eval-e1', condition, `run-${run}`, 'judge', of.id, '1');
  mkdirSync(dir, { recursive: true });
  const failures = failed.map((reason, i) => ({ attempt: i + 1, reason, message: 'the judge session ended without an answer' }));
  writeFileSync(join(dir, 'judgment.json'), JSON.stringify({
    schema_version: 1, eval_magic_version: '0.1.0', eval_id: 'e1', condition, run, assertion_id: of.id, repeat: 1,
    verdict: verdict ? { passed: true, evidence: 'Should I rename it in the seeds too?', confidence: 0.9 } : null, reason: verdict ? null : 'judge-timed-out', message: verdict ? null : 'timed out',
    harness: { name: 'claude-code', version: null }, model: null,
    started_at: '2026-12-01T09:00:00Z', ended_at: '2026-12-01T09:00:01Z', duration_ms: 1000, tokens: null, packet_sha256: '0'.repeat(64), criteria_sha256: of.criteria,
    attempts: failures.length + 1, failures,
  }, null, 2));
}

describe('compare: judge attempts that failed before the judgments counted were made', () => {
  it('a judge that timed out on the skill\'s runs before it answered is said per arm, with the reasons and Fisher\'s p; a judgment not counted says nothing', async () => {
    const root = join(tmp, 'timed-out');
    const runs = [askingRun, askingRun, askingRun, askingRun];
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: runs, without_skill: runs } } });
    for (const run of [1, 2, 3, 4]) {
      judgment(iteration, 'with_skill', run, run <= 3 ? ['judge-timed-out', 'judge-timed-out'] : []);
      // without_skill run 4: its judge never answered, so no vote counts: its failed attempts are no counted judgment's.
      judgment(iteration, 'without_skill', run, run === 4 ? ['judge-timed-out'] : [], run !== 4);
    }
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    const warnings = document.validity.filter((v) => v.code === 'judge-attempts-failed');
    assert.equal(warnings.length, 1, JSON.stringify(document.validity));
    assert.equal(warnings[0]!.severity, 'warning');
    assert.equal(warnings[0]!.eval, 'e1');
    assert.match(warnings[0]!.message, /^Eval e1: 6 judge sessions of asks failed before the 4 with_skill judgments counted were made \(judge-timed-out ×6\), and 0 before the 3 without_skill ones \(by judge's --retries, or by the same judge command run again; Fisher p = 0\.\d+\)/);
    // Before: judge's retries left complete verdicts and nothing else; the runs' own attempts are not these.
    assert.ok(!document.validity.some((v) => v.code === 'attempts-failed'), JSON.stringify(document.validity));
  });

  it("one assertion's judge failing on one arm only, another's on the other: pooled per eval they hide each other (3 of 8 against 3 of 8); said per assertion, each with its own counts (judge75)", async () => {
    const root = join(tmp, 'per-assertion');
    const rubricShort = 'Is short.';
    const short = { id: 'short', criteria: createHash('sha256').update(JSON.stringify([rubricShort, askingEvals[0]!.expected_output])).digest('hex') };
    const twoJudged = [{ ...evals[0], assertions: [...evals[0]!.assertions, { id: 'short', type: 'llm_judge', rubric: rubricShort }] }];
    const runs = [askingRun, askingRun, askingRun, askingRun];
    const iteration = writeWorkspace(root, { skill: 's', evals: twoJudged, runs: { e1: { with_skill: runs, without_skill: runs } } });
    for (const run of [1, 2, 3, 4]) {
      // asks: its judge failed on with_skill's runs 1-3 only; short: on without_skill's runs 1-3 only.
      judgment(iteration, 'with_skill', run, run <= 3 ? ['judge-timed-out'] : []);
      judgment(iteration, 'without_skill', run, []);
      judgment(iteration, 'with_skill', run, [], true, short);
      judgment(iteration, 'without_skill', run, run <= 3 ? ['judge-failed'] : [], true, short);
    }
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    const warnings = document.validity.filter((v) => v.code === 'judge-attempts-failed').map((v) => v.message);
    assert.equal(warnings.length, 2, JSON.stringify(document.validity));
    assert.match(warnings[0]!, /^Eval e1: 3 judge sessions of asks failed before the 4 with_skill judgments counted were made \(judge-timed-out ×3\), and 0 before the 4 without_skill ones \(/);
    assert.match(warnings[1]!, /^Eval e1: 0 judge sessions of short failed before the 4 with_skill judgments counted were made, and 3 before the 4 without_skill ones \(judge-failed ×3\) \(/);
  });

  it("sessions cut short by eval-magic's end (judge-interrupted) are left out, as attempts-failed leaves out interrupted runs: one kill cuts short whichever judgments are in flight; a judge failure beside them is still said", async () => {
    const root = join(tmp, 'interrupted');
    const runs = [askingRun, askingRun, askingRun, askingRun];
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: runs, without_skill: runs } } });
    for (const run of [1, 2, 3, 4]) {
      judgment(iteration, 'with_skill', run, run <= 3 ? ['judge-interrupted'] : []);
      judgment(iteration, 'without_skill', run, []);
    }
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    assert.deepEqual(document.validity.filter((v) => v.code === 'judge-attempts-failed'), []);
    judgment(iteration, 'with_skill', 4, ['judge-interrupted', 'judge-timed-out', 'judge-timed-out', 'judge-timed-out']);
    const again = await compareIterations([iteration], { cwd: root, writeGrading: false });
    const warnings = again.document.validity.filter((v) => v.code === 'judge-attempts-failed').map((v) => v.message);
    assert.equal(warnings.length, 1, JSON.stringify(again.document.validity));
    assert.match(warnings[0]!, /^Eval e1: 3 judge sessions of asks failed before the 4 with_skill judgments counted were made \(judge-timed-out ×3\), and 0 before/);
  });

  it('the same failed attempts in both arms: nothing to say', async () => {
    const root = join(tmp, 'alike');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [askingRun, askingRun], without_skill: [askingRun, askingRun] } } });
    for (const run of [1, 2]) for (const condition of ['with_skill', 'without_skill']) judgment(iteration, condition, run, run === 1 ? ['judge-failed'] : []);
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    assert.deepEqual(document.validity.filter((v) => v.code === 'judge-attempts-failed'), []);
  });
});
