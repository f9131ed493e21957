// The rule registry: every lint rule, keyed by id, in id order.
import type { RuleModule } from '../rule-module.js';
import { blankText } from './blank-text.js';
import { duplicateKey } from './duplicate-key.js';
import { followupCount } from './followup-count.js';
import { ordinalSequence } from './ordinal-sequence.js';
import { roundOpener } from './round-opener.js';
import { roundReply } from './round-reply.js';
import { roundSequence } from './round-sequence.js';
import { stopEvidence } from './stop-evidence.js';
import { stopPosition } from './stop-position.js';

/** All rules by id. Adding a rule: its module, a test table, a fixture folder, a README row, and one line here. */
export const rules: Readonly<Record<string, RuleModule>> = Object.freeze({
  'blank-text': blankText,
  'duplicate-key': duplicateKey,
  'followup-count': followupCount,
  'ordinal-sequence': ordinalSequence,
  'round-opener': roundOpener,
  'round-reply': roundReply,
  'round-sequence': roundSequence,
  'stop-evidence': stopEvidence,
  'stop-position': stopPosition,
});
