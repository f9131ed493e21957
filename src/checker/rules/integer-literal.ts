// integer-literal: an integer field is written as plain digits that every integer reader takes as written.
import type { RuleModule } from '../rule-module.js';
import { findOddIntegers } from '../../json/integer-literals.js';
import { DOCUMENT_KINDS } from '../document-kinds.js';
import { scanKeyTokens } from '../../json/tokens.js';

const EXPECTED = 'must be an integer written as plain digits (no fraction, exponent or -0) within ±9007199254740991, found {{literal}}';

export const integerLiteral: RuleModule = {
  meta: {
    id: 'integer-literal',
    // JSON Schema calls 1.0 an integer, so the schema stage cannot; the reference's u64 readers reject it.
    kind: 'any',
    description: 'Require integer fields to be written as plain digits that integer readers take exactly.',
    defaultSeverity: 'error',
    messages: {
      fraction: `{{field}} ${EXPECTED}: a fraction, which integer readers reject.`,
      exponent: `{{field}} ${EXPECTED}: an exponent, which integer readers reject.`,
      'negative-zero': `{{field}} ${EXPECTED}: a negative zero, which integer readers reject.`,
      inexact: `{{field}} ${EXPECTED}: too large for a JSON number to hold exactly.`,
    },
  },
  check({ text, fileKind, oddIntegerLiteral, report }) {
    // The pipeline's key scan already said whether any integer key has an odd-looking number.
    const kind = DOCUMENT_KINDS[fileKind];
    const suspect = oddIntegerLiteral ?? scanKeyTokens(text, kind.integerKeys).oddIntegerLiteral;
    for (const { pointer, field, literal, problem, span } of findOddIntegers(text, kind.integerFields, suspect)) {
      report({ messageId: problem, data: { field, literal }, pointer, span });
    }
  },
};
