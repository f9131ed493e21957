// The headline every format prints (src/compare/headline.ts): the moved assertions with their
// delta, its Newcombe interval and counts; which are significant after Holm; what the runs could
// have detected in the rest — and "run more" when no result could have been significant.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evalHeadline } from '../../src/compare/headline.js';
import type { ArmCount, AssertionComparison, ComparisonDocument, EvalComparison } from '../../src/compare/model.js';
import { detectableCell, invocationText, metricCell, metricDelta, metricShort, overallText } from '../../src/compare/formats/numbers.js';
import type { MetricComparison } from '../../src/compare/model.js';
import { formatComparisonMarkdown } from '../../src/compare/formats/markdown.js';

const conditions: [string, string] = ['with_skill', 'without_skill'];
const arm = (passed: number, n: number): ArmCount => ({ passed, failed: n - passed, ungraded: 0, n, rate: passed / n, ci95: [0, 1] });

function row(id: string, [tp, tn]: [number, number], [cp, cn]: [number, number], fields: Partial<AssertionComparison>): AssertionComparison {
  return {
    id, grader: 'transcript_check', delta: tp / tn - cp / cn, delta_ci95: [-0.1, 0.2], p_value: 0.5, p_holm: 1, min_attainable_p: 0.001, min_attainable_p_holm: 0.004,
    detectable_delta: null, significant: false, direction: null, with_skill: arm(tp, tn), without_skill: arm(cp, cn), ...fields,
  };
}

function evalOf(assertions: AssertionComparison[], runs = 8): EvalComparison {
  return { id: 'e1', skill: 's', skill_should_trigger: true, runs: { with_skill: runs, without_skill: runs }, assertions, metrics: [], usage: {}, run_list: [] };
}

