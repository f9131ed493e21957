// The comparison document (schemas/comparison.schema.json): what every format renders.
import type { GraderName } from './graders/types.js';

/** One condition's count on one assertion (or a yes/no metric). */
export interface ArmCount {
  passed: number;
  failed: number;
  /** Runs this assertion could not be graded on (llm_judge, a run without a task folder): in neither count. */
  ungraded: number;
  /** passed + failed. */
  n: number;
  /** passed / n; null when n = 0. */
  rate: number | null;
  /** Wilson 95 % interval of the rate; null when n = 0. */
  ci95: [number, number] | null;
}

/** One assertion of one eval, both conditions (keyed by condition name), and the test between them. */
export interface AssertionComparison {
  id: string;
  grader: GraderName;
  /** treatment rate − control rate; null when either has no graded run. */
  delta: number | null;
  /** Newcombe's hybrid score 95 % interval of delta (from the two Wilson intervals); null when either condition has no graded run. */
  delta_ci95: [number, number] | null;
  /** Two-sided Fisher exact p; null when either condition has no graded run. */
  p_value: number | null;
  /** Holm-adjusted across every graded assertion of the comparison (all evals); null when not in the family. */
  p_holm: number | null;
  /** The smallest two-sided p these run counts could give. */
  min_attainable_p: number | null;
  /** The smallest Holm p any outcome of these runs (in this and every other assertion) could give it: above alpha, it cannot come out significant. */
  min_attainable_p_holm: number | null;
  /**
   * The smallest change of pass rate, in steps of 0.05 (past the last that fits, the change to 100 %
   * or 0 %), these runs would detect with probability 0.8 (control at its observed rate; Fisher at
   * alpha / family size); null when no change, up to the largest there is, is.
   */
  detectable_delta: number | null;
  /** p_holm ≤ alpha. */
  significant: boolean;
  /** Which way a significant difference goes, for the treatment. */
  direction: 'better' | 'worse' | null;
  /** llm_judge judged k ≥ 2 times per run: how far the judge agrees with itself (between judges, when votes of several are pooled: validity judges-mixed says so). */
  judge_agreement?: { runs: number; unanimous: number | null; kappa: number | null };
  [condition: string]: ArmCount | unknown;
}

/** One condition's summary of a numeric metric. */
export interface MetricSummary {
  n: number;
  mean: number | null;
  sd: number | null;
  median: number | null;
}

/** A numeric behaviour metric compared between conditions (Mann–Whitney U) or a yes/no one (Fisher). */
export interface MetricComparison {
  id: string;
  kind: 'numeric' | 'rate';
  /** numeric: treatment mean − control mean; rate: rate difference. */
  delta: number | null;
  p_value: number | null;
  /** numeric: 'exact' or 'asymptotic' (Mann–Whitney); rate: 'fisher'. */
  method: string | null;
  /** For skill_invoked on an eval with skill_should_trigger false: the right behaviour is not to invoke. */
  expected?: boolean;
  /** duration_ms: per condition, the runs left out as started alone (run.json `started_alone`); absent when none was. */
  left_out?: Record<string, number>;
  [condition: string]: MetricSummary | ArmCount | unknown;
}

/** One run as the comparison counted it (or excluded it). */
export interface RunEntry {
  condition: string;
  run: number | null;
  /** The conversation.json, as shown (relative to the working directory when inside it). */
  path: string;
  /** Why this run is not in the numbers, or null. */
  excluded: string | null;
  passed: number;
  failed: number;
  ungraded: number;
  skill_invoked: boolean | null;
}

/** Token counts summed over runs, by kind; a kind no run reported is null (unknown), never 0. */
export interface TokenTotals {
  input: number | null;
  output: number | null;
  cache_read: number | null;
  cache_write: number | null;
  reasoning: number | null;
}

/** What one condition's counted runs spent (run.json's tokens and cost_usd). */
export interface ArmUsage {
  /** Runs counted. */
  runs: number;
  /** Of those, runs whose run.json reports tokens. */
  token_runs: number;
  tokens: TokenTotals;
  /** Runs whose run.json reports a cost (the CLI said what it cost). */
  cost_runs: number;
  /** Their cost in US dollars, summed; null when no run's cost is known. */
  cost_usd: number | null;
  /** cost_usd ÷ the assertions those same runs passed; null when no cost is known or none passed. */
  cost_per_passed_assertion: number | null;
}

