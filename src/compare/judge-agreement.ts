// How far a judge agrees with itself: for an llm_judge assertion judged k ≥ 2 times per run, the
// share of runs whose verdicts all agree and Fleiss' kappa over the runs (both arms together).
import { fleissKappa, unanimousShare } from '../stats/index.js';
import type { JudgeVote } from './graders/types.js';
import type { AssertionComparison } from './model.js';
import type { CountedRun } from './tabulate.js';

/** Below either, the judge's verdicts are too unstable to lean on (κ < 0.6 is commonly "moderate" or worse). */
export const KAPPA_FLOOR = 0.6;
export const UNANIMOUS_FLOOR = 0.8;

/** A row's judge agreement: runs with ≥ 2 verdicts, the share of them unanimous, and κ (null where undefined). */
export interface JudgeAgreement {
  runs: number;
  unanimous: number | null;
  kappa: number | null;
}

/** The agreement of an llm_judge assertion's judgments, or undefined when no run has 2 verdicts. */
function judgeAgreement(assertionId: string, runs: readonly CountedRun[]): JudgeAgreement | undefined {
  const table: number[][] = [];
  for (const run of runs) {
    const votes: JudgeVote[] | undefined = run.grading.assertion_results.find((r) => r.id === assertionId)?.votes ?? run.grading.ungraded.find((u) => u.id === assertionId)?.votes;
    const cast = (votes ?? []).filter((v) => v.passed !== null);
    if (cast.length >= 2) table.push([cast.filter((v) => v.passed).length, cast.filter((v) => !v.passed).length]);
  }
  if (table.length === 0) return undefined;
  return { runs: table.length, unanimous: unanimousShare(table), kappa: fleissKappa(table) };
}

/** Sets `judge_agreement` on each llm_judge row judged k ≥ 2 times. */
export function addJudgeAgreement(rows: AssertionComparison[], runs: readonly CountedRun[]): AssertionComparison[] {
  for (const row of rows) {
    if (row.grader !== 'llm_judge') continue;
    const agreement = judgeAgreement(row.id, runs);
    if (agreement) row.judge_agreement = agreement;
  }
  return rows;
}

/** Whether the judge's verdicts on a row are too unstable to lean on. */
export function judgeUnstable(agreement: JudgeAgreement): boolean {
  return (agreement.kappa !== null && agreement.kappa < KAPPA_FLOOR) || (agreement.unanimous !== null && agreement.unanimous < UNANIMOUS_FLOOR);
}
