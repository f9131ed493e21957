// What graders take and give: evals.json's assertions (as its schema defines them) and one verdict.

/** The graders of evals.json's `assertions[].type`. */
export type GraderName = 'transcript_check' | 'command_check' | 'diff_scope' | 'llm_judge';

export interface TranscriptCheckAssertion {
  id: string;
  type: 'transcript_check';
  check: string;
  pattern?: string;
  must_precede?: 'completion_claim' | 'first_write' | 'any';
}

export interface CommandCheckAssertion {
  id: string;
  type: 'command_check';
  command: string;
  setup_files?: string[];
  env?: Record<string, string>;
  matrix?: Record<string, string[]>;
  expect_exit_code?: number;
  expect_stdout?: string;
}

export interface DiffScopeAssertion {
  id: string;
  type: 'diff_scope';
  max_files_touched?: number;
  max_lines_changed?: number;
}

interface LlmJudgeAssertion {
  id: string;
  type: 'llm_judge';
  rubric: string;
  model?: string;
}

export type Assertion = TranscriptCheckAssertion | CommandCheckAssertion | DiffScopeAssertion | LlmJudgeAssertion;

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
  passed: boolean | null;
  confidence: number | null;
  evidence?: string;
  reason?: string;
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
