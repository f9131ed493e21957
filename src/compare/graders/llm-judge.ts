// llm_judge: graded from the run's judgments (written by `eval-magic judge`): one judgment gives
// its verdict; several give the majority, and a tie is ungraded. A judgment without a verdict is
// not a vote; no vote at all is ungraded, with why.
import { readRunJudgments } from '../../workspace/judgment-record.js';
import type { JudgeVote, Verdict } from './types.js';

interface LlmJudgeInput {
  id: string;
  /** The run's folder (absolute). */
  runDir: string;
  /** The iteration as the user would name it to `eval-magic judge`. */
  iterationShown: string;
}

export function gradeLlmJudge(input: LlmJudgeInput): Verdict {
  const found = readRunJudgments(input.runDir, input.id);
  const ungraded = (reason: string): Verdict => ({ ungraded: { id: input.id, grader: 'llm_judge', reason } });
  if (found.length === 0) return ungraded(`not judged: run eval-magic judge ${input.iterationShown}`);
  const votes: JudgeVote[] = found.map((f) =>
    'problem' in f ? { repeat: f.repeat, passed: null, confidence: null, reason: f.problem }
    : f.record.verdict === null ? { repeat: f.repeat, passed: null, confidence: null, reason: f.record.reason! }
    : { repeat: f.repeat, passed: f.record.verdict.passed, confidence: f.record.verdict.confidence, evidence: f.record.verdict.evidence },
  );
  const cast = votes.filter((v) => v.passed !== null);
  if (cast.length === 0) return ungraded(`the judge gave no verdict (${[...new Set(votes.map((v) => v.reason))].join(', ')})`);
  const passes = cast.filter((v) => v.passed).length;
  if (passes * 2 === cast.length) return { ungraded: { id: input.id, grader: 'llm_judge', reason: `judge-split: ${passes} pass and ${cast.length - passes} fail`, votes } };
  const passed = passes * 2 > cast.length;
  const majority = cast.filter((v) => v.passed === passed);
  const confidence = majority.reduce((sum, v) => sum + v.confidence!, 0) / majority.length;
  return { graded: { id: input.id, passed, evidence: majority[0]!.evidence ?? '', grader: 'llm_judge', confidence, votes } };
}
