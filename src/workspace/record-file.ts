// The one way the workspace's records are read back: a regular file of its own (a link is not
// followed, a device never read), strict JSON with no key twice (JSON.parse would keep the last
// silently, where check reports it), valid against its schema by the compiled validator. A
// problem names the file at the line and column it concerns.
import { basename } from 'node:path';
import { printParseErrorCode, type ParseError } from 'jsonc-parser';
import { walkJson } from '../json/walk.js';
import { LineIndex, PointerLocator } from '../json/positions.js';
import { mayHideFromParse } from '../json/scan.js';
import { findOddIntegers, type OddInteger } from '../json/integer-literals.js';
import { readRegularText } from '../fs/read-file.js';
import { BOM, BOM_WORDS } from '../json/bom.js';
import { patternWords } from '../json/pattern-words.js';

/**
 * What is at a record's path: nothing, a record, or why it cannot be used (one line naming the
 * file) with the check finding it is (`rule`: check's rule id, or `link` for a record that is a
 * symbolic link, which each kind's own rule reports), so that a reader can weigh it by check's config.
 */
export type RecordRead<T> = { found: false } | { found: true; record: T } | ({ found: true } & RecordProblem & {
  /** The other findings check reports in the file: a key twice and an integer spelt otherwise are each a rule of its own, and the schema's is said beside either. */
  more?: RecordProblem[];
  /** The record as JSON.parse reads it (as check's further rules hold it), when only a key twice or an integer spelt otherwise is wrong with it. */
  parsed?: T;
});

/** Why a record cannot be used, in one line, and the check finding it is. */
interface RecordProblem {
  problem: string;
  rule?: RecordProblemRule;
}

/** The check finding a record's problem is ({@link RecordRead}). */
type RecordProblemRule = 'io' | 'link' | 'parse' | 'duplicate-key' | 'integer-literal' | 'schema';

/** A compiled schema validator (Ajv's calling convention). */
export interface RecordValidator {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; message?: string; keyword?: string; params?: Record<string, unknown> }> | null;
}

/**
 * Reads the record at `path`. eval-magic writes each record as a regular file of its own, so a
 * symbolic link is not followed; the text must be JSON without a repeated key and pass `validate`.
 * `shownAs` names the file in the problem (a function: worked out only when there is one);
 * `integerFields`, the kind's integer fields, held to check's integer-literal rule. `followLink`:
 * read what a link leads to, for the findings check reports of a record it reads through one.
 */
export function readRecordFile<T>(validate: RecordValidator, path: string, shownAs: string | (() => string), integerFields: RegExp, followLink = false): RecordRead<T> {
  const name = basename(path);
  const read = readRegularText(path, `a ${name}`, { noFollow: !followLink });
  if (!read.ok && read.code === 'enoent') return { found: false };
  const shown = () => (typeof shownAs === 'string' ? shownAs : shownAs());
  if (!read.ok) return read.code === 'link' ? { found: true, problem: linkedRecord(shown(), name), rule: 'link' } : { found: true, problem: `${shown()}: ${read.message}`, rule: 'io' };
  // As check loads it: a byte order mark is a parse finding of its own, and the text after it is read on (placed without it).
  if (!read.text.startsWith(BOM)) return readRecordText<T>(validate, read.text, shown, integerFields);
  const rest = readRecordText<T>(validate, read.text.slice(BOM.length), shown, integerFields);
  const more = 'problem' in rest ? [{ problem: rest.problem, ...(rest.rule !== undefined ? { rule: rest.rule } : {}) }, ...(rest.more ?? [])] : [];
  return { found: true, problem: `${shown()}:1:1: the file ${BOM_WORDS}`, rule: 'parse', ...(more.length > 0 ? { more } : {}) };
}

/** {@link readRecordFile} of the text read. */
function readRecordText<T>(validate: RecordValidator, text: string, shown: () => string, integerFields: RegExp): RecordRead<T> {
  const plain = plainRecord(validate, text);
  if (plain?.verdict?.valid === true) return { found: true, record: plain.value as T };
  // Placed as check places a finding (a surrogate pair is one column; CR, LF and CRLF end a line).
  const at = (offset: number) => {
    const { line, column } = new LineIndex(text).position(offset);
    return `${shown()}:${line}:${column}`;
  };
  // Walked with an explicit stack, never parsed into a tree by recursion: a record nested 100,000 deep is a problem to name, not a stack overflow.
  const { error, odds } = oddities(text, integerFields);
  if (error !== undefined) {
    // A file cut short (a full disk, an interrupted copy) says so; otherwise what was expected there, in words.
    const cutShort = error.offset >= text.trimEnd().length;
    const words = cutShort ? 'it ends too early' : (SYNTAX_WORDS[printParseErrorCode(error.error)] ?? 'a syntax error');
    return { found: true, problem: `${at(error.offset)}: not valid JSON: ${words}`, rule: 'parse' };
  }
  // Validated once: a record refused on its plain parse keeps that verdict and its errors.
  const value: unknown = plain !== undefined ? plain.value : JSON.parse(text);
  const verdict = plain?.verdict ?? validated(validate, value);
  const schema = verdict.valid ? undefined : schemaProblem(text, verdict.errors, at);
  // check reports each of these in the file, and weighs each by its own rule: a reader sees them all.
  const [first, ...more] = [...odds.map((odd): RecordProblem => (odd.kind === 'key'
    ? { problem: `${at(odd.offset)}: the key ${JSON.stringify(odd.value)} appears twice in one object; a reader would silently take one of them`, rule: 'duplicate-key' }
    : { problem: `${at(odd.offset)}: ${odd.value} is written ${odd.written}, ${INTEGER_WORDS[odd.problem!]}; eval-magic writes integers as plain digits, so this record was edited by hand`, rule: 'integer-literal' })), ...(schema === undefined ? [] : [schema])];
  if (first !== undefined) return { found: true, ...first, ...(more.length > 0 ? { more } : {}), ...(odds.length > 0 && verdict.valid ? { parsed: value as T } : {}) };
  return { found: true, record: value as T };
}

