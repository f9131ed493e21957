// validity.ts: what makes a comparison untrustworthy, from counted rows and run facts built here.
import { armUsage } from '../../src/compare/usage.js';
import { describe, it } from 'node:test';
import type { RunRecord } from '../../src/workspace/run-record.js';
import { checkedOutReason } from '../../src/workspace/counted.js';
import assert from 'node:assert/strict';
import type { Assertion } from '../../src/compare/graders/types.js';
import type { RunMetrics } from '../../src/compare/metrics.js';
import { VALIDITY_CODES, type EvalComparison } from '../../src/compare/model.js';
import { readFileSync } from 'node:fs';
import { applyHolm, compareAssertions, type CountedRun } from '../../src/compare/tabulate.js';
import { validityProblems, type IterationPlan, type RunFacts, type ValidityInput } from '../../src/compare/validity.js';
import type { VoteTally } from '../../src/compare/graders/llm-judge.js';

const conditions = ['with_skill', 'without_skill'] as const;
const metrics = { skill_invoked: true, skill_evidence: null, tool_invocations: 1, tools_by_name: {}, rounds: 1, delivered_followups: 0, status: 'completed', stop_reason: null, status_conflict: null, assistant_characters: 1, duration_ms: null, started_alone: false, tokens_total: null, tokens: null, cost_usd: null } satisfies RunMetrics;

function run(condition: string, passed: boolean | undefined): CountedRun {
  const assertion_results = passed === undefined ? [] : [{ id: 'a', passed, evidence: '', grader: 'transcript_check' as const }];
  return { condition, grading: { assertion_results, summary: { passed: passed ? 1 : 0, failed: passed === false ? 1 : 0, total: assertion_results.length, pass_rate: 0 }, ungraded: [] }, metrics };
}

/** An eval of one assertion `a`: `t` treatment runs passing and `c` control runs failing (and `ungraded` control runs). */
function evalOf(id: string, t: number, c: number, ungraded = 0): EvalComparison {
  const runs = [...Array.from({ length: t }, () => run('with_skill', true)), ...Array.from({ length: c }, () => run('without_skill', false)), ...Array.from({ length: ungraded }, () => run('without_skill', undefined))];
  const assertions: Assertion[] = [{ id: 'a', type: 'transcript_check', check: 'tool_called', pattern: 'x' }];
  return { id, skill: null, skill_should_trigger: true, runs: { with_skill: t, without_skill: c + ungraded }, assertions: compareAssertions(assertions, runs, conditions), usage: armUsage(runs, conditions), metrics: [], run_list: [] };
}

function facts(e: EvalComparison, extra: Partial<RunFacts> = {}): RunFacts[] {
  return conditions.flatMap((condition) => Array.from({ length: e.runs[condition] ?? 0 }, (_, i) => ({ condition, run: i + 1, record: { status: 'completed' } as RunRecord, excluded: null, iteration: 'it-1', status: 'completed', ...extra })));
}

/** The plan of one iteration, `it-1`, of `runs` per arm, of which `e`'s runs are counted. */
const planOf = (e: EvalComparison, runs: number): IterationPlan[] => [{ iteration: 'it-1', runs, counted: e.runs }];

function input(evals: EvalComparison[], overrides: Partial<ValidityInput> = {}): ValidityInput {
  const familySize = applyHolm(evals.flatMap((e) => e.assertions), 0.05, conditions);
  return { conditions, alpha: 0.05, familySize, evals, facts: evals.map((e) => facts(e)), plans: evals.map(() => []), ...overrides };
}

const codes = (problems: ReturnType<typeof validityProblems>, code: string) => problems.filter((p) => p.code === code);

