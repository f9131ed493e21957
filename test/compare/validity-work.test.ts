// The ungraded warning's reasons are gathered in one pass over an eval's runs, not one pass per
// ungraded assertion: before any judge ran, every llm_judge assertion of every run is ungraded,
// and 50 of them in 1,000 evals of 50 runs per arm cost validity 3.7 s.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Assertion } from '../../src/compare/graders/types.js';
import type { EvalComparison } from '../../src/compare/model.js';
import { compareAssertions, type CountedRun } from '../../src/compare/tabulate.js';
import { validityProblems, type RunFacts } from '../../src/compare/validity.js';

const conditions = ['with_skill', 'without_skill'] as const;
const ASSERTIONS = 40;
const RUNS = 5;

/** `entries` behind a proxy that counts how often an element is read. */
function counted<T extends object>(entries: T[], reads: { n: number }): T[] {
  return new Proxy(entries, { get: (target, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && reads.n++, Reflect.get(target, key, receiver)) });
}

describe('validityProblems: ungraded', () => {
  it('reads each run\'s ungraded entries a bounded number of times, however many assertions are ungraded', () => {
    const assertions = Array.from({ length: ASSERTIONS }, (_, i): Assertion => ({ id: `a${i}`, type: 'llm_judge', rubric: 'r' }) as Assertion);
    const reads = { n: 0 };
    const runs: CountedRun[] = [];
    const facts: RunFacts[] = [];
    for (const condition of conditions) {
      for (let r = 1; r <= RUNS; r++) {
        // Two reasons, the second only in some runs, so the order they are named in is held too.
        const ungraded = assertions.map((a, i) => ({ id: a.id, grader: 'llm_judge' as const, reason: i % 2 === 0 && r > 3 ? 'the judges split evenly' : 'not judged yet' }));
        runs.push({ condition, grading: { assertion_results: [], ungraded, summary: { passed: 0, failed: 0, total: 0, pass_rate: 0 } }, metrics: { status: 'completed' } as CountedRun['metrics'] });
        facts.push({ condition, run: r, record: undefined, excluded: null, iteration: 'iteration-1', status: 'completed', ungraded: counted(ungraded, reads) });
      }
    }
    const e = { id: 'e', skill: null, skill_should_trigger: true, runs: { with_skill: RUNS, without_skill: RUNS }, assertions: compareAssertions(assertions, runs, conditions), metrics: [], usage: {}, run_list: [] } as unknown as EvalComparison;
    const problems = validityProblems({ conditions, alpha: 0.05, familySize: 0, evals: [e], facts: [facts], plans: [[]] });
    const entries = 2 * RUNS * ASSERTIONS;
    assert.ok(reads.n <= 2 * entries, `${reads.n} reads of ${entries} ungraded entries`);
    const odd = assertions.filter((_, i) => i % 2 === 1).map((a) => a.id).join(', ');
    const even = assertions.filter((_, i) => i % 2 === 0).map((a) => a.id).join(', ');
    assert.equal(problems.find((p) => p.code === 'ungraded')?.message, `Eval e: ${even} (llm_judge) were not graded in ${RUNS} of ${RUNS} with_skill and ${RUNS} of ${RUNS} without_skill runs (not judged yet; the judges split evenly); ${odd} (llm_judge) were not graded in ${RUNS} of ${RUNS} with_skill and ${RUNS} of ${RUNS} without_skill runs (not judged yet); ungraded runs count as neither pass nor fail. Graded in no run of an arm, ${assertions.map((a) => a.id).join(', ')} are untested and out of Holm's family, which spans every eval's assertions: the others' p (Holm) are adjusted over fewer assertions than if they were tested.`);
  });
});

describe('validityProblems: the files the check advice names', () => {
  it('works out the file of a run check failed only, not of every run (10,000 runs\' paths cost compare ~80 ms for the 187 the advice names)', () => {
    const asked: string[] = [];
    const facts: RunFacts[] = [];
    for (const condition of conditions) {
      for (let r = 1; r <= RUNS; r++) {
        const file = `eval-e/${condition}/run-${r}/conversation.json`;
        const failed = condition === 'with_skill' && r === 2;
        facts.push({ condition, run: r, record: undefined, excluded: failed ? 'check found 2 errors in its conversation.json' : null, iteration: 'iteration-1', status: 'completed', checkedAs: () => (asked.push(file), file) });
      }
    }
    const e = { id: 'e', skill: null, skill_should_trigger: true, runs: { with_skill: RUNS - 1, without_skill: RUNS }, assertions: [], metrics: [], usage: {}, run_list: [] } as unknown as EvalComparison;
    const problems = validityProblems({ conditions, alpha: 0.05, familySize: 0, evals: [e], facts: [facts], plans: [[]] });
    assert.deepEqual(asked, ['eval-e/with_skill/run-2/conversation.json']);
    assert.match(problems.find((p) => p.code === 'artifacts-excluded')!.message, /eval-magic check eval-e\/with_skill\/run-2\/conversation\.json names them/);
  });
});
