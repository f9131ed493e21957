// An ungraded reason is said twice: in the run's grading.json (the record) and in compare's report.
import type { UngradedAssertion, Verdict } from './types.js';

/** How a reason names a path (given absolute). */
export type PathNamer = (path: string) => string;

/**
 * grading.json names a path absolute: the record is read later, from any folder, so a path in it
 * (a judge command to paste, a folder to open) must be one to act on as it stands; and the record
 * then says the same whichever folder compare was started from, so grading the same runs again
 * rewrites nothing. The report names paths as shownPath does, from where compare was started.
 */
export const recordPath: PathNamer = (path) => path;

/** A verdict with, when its ungraded reason reads otherwise in the report, the report's words (`plainReason`). */
export type ToldVerdict = Verdict & { plainReason?: string };

/**
 * `assertion` ungraded, its reason formed once as the record names things (`record`) and once as
 * the report does (`report`): one place forms each reason, given how to name what it names.
 */
export function toldUngraded<N>(assertion: Omit<UngradedAssertion, 'reason'>, reason: (naming: N) => string, record: N, report: N): ToldVerdict {
  const recorded = reason(record);
  const plain = reason(report);
  // grading.json's keys in their order: id, grader, reason, then the votes of a split.
  const { votes, ...named } = assertion;
  return { ungraded: { ...named, reason: recorded, ...(votes === undefined ? {} : { votes }) }, ...(plain === recorded ? {} : { plainReason: plain }) };
}
