// Stage 3, counted: the runs by eval, and each eval's own numbers — worked out as soon as its last
// run is checked and graded, while the threads grade the other evals' runs (the main thread only
// waits on them then), rather than all at once after the last.
import type { EvalCase } from '../evals/types.js';
import { skillFolderOf } from '../workspace/experiment.js';
import { addJudgeAgreement } from './judge-agreement.js';
import type { AssertionComparison, ArmUsage, MetricComparison } from './model.js';
import type { RunOutcome } from './outcome.js';
import { compareAssertions, compareMetrics, runTable, type CountedRun, type Stratum } from './tabulate.js';
import { armUsage } from './usage.js';

/** The runs of one eval (of one skill: two skills' evals of the same id are never pooled). */
export interface EvalGroup {
  id: string;
  evalCase?: EvalCase;
  skill?: string;
  /** The skill's folder: its iterations are the eval's. */
  skillFolder: string;
  outcomes: RunOutcome[];
  counted: CountedRun[];
}

/** An eval's numbers of its own runs alone (Holm, across every eval, comes after). */
export interface EvalNumbers {
  runs: Record<string, number>;
  assertions: AssertionComparison[];
  metrics: MetricComparison[];
  usage: Record<string, ArmUsage>;
  /** Its table in the overall test, or why it is left out of every line across evals. */
  table: Stratum | { leftOut: string };
}

/** Which eval a run is of: its skill's folder and its id. */
const evalKey = ({ location }: RunOutcome) => `${skillFolderOf(location.iteration)}\u0000${location.evalId}`;

/** The outcomes by eval, in id order, each eval's runs by condition and number. */
export function groupByEval(outcomes: readonly RunOutcome[], conditions: readonly [string, string]): EvalGroup[] {
  const byEval = new Map<string, EvalGroup>();
  for (const outcome of outcomes) {
    const key = evalKey(outcome);
    const group = byEval.get(key) ?? { id: outcome.location.evalId, skillFolder: skillFolderOf(outcome.location.iteration), outcomes: [], counted: [] };
    byEval.set(key, group);
    group.evalCase ??= outcome.evalCase;
    group.skill ??= outcome.skill;
    group.outcomes.push(outcome);
    if (outcome.counted) group.counted.push(outcome.counted);
  }
  const byRun = (a: RunOutcome, b: RunOutcome) => conditions.indexOf(a.location.condition) - conditions.indexOf(b.location.condition) || (a.location.run ?? 0) - (b.location.run ?? 0);
  for (const group of byEval.values()) group.outcomes.sort(byRun);
  return [...byEval.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group);
}

/** One eval's numbers from its counted runs. */
function evalNumbers(group: EvalGroup, conditions: readonly [string, string]): EvalNumbers {
  return {
    runs: Object.fromEntries(conditions.map((c) => [c, group.counted.filter((r) => r.condition === c).length])),
    assertions: addJudgeAgreement(compareAssertions(group.evalCase?.assertions ?? [], group.counted, conditions), group.counted),
    metrics: compareMetrics(group.counted, conditions, group.evalCase?.skill_should_trigger !== false),
    usage: armUsage(group.counted, conditions),
    table: runTable(group.counted, conditions),
  };
}

/**
 * Each eval's {@link EvalNumbers}, worked out when the last of its runs is done ({@link done}):
 * from its runs in the order they were located, as {@link groupByEval} takes them, so the
 * numbers are the same to the last bit. An eval not finished by then is worked out by {@link of}.
 */
export class EvalsAsGraded {
  private readonly runsOf = new Map<string, RunOutcome[]>();
  private readonly left = new Map<string, number>();
  private readonly numbers = new Map<string, EvalNumbers>();
  private readonly finished = new Set<RunOutcome>();

  constructor(outcomes: readonly RunOutcome[], private readonly conditions: readonly [string, string]) {
    for (const outcome of outcomes) {
      const key = evalKey(outcome);
      (this.runsOf.get(key) ?? this.runsOf.set(key, []).get(key)!).push(outcome);
      this.left.set(key, (this.left.get(key) ?? 0) + 1);
    }
  }

  /** A run checked, and graded if it counts: nothing of it changes after. */
  done(outcome: RunOutcome): void {
    if (this.finished.has(outcome)) return;
    this.finished.add(outcome);
    const key = evalKey(outcome);
    const left = this.left.get(key)! - 1;
    this.left.set(key, left);
    if (left > 0) return;
    // A failure here (none is known) is left to {@link of}, where the tabulation meets it in its place.
    try {
      this.numbers.set(key, evalNumbers(groupByEval(this.runsOf.get(key)!, this.conditions)[0]!, this.conditions));
    } catch {
      // Said by of().
    }
  }

  /** The numbers of an eval: those worked out as its runs were done, else now. */
  of(group: EvalGroup): EvalNumbers {
    return this.numbers.get(evalKey(group.outcomes[0]!)) ?? evalNumbers(group, this.conditions);
  }
}
