// The rule that ties a judgment.json to the judge's answer on disk: the verdict it records (or the
// reason the judge's answer broke the verdict contract) must be the one the final message of the
// session's event stream, kept in the judgment's turn-1/, gives — read by the same stream parser
// and the same verdict contract that judge read it by when it wrote the record. Otherwise the
// record was edited since (a fail flipped to a pass, a verdict made up over a malformed answer) or
// its answer is gone: compare counts no vote of it, and judge makes it again. One rule for every
// reader: compare's llm_judge grader, judge's plan (resume) and its lock-time look, and check's
// judgment-answer rule. Here in workspace/, below the checker, judge and compare, with the stream
// parsers it reads by (workspace/streams/), so every one of them calls this one function.
import { lstatSync, readFileSync, type Stats } from 'node:fs';
import { LineIndex, PointerLocator } from '../json/positions.js';
import { answerPointer } from './answer-pointer.js';
import { join } from 'node:path';
import { parseVerdict } from './judge-verdict.js';
import { ANSWER_ROUND, keptWithoutVerdict, type JudgeVerdict, type JudgmentRecord } from './judgment-record.js';
import { streamParsers, type ParserId } from './streams/index.js';
import { readRoundStream } from './streams/round-stream.js';
import type { JudgmentAnswerMismatch } from '../types.js';


/**
 * Why `record`, the judgment.json of the judgment folder `judgmentDir`, does not record what its
 * judge's answer gives, in one line, or undefined when it does or there is nothing to hold it to
 * ({@link answerMismatchOf}). `shown` names a path below the judgment folder in the message.
 */
export function answerMismatch(judgmentDir: string, record: JudgmentRecord, shown: (below: string) => string = (below) => below): string | undefined {
  const mismatch = answerMismatchOf(judgmentDir, record, shown);
  if (mismatch === undefined) return undefined;
  const records = `${shown('judgment.json')}${answerPlace(judgmentDir, record)} records ${mismatch.recorded}`;
  const notCounted = "not the judge's answer, so not counted";
  return mismatch.problem === 'unreadable'
    ? `${records}, but the judge's answer ${mismatch.file} cannot be read (${mismatch.why}): ${notCounted}`
    : `${records}, but the judge's answer in ${mismatch.file} gives ${mismatch.gives}: ${notCounted}`;
}

/** ":line:column" of {@link answerPointer} in the judgment.json of `judgmentDir`, as check places it; empty when it cannot be read. */
function answerPlace(judgmentDir: string, record: JudgmentRecord): string {
  let text: string;
  try {
    text = readFileSync(join(judgmentDir, 'judgment.json'), 'utf8');
  } catch {
    return '';
  }
  const { line, column } = new LineIndex(text).position(new PointerLocator(text).locate(answerPointer(record)).start);
  return `:${line}:${column}`;
}

/**
 * The rule itself: how `record`, the judgment.json of the judgment folder `judgmentDir`, does not
 * record what its judge's answer gives, or undefined when it does or there is nothing to hold it
 * to: a judgment a rule decided (no session), a session that never answered (judge-failed,
 * judge-timed-out: no vote, made again anyway), or a record older eval-magic wrote (it does not say
 * where its answer is). compare and judge say it in one line ({@link answerMismatch}); check's
 * judgment-answer rule by its own messages. `shown` names a path below the judgment folder.
 */
export function answerMismatchOf(judgmentDir: string, record: JudgmentRecord, shown: (below: string) => string = (below) => below): JudgmentAnswerMismatch | undefined {
  if (record.rule !== undefined || (record.verdict === null && !keptWithoutVerdict(record.reason))) return undefined;
  const { events_file: eventsFile, parser } = record.harness;
  if (eventsFile === undefined || parser === undefined || !Object.hasOwn(streamParsers, parser)) return undefined;
  const file = shown(`${ANSWER_ROUND}/${eventsFile}`);
  const unreadable = (why: string): JudgmentAnswerMismatch => ({ problem: 'unreadable', recorded: recorded(record), file, why });
  // Never read through a link: what it points to is no answer given here.
  let round: Stats | undefined;
  try {
    round = lstatSync(join(judgmentDir, ANSWER_ROUND), { throwIfNoEntry: false });
  } catch (error) {
    // Not a crash of the reader (compare, judge, check) for a folder it may not look into (EACCES, …).
    return unreadable((error as NodeJS.ErrnoException).code ?? String(error));
  }
  if (round === undefined || !round.isDirectory()) {
    return unreadable(round === undefined ? 'it is gone' : `${shown(ANSWER_ROUND)}/ is ${round.isSymbolicLink() ? 'a symbolic link (not followed)' : 'not a folder'}`);
  }
  const stream = readRoundStream(join(judgmentDir, ANSWER_ROUND, eventsFile), parser as ParserId);
  if (!stream.ok) return unreadable(stream.reason === 'sandbox-failed' ? `the session failed: its sandbox could not start a command (${stream.message})` : stream.message);
  const answer = parseVerdict(stream.parsed.finalText);
  if (record.verdict !== null ? answer.ok && sameVerdict(record.verdict, answer.verdict) : !answer.ok && answer.reason === record.reason) return undefined;
  const gives = !answer.ok ? `no verdict (${answer.reason}: ${answer.message})`
    : record.verdict !== null && record.verdict.passed === answer.verdict.passed && record.verdict.confidence === answer.verdict.confidence ? `${verdictText(answer.verdict)} with other evidence`
    : verdictText(answer.verdict);
  return { problem: 'differs', recorded: recorded(record), file, gives };
}

function recorded(record: JudgmentRecord): string {
  return record.verdict !== null ? verdictText(record.verdict) : `no verdict (${record.reason})`;
}

function verdictText(verdict: JudgeVerdict): string {
  return `a ${verdict.passed ? 'pass' : 'fail'} (confidence ${verdict.confidence})`;
}

function sameVerdict(a: JudgeVerdict, b: JudgeVerdict): boolean {
  return a.passed === b.passed && a.evidence === b.evidence && a.confidence === b.confidence;
}