describe('validityProblems: underpowered', () => {
  it('does not say small (4/4 vs 0/4) cannot reach alpha beside big (10/10 vs 0/10): Holm lets it (issue 36)', () => {
    const evals = [evalOf('big', 10, 10), evalOf('small', 4, 4)];
    const problems = validityProblems(input(evals));
    assert.deepEqual(codes(problems, 'underpowered'), []);
    assert.equal(evals[1]!.assertions[0]!.significant, true);
  });

  it('warns when no outcome of these runs could bring an assertion to alpha, with the smallest Holm p', () => {
    const evals = [evalOf('tiny', 3, 3)];
    const [warning] = codes(validityProblems(input(evals)), 'underpowered');
    assert.equal(warning?.eval, 'tiny');
    assert.match(warning!.message, /with 3 and 3 runs, no assertion can come out significant at alpha 0\.05, whatever the outcomes: the smallest p they allow is 0\.100\. At least 4 runs per condition are needed/);
    // More runs are a new iteration: runs added to these after seeing them would overstate the evidence.
    assert.match(warning!.message, /a new iteration \(campaign --runs 4\), not runs added to these/);
  });

  it('says the graded runs when ungraded ones make them fewer than the runs (an llm_judge split)', () => {
    const evals = [evalOf('judged', 3, 3, 3)];
    const [warning] = codes(validityProblems(input(evals)), 'underpowered');
    assert.match(warning!.message, /^Eval judged: with 3 and 6 runs, a \(graded in 3 and 3 of them\) cannot come out significant at alpha 0\.05, whatever the outcomes: the smallest p they allow is 0\.100\. At least 4 graded runs per condition are needed/);
  });

  it('names only the assertions that cannot reach alpha, after Holm over the family', () => {
    // Three evals: two of 4 vs 4 (each 0.0286 at best) and one of 10 vs 10. Holm's best case for a
    // 4-run assertion puts the 10-run one first: max(3 × 1.1e-5, 2 × 0.0286) = 0.057 > 0.05.
    const evals = [evalOf('big', 10, 10), evalOf('small-1', 4, 4), evalOf('small-2', 4, 4)];
    const warnings = codes(validityProblems(input(evals)), 'underpowered');
    assert.deepEqual(warnings.map((w) => w.eval), ['small-1', 'small-2']);
    assert.match(warnings[0]!.message, /after Holm over 3 assertions is 0\.0571/);
  });

  it('gives every eval that cannot reach alpha what to do in full (a new iteration of more runs), and the same advice apart: a consumer of the json filtering by eval lost it past the first ("as said for eval first")', () => {
    const evals = [evalOf('first', 3, 3), evalOf('second', 3, 3, 3), evalOf('third', 2, 2)];
    const warnings = codes(validityProblems(input(evals)), 'underpowered');
    assert.deepEqual(warnings.map((w) => [w.eval, w.severity]), [['first', 'warning'], ['second', 'warning'], ['third', 'warning']]);
    // Each keeps its own: its assertions, its runs (graded ones where fewer) and its smallest p after Holm.
    assert.match(warnings[0]!.message, /^Eval first: with 3 and 3 runs, no assertion can come out significant at alpha 0\.05, whatever the outcomes: the smallest p they allow after Holm over 3 assertions is 0\.300\./);
    assert.match(warnings[1]!.message, /^Eval second: with 3 and 6 runs, a \(graded in 3 and 3 of them\) cannot come out significant at alpha 0\.05, whatever the outcomes: the smallest p they allow after Holm over 3 assertions is 0\.300\./);
    assert.match(warnings[2]!.message, /^Eval third: with 2 and 2 runs, no assertion can come out significant at alpha 0\.05, whatever the outcomes: the smallest p they allow after Holm over 3 assertions is 0\.333\./);
    // Each message says what to do in full: graded runs, as one of the evals has fewer graded runs than runs.
    for (const w of warnings) assert.match(w.message, /\. At least 5 graded runs per condition are needed, in every eval, for any assertion to reach it: a new iteration \(campaign --runs 5\), not runs added to these .* overstate the evidence\.$/, w.message);
    // And apart, the same for all, so the reports can say it once.
    const [advice] = new Set(warnings.map((w) => w.advice));
    assert.equal(new Set(warnings.map((w) => w.advice)).size, 1);
    assert.match(advice ?? '', /^At least 5 graded runs per condition are needed/);
    for (const w of warnings) assert.ok(w.message.endsWith(` ${advice}`), w.message);
  });
  it('says to grade the runs campaign planned when they are counted but not graded (llm_judge votes missing), not a new iteration (review47)', () => {
    // 4 runs per arm planned and counted, one of each ungraded: 3 graded against 3 cannot reach 0.05; 4 against 4 can.
    const runs = [...Array.from({ length: 3 }, () => run('with_skill', true)), run('with_skill', undefined), ...Array.from({ length: 3 }, () => run('without_skill', false)), run('without_skill', undefined)];
    const assertions: Assertion[] = [{ id: 'a', type: 'transcript_check', check: 'tool_called', pattern: 'x' }];
    const e: EvalComparison = { id: 'judged', skill: null, skill_should_trigger: true, runs: { with_skill: 4, without_skill: 4 }, assertions: compareAssertions(assertions, runs, conditions), usage: armUsage(runs, conditions), metrics: [], run_list: [] };
    const [warning] = codes(validityProblems(input([e], { plans: [planOf(e, 4)] })), 'underpowered');
    assert.match(warning!.message, /At least 4 graded runs per condition are needed, in every eval, for any assertion to reach it, and campaign planned 4 per condition: grade the runs not graded \(the ungraded warning says how\) — no new iteration\.$/, warning!.message);
  });
});

