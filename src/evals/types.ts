// Data shapes of evals.json as the runner and the cross-file checks use them.

/** When a scripted follow-up is delivered (spec §3). */
type DeliverWhen = 'always' | 'agent_asks';

/** One scripted follow-up of an eval (`turns[i]`). */
export interface ScriptedTurn {
  prompt: string;
  deliver_when: DeliverWhen;
  /** A Rust-dialect regex searched (unanchored) in the agent's preceding text. */
  agent_response_matches?: string;
}

/** One eval of evals.json, as far as running and cross-checking need it. */
export interface EvalCase {
  id: string;
  prompt: string;
  expected_output?: string;
  turns?: ScriptedTurn[];
  /** What grades each run of it (compare, the judge); absent: nothing graded. */
  assertions?: Assertion[];
  /** false: a run that never invokes the skill is what the eval expects. */
  skill_should_trigger?: boolean;
  /** Runs per condition for this eval, over campaign's --runs. */
  runs?: number;
  [key: string]: unknown;
}

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

/** The evals.json document. */
export interface EvalsFile {
  skill_name: string;
  evals: EvalCase[];
  [key: string]: unknown;
}

/** Why a scripted conversation stopped at a gate (the artifact's `stop_reason`). */
export type StopReason = 'agent_did_not_ask' | 'agent_response_mismatch';

/** A gate's verdict on the agent's preceding text. */
export type GateVerdict = { deliver: true } | { deliver: false; reason: StopReason };
