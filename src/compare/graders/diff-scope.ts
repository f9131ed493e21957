// diff_scope: which files the agent touched and how many lines it added and removed, between the
// task as it was staged (run.json `staged_dir`) and as the run left it (`task_dir`), measured by
// src/diff/ as Git would see it.
import type { DiffMetrics } from '../../diff/measure.js';
import type { DiffScopeAssertion, Verdict } from './types.js';

export { countLines, MAX_DIFFED_BYTES, measureDiff, type DiffMetrics } from '../../diff/measure.js';

/** Grades a diff_scope assertion against measured metrics (undefined: the run kept no staged copy). */
export function gradeDiffScope(assertion: DiffScopeAssertion, metrics: DiffMetrics | undefined, missing: string): Verdict {
  if (metrics === undefined) return { ungraded: { id: assertion.id, grader: 'diff_scope', reason: missing } };
  const lines = metrics.linesAdded + metrics.linesRemoved;
  const within = (value: number, limit: number | undefined) => limit === undefined || value <= limit;
  const part = (what: string, value: number, limit: number | undefined) => (limit === undefined ? `${what}: ${value} (no limit)` : `${what}: ${value} ${value <= limit ? '<=' : '>'} ${limit}`);
  const evidence = `${part('files touched', metrics.filesTouched, assertion.max_files_touched)}; ${part('lines changed', lines, assertion.max_lines_changed)} (${metrics.linesAdded} added + ${metrics.linesRemoved} removed); hunks: ${metrics.hunks}`;
  return { graded: { id: assertion.id, passed: within(metrics.filesTouched, assertion.max_files_touched) && within(lines, assertion.max_lines_changed), evidence, grader: 'diff_scope' } };
}

