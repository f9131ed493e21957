// What an integer is in these files: digits as written, no fraction, exponent or -0, exactly representable.
import { keyText, scanJsonTokens } from './tokens.js';
import { formatPointer } from './positions.js';

// Which fields are integers is each kind's data (`DocumentKind.integerFields`, document-kinds.ts).
const PLAIN_INTEGER = /^-?(?:0|[1-9]\d*)$/;

/** Why an integer field's literal is refused: the rule's message ids. */
type IntegerProblem = 'fraction' | 'exponent' | 'negative-zero' | 'inexact';

/** One integer field whose number is not an integer as decided above, as written. */
export interface OddInteger {
  pointer: string;
  /** "events[3].ordinal", as messages name values. */
  field: string;
  /** The literal as written (cut at 40 characters). */
  literal: string;
  problem: IntegerProblem;
  span: { start: number; end: number };
}

/**
 * Every field matching `integerFields` whose number is not an integer as decided above, each
 * shown as written. `suspect` is the key scan's answer (`scanKeyTokens(text, kind.integerKeys)
 * .oddIntegerLiteral`): only a file where an integer key has an odd-looking number is walked, so
 * clean files pay nothing.
 */
export function findOddIntegers(text: string, integerFields: RegExp, suspect: boolean): OddInteger[] {
  if (!suspect) return [];
  const found: OddInteger[] = [];
  let property: { start: number; end: number; path: () => Array<string | number> } | undefined;
  scanJsonTokens(text, {
    open: () => void (property = undefined),
    key: (start, end, path) => void (property = { start, end, path }),
    scalar: (offset, end) => {
      const owner = property;
      property = undefined;
      const first = text.charCodeAt(offset);
      // A number starts with a digit or '-'; strings, true, false and null are not integer literals.
      if (owner === undefined || !(first === 0x2d || (first >= 0x30 && first <= 0x39))) return;
      const literal = text.slice(offset, end);
      const problem = literalProblem(literal);
      if (problem === undefined) return;
      const pointer = formatPointer([...owner.path(), keyText(text, owner.start, owner.end)]);
      if (!integerFields.test(pointer)) return;
      found.push({ pointer, field: describePointer(pointer), literal: shown(literal), problem, span: { start: offset, end } });
    },
  });
  return found;
}

/**
 * Why a number literal is not an integer written plainly, or undefined when it is one — or when it
 * is no integer at all (2.5, 25e-1): the schema rejects those and quotes them as written, so they
 * are its findings. What is left here reads as an integer to JSON.parse but is not written as
 * one (1.0, 4E0, 1e-400), does not fit a double (1e400), or is not held exactly (2^53 + 1).
 */
function literalProblem(literal: string): IntegerProblem | undefined {
  if (literal === '-0') return 'negative-zero';
  if (!PLAIN_INTEGER.test(literal)) {
    const value = Number(literal);
    if (Number.isFinite(value) && !Number.isInteger(value)) return undefined;
    return /[eE]/.test(literal) ? 'exponent' : 'fraction';
  }
  if (!Number.isSafeInteger(Number(literal))) return 'inexact';
  return undefined;
}

function shown(literal: string): string {
  return literal.length > 40 ? `${literal.slice(0, 39)}…` : literal;
}

/** "/events/3/ordinal" → "events[3].ordinal", as the schema messages name values. */
function describePointer(pointer: string): string {
  return pointer.slice(1).split('/').map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}
