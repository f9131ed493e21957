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
  [key: string]: unknown;
}

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