export interface EvalComparison {
  id: string;
  skill: string | null;
  skill_should_trigger: boolean;
  /** Runs counted per condition. */
  runs: Record<string, number>;
  assertions: AssertionComparison[];
  metrics: MetricComparison[];
  /** Per condition: tokens and cost of the counted runs. */
  usage: Record<string, ArmUsage>;
  run_list: RunEntry[];
}

/** Every validity code compare gives (schemas/comparison.schema.json's enum holds exactly these). */
export const VALIDITY_CODES = [
  'artifacts-excluded', 'isolation-failed', 'runs-missing', 'runs-unequal', 'stop-imbalance', 'attempts-failed', 'judge-attempts-failed', 'ungraded', 'underpowered', 'conditions-guessed', 'no-run-record',
  'run-record-unusable', 'campaign-record-unusable', 'iterations-pooled', 'runs-over-plan', 'evals-changed', 'iteration-picked', 'eval-removed', 'judge-unstable', 'runs-duplicated',
  'status-mismatch', 'skills-pooled', 'judges-mixed', 'commands-unhidden', 'conversation-edited', 'line-endings-converted', 'judge-votes-unequal',
  'judgments-refused', 'judgments-warned',
] as const;
export type ValidityCode = (typeof VALIDITY_CODES)[number];

export interface ValidityProblem {
  code: ValidityCode;
  severity: 'error' | 'warning';
  message: string;
  /** The eval it concerns, when one. */
  eval?: string;
  /** That eval's skill, when the comparison holds evals of several skills (two may share an eval id). */
  skill?: string;
  /**
   * What to do, when several problems share it (every underpowered eval needs the same new
   * iteration): the end of `message` too, so each problem is whole alone; the reports say it once.
   */
  advice?: string;
}

/**
 * The test across evals on runs: per eval a 2×2 table of runs (a run passes when every graded
 * assertion of it passed), and the exact conditional test of a common odds ratio of 1.
 */
export interface OverallComparison {
  /** What the test counts: runs, never assertion outcomes. */
  unit: 'run';
  /** Evals with a graded run in both conditions. */
  strata: number;
  /** Of those, the evals whose runs both passed and failed: the others carry no information and are left out. */
  informative_strata: number;
  /** Per condition, runs that passed every tested assertion (graded in both arms), over every eval (a description: the test never pools evals). */
  runs: Record<string, ArmCount>;
  /** Per condition, runs of those evals left out of `runs` and the test: they failed no tested assertion but were not graded on them all, so whether they pass is not known. */
  runs_undecided: Record<string, number>;
  /** Two-sided exact conditional p (R's mantelhaen.test(exact = TRUE)); null when no eval is informative. */
  p_value: number | null;
  /** The p the most one-sided outcome of these runs would give: above alpha, no outcome could be significant. */
  min_attainable_p: number | null;
  /** Mantel–Haenszel estimate of the odds ratio of passing shared by the evals; null when infinite or untested. */
  common_odds_ratio: number | null;
  /** Per condition: the invocation rate over the evals with counted runs of both arms that expect the skill to trigger. */
  skill_invocation: Record<string, ArmCount>;
  /**
   * The evals left out of the test, with why; those without counted runs of both arms (`no counted
   * with_skill run`) are out of `skill_invocation` and the document's `usage` too: every line across
   * evals sets the arms side by side over the same evals. Absent in documents older eval-magic wrote.
   */
  evals_left_out?: Array<{ id: string; skill: string | null; reason: string }>;
}

export interface ComparisonDocument {
  schema_version: 1;
  tool: string;
  /** [treatment, control]. */
  conditions: [string, string];
  /**
   * How `conditions` were chosen: `campaign` (campaign.json's), `known-pair` (with_skill and
   * without_skill, new_skill and old_skill), `named` (by --treatment, --control), `guessed` (from
   * what the folder names say: the `conditions-guessed` warning says by which rule). Absent in
   * documents older eval-magic wrote.
   */
  conditions_by?: 'campaign' | 'known-pair' | 'named' | 'guessed';
  /** With `conditions_by` `named`: the arms the user named (one alone: the other was taken for it). Absent in documents older eval-magic wrote. */
  conditions_named?: Array<'treatment' | 'control'>;
  alpha: number;
  /** Graded assertions in the Holm family. */
  family_size: number;
  validity: ValidityProblem[];
  evals: EvalComparison[];
  overall: OverallComparison;
  /** Per condition: tokens and cost of the counted runs of the evals with counted runs of both arms (the others are in their own `usage` only). */
  usage: Record<string, ArmUsage>;
  /** The iteration folders compared, as shown. */
  iterations: string[];
  /** Artifacts `check` found errors in (excluded from every number). */
  excluded_count: number;
}
