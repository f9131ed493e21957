// What compare knows of each run as it goes through the stages (index.ts): one value per run.
import type { EvalCase } from '../evals/types.js';
import type { ArmsChosenBy } from '../workspace/arms.js';
import type { Experiment } from '../workspace/shards.js';
import type { FolderListings, Iteration, RunLocation } from '../workspace/locate.js';
import type { RunRecord } from '../workspace/run-record.js';
import type { RefusedJudgment } from './graders/llm-judge.js';
import type { RunEntry } from './model.js';
import type { CountedRun } from './tabulate.js';

/** One run through the stages: where it is, whether it counts and why not, then its grading and metrics. */
export interface RunOutcome {
  location: RunLocation;
  record?: RunRecord;
  recordProblem?: string;
  /** Why it is out of the numbers (null: counted); the checker's errors and a missing eval are added when checked. */
  excluded: string | null;
  evalCase?: EvalCase;
  skill?: string;
  counted?: CountedRun;
  /** A counted run whose conversation.json is not the text its run.json's digest is of (edited after the run). */
  conversationEdited?: boolean;
  /** A counted run whose conversation.json has a CR, which campaign never writes: checked out with line-ending conversion. */
  lineEndingsConverted?: boolean;
  /** The judge command a message tells the user to run for this counted run (graders/llm-judge.ts judgeCommandsOf), when its eval has llm_judge assertions. */
  judgeCommand?: string;
  /** A counted run's judgments check rejects (graders/llm-judge.ts RefusedJudgment). */
  refusedJudgments?: RefusedJudgment[];
  /** A counted run's judge sessions that failed before its votes cast were made, their reasons by assertion id (graders/llm-judge.ts failedBefore). */
  judgeFailures?: Record<string, string[]>;
  /** What the run was asked that its eval no longer asks (an evals.json edited after the campaign). */
  questionsChanged?: string;
  /** Its eval is not in the evals.json it is graded by (taken out after the campaign): left out, not a check failure. */
  evalGone?: boolean;
  /** The run folder (as shown) whose run this one's run.json is: a copy, not counted. */
  copyOf?: string;
  entry: RunEntry;
}

export interface LocatedRuns {
  iterations: Iteration[];
  /** Every folder the runs were located by, as listed (the check's walk reads them no more). */
  listings: FolderListings;
  conditions: [string, string];
  /** Why the treatment is the one it is, when guessed from the folder names (no campaign.json, not a known pair); said as a warning. */
  guess?: string;
  /** How the two conditions were chosen (workspace/arms.ts): the document's `conditions_by`. */
  by: ArmsChosenBy;
  /** Which arms the user named, when `by` is `named` (one named alone, the other was taken for it): the document's `conditions_named`. */
  named?: Array<'treatment' | 'control'>;
  outcomes: RunOutcome[];
  /** A newer iteration passed over for having no finished runs in both arms, said as a warning. */
  skipped: string[];
  /** Each condition folder beside the two compared (`With_Skill`, a third arm), said as a warning: its runs are not counted. */
  beside: string[];
  /** Each iteration's experiment (workspace/shards.ts): itself, or the shards of one plan it is one of. */
  experiments: Map<Iteration, Experiment>;
}
