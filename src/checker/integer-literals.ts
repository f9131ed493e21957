// What an integer is in these files: digits as written, no fraction, exponent or -0, exactly representable.
import type { Finding } from './result.js';
import type { FileKind } from './file-kind.js';
import { walkJson } from './json-walk.js';
import { formatPointer } from './positions.js';

/**
 * The schemas' `integer` fields, by pointer (a test checks this against the schemas). JSON.parse
 * reads `1.0` and `1e-400` as integers, `1e400` as Infinity and 2^53+1 as 2^53; a reader with
 * integer fields (the reference's u64) rejects the first three, and no double holds the last.
 */
export const INTEGER_FIELDS: Record<FileKind, RegExp> = {
  conversation: /^\/(?:delivered_followups|stopped_before_followup|events\/\d+\/(?:ordinal|round))$/,
  evals: /^\/evals\/\d+\/(?:runs|assertions\/\d+\/(?:expect_exit_code|max_files_touched|max_lines_changed))$/,
  grading: /^\/summary\/(?:passed|failed|total)$/,
  comparison: /^\/(?:family_size|excluded_count|overall\/strata|overall\/skill_invocation\/[^/]+\/(?:passed|failed|ungraded|n)|evals\/\d+\/(?:runs\/[^/]+|run_list\/\d+\/(?:run|passed|failed|ungraded)|(?:assertions|metrics)\/\d+\/[^/]+\/(?:passed|failed|ungraded|n)))$/,
};

/** The names of those fields, for the key scan that tells whether a file needs the walk below. */
export const INTEGER_KEYS: Record<FileKind, ReadonlySet<string>> = {
  conversation: new Set(['delivered_followups', 'stopped_before_followup', 'ordinal', 'round']),
  evals: new Set(['runs', 'expect_exit_code', 'max_files_touched', 'max_lines_changed']),
  grading: new Set(['passed', 'failed', 'total']),
  comparison: new Set(['family_size', 'excluded_count', 'strata', 'passed', 'failed', 'ungraded', 'n', 'run']),
};

const PLAIN_INTEGER = /^-?(?:0|[1-9]\d*)$/;

/**
 * Every integer field whose number is not an integer as decided above, each shown as written.
 * `suspect` is the key scan's answer (`scanKeyTokens(text, INTEGER_KEYS[kind]).oddIntegerLiteral`):
 * only a file where an integer key has an odd-looking number is walked, so clean files pay nothing.
 */
export function integerLiteralFindings(text: string, kind: FileKind, suspect: boolean): Finding[] {
  if (!suspect) return [];
  const findings: Finding[] = [];
  let property: { key: string; path: () => Array<string | number> } | undefined;
  walkJson(text, {
    onObjectBegin: () => void (property = undefined),
    onArrayBegin: () => void (property = undefined),
    onObjectProperty: (key, _offset, _length, path) => void (property = { key, path }),
    onLiteralValue: (value, offset, length) => {
      const owner = property;
      property = undefined;
      if (typeof value !== 'number' || owner === undefined) return;
      const literal = text.slice(offset, offset + length);
      const problem = literalProblem(literal);
      if (problem === undefined) return;
      const pointer = formatPointer([...owner.path(), owner.key]);
      if (!INTEGER_FIELDS[kind].test(pointer)) return;
      findings.push({
        ruleId: 'schema',
        messageId: 'integer',
        severity: 2,
        message: `${describePointer(pointer)} must be an integer written as plain digits (no fraction, exponent or -0) within ±9007199254740991, found ${shown(literal)}: ${problem}.`,
        pointer,
        span: { start: offset, end: offset + length },
      });
    },
  });
  return findings;
}

/** Why a number literal is not an integer here, or undefined when it is one. */
function literalProblem(literal: string): string | undefined {
  if (literal === '-0') return 'a negative zero, which integer readers reject';
  if (!PLAIN_INTEGER.test(literal)) return /[eE]/.test(literal) ? 'an exponent, which integer readers reject' : 'a fraction, which integer readers reject';
  if (!Number.isSafeInteger(Number(literal))) return 'too large for a JSON number to hold exactly';
  return undefined;
}

function shown(literal: string): string {
  return literal.length > 40 ? `${literal.slice(0, 39)}…` : literal;
}

/** "/events/3/ordinal" → "events[3].ordinal", as the schema messages name values. */
function describePointer(pointer: string): string {
  return pointer.slice(1).split('/').map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}
