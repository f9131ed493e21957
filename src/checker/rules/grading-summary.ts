// grading-summary: a grading.json's `summary` says what its `assertion_results` hold. compare's
// reports, the reference's benchmark and any script read the summary, not the results, so a
// summary that does not add up gives every one of them a different run.
import type { RuleModule } from '../rule-module.js';
import { gradingSummary as summaryOf } from '../../workspace/grading-summary.js';

export const gradingSummary: RuleModule = {
  meta: {
    id: 'grading-summary',
    kind: 'grading',
    description: "Require a grading.json's summary to count its assertion_results: passed, failed, total and pass_rate = passed / total.",
    defaultSeverity: 'error',
    messages: {
      passed: 'summary.passed is {{found}}, but {{expected}} of the {{total}} assertion_results passed.',
      failed: 'summary.failed is {{found}}, but {{expected}} of the {{total}} assertion_results failed.',
      total: 'summary.total is {{found}}, but assertion_results holds {{expected}} (ungraded assertions are not counted).',
      passRate: 'summary.pass_rate is {{found}}, but {{passed}} of the {{total}} assertion_results passed: pass_rate is {{expected}} (passed / total, unrounded; 0 when total is 0).',
    },
  },
  check({ value, report }) {
    if (!isObject(value) || !isObject(value.summary) || !Array.isArray(value.assertion_results)) return;
    const written = value.summary;
    const results: unknown[] = value.assertion_results;
    const field = (name: string) => (typeof written[name] === 'number' ? (written[name] as number) : undefined);
    // The total needs only the results' count; the rest needs every result's verdict (a result
    // without a boolean `passed` is the schema's to report, and leaves the counts unknown).
    const total = field('total');
    if (total !== undefined && total !== results.length) report({ messageId: 'total', data: { found: total, expected: results.length }, pointer: '/summary/total' });
    const passes = results.map((r) => (isObject(r) ? r.passed : undefined));
    if (!passes.every((p): p is boolean => typeof p === 'boolean')) return;
    const expected = summaryOf(passes);
    for (const name of ['passed', 'failed'] as const) {
      const found = field(name);
      if (found !== undefined && found !== expected[name]) report({ messageId: name, data: { found, expected: expected[name], total: expected.total }, pointer: `/summary/${name}` });
    }
    // Exactly the double compare and the reference write (see workspace/grading-summary.ts): no tolerance, so a
    // hand-rounded 0.67 for 2 of 3 is reported with the number to write.
    const passRate = field('pass_rate');
    if (passRate !== undefined && passRate !== expected.pass_rate) {
      report({ messageId: 'passRate', data: { found: passRate, expected: expected.pass_rate, passed: expected.passed, total: expected.total }, pointer: '/summary/pass_rate' });
    }
  },
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
