// eval-groups.ts: each eval's numbers worked out when its last run is done (checked, and graded if
// it counts) — while compare's threads grade the other evals' runs, not all after the last — and
// the same numbers as worked out at the end, from its runs in the order they were located.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EvalCase } from '../../src/evals/types.js';
import type { RunMetrics } from '../../src/compare/metrics.js';
import type { RunOutcome } from '../../src/compare/outcome.js';
import { EvalsAsGraded, groupByEval } from '../../src/compare/eval-groups.js';
import type { Iteration } from '../../src/workspace/locate.js';

const conditions = ['with_skill', 'without_skill'] as const;
const iteration = { dir: '/w/.eval-magic/skill/iteration-1' } as Iteration;
const evalCase = (id: string): EvalCase => ({ id, prompt: 'p', assertions: [{ id: 'a', type: 'transcript_check', check: 'tool_called', pattern: 'x' }] }) as EvalCase;

function metrics(characters: number): RunMetrics {
  return { skill_invoked: true, skill_evidence: null, tool_invocations: 3, tools_by_name: {}, rounds: 1, delivered_followups: 0, status: 'completed', stop_reason: null, status_conflict: null, assistant_characters: characters, duration_ms: null, started_alone: false, tokens_total: null, tokens: null, cost_usd: null };
}

/** A located run of eval `id`, counted with assertion `a` passed or failed. */
function outcome(id: string, condition: string, run: number, passed: boolean): RunOutcome {
  const location = { iteration, evalId: id, condition, run, dir: `${iteration.dir}/eval-${id}/${condition}/run-${run}`, hasConversation: true } as RunOutcome['location'];
  const entry = { condition, run, path: `${location.dir}/conversation.json`, excluded: null, passed: 0, failed: 0, ungraded: 0, skill_invoked: null };
  return {
    location, excluded: null, entry, evalCase: evalCase(id), skill: 'skill',
    counted: { condition, grading: { assertion_results: [{ id: 'a', passed, evidence: '', grader: 'transcript_check' }], ungraded: [], summary: { passed: passed ? 1 : 0, failed: passed ? 0 : 1, total: 1, pass_rate: passed ? 1 : 0 } }, metrics: metrics(100 * run + (passed ? 7 : 0)) },
  };
}

/** Two evals' runs as located: the arms interleaved, as a walk may find them. */
function located(): RunOutcome[] {
  return [1, 2, 3].flatMap((run) => ['e1', 'e2'].flatMap((id) => conditions.map((c) => outcome(id, c, run, (run + c.length) % 2 === 0))));
}

describe('EvalsAsGraded', () => {
  it('works out an eval\'s numbers when its last run is done, the others\' still to come (compare worked out every eval after the threads\' last answer, its last 0.3 s with both threads idle)', () => {
    const outcomes = located();
    const asGraded = new EvalsAsGraded(outcomes, conditions);
    // e1's runs done in another order than located, e2's but one.
    const e1 = outcomes.filter((o) => o.location.evalId === 'e1');
    const e2 = outcomes.filter((o) => o.location.evalId === 'e2');
    for (const o of [...e1].reverse()) asGraded.done(o);
    for (const o of e2.slice(1)) asGraded.done(o);
    // What changes after would not be in numbers worked out when e1's last run was done.
    const worked = structuredClone(new EvalsAsGraded(outcomes, conditions).of(groupByEval(e1, conditions)[0]!));
    e1[0]!.counted!.grading.assertion_results[0]!.passed = !e1[0]!.counted!.grading.assertion_results[0]!.passed;
    e1[0]!.counted!.metrics.assistant_characters = 1;
    e2[0]!.counted!.metrics.assistant_characters = 1;
    const [g1, g2] = groupByEval(outcomes, conditions);
    assert.deepEqual(asGraded.of(g1!), worked);
    // e2's first run was not done: its numbers are worked out when asked, from the runs as they are then.
    assert.deepEqual(asGraded.of(g2!), new EvalsAsGraded(outcomes, conditions).of(g2!));
  });

  it('gives the numbers worked out at the end, to the last bit, whatever order the runs were done in', () => {
    const outcomes = located();
    const asGraded = new EvalsAsGraded(outcomes, conditions);
    for (const o of [...outcomes].reverse()) asGraded.done(o);
    for (const group of groupByEval(outcomes, conditions)) assert.deepEqual(asGraded.of(group), new EvalsAsGraded(outcomes, conditions).of(group));
  });

  it('counts a run said done twice once: its eval is not finished without its last run', () => {
    const outcomes = located();
    const asGraded = new EvalsAsGraded(outcomes, conditions);
    const e2 = outcomes.filter((o) => o.location.evalId === 'e2');
    asGraded.done(e2[0]!);
    asGraded.done(e2[0]!);
    for (const o of e2.slice(1, -1)) asGraded.done(o);
    // The last run, not done yet, is still to change.
    e2.at(-1)!.counted!.metrics.assistant_characters = 1;
    const group = groupByEval(outcomes, conditions)[1]!;
    assert.deepEqual(asGraded.of(group), new EvalsAsGraded(outcomes, conditions).of(group));
  });
});
