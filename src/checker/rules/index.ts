// The rule registry: every lint rule, keyed by id, in id order.
import type { RuleModule } from '../rule-module.js';
import { assertionIdUnique } from './assertion-id-unique.js';
import { blankText } from './blank-text.js';
import { commandEnv } from './command-env.js';
import { duplicateKey } from './duplicate-key.js';
import { evalIdUnique } from './eval-id-unique.js';
import { evalMissing } from './eval-missing.js';
import { evalPrompt } from './eval-prompt.js';
import { filesPath } from './files-path.js';
import { followupCount } from './followup-count.js';
import { gateAlwaysPattern } from './gate-always-pattern.js';
import { gateRegex } from './gate-regex.js';
import { gateReplay } from './gate-replay.js';
import { gradingSummary } from './grading-summary.js';
import { integerLiteral } from './integer-literal.js';
import { judgmentAnswer } from './judgment-answer.js';
import { judgmentFolder } from './judgment-folder.js';
import { llmJudgeId } from './llm-judge-id.js';
import { ordinalSequence } from './ordinal-sequence.js';
import { promptCharacters } from './prompt-characters.js';
import { roundOpener } from './round-opener.js';
import { roundReply } from './round-reply.js';
import { roundSequence } from './round-sequence.js';
import { runFolder } from './run-folder.js';
import { setupFilesDisjoint } from './setup-files-disjoint.js';
import { setupFilesPath } from './setup-files-path.js';
import { stopEvidence } from './stop-evidence.js';
import { stopGate } from './stop-gate.js';
import { stopPosition } from './stop-position.js';
import { transcriptCheckTurns } from './transcript-check-turns.js';
import { turnPromptBlank } from './turn-prompt-blank.js';
import { turnText } from './turn-text.js';
import { turnsDelivered } from './turns-delivered.js';

/** All rules by id; each rule's `meta.kind` says which files it applies to. Adding a rule: its module, a test table, a fixture folder, a README row, and one line here. */
export const rules: Readonly<Record<string, RuleModule>> = Object.freeze({
  'assertion-id-unique': assertionIdUnique,
  'blank-text': blankText,
  'command-env': commandEnv,
  'duplicate-key': duplicateKey,
  'eval-id-unique': evalIdUnique,
  'eval-missing': evalMissing,
  'eval-prompt': evalPrompt,
  'files-path': filesPath,
  'followup-count': followupCount,
  'gate-always-pattern': gateAlwaysPattern,
  'gate-regex': gateRegex,
  'gate-replay': gateReplay,
  'grading-summary': gradingSummary,
  'integer-literal': integerLiteral,
  'judgment-answer': judgmentAnswer,
  'judgment-folder': judgmentFolder,
  'llm-judge-id': llmJudgeId,
  'ordinal-sequence': ordinalSequence,
  'prompt-characters': promptCharacters,
  'round-opener': roundOpener,
  'round-reply': roundReply,
  'round-sequence': roundSequence,
  'run-folder': runFolder,
  'setup-files-disjoint': setupFilesDisjoint,
  'setup-files-path': setupFilesPath,
  'stop-evidence': stopEvidence,
  'stop-gate': stopGate,
  'stop-position': stopPosition,
  'transcript-check-turns': transcriptCheckTurns,
  'turn-prompt-blank': turnPromptBlank,
  'turn-text': turnText,
  'turns-delivered': turnsDelivered,
});
