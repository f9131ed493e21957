// Cross-file stage for a judgment.json: its verdict against its judge's answer, the stream in
// turn-1/ beside it (I/O; judgment.json files only, so no other file pays for it). The rule is
// workspace/judge-answer.ts, the one compare counts votes by and judge resumes by: check calls it,
// so all three give one verdict on the same record. It reads as check reads: the stream is opened
// without following a link (turn-1/ a link is refused, never followed), and only a regular file,
// never a device or FIFO (fs/read-file.ts).
import { dirname } from 'node:path';
import validateJudgment from '../../validators/judgment.generated.cjs';
import { answerMismatchOf } from '../../workspace/judge-answer.js';
import type { JudgmentRecord } from '../../workspace/judgment-record.js';
import type { JudgmentAnswerMismatch } from '../../types.js';
import type { LoadOutcome } from '../load.js';

/**
 * How the judgment.json at `absolutePath` does not record its judge's answer, or undefined. Only a
 * record the schema accepts is held to its answer (a broken one is the schema's to report, and its
 * `events_file` could name anything); one checked without a place on disk (standard input without
 * a name, checkSource) has no turn-1/ beside it.
 */
export function judgmentAnswerOf(absolutePath: string | undefined, loaded: LoadOutcome): JudgmentAnswerMismatch | undefined {
  if (absolutePath === undefined || !loaded.ok || !validateJudgment(loaded.value)) return undefined;
  // Named below the judgment folder, as the record names it: turn-1/<events file>.
  return answerMismatchOf(dirname(absolutePath), loaded.value as JudgmentRecord);
}
