// judgment-answer: a judgment.json's verdict is its judge's answer — the final message of the
// session's stream in turn-1/ beside it. compare counts no vote of a record that is not (a fail
// flipped to a pass by hand, a verdict made up over a malformed answer, an answer gone), and judge
// makes it again; check says so at the verdict, so a workspace check passes is one compare counts
// alike. The rule is workspace/judge-answer.ts (answerMismatchOf), read in check's cross stage
// (cross/judgment-answer.ts): this module only reports what it found.
import type { RuleModule } from '../rule-module.js';
import { answerPointer } from '../../workspace/answer-pointer.js';

const NOT_COUNTED = 'compare counts no vote of this judgment, and judge makes it again';

export const judgmentAnswer: RuleModule = {
  meta: {
    id: 'judgment-answer',
    kind: 'judgment',
    description: "Require a judgment.json's verdict (or its reason for none) to be what its judge answered: the final message of the session's stream in turn-1/ beside it.",
    defaultSeverity: 'error',
    messages: {
      differs: `judgment.json records {{recorded}}, but the judge's answer, the final message of {{file}}, gives {{gives}}: ${NOT_COUNTED}.`,
      unreadable: `judgment.json records {{recorded}}, but the judge's answer {{file}} cannot be read ({{why}}): ${NOT_COUNTED}.`,
    },
  },
  check({ judgmentAnswer: mismatch, value, report }) {
    if (mismatch === undefined) return;
    // At the verdict; a record of no verdict at the reason it gives instead (compare names the same place).
    const pointer = answerPointer(value);
    if (mismatch.problem === 'differs') report({ messageId: 'differs', data: { recorded: mismatch.recorded, file: mismatch.file, gives: mismatch.gives }, pointer });
    else report({ messageId: 'unreadable', data: { recorded: mismatch.recorded, file: mismatch.file, why: mismatch.why }, pointer });
  },
};