describe('evalHeadline', () => {
  it('names a significant assertion with its delta, Newcombe interval, counts and Holm p; then what the runs could detect in the others', () => {
    const e = evalOf([
      row('asks', [8, 8], [1, 8], { delta_ci95: [0.4, 0.98], p_holm: 0.0056, significant: true, direction: 'better' }),
      row('tests', [6, 8], [6, 8], { detectable_delta: 0.85 }),
      row('renamed', [8, 8], [8, 8], { detectable_delta: null }),
    ]);
    assert.equal(evalHeadline(e, { conditions, alpha: 0.05 }),
      'Eval e1: the skill moved asks +88 pp [+40, +98] (8/8 vs 1/8, p (Holm) 0.006) — significant after Holm at 0.05. In the other 2, these runs could have detected only a change of ≥ 85 pp with 80 % power (in 1, no change at all).');
  });

  it('says a move that is not significant is not, with its interval, and the range the runs could have detected', () => {
    const e = evalOf([row('asks', [5, 8], [3, 8], { delta_ci95: [-0.22, 0.6], detectable_delta: 0.55 }), row('tests', [8, 8], [8, 8], { detectable_delta: 0.7 })]);
    assert.equal(evalHeadline(e, { conditions, alpha: 0.05 }),
      'Eval e1: the skill moved asks +25 pp [−22, +60] (5/8 vs 3/8), none significant after Holm at 0.05. These runs could have detected only a change of ≥ 55–70 pp with 80 % power.');
  });

  it('says first when the skill ran in an eval where it should not trigger (skill_should_trigger: false), and not when it stayed out', () => {
    const invoked = (passed: number): MetricComparison => ({ id: 'skill_invoked', kind: 'rate', delta: passed / 5, p_value: 0.5, method: 'fisher', expected: false, with_skill: arm(passed, 5), without_skill: arm(0, 5) });
    const e = { ...evalOf([row('tests', [5, 5], [5, 5], { detectable_delta: null })], 5), skill_should_trigger: false, metrics: [invoked(5)] };
    assert.equal(evalHeadline(e, { conditions, alpha: 0.05 }),
      'Eval e1: the skill did not move its one graded assertion, tests (5 with_skill vs 5 without_skill runs). Its skill should not trigger here, yet it ran in 5 of 5 with_skill runs. These runs could not have detected any change with 80 % power, however large: run more.');
    assert.doesNotMatch(evalHeadline({ ...e, metrics: [invoked(0)] }, { conditions, alpha: 0.05 }), /should not trigger/);
    assert.doesNotMatch(evalHeadline({ ...e, skill_should_trigger: true, metrics: [{ ...invoked(5), expected: undefined }] }, { conditions, alpha: 0.05 }), /should not trigger/);
  });

  it('tells the user to run more when no outcome of these runs could have been significant', () => {
    const e = evalOf([row('asks', [2, 2], [2, 2], { min_attainable_p: 0.33, detectable_delta: null })], 2);
    assert.equal(evalHeadline(e, { conditions, alpha: 0.05 }),
      'Eval e1: the skill did not move its one graded assertion, asks (2 with_skill vs 2 without_skill runs). With 2 with_skill vs 2 without_skill runs, no difference could have been significant at 0.05, however large: run more.');
  });

  it('says when validity errors bear on the eval (its own, or the whole comparison\'s), so the answer first is not a bare "significant"', () => {
    const e = evalOf([row('asks', [8, 8], [1, 8], { delta_ci95: [0.4, 0.98], p_holm: 0.0056, significant: true, direction: 'better', detectable_delta: null })]);
    const validity: ComparisonDocument['validity'] = [
      { code: 'isolation-failed', severity: 'error', message: 'Eval e1, without_skill run 1: the control saw the skill.', eval: 'e1' },
      { code: 'isolation-failed', severity: 'error', message: 'Eval e1, without_skill run 2: the control saw the skill.', eval: 'e1' },
      { code: 'evals-changed', severity: 'error', message: 'evals.json changed.' },
      { code: 'artifacts-excluded', severity: 'error', message: 'another eval', eval: 'e2' },
      { code: 'stop-imbalance', severity: 'warning', message: 'a warning', eval: 'e1' },
    ];
    assert.equal(evalHeadline(e, { conditions, alpha: 0.05, validity }),
      'Eval e1: the skill moved asks +88 pp [+40, +98] (8/8 vs 1/8, p (Holm) 0.006) — significant after Holm at 0.05. But 2 validity errors bear on it (isolation-failed) and 1 on the whole comparison (evals-changed); also 1 validity warning bears on it (stop-imbalance): see Validity before trusting it.');
    assert.match(evalHeadline(e, { conditions, alpha: 0.05, validity: validity.slice(2, 4) }), /\. But the comparison has 1 validity error \(evals-changed\): see Validity before trusting it\.$/, 'one of the whole comparison, which may concern other evals, is said as the comparison\'s');
    assert.doesNotMatch(evalHeadline(e, { conditions, alpha: 0.05, validity: validity.slice(3, 4) }), /validity/, 'another eval\'s errors do not');
    const nothing = evalOf([row('judge', [0, 0], [0, 0], { delta: null, p_value: null })]);
    assert.match(evalHeadline(nothing, { conditions, alpha: 0.05, validity }), /^Eval e1: nothing to compare — .*\. But 2 validity errors bear on it \(isolation-failed\) and 1 on the whole comparison \(evals-changed\); also 1 validity warning bears on it \(stop-imbalance\): see Validity before trusting it\.$/, 'nothing to compare, and why: its runs were left out');
  });

  it('names the validity warnings that bear on the eval (its own, the whole comparison\'s) beside the answer: a "significant" above a stop imbalance or ungraded runs is not bare', () => {
    const e = evalOf([row('asks', [8, 8], [1, 8], { delta_ci95: [0.4, 0.98], p_holm: 0.0056, significant: true, direction: 'better', detectable_delta: null })]);
    const warnings: ComparisonDocument['validity'] = [
      { code: 'stop-imbalance', severity: 'warning', message: '7 of 8 without_skill runs did not complete', eval: 'e1' },
      { code: 'ungraded', severity: 'warning', message: 'explains (llm_judge) was not graded', eval: 'e1' },
      { code: 'runs-unequal', severity: 'warning', message: 'another eval', eval: 'e2' },
      { code: 'runs-duplicated', severity: 'warning', message: 'the same eval id of another skill', eval: 'e1', skill: 'other' },
    ];
    const significant = 'Eval e1: the skill moved asks +88 pp [+40, +98] (8/8 vs 1/8, p (Holm) 0.006) — significant after Holm at 0.05.';
    assert.equal(evalHeadline(e, { conditions, alpha: 0.05, validity: warnings }), `${significant} Caveat: 2 validity warnings bear on it (stop-imbalance, ungraded): see Validity.`);
    const guessed: ComparisonDocument['validity'] = [{ code: 'conditions-guessed', severity: 'warning', message: 'the treatment was guessed' }];
    assert.equal(evalHeadline(e, { conditions, alpha: 0.05, validity: guessed }), `${significant} Caveat: the comparison has 1 validity warning (conditions-guessed): see Validity.`, 'a guessed treatment turns "the skill moved" round: said with the answer');
    const isolation: ComparisonDocument['validity'] = [{ code: 'isolation-failed', severity: 'error', message: 'the control saw the skill', eval: 'e1' }, ...warnings];
    assert.equal(evalHeadline(e, { conditions, alpha: 0.05, validity: isolation }), `${significant} But 1 validity error bears on it (isolation-failed); also 2 validity warnings bear on it (stop-imbalance, ungraded): see Validity before trusting it.`);
    assert.doesNotMatch(evalHeadline(e, { conditions, alpha: 0.05, validity: warnings.slice(2) }), /validity/, 'another eval\'s and another skill\'s do not');
    // Holm's family spans every skill's assertions: the eval's p (Holm) is the pooled family's.
    const pooled: ComparisonDocument['validity'] = [...warnings, { code: 'skills-pooled', severity: 'warning', message: 'Holm over every skill' }];
    assert.equal(evalHeadline(e, { conditions, alpha: 0.05, validity: pooled }), `${significant} Caveat: 2 validity warnings bear on it (stop-imbalance, ungraded) and 1 on the whole comparison (skills-pooled): see Validity.`);
  });

  it('has nothing to compare when no assertion was graded in both conditions', () => {
    const e = evalOf([row('judge', [0, 0], [0, 0], { delta: null, p_value: null })]);
    assert.match(evalHeadline(e, { conditions, alpha: 0.05 }), /^Eval e1: nothing to compare — no assertion was graded in both with_skill and without_skill/);
  });

  // It said "no assertion was graded in both …" of these too, where its table says why: no grading failed.
  it('says why when the eval has no assertion at all: none in evals.json, or the eval taken out of it (eval-removed), as its table says', () => {
    const none = evalOf([], 4);
    assert.equal(evalHeadline(none, { conditions, alpha: 0.05 }), 'Eval e1: nothing to compare — no assertions in evals.json (4 with_skill vs 4 without_skill runs).');
    const removed: ComparisonDocument['validity'] = [{ code: 'eval-removed', severity: 'warning', message: 'Eval e1 is not in the evals.json its runs are graded by', eval: 'e1' }];
    assert.equal(evalHeadline(evalOf([], 0), { conditions, alpha: 0.05, validity: removed }),
      'Eval e1: nothing to compare — not in the evals.json its runs are graded by, so its runs are left out (eval-removed). Caveat: 1 validity warning bears on it (eval-removed): see Validity.');
  });
});

