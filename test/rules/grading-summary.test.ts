import { gradingSummary } from '../../src/checker/rules/grading-summary.js';
import { runRuleTests } from '../helpers/rule-tester.js';

const result = (id: string, passed: boolean) => ({ id, passed, evidence: passed ? 'matched ordinal 3: "Which time zone?"' : 'no assistant message matched', grader: 'transcript_check' });
const grading = (passes: boolean[], summary: Record<string, number>, extra: Record<string, unknown> = {}) => ({
  assertion_results: passes.map((p, i) => result(`a${i + 1}`, p)),
  summary,
  ungraded: [],
  ...extra,
});
const judgeUngraded = { id: 'clear', grader: 'llm_judge', reason: 'not judged yet: run eval-magic judge' };

// In the runner's layout (2-space JSON) the summary's fields are on these lines: `{`, the results'
// opening line, 6 lines per result, `],`, `"summary": {`, then passed, failed, total, pass_rate.
const summaryLine = (results: number, field: 'passed' | 'failed' | 'total' | 'pass_rate') => 5 + 6 * results + ['passed', 'failed', 'total', 'pass_rate'].indexOf(field);

runRuleTests('grading-summary', gradingSummary, {
  valid: [
    { name: 'two of three passed, pass_rate the unrounded double', code: grading([true, false, true], { passed: 2, failed: 1, total: 3, pass_rate: 2 / 3 }) },
    { name: 'nothing graded: every count 0, pass_rate 0', code: grading([], { passed: 0, failed: 0, total: 0, pass_rate: 0 }) },
    { name: 'ungraded assertions are not counted', code: grading([true], { passed: 1, failed: 0, total: 1, pass_rate: 1 }, { ungraded: [judgeUngraded] }) },
    { name: 'pass_rate written as the reference prints it (0.6666666666666666)', code: '{"assertion_results": [{"id": "a", "passed": true, "evidence": "e", "grader": "diff_scope"}, {"id": "b", "passed": true, "evidence": "e", "grader": "diff_scope"}, {"id": "c", "passed": false, "evidence": "e", "grader": "diff_scope"}], "summary": {"passed": 2, "failed": 1, "total": 3, "pass_rate": 0.6666666666666666}, "ungraded": []}\n' },
  ],
  invalid: [
    {
      name: 'says 3 of 4 passed where the results hold 2',
      code: grading([true, false, true, false], { passed: 3, failed: 1, total: 4, pass_rate: 0.75 }),
      errors: [
        { messageId: 'passed', line: summaryLine(4, 'passed'), column: 15, message: 'summary.passed is 3, but 2 of the 4 assertion_results passed.' },
        { messageId: 'failed', line: summaryLine(4, 'failed'), column: 15, message: 'summary.failed is 1, but 2 of the 4 assertion_results failed.' },
        { messageId: 'passRate', line: summaryLine(4, 'pass_rate'), column: 18, message: 'summary.pass_rate is 0.75, but 2 of the 4 assertion_results passed: pass_rate is 0.5' },
      ],
    },
    {
      name: 'total counts the ungraded assertion too',
      code: grading([true, true], { passed: 2, failed: 0, total: 3, pass_rate: 1 }, { ungraded: [judgeUngraded] }),
      errors: [{ messageId: 'total', line: summaryLine(2, 'total'), column: 14, message: 'summary.total is 3, but assertion_results holds 2 (ungraded assertions are not counted).' }],
    },
    {
      name: 'pass_rate hand-rounded to 0.67',
      code: grading([true, true, false], { passed: 2, failed: 1, total: 3, pass_rate: 0.67 }),
      errors: [{ messageId: 'passRate', line: summaryLine(3, 'pass_rate'), column: 18, message: 'summary.pass_rate is 0.67, but 2 of the 3 assertion_results passed: pass_rate is 0.6666666666666666' }],
    },
    {
      name: 'pass_rate 1 when nothing was graded',
      code: grading([], { passed: 0, failed: 0, total: 0, pass_rate: 1 }),
      errors: [{ messageId: 'passRate', line: 7, column: 18, message: 'summary.pass_rate is 1, but 0 of the 0 assertion_results passed: pass_rate is 0' }],
    },
    {
      name: 'a result without a boolean passed: only the total is checked',
      code: { assertion_results: [{ id: 'a', passed: 'yes', evidence: 'e', grader: 'transcript_check' }], summary: { passed: 5, failed: 0, total: 2, pass_rate: 1 }, ungraded: [] },
      schemaInvalid: true,
      errors: [{ messageId: 'total', line: 13, column: 14 }],
    },
  ],
});
