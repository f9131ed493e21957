// grading.json's `summary`, worked out from the run's graded assertions. One implementation:
// compare writes it, and the `grading-summary` rule holds every grading.json to it.

/** A run's summary: ungraded assertions are not counted (schemas/grading.schema.json). */
export interface GradingSummary {
  passed: number;
  failed: number;
  /** passed + failed: the number of assertion_results. */
  total: number;
  /**
   * passed / total as the double division gives it, 0 when nothing was graded — no rounding (as
   * the reference writes it): JSON writers print the shortest text that reads back as the same
   * double, so a file written by compare or by the reference holds exactly this number.
   */
  pass_rate: number;
}

/** The summary of the assertion results whose `passed` flags are these, in any order. */
export function gradingSummary(passes: readonly boolean[]): GradingSummary {
  const passed = passes.filter((p) => p).length;
  const total = passes.length;
  return { passed, failed: total - passed, total, pass_rate: total === 0 ? 0 : passed / total };
}