describe('the detectable change: the headline and the note under the table', () => {
  // One eval rendered in markdown (stylish and html put the same note under their tables): its
  // headline, and the note under its table, or undefined when there is none.
  function said(e: EvalComparison): { headline: string; note: string | undefined } {
    const doc = {
      schema_version: 1, tool: 'eval-magic', conditions, alpha: 0.05, family_size: e.assertions.length, validity: [], evals: [e], usage: {}, iterations: [], excluded_count: 0,
      overall: { unit: 'run', strata: 0, informative_strata: 0, runs: {}, p_value: null, min_attainable_p: null, common_odds_ratio: null, skill_invocation: { with_skill: arm(0, 0), without_skill: arm(0, 0) } },
    } as unknown as ComparisonDocument;
    // Markdown escapes its cells ("with\\_skill"): read as text.
    const lines = formatComparisonMarkdown(doc).split('\n').map((l) => l.replace(/\\(.)/g, '$1'));
    const headline = lines.find((l) => l.startsWith('**Eval e1:'))!.slice(2, -2);
    const table = lines.findIndex((l) => l.startsWith('| Assertion |'));
    const note = lines.slice(table, lines.findIndex((l) => l.startsWith('| Metric |'))).find((l) => l.startsWith('_'));
    return { headline, note: note?.slice(1, -1) };
  }
  // What a text says the runs could have detected: who (all, or the others), the change, how many could detect none.
  const stated = (text: string) => /(With \d+ with_skill vs \d+ without_skill runs, no difference could have been significant at 0\.05, however large|(?:These runs|In the other \S+, these runs) could (?:not have detected any change with 80 % power, however large|have detected only a change of ≥ [\d–]+ pp with 80 % power))(?:.*?(in \d+, no change at all))?/.exec(text)?.slice(1, 3).join(' | ');
  const cases: Array<[string, EvalComparison, string | undefined]> = [
    ['no graded assertion', evalOf([row('judge', [0, 0], [0, 0], { delta: null, p_value: null })]), undefined],
    ['every one moved, significant', evalOf([row('asks', [8, 8], [0, 8], { p_holm: 0.001, significant: true, direction: 'better' })]), undefined],
    ['some moved', evalOf([row('asks', [8, 8], [1, 8], { p_holm: 0.0056, significant: true, direction: 'better' }), row('tests', [6, 8], [6, 8], { detectable_delta: 0.85 }), row('renamed', [8, 8], [8, 8], { detectable_delta: null })]),
      'In the other 2, these runs could have detected only a change of ≥ 85 pp with 80 % power | in 1, no change at all'],
    ['one other, a range', evalOf([row('asks', [8, 8], [1, 8], { p_holm: 0.0056, significant: true, direction: 'better' }), row('tests', [6, 8], [6, 8], { detectable_delta: 0.55 }), row('judge', [0, 0], [0, 0], { delta: null, p_value: null })]),
      'In the other assertion, these runs could have detected only a change of ≥ 55 pp with 80 % power | '],
    ['none moved, a range', evalOf([row('tests', [6, 8], [6, 8], { detectable_delta: 0.55 }), row('renamed', [8, 8], [8, 8], { detectable_delta: 0.7 })]), 'These runs could have detected only a change of ≥ 55–70 pp with 80 % power | '],
    ['no change up to 100 pp', evalOf([row('tests', [6, 8], [6, 8], { detectable_delta: null })]), 'These runs could not have detected any change with 80 % power, however large | '],
    ['underpowered', evalOf([row('asks', [2, 2], [0, 2], { min_attainable_p: 0.33, detectable_delta: null })], 2),
      'With 2 with_skill vs 2 without_skill runs, no difference could have been significant at 0.05, however large | '],
  ];
  for (const [what, e, change] of cases) {
    it(`${what}: both say ${change ?? 'nothing'}`, () => {
      const { headline, note } = said(e);
      assert.equal(stated(headline), change, headline);
      assert.equal(note === undefined ? undefined : stated(note), change, note);
      if (note !== undefined) assert.match(note, /: (run more; )?a result that is not significant is no evidence of no change\.$/);
      if (change !== undefined && !change.startsWith('With')) assert.match(note!, /\(Fisher at alpha \/ family size[;)]/);
    });
  }

  it('an interval that leaves out 0 beside a test that is not significant is said, in the headline and under the table (Newcombe vs Fisher, and Holm: spec §4)', () => {
    // 6/7 vs 2/7: Newcombe [+6, +81], Fisher p 0.103 (the trial's case); and one whose interval holds 0, not named.
    const e = evalOf([
      row('asks', [6, 7], [2, 7], { delta_ci95: [0.06, 0.81], p_value: 0.103, p_holm: 0.206, detectable_delta: 0.75 }),
      row('tests', [6, 8], [6, 8], { detectable_delta: 0.85 }),
    ], 7);
    const { headline, note } = said(e);
    assert.match(headline, /An interval leaving out 0 \(asks\) is not a significant test\.$/, headline);
    assert.match(note!, /The interval of asks \[\+6, \+81\] leaves out 0, yet its test is not significant: an interval gives the size of a change, unadjusted for the other assertions; whether there is one is the test's to say \(p \(Holm\)\)\.$/, note);
    assert.doesNotMatch(note!, /tests \[/);
    // Significant, or an interval holding 0: nothing to say.
    const quiet = said(evalOf([row('asks', [8, 8], [0, 8], { delta_ci95: [0.6, 1], p_holm: 0.001, significant: true, direction: 'better' }), row('tests', [6, 8], [6, 8], { detectable_delta: 0.85 })]));
    assert.doesNotMatch(`${quiet.headline} ${quiet.note}`, /leaves? out 0|leaving out 0/);
  });

  it('no difference could have been significant because runs went ungraded: says the graded runs, not the counted ones, and that grading the rest, not more runs, is what is missing', () => {
    // An llm_judge judged in 3 of 6 and 2 of 6 runs: 6 vs 6 runs allow p 0.0022, the 3 vs 2 graded only 0.1.
    const judged = evalOf([row('explains', [3, 3], [0, 2], { min_attainable_p: 0.1, detectable_delta: null })], 6);
    (judged.assertions[0]!.with_skill as ArmCount).ungraded = 3;
    (judged.assertions[0]!.without_skill as ArmCount).ungraded = 4;
    const { headline, note } = said(judged);
    assert.match(headline, /\. With 3 with_skill vs 2 without_skill runs graded \(of 6 vs 6\), no difference could have been significant at 0\.05, however large: the ungraded runs are why \(see Validity\)\.$/, headline);
    assert.doesNotMatch(headline, /With 6 with_skill vs 6 without_skill runs|run more/, 'the 6 vs 6 runs could have been significant, had they all been graded');
    assert.equal(note, 'With 3 with_skill vs 2 without_skill runs graded (of 6 vs 6), no difference could have been significant at 0.05, however large: the ungraded runs are why (see Validity); a result that is not significant is no evidence of no change.');
    // Assertions graded in differing runs: said without naming one pair for them all.
    const mixed = evalOf([row('a', [5, 5], [0, 1], { min_attainable_p: 1 / 6 }), row('b', [0, 1], [5, 5], { min_attainable_p: 1 / 6 })], 6);
    assert.match(said(mixed).headline, /\. With 6 with_skill vs 6 without_skill runs, some graded in fewer, no difference could have been significant at 0\.05, however large: the ungraded runs are why \(see Validity\)\.$/);
    // Too few runs to begin with, graded or not: run more, as before.
    const few = evalOf([row('explains', [2, 2], [0, 1], { min_attainable_p: 1 / 3 })], 2);
    assert.match(said(few).headline, /\. With 2 with_skill vs 1 without_skill runs graded \(of 2 vs 2\), no difference could have been significant at 0\.05, however large: run more\.$/);
  });

  it('says the pp of the Detectable cells', () => {
    assert.equal(detectableCell(row('tests', [6, 8], [6, 8], { detectable_delta: 0.85 })), '≥85 pp');
  });
});

describe('overallText', () => {
  const doc = (p: number) => ({
    conditions, alpha: 0.05, overall: { unit: 'run', strata: 2, informative_strata: 2, runs: { with_skill: arm(16, 16), without_skill: arm(0, 16) }, p_value: p, min_attainable_p: 2.4e-9, common_odds_ratio: null, skill_invocation: {} },
  }) as unknown as ComparisonDocument;
  it('says "p = 0.041", and "p < 0.001" (never "p = <0.001")', () => {
    assert.match(overallText(doc(0.041)), /stratified by eval: p = 0\.041, significant at 0\.05, with_skill passing more often, common odds ratio ∞; the smallest p these runs allow is 2\.4e-9\.$/);
    assert.match(overallText(doc(1e-9)), /stratified by eval: p < 0\.001, significant at 0\.05, with_skill passing more often, common odds ratio ∞; the smallest/);
  });
  it('says a p that three decimals would show as alpha with the digits that tell it from alpha, as the Holm column does (the trial: 0.04952 printed as 0.050)', () => {
    assert.match(overallText(doc(0.04952)), /stratified by eval: p = 0\.04952,/);
    assert.match(overallText(doc(0.05008)), /stratified by eval: p = 0\.05008, not significant at 0\.05,/);
    // In words beside each eval's own verdicts, which may say no difference could be significant there.
    assert.match(overallText(doc(0.04952)), /p = 0\.04952, significant at 0\.05,/);
    assert.match(overallText(doc(0.0612)), /stratified by eval: p = 0\.061,/);
  });
  it('says an infinite common odds ratio (null in the document, once tested) as ∞, as it says 0 the other way: one was printed, the other left out', () => {
    const ratio = (r: number | null, p: number | null) => overallText({ ...doc(0.041), overall: { ...doc(0.041).overall, common_odds_ratio: r, p_value: p } } as unknown as ComparisonDocument);
    assert.match(ratio(null, 0.041), /p = 0\.041, significant at 0\.05, with_skill passing more often, common odds ratio ∞;/);
    assert.match(ratio(0, 0.041), /p = 0\.041, significant at 0\.05, with_skill passing less often, common odds ratio 0;/);
    assert.match(ratio(2.5, 0.041), /p = 0\.041, significant at 0\.05, with_skill passing more often, common odds ratio 2\.5;/);
    assert.doesNotMatch(ratio(null, null), /odds ratio/, 'untested: no ratio');
  });
  it('says a smallest p below what a double holds as "<1e-300", not "0.0" (100 evals of 10 runs per arm: 1/184756^100, 1e-526, underflows to 0)', () => {
    const tiny = { ...doc(1e-9), overall: { ...doc(1e-9).overall, min_attainable_p: 0 } } as unknown as ComparisonDocument;
    assert.match(overallText(tiny), /the smallest p these runs allow is <1e-300\.$/);
  });
  it('says the validity errors of the comparison beside its p, as each eval\'s headline does: it pools every eval\'s runs, those an error stands against too', () => {
    const errors: ComparisonDocument['validity'] = [
      { code: 'isolation-failed', severity: 'error', message: '…', eval: 'e1' },
      { code: 'isolation-failed', severity: 'error', message: '…', eval: 'e2' },
      { code: 'evals-changed', severity: 'error', message: '…' },
      { code: 'stop-imbalance', severity: 'warning', message: '…', eval: 'e1' },
    ];
    const withErrors = { ...doc(0.041), evals: [], validity: errors } as unknown as ComparisonDocument;
    assert.ok(overallText(withErrors).endsWith('allow is 2.4e-9. But 3 validity errors bear on it (isolation-failed, evals-changed): see Validity before trusting it.'), overallText(withErrors));
    assert.ok(overallText({ ...withErrors, validity: errors.slice(3) }).endsWith('allow is 2.4e-9.'), 'a warning is its eval\'s');
  });

  it('says, on the line itself, that it pools the evals of several skills (skills-pooled), and the skill-invoked line too', () => {
    const e = (skill: string) => ({ id: 'e1', skill }) as EvalComparison;
    const pooled = { ...doc(0.041), evals: [e('a'), e('b'), e('b')], validity: [{ code: 'skills-pooled', severity: 'warning', message: '…' }] } as unknown as ComparisonDocument;
    const note = ' It pools the evals of 2 skills: whether they helped taken together, not which one did (skills-pooled).';
    assert.ok(overallText(pooled).endsWith(`allow is 2.4e-9.${note}`), overallText(pooled));
    assert.ok(invocationText({ ...pooled, overall: { ...pooled.overall, skill_invocation: { with_skill: arm(3, 3), without_skill: arm(0, 3) } } }).endsWith(`[0–100].${note}`));
    assert.doesNotMatch(overallText({ ...pooled, validity: [] }), /pools/, 'one skill: nothing pooled');
  });
});

describe('dollars in the metric rows', () => {
  const cost = (treatment: number, control: number): MetricComparison => ({
    id: 'cost_usd', kind: 'numeric', delta: treatment - control, p_value: 0.008, method: 'exact',
    with_skill: { n: 5, mean: treatment, sd: 0, median: treatment }, without_skill: { n: 5, mean: control, sd: 0, median: control },
  });
  it('a cost below a tenth of a cent keeps two significant digits: two arms that differ (p 0.008) never both read "$0.00"', () => {
    const row = cost(0.00004, 0.000021);
    assert.equal(metricCell(row, 'with_skill'), 'mean $0.00004 (sd $0.000000, median $0.00004, n 5)');
    assert.equal(metricShort(row, 'without_skill'), '$0.000021 · mean $0.000021');
    assert.equal(metricDelta(row), '+$0.000019');
  });
  it('writes the sd to as many decimals as its mean: "sd $0.00" stood beside means of four decimals (the trial\'s markdown)', () => {
    const spread = (mean: number, sd: number): MetricComparison => ({ ...cost(mean, mean), with_skill: { n: 5, mean, sd, median: mean } });
    assert.equal(metricCell(spread(0.0745, 0), 'with_skill'), 'mean $0.0745 (sd $0.0000, median $0.0745, n 5)');
    assert.equal(metricCell(spread(0.0745, 0.00012), 'with_skill'), 'mean $0.0745 (sd $0.0001, median $0.0745, n 5)');
    assert.equal(metricCell(spread(0.0745, 0.0004), 'with_skill'), 'mean $0.0745 (sd $0.0004, median $0.0745, n 5)');
    assert.equal(metricCell(spread(12.3, 0.456), 'with_skill'), 'mean $12.30 (sd $0.46, median $12.30, n 5)');
    assert.equal(metricCell(spread(1234.5, 2), 'with_skill'), 'mean $1,234.50 (sd $2.00, median $1,234.50, n 5)');
    // By the mean's size, not the decimals it is printed with: $0.07 (0.0700, zeros dropped) and $0.074 keep four.
    assert.equal(metricCell(spread(0.07, 0.0028), 'with_skill'), 'mean $0.07 (sd $0.0028, median $0.07, n 5)');
    assert.equal(metricCell(spread(0.074, 0.00057), 'with_skill'), 'mean $0.074 (sd $0.0006, median $0.074, n 5)');
    assert.equal(metricCell(spread(0.00005, 0.0000014), 'with_skill'), 'mean $0.00005 (sd $0.000001, median $0.00005, n 5)');
  });
  it('cents and dollars read as before', () => {
    const row = cost(0.0745, 0.0615);
    assert.equal(metricShort(row, 'with_skill'), '$0.0745 · mean $0.0745');
    assert.equal(metricDelta(row), '+$0.013');
    assert.equal(metricShort(cost(12.3, 1), 'with_skill'), '$12.30 · mean $12.30');
  });
});

describe('the sign of a metric delta', () => {
  const row = (delta: number): MetricComparison => ({
    id: 'assistant_characters', kind: 'numeric', delta, p_value: 0.9, method: 'exact',
    with_skill: { n: 3, mean: 78.33, sd: 1, median: 78 }, without_skill: { n: 3, mean: 78.33 - delta, sd: 1, median: 78 },
  });
  it('is "±" when the delta shown is 0, as a rate delta of 0 pp is ("+0" read as a rise)', () => {
    assert.equal(metricDelta(row(0.03)), '±0');
    assert.equal(metricDelta(row(-0.03)), '±0');
    assert.equal(metricDelta(row(0.06)), '+0.1');
    assert.equal(metricDelta(row(-64.8)), '−64.8');
  });
});