/** Why a record that is a symbolic link is not read ({@link readRecordFile}), naming it `shown`. */
export function linkedRecord(shown: string, name: string): string {
  return `${shown} is a symbolic link; eval-magic writes ${name} as a file of its own, so it was not read`;
}

/** jsonc-parser's error codes, by name, in words. */
const SYNTAX_WORDS: Record<string, string> = {
  InvalidSymbol: 'a word or character that starts no JSON value',
  InvalidNumberFormat: 'a number JSON does not write so',
  PropertyNameExpected: 'a property name in double quotes was expected (a trailing comma?)',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a ":" was expected after the property name',
  CommaExpected: 'a "," was expected between two values',
  CloseBraceExpected: 'a closing "}" was expected',
  CloseBracketExpected: 'a closing "]" was expected',
  EndOfFileExpected: 'content after the JSON value',
  InvalidCommentToken: 'a comment, which JSON does not have',
  UnexpectedEndOfComment: 'a comment, which JSON does not have',
  UnexpectedEndOfString: 'a string that is never closed',
  UnexpectedEndOfNumber: 'a number cut short',
  InvalidUnicode: 'an invalid \\u escape',
  InvalidEscapeCharacter: 'an invalid escape sequence',
  InvalidCharacter: 'a raw control character in a string',
};

/** A validator's verdict on a value, with its errors as that call left them. */
interface Validated {
  valid: boolean;
  errors: NonNullable<RecordValidator['errors']>;
}

function validated(validate: RecordValidator, value: unknown): Validated {
  const valid = validate(value);
  return { valid, errors: valid ? [] : (validate.errors ?? []) };
}

/**
 * The text as JSON.parse reads it, and — when the text is one with nothing to hide from that parse
 * (no key repeats and no integer is spelt otherwise: a scan of the text against the parsed value)
 * — `validate`'s verdict on it: valid, it is the record. Undefined when JSON.parse refuses the text.
 * Otherwise the syntax tree above finds the first problem and places it, giving the verdict it
 * always gave (text JSON.parse accepts, jsonc-parser's strict parse accepts too), and a verdict
 * made here is not made again.
 */
function plainRecord(validate: RecordValidator, text: string): { value: unknown; verdict?: Validated } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return mayHideFromParse(text, value) ? { value } : { value, verdict: validated(validate, value) };
}

/** The schema's finding: its first error, placed at the value at its pointer (or its nearest ancestor), as check places its findings. */
function schemaProblem(text: string, errors: NonNullable<RecordValidator['errors']>, at: (offset: number) => string): RecordProblem {
  const first = errors[0];
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  const pointer = first?.instancePath ?? '';
  const words = first?.keyword === 'pattern' ? patternWords(first.params?.['pattern']) : undefined;
  const message = words !== undefined ? `must be ${words}` : first?.message ?? 'is invalid';
  return { problem: `${at(new PointerLocator(text).locate(pointer).start)}: ${pointer === '' ? 'the record' : pointer} ${message}, against its schema${more}`, rule: 'schema' };
}

/** A thing in the text JSON.parse would hide and check reports. */
interface Oddity {
  kind: 'key' | 'integer';
  offset: number;
  /** The key, or the integer field as messages name it. */
  value: string;
  written?: string;
  problem?: OddInteger['problem'];
}

/** What is wrong with an integer field's literal, in the words of check's integer-literal messages. */
const INTEGER_WORDS: Record<OddInteger['problem'], string> = {
  fraction: 'a fraction',
  exponent: 'an exponent',
  'negative-zero': 'a negative zero',
  inexact: 'too large for a JSON number to hold exactly',
};

/**
 * The text's first syntax error, or else the first of each thing in it that JSON.parse would hide
 * and check reports, in the order they stand: a key written twice in one object (duplicate-key),
 * an integer field not written as plain digits held exactly (`1.0`, `4E0`, `-0`, 2^53 + 1:
 * integer-literal, by check's own rule), which JSON.stringify never writes.
 */
function oddities(text: string, integerFields: RegExp): { error?: ParseError; odds: Oddity[] } {
  // The keys seen in each open object, innermost last (an array holds no keys, so it needs no entry).
  const keys: Array<Set<string>> = [];
  let key: Oddity | undefined;
  const error = walkJson(text, {
    onObjectBegin: () => void keys.push(new Set()),
    onObjectEnd: () => void keys.pop(),
    onObjectProperty: (name, offset) => {
      const seen = keys[keys.length - 1]!;
      if (key === undefined && seen.has(name)) key = { kind: 'key', offset, value: name };
      seen.add(name);
    },
  });
  if (error !== undefined) return { error, odds: [] };
  const [odd] = findOddIntegers(text, integerFields, true);
  const integer: Oddity | undefined = odd && { kind: 'integer', offset: odd.span.start, value: odd.field, written: odd.literal, problem: odd.problem };
  return { odds: [key, integer].filter((o): o is Oddity => o !== undefined).sort((a, b) => a.offset - b.offset) };
}
