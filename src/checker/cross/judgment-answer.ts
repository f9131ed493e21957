// Cross-file stage for a judgment.json: its verdict against its judge's answer, the stream in
// turn-1/ beside it (I/O; judgment.json files only, so no other file pays for it). The rule is
// workspace/judge-answer.ts, the one compare counts votes by and judge resumes by: check calls it,
// so all three give one verdict on the same record. It reads as check reads: the stream is opened
// without following a link (turn-1/ a link is refused, never followed), and only a regular file,
// never a device or FIFO (fs/read-file.ts).
import { dirname } from 'node:path';
import { answerMismatchOf } from '../../workspace/judge-answer.js';
import type { JudgmentRecord } from '../../workspace/judgment-record.js';
import type { JudgmentAnswerMismatch } from '../../types.js';
import type { LoadOutcome } from '../load.js';

/**
 * How to hold the judgment.json at `absolutePath` to its judge's answer, or undefined when it has
 * none to be held to: one checked without a place on disk (standard input without a name,
 * checkSource) has no turn-1/ beside it, and one that does not parse none to hold. Called by the
 * schema stage only for a record the schema accepts (a broken one is the schema's to report, and
 * its `events_file` could name anything), so the record is validated once.
 */
export function judgmentAnswerOf(absolutePath: string | undefined, loaded: LoadOutcome): (() => JudgmentAnswerMismatch | undefined) | undefined {
  if (absolutePath === undefined || !loaded.ok) return undefined;
  // Named below the judgment folder, as the record names it: turn-1/<events file>.
  return () => answerMismatchOf(dirname(absolutePath), loaded.value as JudgmentRecord);
}
