// One run through every assertion of its eval → the run's grading.json document.
import type { RuleSeverities } from '../../checker/rule-config.js';
import { join } from 'node:path';
import type { Conversation } from '../../types.js';
import type { EvalCase } from '../../evals/types.js';
import { gradeCommandCheck, COMMAND_CHECK_LIMITS } from './command-check.js';
import { gradeDiffScope, measureDiff, type DiffMetrics } from './diff-scope.js';
import { ArgsSource } from './render-invocation.js';
import { gradeLlmJudge, votesByJudge, type JudgeCommands, type RefusedJudgment } from './llm-judge.js';
import type { PathNamer } from './told.js';
import { gradingSummary, type GradingSummary } from '../../workspace/grading-summary.js';
import { diffSha256, judgeCriteriaSha256, promptsSha256, type JudgedRun } from '../../workspace/judgment-record.js';
import { conversationSha256 } from '../../workspace/conversation-digest.js';
import { runDiff } from '../../workspace/run-diff.js';
import { failedOnBrokenFolderEvidence, judgeFailsRun, runFolderState, type RunFolderState } from '../../workspace/run-record.js';
import { gradeTranscriptCheck } from './transcript-check.js';
import type { Assertion, AssertionResult, UngradedAssertion, Verdict, VotesByJudge } from './types.js';
import { writeTools } from './vocabulary.js';

export type * from './types.js';
export type { JudgeCommands, RefusedJudgment } from './llm-judge.js';
export { SKILL_TOOLS } from './vocabulary.js';
export { ArgsSource } from './render-invocation.js';

/** grading.json (schemas/grading.schema.json): the reference's fields plus `ungraded`. */
export interface GradingDocument {
  assertion_results: AssertionResult[];
  summary: GradingSummary;
  ungraded: UngradedAssertion[];
}

/** What grading reads of one run. */
export interface GradeRunInput {
  conversation: Conversation;
  /** check's rule severities under the comparison's config: how a judgment check rejects is said (llm-judge.ts). */
  severities?: RuleSeverities | undefined;
  /** The folders check checks the run in, as its link boundary (llm-judge.ts: a judgment.json linked out of them is io's). */
  linkRoots?: readonly string[] | undefined;
  /** Whether the config's ignore globs leave a path of the run out of check (llm-judge.ts: check says nothing of a judgment there). */
  ignoredByCheck?: ((path: string) => boolean) | undefined;
  /** The conversation's text as an ArgsSource (the order of args' keys comes from it; renderings are shared). */
  args: ArgsSource;
  /** The run's folder (absolute). */
  runDir: string;
  harness?: string;
  /** run.json's `task_dir` and `staged_dir` (relative to the run folder), and the staged skill's place in the task. */
  taskDir?: string;
  stagedDir?: string;
  /** run.json's `empty_dirs`: which of the two held no file when the run ended (one gone since is read as empty). */
  emptyDirs?: readonly string[] | undefined;
  skillStagedAt?: string;
  /** The command that judges the run's iteration as compare counts it (`eval-magic judge <iteration> --harness <h> [--evals …] [--config …]`), as grading.json and the report say it; given whenever the assertions hold an llm_judge one. */
  judgeCommand?: JudgeCommands | undefined;
  /** False for a run in the reference tool's layout (no run-<j> folder): `eval-magic judge` judges none. */
  inRunFolder?: boolean;
  /** Which run a run-<j> folder is: only its own judgments are votes. */
  judged?: JudgedRun;
  /** The task's folders that are the harness's own (run.json `harness_paths`): no diff counts them. */
  harnessPaths?: string[] | undefined;
  /** The eval's expected_output: with an llm_judge rubric, what a judgment was made by. */
  expectedOutput?: string;
  /** The eval's prompt and turns: the task a judgment's packet stated. */
  prompts: Pick<EvalCase, 'prompt' | 'turns'>;
  /** The conversation's text as loaded: what a judgment must have been made on to count. */
  text: string;
  /** Its conversationSha256, when the caller has taken it already (to hold it to run.json's): not taken twice. */
  textSha256?: string | undefined;
  /** The skill's evals folder (absolute), where command_check's setup files are. */
  evalsDir: string;
  /** How the report's reasons name a run's folders: as every path is, from where compare was started (fs/shown-path.ts); grading.json's name them absolute (told.ts). */
  shown: PathNamer;
  commandTimeoutMs?: number;
  /** Folders a command_check's command must find empty (command-check.ts CommandCheckInput.hidden). */
  hidden?: readonly string[];
  /** Aborts grading (an interrupt): a running command_check is stopped and gradeRun rejects. */
  signal?: AbortSignal;
}

