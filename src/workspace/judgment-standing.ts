// Whether an earlier judgment stands — judge keeps it, compare counts it — or judge makes it again,
// and why: the one rule of both readers, so that compare never counts a vote judge would replace,
// nor tells the user to run judge for one it would keep.
import { join } from 'node:path';
import { answerMismatch } from './judge-answer.js';
import { remadeByJudge, type JudgedInputs, type JudgmentRecord } from './judgment-record.js';
import { JUDGE_DIR } from './layout.js';

/** Which input a judgment was made of another version of ({@link madeOfOtherInputs}). */
export type OtherInput = 'criteria' | 'prompts' | 'conversation' | 'diff';

/**
 * Why a judgment was made of other inputs than a run's now, or undefined when it was not: by
 * another rubric or expected_output (`criteria`), for another prompt or turns of the eval
 * (`prompts`), on another conversation.json (`conversation`), or on another diff of the run's
 * changes (`diff`). A record older eval-magic wrote without a digest says nothing of it. Part of
 * the one rule of both readers ({@link judgmentStanding}): compare counts no vote of such a judgment,
 * and judge makes it again — also where the blinded packet does not show the edit (the skill's
 * name respelt in a rubric).
 */
export function madeOfOtherInputs(record: Pick<JudgmentRecord, 'criteria_sha256' | 'conversation_sha256' | 'prompts_sha256' | 'diff_sha256'>, now: JudgedInputs): OtherInput | undefined {
  if (record.criteria_sha256 !== undefined && record.criteria_sha256 !== now.criteriaSha256) return 'criteria';
  if (record.prompts_sha256 !== undefined && record.prompts_sha256 !== now.promptsSha256) return 'prompts';
  if (record.conversation_sha256 !== undefined && record.conversation_sha256 !== now.conversationSha256) return 'conversation';
  if (record.diff_sha256 !== undefined && record.diff_sha256 !== (typeof now.diffSha256 === 'function' ? now.diffSha256() : now.diffSha256)) return 'diff';
  return undefined;
}

/**
 * Why an earlier judgment that answered (a verdict, or an answer judge keeps without one) is made
 * again: one of its inputs changed ({@link OtherInput}), or its run's task folder broke, or was
 * mended, since (`task-folder`: a rule's verdict for another reason, or none where the rule now decides).
 */
export type ReplacedBecause = 'task-folder' | OtherInput;

/**
 * What an earlier judgment is to the judgment due now: it stands; its session never answered
 * (`unanswered`: made again, replacing no verdict; `other`: an input changed since too); it is
 * `replaced` (its verdict overwritten); or its verdict is not its judge's answer on disk
 * (`notTheAnswer`: why, in one line: workspace answerMismatch).
 */
export type Standing = { stands: true } | { unanswered: true; other?: OtherInput } | { replaced: ReplacedBecause } | { notTheAnswer: string };

/** What a judgment is held to now: its inputs' digests, and the evidence the broken-task-folder rule fails the run with when it decides it (compare fails such a run's assertion by the rule, reading no judgment). */
export interface StandingInputs extends JudgedInputs {
  failsBy?: string | undefined;
}

/**
 * Whether the record of the run's judgment of `assertionId`, repeat `repeat`, stands for `now`.
 * Its packet_sha256 is no part of it: the packet is rendered from the iteration's other runs (their
 * arms' names, their staged skill) and eval-magic's own wording, which compare cannot know. The inputs in the order a user edits them, the rubric first: a rule's record holds the
 * criteria's digest alone. `shown` names a path below the run folder.
 */
export function judgmentStanding(runDir: string, assertionId: string, repeat: number, record: JudgmentRecord, now: StandingInputs, shown: (below: string) => string = (below) => below): Standing {
  if (now.failsBy !== undefined) {
    if (record.rule === 'broken-task-folder' && record.verdict?.evidence === now.failsBy) return { stands: true };
    return remadeByJudge(record.reason) ? { unanswered: true } : { replaced: 'task-folder' };
  }
  const other = madeOfOtherInputs(record, now);
  if (remadeByJudge(record.reason)) return other === undefined ? { unanswered: true } : { unanswered: true, other };
  if (other === 'criteria') return { replaced: other };
  if (record.rule !== undefined) return { replaced: 'task-folder' };
  if (other !== undefined) return { replaced: other };
  const below = `${JUDGE_DIR}/${assertionId}/${repeat}`;
  const mismatch = answerMismatch(join(runDir, below), record, (name) => shown(`${below}/${name}`));
  return mismatch === undefined ? { stands: true } : { notTheAnswer: mismatch };
}
