// One run through every assertion of its eval → the run's grading.json document.
import { join } from 'node:path';
import type { Conversation } from '../../types.js';
import { gradeCommandCheck, COMMAND_CHECK_LIMITS } from './command-check.js';
import { gradeDiffScope, measureDiff, type DiffMetrics } from './diff-scope.js';
import { ArgsSource } from './render-invocation.js';
import { gradeTranscriptCheck } from './transcript-check.js';
import type { Assertion, AssertionResult, UngradedAssertion, Verdict } from './types.js';
import { writeTools } from './vocabulary.js';

export type * from './types.js';
export { SKILL_TOOLS } from './vocabulary.js';
export { ArgsSource } from './render-invocation.js';

/** grading.json (schemas/grading.schema.json): the reference's fields plus `ungraded`. */
export interface GradingDocument {
  assertion_results: AssertionResult[];
  summary: { passed: number; failed: number; total: number; pass_rate: number };
  ungraded: UngradedAssertion[];
}

/** What grading reads of one run. */
export interface GradeRunInput extends InMemoryInput, OnDiskInput {}

/** What the graders that read only the conversation need (transcript_check). */
export interface InMemoryInput {
  conversation: Conversation;
  /** The conversation's text as an ArgsSource (the order of args' keys comes from it; renderings are shared). */
  args: ArgsSource;
  harness?: string;
}

/** What the graders that read the run's folders need (command_check, diff_scope). */
export interface OnDiskInput {
  /** The run's folder (absolute). */
  runDir: string;
  /** run.json's `task_dir` and `staged_dir` (relative to the run folder), and the staged skill's place in the task. */
  taskDir?: string;
  stagedDir?: string;
  skillStagedAt?: string;
  /** The skill's evals folder (absolute), where command_check's setup files are. */
  evalsDir: string;
  commandTimeoutMs?: number;
}

/**
 * One verdict per assertion, in their order; null where the assertion needs the run's folders
 * (command_check, diff_scope: see {@link gradeOnDisk}). Plain data, so a checking thread can
 * grade what it checked and send this back.
 */
export type PartialVerdicts = Array<Verdict | null>;

/** Grades one run on `assertions`, in their order. llm_judge is always ungraded: it needs a model. */
export async function gradeRun(assertions: readonly Assertion[], input: GradeRunInput): Promise<GradingDocument> {
  return gradingDocument(await gradeOnDisk(assertions, gradeInMemory(assertions, input), input));
}

/** The verdicts that need only the conversation: transcript_check, llm_judge (ungraded), unknown types (ungraded). */
export function gradeInMemory(assertions: readonly Assertion[], input: InMemoryInput): PartialVerdicts {
  const tools = writeTools(input.harness);
  return assertions.map((assertion): Verdict | null => {
    switch (assertion.type) {
      case 'transcript_check':
        return { graded: gradeTranscriptCheck(assertion, { conversation: input.conversation, args: input.args, writeTools: tools }) };
      case 'command_check':
      case 'diff_scope':
        return null;
      case 'llm_judge':
        return { ungraded: { id: assertion.id, grader: 'llm_judge', reason: 'llm_judge needs a judge model; compare grades deterministically only' } };
      default: {
        const unknown = assertion as { id: string; type: unknown };
        return { ungraded: { id: String(unknown.id), grader: 'llm_judge', reason: `unknown assertion type ${JSON.stringify(unknown.type)}` } };
      }
    }
  });
}

/** Whether every verdict is in: no assertion of the run needs its folders. */
export function isComplete(verdicts: PartialVerdicts): verdicts is Verdict[] {
  return verdicts.every((v) => v !== null);
}

/** Fills in the verdicts {@link gradeInMemory} left open, one assertion after another (commands never run at once). */
export async function gradeOnDisk(assertions: readonly Assertion[], verdicts: PartialVerdicts, input: OnDiskInput): Promise<Verdict[]> {
  const taskDir = input.taskDir === undefined ? undefined : join(input.runDir, input.taskDir);
  let diff: DiffMetrics | undefined | null = null;
  let diffMissing = 'the run kept no staged copy of its task (no run.json with staged_dir and task_dir), so there is nothing to diff against';
  const filled: Verdict[] = [];
  for (const [index, assertion] of assertions.entries()) {
    const known = verdicts[index];
    if (known) {
      filled.push(known);
    } else if (assertion.type === 'command_check') {
      filled.push(await gradeCommandCheck(assertion, { taskDir, evalsDir: input.evalsDir, timeoutMs: input.commandTimeoutMs ?? COMMAND_CHECK_LIMITS.timeoutMs, maxOutputBytes: COMMAND_CHECK_LIMITS.maxOutputBytes }));
    } else if (assertion.type === 'diff_scope') {
      if (diff === null) {
        diff = undefined;
        if (taskDir !== undefined && input.stagedDir !== undefined) {
          try {
            diff = measureDiff(join(input.runDir, input.stagedDir), taskDir, input.skillStagedAt === undefined ? [] : [input.skillStagedAt]);
          } catch (error) {
            diffMissing = `the task folders could not be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
          }
        }
      }
      filled.push(gradeDiffScope(assertion, diff, diffMissing));
    } else {
      throw new Error(`assertion ${JSON.stringify(assertion.id)} of type ${JSON.stringify(assertion.type)} was left ungraded in memory`);
    }
  }
  return filled;
}

/** The grading.json document of a run's verdicts. */
export function gradingDocument(verdicts: readonly Verdict[]): GradingDocument {
  const results = verdicts.flatMap((v) => ('graded' in v ? [v.graded] : []));
  const passed = results.filter((r) => r.passed).length;
  return {
    assertion_results: results,
    summary: { passed, failed: results.length - passed, total: results.length, pass_rate: results.length === 0 ? 0 : passed / results.length },
    ungraded: verdicts.flatMap((v) => ('ungraded' in v ? [v.ungraded] : [])),
  };
}
