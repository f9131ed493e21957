// Where a judgment.json not held to its judge's answer is reported: check's judgment-answer rule
// and compare's judgments-refused (workspace/judge-answer.ts) place it alike. Pure: rules import it.

/** At the record's verdict, or for a record of no verdict at the reason it gives instead. */
export function answerPointer(record: unknown): '/verdict' | '/reason' {
  return typeof record === 'object' && record !== null && (record as { verdict?: unknown }).verdict !== null ? '/verdict' : '/reason';
}