/**
 * A grader that cannot run because the run's own folders were broken fails the assertion, with
 * the evidence ({@link failedOnBrokenFolderEvidence}, as judge records it for llm_judge): an agent
 * must not turn a run it would fail into an ungraded one.
 */
function failedOnBrokenFolder(assertion: Assertion, problem: string): Verdict {
  return { graded: { id: assertion.id, passed: false, grader: assertion.type, evidence: failedOnBrokenFolderEvidence(problem) } };
}

/** Grades one run on `assertions`, in their order; llm_judge from the run's judgments (`eval-magic judge`), with the judges of its votes. */
export async function gradeRun(assertions: readonly Assertion[], input: GradeRunInput): Promise<{ grading: GradingDocument; judges: VotesByJudge; refused: RefusedJudgment[]; judgeFailures: Record<string, string[]>; plainReasons: Record<string, string> }> {
  const tools = writeTools(input.harness);
  const taskDir = input.taskDir === undefined ? undefined : join(input.runDir, input.taskDir);
  const stagedDir = input.stagedDir === undefined ? undefined : join(input.runDir, input.stagedDir);
  // The folders are looked at only for the graders that read them: a run graded on its transcript alone costs no lstat.
  const readsFolders = assertions.some((a) => a.type === 'command_check' || a.type === 'diff_scope');
  // llm_judge: the judge is given a copy of the task, so judge fails a run whose task folder is broken, and so does compare (judged yet or not).
  const judgeFails = assertions.some((a) => a.type === 'llm_judge') ? judgeFailsRun(taskDir, input.emptyDirs) : undefined;
  const taskState = readsFolders && taskDir !== undefined ? runFolderState(taskDir, 'task', input.emptyDirs) : undefined;
  const stagedState = readsFolders && stagedDir !== undefined ? runFolderState(stagedDir, 'staged', input.emptyDirs) : undefined;
  const problem = (state: RunFolderState | undefined) => (state?.kind === 'broken' ? state.problem : undefined);
  // A folder gone though recorded empty (a copy that keeps no empty folder) is read as the empty folder it was.
  const [taskEmpty, stagedEmpty] = [taskState?.kind === 'empty', stagedState?.kind === 'empty'];
  const taskProblem = problem(taskState);
  let diff: DiffMetrics | undefined | null = null;
  const diffProblem = taskProblem ?? problem(stagedState);
  let diffMissing = 'the run kept no staged copy of its task (no run.json with staged_dir and task_dir), so there is nothing to diff against';
  // Hashed once a run, and only for a run an llm_judge grades.
  let digest: string | undefined;
  const transcript = () => (digest ??= input.textSha256 ?? conversationSha256(input.text));
  let asked: string | undefined;
  const prompts = () => (asked ??= promptsSha256(input.prompts));
  // The run's diff as judge reads it, only when a judgment records its digest: without diff.patch
  // (a run older eval-magic made, or by hand) it is computed, reading the task folders.
  let changes: string | undefined;
  const leftOut = [...(input.skillStagedAt === undefined ? [] : [input.skillStagedAt]), ...(input.harnessPaths ?? [])];
  const diffDigest = () => (changes ??= diffSha256(runDiff(input.runDir, taskDir, stagedDir, leftOut, input.emptyDirs)));
  const verdicts: Verdict[] = [];
  // The run's judgments check rejects (not in grading.json: compare says them as a validity error).
  const refused: RefusedJudgment[] = [];
  // The judge sessions that failed before each vote cast answered, by assertion (not in grading.json: validity judge-attempts-failed).
  const judgeFailures: Record<string, string[]> = {};
  // Assertions' ungraded reasons as the ungraded warning says them, where grading.json's differ (told.ts plainReason).
  const plainReasons: Record<string, string> = {};
  for (const assertion of assertions) {
    switch (assertion.type) {
      case 'transcript_check':
        verdicts.push({ graded: gradeTranscriptCheck(assertion, { conversation: input.conversation, args: input.args, writeTools: tools }) });
        break;
      case 'command_check':
        if (taskProblem !== undefined) verdicts.push(failedOnBrokenFolder(assertion, taskProblem));
        else {
          const { plainReason, ...verdict } = await gradeCommandCheck(assertion, { taskDir, ...(taskEmpty ? { taskEmpty } : {}), evalsDir: input.evalsDir, shown: input.shown, timeoutMs: input.commandTimeoutMs ?? COMMAND_CHECK_LIMITS.timeoutMs, maxOutputBytes: COMMAND_CHECK_LIMITS.maxOutputBytes, ...(input.hidden ? { hidden: input.hidden } : {}), ...(input.signal ? { signal: input.signal } : {}) });
          verdicts.push(verdict as Verdict);
          if (plainReason !== undefined) plainReasons[assertion.id] = plainReason;
        }
        break;
      case 'diff_scope':
        if (diff === null) {
          diff = undefined;
          if (diffProblem === undefined && taskDir !== undefined && stagedDir !== undefined) {
            try {
              diff = measureDiff(stagedEmpty ? undefined : stagedDir, taskEmpty ? undefined : taskDir, [...(input.skillStagedAt === undefined ? [] : [input.skillStagedAt]), ...(input.harnessPaths ?? [])]);
            } catch (error) {
              diffMissing = `the task folders could not be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
            }
          }
        }
        verdicts.push(diffProblem !== undefined ? failedOnBrokenFolder(assertion, diffProblem) : gradeDiffScope(assertion, diff, diffMissing));
        break;
      case 'llm_judge':
        if (judgeFails !== undefined) verdicts.push({ graded: { id: assertion.id, passed: false, grader: 'llm_judge', evidence: judgeFails } });
        else {
          const { refused: rejected, failedBefore, plainReason, ...verdict } = gradeLlmJudge({ id: assertion.id, runDir: input.runDir, judgeCommand: input.judgeCommand!, criteriaSha256: judgeCriteriaSha256(assertion.rubric, input.expectedOutput), conversationSha256: transcript(), promptsSha256: prompts(), diffSha256: diffDigest, inRunFolder: input.inRunFolder, severities: input.severities, linkRoots: input.linkRoots, ignoredByCheck: input.ignoredByCheck, ...(input.judged ? { of: input.judged } : {}) });
          verdicts.push(verdict as Verdict);
          refused.push(...(rejected ?? []));
          if (failedBefore !== undefined) judgeFailures[assertion.id] = failedBefore;
          if (plainReason !== undefined) plainReasons[assertion.id] = plainReason;
        }
        break;
      default: {
        const unknown = assertion as { id: string; type: unknown };
        verdicts.push({ ungraded: { id: String(unknown.id), grader: 'llm_judge', reason: `unknown assertion type ${JSON.stringify(unknown.type)}` } });
      }
    }
  }
  const results = verdicts.flatMap((v) => ('graded' in v ? [v.graded] : []));
  return {
    grading: {
      assertion_results: results,
      summary: gradingSummary(results.map((r) => r.passed)),
      ungraded: verdicts.flatMap((v) => ('ungraded' in v ? [v.ungraded] : [])),
    },
    judges: votesByJudge(verdicts),
    refused,
    judgeFailures,
    plainReasons,
  };
}
