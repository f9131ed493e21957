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
  /** llm_judge: the mean confidence of the majority's judgments. */
  confidence?: number;
  /** llm_judge: every judgment of the assertion on this run. */
  votes?: JudgeVote[];
}

/** One judgment of an llm_judge assertion on one run: a verdict, or why there is none (not a vote). */
export interface JudgeVote {
  repeat: number;
  /** Who judged, as the judgment.json records it; absent when no judge did (a rule decided it) or the record cannot be used. */
  judge?: VoteJudge;
  passed: boolean | null;
  confidence: number | null;
  evidence?: string;
  reason?: string;
}

/** The judge of a vote: its CLI (name, version) and model, as judgment.json's `harness` and `model` say them. */
export interface VoteJudge {
  harness: { name: string; version: string | null };
  model: string | null;
}

/** An assertion this run could not be graded on, and why: never counted as pass or fail. */
export interface UngradedAssertion {
  id: string;
  grader: GraderName;
  reason: string;
  /** llm_judge split evenly: the votes. */
  votes?: JudgeVote[];
}

/** A grader's verdict on one run: graded, or ungraded with a reason. */
export type Verdict = { graded: AssertionResult } | { ungraded: UngradedAssertion };

/** Of each llm_judge assertion of a run (by id), how many of its votes cast each judge made. */
export type VotesByJudge = Record<string, Record<string, number>>;
