// What graders give: one verdict per assertion (the assertions themselves are evals/types.ts's).

import type { GraderName } from '../../evals/types.js';

export type { Assertion, CommandCheckAssertion, DiffScopeAssertion, GraderName, TranscriptCheckAssertion } from '../../evals/types.js';

/** One graded assertion, as grading.json's `assertion_results[]` holds it. */
export interface AssertionResult {
  id: string;
  passed: boolean;
  /** A quote of what matched, or why nothing did; never a vague summary. */
  evidence: string;
  grader: GraderName;
}

/** An assertion this run could not be graded on, and why: never counted as pass or fail. */
export interface UngradedAssertion {
  id: string;
  grader: GraderName;
  reason: string;
}

/** A grader's verdict on one run: graded, or ungraded with a reason. */
export type Verdict = { graded: AssertionResult } | { ungraded: UngradedAssertion };