describe('validityProblems: runs and records', () => {
  it('a run left out for a reason that merely starts with "check" (an arm named checked, its run-2 a file) is a run missing, not an artifact check failed', () => {
    const e = evalOf('e', 3, 2);
    const problems = validityProblems(input([e], { facts: [[...facts(e), { condition: 'without_skill', run: 3, record: undefined, excluded: 'checked/run-3 is not a folder', iteration: 'it-1', status: undefined }]] }));
    assert.deepEqual(codes(problems, 'artifacts-excluded'), []);
    assert.match(codes(problems, 'runs-missing')[0]?.message ?? '', /checked\/run-3 is not a folder/);
  });

  it('reports missing and unequal runs against the plan, errors before warnings', () => {
    const e = evalOf('e', 3, 2);
    const problems = validityProblems(input([e], {
      plans: [planOf(e, 3)],
      facts: [[...facts(e), { condition: 'with_skill', run: 9, record: undefined, excluded: checkedOutReason(1), iteration: 'it-1', status: undefined }]],
    }));
    assert.equal(problems[0]!.code, 'artifacts-excluded');
    assert.equal(problems[0]!.severity, 'error');
    assert.ok(codes(problems, 'runs-missing').some((p) => /without_skill counts 2 of the 3 runs campaign planned/.test(p.message)));
    assert.equal(codes(problems, 'runs-unequal').length, 1);
  });

  it('names the runs not counted beside each reason: "no conversation.json" alone did not say which run, and the terminal shows no run list', () => {
    const e = evalOf('e', 4, 4);
    const lost = (condition: string, run: number, excluded: string): RunFacts => ({ condition, run, record: undefined, excluded, iteration: 'it-1', status: undefined });
    const unfinished = 'no conversation.json (the run did not finish)';
    const problems = validityProblems(input([e], {
      facts: [[...facts(e), lost('with_skill', 5, unfinished), lost('without_skill', 5, unfinished), lost('without_skill', 6, unfinished), lost('with_skill', 6, 'the run aborted (timed-out)')]],
    }));
    const message = codes(problems, 'runs-missing').find((p) => /not counted/.test(p.message))!.message;
    assert.equal(message, '4 runs of eval e are not counted: no conversation.json (the run did not finish), in with_skill run 5 and without_skill runs 5, 6; the run aborted (timed-out), in with_skill run 6.');
    // The treatment's runs first, then the control's, whichever came first: the control's came first and were named first.
    const controlFirst = validityProblems(input([e], {
      facts: [[...facts(e), lost('without_skill', 5, unfinished), lost('with_skill', 5, unfinished), lost('without_skill', 6, unfinished)]],
    }));
    assert.equal(codes(controlFirst, 'runs-missing').find((p) => /not counted/.test(p.message))!.message, '3 runs of eval e are not counted: no conversation.json (the run did not finish), in with_skill run 5 and without_skill runs 5, 6.');
    // A reason that names the run's folder is not followed by it again.
    const linked = validityProblems(input([e], { facts: [[...facts(e), lost('with_skill', 5, 'with_skill/run-5 is a symbolic link (not followed)')]] }));
    assert.equal(codes(linked, 'runs-missing').find((p) => /not counted/.test(p.message))!.message, '1 run of eval e is not counted: with_skill/run-5 is a symbolic link (not followed).');
  });

  it('names the artifacts check left out, by reason and run: "failed check (run eval-magic check on them)" set exit 1 and said neither which run nor where', () => {
    const e = evalOf('e', 4, 3);
    const failed = (condition: string, run: number, excluded: string): RunFacts => ({ condition, run, record: undefined, excluded, iteration: 'it-1', status: undefined });
    const problems = validityProblems(input([e], { facts: [[...facts(e), failed('without_skill', 4, checkedOutReason(2)!), failed('with_skill', 5, checkedOutReason(1)!), failed('without_skill', 5, checkedOutReason(1)!)]] }));
    // One clause whatever each run's count, and the count said of the file it is of (not of the run folder, where check finds more).
    assert.deepEqual(codes(problems, 'artifacts-excluded').map((p) => p.message), [
      '3 artifacts of eval e failed check and are left out of the numbers: check found 1 to 2 errors in the conversation.json of each, in with_skill run 5 and without_skill runs 4, 5 (eval-magic check on those files names them).',
    ]);
    const one = validityProblems(input([e], { facts: [[...facts(e), failed('without_skill', 4, checkedOutReason(2)!)]] }));
    assert.deepEqual(codes(one, 'artifacts-excluded').map((p) => p.message), [
      '1 artifact of eval e failed check and is left out of the numbers: check found 2 errors in its conversation.json, in without_skill run 4 (eval-magic check on that file names them).',
    ]);
    // compare's --evals and --config, which check needs to find the same: said with the advice.
    const flagged = validityProblems(input([e], { facts: [[...facts(e), failed('without_skill', 4, checkedOutReason(2)!)]], checkFlags: ['--evals', "'my evals.json'"] }));
    assert.match(codes(flagged, 'artifacts-excluded')[0]!.message, / \(eval-magic check on that file, with --evals 'my evals\.json', names them\)\.$/);
  });

  it('names each run\'s iteration when the runs named are of several (compare it-1 it-2, shards): "with_skill runs 3, 3, 5, 5" named runs the user could not find', () => {
    const e = evalOf('e', 2, 2);
    const of = (iteration: string, condition: string, run: number, excluded: string): RunFacts => ({ condition, run, record: undefined, excluded, iteration, status: undefined });
    const failed = [of('ws/it-1', 'with_skill', 3, checkedOutReason(1)!), of('ws/it-1', 'with_skill', 5, checkedOutReason(1)!), of('ws/it-2', 'with_skill', 3, checkedOutReason(1)!), of('ws/it-2', 'without_skill', 5, checkedOutReason(1)!)];
    const problems = validityProblems(input([e], { facts: [[...facts(e), ...failed]] }));
    assert.equal(codes(problems, 'artifacts-excluded')[0]!.message, '4 artifacts of eval e failed check and are left out of the numbers: check found 1 error in the conversation.json of each, in with_skill runs 3, 5 of ws/it-1 and run 3 of ws/it-2, and without_skill run 5 of ws/it-2 (eval-magic check on those files names them).');
    // runs-missing names them by the same rule; runs of one iteration are named without it.
    const unfinished = 'no conversation.json (the run did not finish)';
    const missing = validityProblems(input([e], { facts: [[...facts(e), of('ws/it-1', 'with_skill', 3, unfinished), of('ws/it-2', 'with_skill', 3, unfinished)]] }));
    assert.equal(codes(missing, 'runs-missing')[0]!.message, '2 runs of eval e are not counted: no conversation.json (the run did not finish), in with_skill run 3 of ws/it-1 and run 3 of ws/it-2.');
    // One run named, of runs pooled from two iterations: its number alone could be either's.
    const pooled = validityProblems(input([e], { facts: [[...facts(e), of('ws/it-2', 'with_skill', 3, unfinished)]] }));
    assert.equal(codes(pooled, 'runs-missing')[0]!.message, '1 run of eval e is not counted: no conversation.json (the run did not finish), in with_skill run 3 of ws/it-2.');
    const alone = validityProblems(input([e], { facts: [[...facts(e, { iteration: 'ws/it-2' }), of('ws/it-2', 'with_skill', 3, unfinished)]] }));
    assert.equal(codes(alone, 'runs-missing')[0]!.message, '1 run of eval e is not counted: no conversation.json (the run did not finish), in with_skill run 3.');
  });

  it('bounds the message: 30 runs of 30 error counts are one clause, and reasons past the first few are one "and N more"', () => {
    const e = evalOf('e', 1, 1);
    const runs = Array.from({ length: 30 }, (_, i) => i + 2);
    const failed = runs.map((run): RunFacts => ({ condition: 'with_skill', run, record: undefined, excluded: checkedOutReason(run - 1)!, iteration: 'it-1', status: undefined }));
    const [excluded] = codes(validityProblems(input([e], { facts: [[...facts(e), ...failed]] })), 'artifacts-excluded');
    assert.equal(excluded!.message, '30 artifacts of eval e failed check and are left out of the numbers: check found 1 to 30 errors in the conversation.json of each, in with_skill runs 2, 3, 4, 5, 6 and 25 more (eval-magic check on those files names them).');
    const aborted = runs.map((run): RunFacts => ({ condition: 'without_skill', run, record: undefined, excluded: `the run aborted (agent-failed: exit ${run})`, iteration: 'it-1', status: 'aborted' }));
    const [missing] = codes(validityProblems(input([e], { facts: [[...facts(e), ...aborted]] })), 'runs-missing');
    assert.equal(missing!.message, '30 runs of eval e are not counted: the run aborted (agent-failed: exit 2), in without_skill run 2; the run aborted (agent-failed: exit 3), in without_skill run 3; the run aborted (agent-failed: exit 4), in without_skill run 4; and 27 more runs, for 27 other reasons.');
  });

  it('an eval taken out of evals.json: one eval-removed warning, not artifacts-excluded nor runs-missing; one gone run among counted ones is still a missing run', () => {
    const gone = { id: 'gone', skill: null, skill_should_trigger: true, runs: { with_skill: 0, without_skill: 0 }, assertions: [], usage: armUsage([], conditions), metrics: [], run_list: [] } satisfies EvalComparison;
    const goneFacts: RunFacts[] = conditions.map((condition) => ({ condition, run: 1, record: undefined, excluded: 'its eval is not in evals.json', iteration: 'it-1', status: 'completed', evalGone: true }));
    const kept = evalOf('kept', 4, 4);
    const problems = validityProblems(input([gone, kept], { plans: [planOf(gone, 1), planOf(kept, 4)], facts: [goneFacts, [...facts(kept), { ...goneFacts[0]!, run: 5 }]] }));
    assert.deepEqual(problems.filter((p) => p.eval === 'gone').map((p) => [p.code, p.severity, p.message]), [
      ['eval-removed', 'warning', 'Eval gone is not in the evals.json its runs are graded by (taken out after the campaign?): its 2 runs are left out of the numbers; check reports each as an eval-missing error.'],
    ]);
    assert.deepEqual(problems.filter((p) => p.eval === 'kept').map((p) => p.code), ['runs-missing']);
  });

  it('reports ungraded assertions, guessed conditions, isolation failures and an arm that stops more often', () => {
    const e = evalOf('e', 4, 4, 1);
    const stopped = facts(e).map((f, i) => (f.condition === 'without_skill' && i % 2 === 0 ? { ...f, status: 'stopped' } : f));
    stopped[0] = { ...stopped[0]!, record: { isolation: { valid: false, problems: [{ code: 'control-saw-skill', message: 'the control saw the skill' }] } } as RunRecord };
    const problems = validityProblems(input([e], { guess: 'by the code-unit order of their names alone', facts: [stopped] }));
    for (const code of ['ungraded', 'conditions-guessed', 'isolation-failed', 'stop-imbalance']) assert.equal(codes(problems, code).length, 1, code);
    assert.match(codes(problems, 'isolation-failed')[0]!.message, /with_skill run 1: the control saw the skill/);
  });

  it("says stop-imbalance's Fisher p as the reports say every p (the stopped_or_aborted row's 0.001, not 0.00140)", () => {
    const e = evalOf('e', 8, 8);
    const stopped = facts(e).map((f) => (f.condition === 'without_skill' && f.run! <= 7 ? { ...f, status: 'stopped' } : f));
    const [stops] = codes(validityProblems(input([e], { facts: [stopped] })), 'stop-imbalance');
    assert.match(stops!.message, /did not complete \(stopped at a gate or aborted; Fisher p = 0\.001\)/);
    const all = facts(evalOf('e', 12, 12)).map((f) => (f.condition === 'without_skill' ? { ...f, status: 'stopped' } : f));
    assert.match(codes(validityProblems(input([evalOf('e', 12, 12)], { facts: [all] })), 'stop-imbalance')[0]!.message, /Fisher p < 0\.001\)/);
  });

  it('leaves out of stop-imbalance a run the user cut short (Ctrl-C mid-campaign): the arm in flight at the interrupt is no arm that stops more often', () => {
    const e = evalOf('e', 1, 1);
    const cutShort = (condition: string, run: number): RunFacts => ({ condition, run, record: { status: 'aborted', abort_reason: 'interrupted' } as RunRecord, excluded: 'the run aborted (interrupted)', iteration: 'it-1', status: 'aborted' });
    const interrupted = validityProblems(input([e], { facts: [[...facts(e), cutShort('with_skill', 2), cutShort('with_skill', 3)]] }));
    assert.deepEqual(codes(interrupted, 'stop-imbalance'), [], 'was: 2 of 3 with_skill runs and 0 of 1 without_skill runs did not complete');
    // An agent's own abort still counts as not completing.
    const agentFailed = (condition: string, run: number): RunFacts => ({ ...cutShort(condition, run), record: { status: 'aborted', abort_reason: 'agent-failed' } as RunRecord, excluded: 'the run aborted (agent-failed)' });
    const [stops] = codes(validityProblems(input([e], { facts: [[...facts(e), agentFailed('with_skill', 2), agentFailed('with_skill', 3)]] })), 'stop-imbalance');
    assert.match(stops!.message, /^Eval e: 2 of 3 with_skill runs and 0 of 1 without_skill runs did not complete/);
  });

  it('attempts that failed before their runs were made again (a timeout, then the same command again) are said when the arms differ, interruptions aside', () => {
    const e = evalOf('e', 4, 4);
    const failed = (f: RunFacts, reason: string) => ({ ...f, record: { status: 'completed', failures: [{ attempt: 1, reason, message: 'Round 1: …' }] } as unknown as RunRecord });
    const retried = facts(e).map((f) => (f.condition === 'with_skill' && f.run! <= 2 ? failed(f, 'timed-out') : f.condition === 'without_skill' && f.run === 1 ? failed(f, 'interrupted') : f));
    const [warning, more] = codes(validityProblems(input([e], { facts: [retried] })), 'attempts-failed');
    assert.equal(more, undefined);
    assert.equal(warning?.severity, 'warning');
    assert.match(warning!.message, /^Eval e: 2 with_skill attempts failed before the 4 with_skill runs were made \(timed-out ×2\), and 0 before the 4 without_skill ones \(by --retries, or by the same campaign command run again; Fisher p = 0\.4\d+\): the runs counted are those that got through, so an arm whose attempts fail more often is graded on its luckier ones\.$/);
    // The same failures in both arms, or interruptions only (the user's Ctrl-C, not the agent): nothing to say.
    const alike = facts(e).map((f) => (f.run === 1 ? failed(f, 'agent-failed') : f));
    assert.deepEqual(codes(validityProblems(input([e], { facts: [alike] })), 'attempts-failed'), []);
    const interrupted = facts(e).map((f) => (f.condition === 'with_skill' ? failed(f, 'interrupted') : f));
    assert.deepEqual(codes(validityProblems(input([e], { facts: [interrupted] })), 'attempts-failed'), []);
    // One failure in each arm, over 4 runs and 2: the rates differ, and the warning says the runs (it read "1 … and 1 …": review38).
    const unequal = evalOf('u', 4, 2);
    const oneEach = facts(unequal).map((f) => (f.run === 1 ? failed(f, 'timed-out') : f));
    const [byRate] = codes(validityProblems(input([unequal], { facts: [oneEach] })), 'attempts-failed');
    assert.match(byRate!.message, /^Eval u: 1 with_skill attempt failed before the 4 with_skill runs were made \(timed-out ×1\), and 1 before the 2 without_skill ones \(/);
  });

  it('judge attempts that failed before the judgments counted were made (a judge timing out on one arm) are said when the arms differ, by the same count as attempts-failed', () => {
    const e = evalOf('e', 4, 4);
    // Each counted run holds one counted vote on `a`; the with_skill ones took the judge 2 sessions each, timing out once.
    const judged = (f: RunFacts, failures: string[]) => ({ ...f, votes: { a: { cast: 1, kept: 0, highest: 1 } }, judgeFailures: { a: failures } });
    const retried = facts(e).map((f) => judged(f, f.condition === 'with_skill' && f.run! <= 3 ? ['judge-timed-out'] : f.condition === 'with_skill' && f.run === 4 ? ['judge-failed'] : []));
    const [warning, more] = codes(validityProblems(input([e], { facts: [retried] })), 'judge-attempts-failed');
    assert.equal(more, undefined);
    assert.equal(warning?.severity, 'warning');
    assert.equal(warning?.eval, 'e');
    assert.match(warning!.message, /^Eval e: 4 judge sessions of a failed before the 4 with_skill judgments counted were made \(judge-timed-out ×3, judge-failed ×1\), and 0 before the 4 without_skill ones \(by judge's --retries, or by the same judge command run again; Fisher p = 0\.\d+\): the verdicts counted are those of the sessions that answered/);
    // The runs' own attempts are another warning's (attempts-failed): neither says the other's.
    assert.deepEqual(codes(validityProblems(input([e], { facts: [retried] })), 'attempts-failed'), []);
    // Alike in both arms, or failures of judgments not counted (a run left out): nothing to say.
    const alike = facts(e).map((f) => judged(f, f.run === 1 ? ['judge-timed-out'] : []));
    assert.deepEqual(codes(validityProblems(input([e], { facts: [alike] })), 'judge-attempts-failed'), []);
    const leftOut = facts(e).map((f) => (f.condition === 'with_skill' && f.run === 1 ? { ...judged(f, ['judge-timed-out']), excluded: 'the run aborted' } : judged(f, [])));
    assert.deepEqual(codes(validityProblems(input([e], { facts: [leftOut] })), 'judge-attempts-failed'), []);
    // By rate, not count (review37): 1 failure per judgment in both arms, over 4 judgments and 8 — alike;
    // 3 per judgment against 3 over 8 judgments — a difference, though the counts are equal.
    const twice = (f: RunFacts, failures: string[]) => ({ ...judged(f, failures), votes: { a: { cast: 2, kept: 0, highest: 2 } } });
    const sameRate = facts(e).map((f) => (f.condition === 'with_skill' ? judged(f, ['judge-timed-out']) : twice(f, ['judge-timed-out', 'judge-timed-out'])));
    assert.deepEqual(codes(validityProblems(input([e], { facts: [sameRate] })), 'judge-attempts-failed'), []);
    const sameCount = facts(e).map((f) => (f.condition === 'with_skill' ? judged(f, f.run === 1 ? ['judge-timed-out', 'judge-timed-out', 'judge-timed-out', 'judge-timed-out'] : []) : twice(f, f.run === 1 ? ['judge-timed-out', 'judge-timed-out', 'judge-timed-out', 'judge-timed-out'] : [])));
    const [byRate] = codes(validityProblems(input([e], { facts: [sameCount] })), 'judge-attempts-failed');
    assert.match(byRate!.message, /4 judge sessions of a failed before the 4 with_skill judgments counted were made .* and 4 before the 8 without_skill ones/);
  });

  it('a run whose run.json and conversation.json disagree on how it ended is one status-mismatch error for its eval, before the warnings', () => {
    const e = evalOf('e', 4, 4);
    const edited = facts(e).map((f) => (f.condition === 'without_skill' && f.run === 2 ? { ...f, statusConflict: { run_json: 'stopped', conversation_json: 'completed' } } : f));
    const problems = validityProblems(input([e], { facts: [edited] }));
    assert.deepEqual(codes(problems, 'status-mismatch').map((p) => [p.severity, p.eval]), [['error', 'e']]);
    assert.equal(problems[0]!.code, 'status-mismatch');
    assert.match(problems[0]!.message, /^Eval e: run\.json and conversation\.json disagree on how a run ended \(without_skill run 2: run\.json says stopped, conversation\.json says completed\)\. Campaign writes the two alike/);
    assert.deepEqual(codes(validityProblems(input([e])), 'status-mismatch'), []);
  });

  it('counted runs whose conversation.json was edited after the run are one conversation-edited warning for their eval, naming each (condition/run-j); a run not counted is not named', () => {
    const e = evalOf('e', 4, 4);
    const edited = facts(e).map((f) => ((f.condition === 'with_skill' && f.run === 3) || (f.condition === 'without_skill' && f.run! <= 2) ? { ...f, conversationEdited: true, ...(f.run === 1 ? { excluded: checkedOutReason(1) } : {}) } : f));
    const said = codes(validityProblems(input([e], { facts: [edited] })), 'conversation-edited');
    assert.deepEqual(said.map((p) => [p.severity, p.eval]), [['warning', 'e']]);
    assert.match(said[0]!.message, /^Eval e: the conversation\.json of 2 runs with_skill\/run-3, without_skill\/run-2 was changed after the run \(it is not the text campaign recorded in their run\.json\): their transcript checks \(and judge rubrics\) grade the edited text, not what the agent did\. They are still graded and counted .*restore the file from where the workspace came from, or run the eval again\.$/);
    assert.deepEqual(codes(validityProblems(input([e])), 'conversation-edited'), []);
  });

  it('counted runs whose conversation.json has CRLF line endings are one line-endings-converted error for an eval with a command_check, none for one without', () => {
    const e = evalOf('e', 2, 2);
    const converted = facts(e).map((f) => (f.run === 1 ? { ...f, lineEndingsConverted: true } : f));
    assert.deepEqual(codes(validityProblems(input([e], { facts: [converted] })), 'line-endings-converted'), [], 'transcript checks alone: nothing converted is read');
    const withCommand = { ...e, assertions: [{ ...e.assertions[0]!, grader: 'command_check' as const }] };
    const said = codes(validityProblems(input([withCommand], { facts: [converted] })), 'line-endings-converted');
    assert.deepEqual(said.map((p) => [p.severity, p.eval]), [['error', 'e']]);
    assert.match(said[0]!.message, /of 2 runs with_skill\/run-1, without_skill\/run-1 has CRLF line endings/);
    // The fourth review's false alarms: a conversation no campaign wrote (no run.json: the reference's layout, a hand import), and a run whose command never ran (ungraded).
    const noRecord = converted.map((f) => ({ ...f, record: undefined }));
    assert.deepEqual(codes(validityProblems(input([withCommand], { facts: [noRecord] })), 'line-endings-converted'), []);
    const notRun = converted.map((f) => ({ ...f, ungraded: [{ id: 'a', reason: 'setup file "x" was not found' }] }));
    assert.deepEqual(codes(validityProblems(input([withCommand], { facts: [notRun] })), 'line-endings-converted'), []);
  });

  it('says in how many runs of each arm an assertion went ungraded, and why (a rubric edited since judging), not "in some runs"', () => {
    const e = evalOf('e', 4, 2, 2);
    const why = 'judged by an earlier rubric or expected_output: run eval-magic judge ws/iteration-1';
    const runFacts = facts(e).map((f) => (f.condition === 'without_skill' && f.run! > 2 ? { ...f, ungraded: [{ id: 'a', reason: why }] } : f));
    const [warning] = codes(validityProblems(input([e], { facts: [runFacts] })), 'ungraded');
    assert.equal(warning!.message, `Eval e: a (transcript_check) was not graded in 2 of 4 without_skill runs (${why}); ungraded runs count as neither pass nor fail.`);
  });

  it("an assertion ungraded in every run of an arm (an llm_judge before judge runs) is said to be out of Holm's family, so the others' p (Holm) are smaller than they will be (the trial: 0.300 became 0.400 once judged)", () => {
    const e = evalOf('e', 2, 0, 2);
    const runFacts = facts(e).map((f) => (f.condition === 'without_skill' ? { ...f, ungraded: [{ id: 'a', reason: 'not judged: run eval-magic judge ws/iteration-1' }] } : f));
    const [warning] = codes(validityProblems(input([e], { facts: [runFacts] })), 'ungraded');
    assert.match(warning!.message, /ungraded runs count as neither pass nor fail\. Graded in no run of an arm, a is untested and out of Holm's family, which spans every eval's assertions: the others' p \(Holm\) are adjusted over fewer assertions than if it were tested\.$/);
  });

  it('names the judge command once for the runs judge makes the judgments of (not judged, a judgment stopped), with the highest --repeats named: a stopped judge named it twice', () => {
    const e = evalOf('e', 4, 0, 4);
    const command = 'eval-magic judge ws/iteration-1';
    const reasons = [`not judged: run ${command}`, `judge/a/3/ holds no judgment.json: run ${command} --repeats 3 to make it again`, 'judge-split: 1 pass and 1 fail', `not judged: run ${command}`];
    const runFacts = facts(e).map((f) => (f.condition === 'without_skill' ? { ...f, judgeCommand: command, ungraded: [{ id: 'a', reason: reasons[f.run! - 1]! }] } : f));
    const [warning] = codes(validityProblems(input([e], { facts: [runFacts] })), 'ungraded');
    assert.match(warning!.message, /^Eval e: a \(transcript_check\) was not graded in 4 of 4 without_skill runs \(not judged; judge\/a\/3\/ holds no judgment\.json — for both, run eval-magic judge ws\/iteration-1 --repeats 3; judge-split: 1 pass and 1 fail\); ungraded runs/);
    // One reason alone keeps its own command.
    const alone = facts(e).map((f) => (f.condition === 'without_skill' ? { ...f, judgeCommand: command, ungraded: [{ id: 'a', reason: reasons[0]! }] } : f));
    assert.match(codes(validityProblems(input([e], { facts: [alone] })), 'ungraded')[0]!.message, /runs \(not judged: run eval-magic judge ws\/iteration-1\); ungraded/);
  });

  it('says the command once for runs judged on an input since changed too (a rubric edited), at the highest --repeats: judge makes those again as well', () => {
    const e = evalOf('e', 4, 0, 4);
    const command = 'eval-magic judge ws/iteration-1';
    const reasons = [`not judged: run ${command}`, `judged by an earlier rubric or expected_output: run ${command} --repeats 3`, `not judged: run ${command}`, `judged by an earlier rubric or expected_output: run ${command} --repeats 3`];
    const runFacts = facts(e).map((f) => (f.condition === 'without_skill' ? { ...f, judgeCommand: command, ungraded: [{ id: 'a', reason: reasons[f.run! - 1]! }] } : f));
    const [warning] = codes(validityProblems(input([e], { facts: [runFacts] })), 'ungraded');
    assert.match(warning!.message, /runs \(not judged; judged by an earlier rubric or expected_output — for both, run eval-magic judge ws\/iteration-1 --repeats 3\); ungraded/);
    // A new repeat of every run, for answers judge keeps without a verdict, is another remedy: said as it is.
    const kept = `no verdict of the judge counted (malformed-verdict): judge keeps an answer outside the verdict contract, so to judge again make a new judgment of every run alike with a judge that keeps to it: run ${command} --repeats 4`;
    const other = facts(e).map((f) => (f.condition === 'without_skill' ? { ...f, judgeCommand: command, ungraded: [{ id: 'a', reason: f.run! <= 2 ? kept : `not judged: run ${command}` }] } : f));
    const said = codes(validityProblems(input([e], { facts: [other] })), 'ungraded')[0]!.message;
    assert.ok(said.includes(kept) && said.includes(`not judged: run ${command}`), said);
  });

  it('names at most two reasons an assertion went ungraded, and how many more there are', () => {
    const e = evalOf('e', 4, 0, 4);
    const runFacts = facts(e).map((f) => (f.condition === 'without_skill' ? { ...f, ungraded: [{ id: 'a', reason: `reason ${f.run! % 3}` }, { id: 'other', reason: 'not this one' }] } : f));
    const [warning] = codes(validityProblems(input([e], { facts: [runFacts] })), 'ungraded');
    assert.match(warning!.message, /^Eval e: a \(transcript_check\) was not graded in 4 of 4 without_skill runs \(reason 1; reason 2; and 1 other reason: see each run's grading\.json\); ungraded runs/);
  });

  it('says assertions ungraded alike (none judged yet) once, together, not one long clause each', () => {
    const e = evalOf('e', 0, 0, 2);
    const runs = [run('without_skill', undefined), run('without_skill', undefined)];
    const judged = (id: string): Assertion => ({ id, type: 'llm_judge', rubric: 'r' });
    e.assertions = compareAssertions([judged('a'), judged('b'), { id: 'c', type: 'command_check', command: 'true' }], runs, conditions);
    const why = 'not judged: run eval-magic judge ws/iteration-1';
    const runFacts = facts(e).map((f) => ({ ...f, ungraded: [{ id: 'a', reason: why }, { id: 'b', reason: why }, { id: 'c', reason: 'no task folder' }] }));
    const [warning] = codes(validityProblems(input([e], { facts: [runFacts] })), 'ungraded');
    assert.equal(warning!.message, `Eval e: a, b (llm_judge) were not graded in 2 of 2 without_skill runs (${why}); c (command_check) was not graded in 2 of 2 without_skill runs (no task folder); ungraded runs count as neither pass nor fail.`);
  });

  it('leaves an arm without counted runs out of an ungraded warning (runs-missing says it), rather than "0 of 0"', () => {
    const e = evalOf('e', 0, 0, 2);
    const [warning] = codes(validityProblems(input([e])), 'ungraded');
    // Untested for want of runs in an arm, not of grading: no word of Holm's family, which grading would not change.
    assert.equal(warning!.message, 'Eval e: a (transcript_check) was not graded in 2 of 2 without_skill runs; ungraded runs count as neither pass nor fail.');
  });

  it('finds nothing to say about a clean, well-powered comparison', () => {
    assert.deepEqual(validityProblems(input([evalOf('e', 6, 6)])), []);
  });
});

describe('validity codes', () => {
  it("comparison.schema.json's enum is exactly the codes compare gives (a code missing there made compare's own comparison.json fail check)", () => {
    const schema = JSON.parse(readFileSync(new URL('../../schemas/comparison.schema.json', import.meta.url), 'utf8'));
    const found: unknown[] = [];
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node !== null && typeof node === 'object') for (const [key, value] of Object.entries(node)) (key === 'code' && (value as { enum?: unknown[] }).enum ? found.push(...(value as { enum: unknown[] }).enum) : visit(value));
    };
    visit(schema);
    assert.deepEqual([...found].sort(), [...VALIDITY_CODES].sort());
  });
});

describe('validityProblems: judges-mixed', () => {
  /** An eval of one llm_judge assertion `a` judged 3 times in each of 2 runs per arm, 2 votes to 1. */
  function judged(judges: Array<Record<string, number>>): [EvalComparison, RunFacts[]] {
    const e = evalOf('e', 2, 2);
    const row = { ...e.assertions[0]!, grader: 'llm_judge' as const, judge_agreement: { runs: 4, unanimous: 0, kappa: -0.5 } };
    const all = facts(e).map((f, i) => ({ ...f, judges: { a: judges[i % judges.length]! } }));
    return [{ ...e, assertions: [row] }, all];
  }

  it('one judge: no judges-mixed, and judge-unstable says the judge agrees with itself', () => {
    const [e, f] = judged([{ 'claude-code with model "opus"': 3 }]);
    const problems = validityProblems(input([e], { facts: [f] }));
    assert.deepEqual(codes(problems, 'judges-mixed'), []);
    assert.match(codes(problems, 'judge-unstable')[0]!.message, /^Eval e: the judge of a agrees with itself on 0 % of 4 runs/);
    // A negative kappa with the minus sign every other negative number of the report has (the trial saw "kappa -0.50").
    assert.match(codes(problems, 'judge-unstable')[0]!.message, /Fleiss' kappa −0\.50;/);
  });

  it('votes of two judges (2 of each run by one, 1 by the other): said with each judge\'s votes, most first; judge-unstable says agreement between them', () => {
    const [e, f] = judged([{ 'claude-code with the harness\'s default model': 1, 'claude-code with model "opus"': 2 }]);
    const problems = validityProblems(input([e], { facts: [f] }));
    const [mixed] = codes(problems, 'judges-mixed');
    assert.equal(mixed?.eval, 'e');
    assert.match(mixed!.message, /^Eval e: the votes counted on a \(votes cast: 8 by claude-code with model "opus", 4 by claude-code with the harness's default model\) are of different judges, pooled: /);
    assert.match(codes(problems, 'judge-unstable')[0]!.message, /^Eval e: the 2 judges of a agree with each other on 0 % of 4 runs/);
  });

  it('runs judged each by another judge (one vote each) are pooled too: each arm\'s verdicts may be of another judge', () => {
    const [e, f] = judged([{ 'codex with the harness\'s default model': 1 }, { 'claude-code with the harness\'s default model': 1 }]);
    const [mixed] = codes(validityProblems(input([e], { facts: [f] })), 'judges-mixed');
    assert.match(mixed!.message, /votes cast: 2 by claude-code with the harness's default model, 2 by codex with the harness's default model\)/);
  });

  it('a run left out of the numbers is no vote', () => {
    const [e, f] = judged([{ 'claude-code with the harness\'s default model': 1 }]);
    f.push({ ...f[0]!, run: 9, excluded: 'aborted', judges: { a: { 'claude-code with model "opus"': 1 } } });
    assert.deepEqual(codes(validityProblems(input([e], { facts: [f] })), 'judges-mixed'), []);
  });
});

describe('validityProblems: judge-votes-unequal', () => {
  /** An eval of one llm_judge assertion `a`, 3 runs per arm, each run's votes cast as `cast` gives them (treatment's, then control's). */
  function judged(cast: number[], extra: Partial<VoteTally> = {}): [EvalComparison, RunFacts[]] {
    const e = evalOf('e', 3, 3);
    const row = { ...e.assertions[0]!, grader: 'llm_judge' as const };
    const all = facts(e).map((f, i) => ({ ...f, votes: { a: { cast: cast[i]!, kept: 0, highest: Math.max(...cast), ...extra } }, judgeCommand: 'eval-magic judge ws/iteration-1' }));
    return [{ ...e, assertions: [row] }, all];
  }

  it('every run on as many votes: nothing said', () => {
    const [e, f] = judged([3, 3, 3, 3, 3, 3]);
    assert.deepEqual(codes(validityProblems(input([e], { facts: [f] })), 'judge-votes-unequal'), []);
  });

  it('runs on fewer votes than the most (a judge --repeats 3 stopped): each arm\'s runs by their votes, the short ones named, and the command that makes the missing judgments', () => {
    const [e, f] = judged([3, 2, 3, 1, 1, 3]);
    const [unequal, ...more] = codes(validityProblems(input([e], { facts: [f] })), 'judge-votes-unequal');
    assert.equal(more.length, 0);
    assert.deepEqual([unequal?.eval, unequal?.severity], ['e', 'warning']);
    assert.equal(unequal!.message, "Eval e: the runs are graded on a by different numbers of votes (with_skill: 3 votes in 2 runs, 2 in run 2; without_skill: 3 votes in 1 run, 1 in runs 1, 2): a verdict of fewer votes is the majority of fewer judgments, one vote the judge's single answer, so the runs are not graded alike — a judge command stopped before it ended, or run again with more --repeats, leaves them so. Run eval-magic judge ws/iteration-1 --eval e --repeats 3 to make the missing judgments.");
  });

  it('one arm all on fewer votes (the judge stopped after the treatment\'s repeats): named by arm', () => {
    const [e, f] = judged([3, 3, 3, 1, 1, 1]);
    assert.match(codes(validityProblems(input([e], { facts: [f] })), 'judge-votes-unequal')[0]!.message, /\(with_skill: 3 votes in 3 runs; without_skill: 1 vote in runs 1, 2, 3\)/);
  });

  it('short of votes by answers judge keeps without a verdict (malformed-verdict) beside a run short of judgments: the command, and that it does not make those', () => {
    const [e, f] = judged([3, 3, 3, 3, 1, 2]);
    f[5] = { ...f[5]!, votes: { a: { cast: 2, kept: 1, highest: 3 } } };
    assert.match(codes(validityProblems(input([e], { facts: [f] })), 'judge-votes-unequal')[0]!.message, /to make the missing judgments \(1 run short of votes by answers judge keeps without a verdict, malformed-verdict or no-evidence, stays short: judge does not ask again\)\.$/);
  });

  it('a run short of votes by a kept answer and of a judgment never made: the command is given, since it makes that judgment (the fourth review)', () => {
    const [e, f] = judged([2, 2, 2, 2, 1, 2]);
    for (const i of [0, 1, 2, 3, 5]) f[i] = { ...f[i]!, votes: { a: { cast: 2, kept: 1, highest: 3 } } };
    f[4] = { ...f[4]!, votes: { a: { cast: 1, kept: 1, highest: 2 } } };
    assert.match(codes(validityProblems(input([e], { facts: [f] })), 'judge-votes-unequal')[0]!.message, /Run eval-magic judge ws\/iteration-1 --eval e --repeats 3 to make the missing judgments/);
  });

  it('every short run short by answers judge keeps: no command is given (the third review: the one given made nothing, and the warning stayed), and the arm-correlated refusal is named as worth reading', () => {
    const [e, f] = judged([3, 3, 3, 2, 2, 3]);
    for (const i of [3, 4]) f[i] = { ...f[i]!, votes: { a: { cast: 2, kept: 1, highest: 3 } } };
    const [said] = codes(validityProblems(input([e], { facts: [f] })), 'judge-votes-unequal');
    assert.doesNotMatch(said!.message, /Run eval-magic judge/);
    assert.match(said!.message, /without_skill: 3 votes in 1 run, 2 in runs 1, 2\).* — the judge answered some of their judgments without a verdict \(malformed-verdict or no-evidence\), which judge keeps and does not ask again, so no judge command evens them\. .*may be telling the arms apart\.$/);
  });

  it('short runs of two agent CLIs (a workspace of two skills): the command of each, its own --harness, never one for both; a CLI no campaign.json names is a placeholder said in words', () => {
    const [e, f] = judged([3, 3, 3, 3, 1, 2]);
    f[5] = { ...f[5]!, judgeCommand: 'eval-magic judge ws/other/iteration-1 --harness codex' };
    f[4] = { ...f[4]!, judgeCommand: 'eval-magic judge ws/iteration-1 --harness claude-code' };
    const said = codes(validityProblems(input([e], { facts: [f] })), 'judge-votes-unequal')[0]!.message;
    assert.match(said, / Run eval-magic judge ws\/iteration-1 --harness claude-code --eval e --repeats 3, and eval-magic judge ws\/other\/iteration-1 --harness codex --eval e --repeats 3 to make the missing judgments\.$/);
    f[5] = { ...f[5]!, judgeCommand: 'eval-magic judge ws/other/iteration-1 --harness <cli>' };
    assert.match(codes(validityProblems(input([e], { facts: [f] })), 'judge-votes-unequal')[0]!.message, /--harness <cli> --eval e --repeats 3 to make the missing judgments\. In --harness <cli>, <cli> is for you to fill in \(the command does not run as printed\)/);
  });

  it('a run left out of the numbers, and a run with no vote cast (the ungraded warning\'s), are not counted', () => {
    const [e, f] = judged([3, 3, 3, 3, 3, 0]);
    f.push({ ...f[0]!, run: 9, excluded: 'aborted', votes: { a: { cast: 1, kept: 0, highest: 1 } } });
    assert.deepEqual(codes(validityProblems(input([e], { facts: [f] })), 'judge-votes-unequal'), []);
  });
});
