// Bytes → text → JSON value, or a parse finding at the exact place parsing failed.
import { isAscii, isUtf8, transcode } from 'node:buffer';
import { ParseErrorCode, type ParseError } from 'jsonc-parser';
import type { Finding } from './result.js';
import { describeValue } from './describe.js';
import { LineIndex } from '../json/positions.js';
import { walkJson } from '../json/walk.js';
import { BOM, BOM_WORDS } from '../json/bom.js';

/** A parsed artifact, or the reason it could not be parsed. */
export type LoadOutcome =
  | { ok: true; text: string; value: unknown; findings: Finding[] }
  | { ok: false; text: string; findings: Finding[] };

/**
 * Decodes and parses one artifact. JSON.parse (native, fast) does the real work; only when it
 * fails do we re-scan with jsonc-parser, which knows *where* it failed. A UTF-8 BOM is reported
 * as an error (RFC 8259 §8.1: JSON text must not start with one, and Python's json and Rust's
 * serde_json, which read these artifacts downstream, reject it) but the rest is still checked.
 */
export function loadArtifact(input: Uint8Array | string): LoadOutcome {
  if (typeof input === 'string') return parseArtifactText(input);
  if (!isUtf8(input)) return invalidUtf8(input);
  return parseArtifactText(decodeUtf8(Buffer.from(input.buffer, input.byteOffset, input.byteLength)));
}

/** The parsing half of {@link loadArtifact}, for text already decoded. */
function parseArtifactText(text: string): LoadOutcome {
  const findings: Finding[] = [];
  let body = text;
  if (text.startsWith(BOM)) {
    body = text.slice(1);
    findings.push(parseFinding('bom', `File ${BOM_WORDS}.`, 0, 0));
  }
  if (/^[\t\n\r ]*$/.test(body)) {
    const message = body.length === 0 ? 'File is empty; expected a JSON object.' : 'File holds only whitespace; expected a JSON object.';
    findings.push(parseFinding('empty', message, body.length, body.length));
    return { ok: false, text: body, findings };
  }
  try {
    return { ok: true, text: body, value: JSON.parse(body), findings };
  } catch {
    findings.push(locateSyntaxError(body));
    return { ok: false, text: body, findings };
  }
}

/**
 * Decodes bytes already known to be valid UTF-8. Why not `toString('utf8')`: for text that is not
 * pure ASCII, V8 decodes character by character, twice (once to size the string); `transcode`'s
 * converter to UTF-16 (simdutf in Node 20) followed by a plain copy into the string is much faster. Pure ASCII is
 * copied as Latin-1, which keeps a one-byte string. Identical result either way (a test compares
 * them on random text); the plain decoder remains for a Node built without ICU (no `transcode`).
 */
export function decodeUtf8(bytes: Buffer): string {
  if (isAscii(bytes)) return bytes.toString('latin1');
  if (typeof transcode !== 'function') return bytes.toString('utf8');
  return transcode(bytes, 'utf8', 'utf16le').toString('utf16le');
}

function parseFinding(messageId: string, message: string, start: number, end: number): Finding {
  return { ruleId: 'parse', messageId, message, severity: 2, pointer: '', span: { start, end } };
}

/**
 * Re-scans text that JSON.parse rejected, to say where and why. The walk is iterative: a
 * recursive parser would overflow the stack here, on a deep file that is also broken.
 */
function locateSyntaxError(text: string): Finding {
  const first = walkJson(text);
  if (!first) {
    // jsonc-parser accepted what V8 rejected: fall back to the engine's own words, at the start.
    return parseFinding('syntax', 'Not valid JSON.', 0, 0);
  }
  if (STRING_ERRORS.has(first.error)) return explainStringError(text, first.offset);
  const { message, messageId } = explainParseError(text, first);
  return parseFinding(messageId, message, first.offset, first.offset + Math.max(first.length, 0));
}

const STRING_ERRORS = new Set([
  ParseErrorCode.UnexpectedEndOfString,
  ParseErrorCode.InvalidCharacter,
  ParseErrorCode.InvalidEscapeCharacter,
  ParseErrorCode.InvalidUnicode,
]);

/**
 * jsonc-parser reports a bad string at the string's start; people need the character that broke
 * it: a raw control character (a pasted newline, an ESC from terminal output), a bad escape, or
 * the end of the file.
 */
function explainStringError(text: string, stringStart: number): Finding {
  for (let i = stringStart + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) break;
    if (c < 0x20) {
      return parseFinding('control-character', `Raw control character ${codePointName(text[i]!)} inside a string; it must be escaped (e.g. \\n or \\u001b).`, i, i + 1);
    }
    if (c === 0x5c) {
      const escape = /^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/.exec(text.slice(i, i + 6))?.[0];
      if (!escape) {
        const shown = text.slice(i, i + 2);
        return parseFinding('escape', `Invalid escape sequence ${shown} in a string; JSON allows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX.`, i, i + shown.length);
      }
      i += escape.length - 1;
    }
  }
  const where = new LineIndex(text).position(stringStart);
  return parseFinding('truncated', `Unexpected end of file inside the string that starts at line ${where.line}, column ${where.column}. The file looks truncated.`, text.length, text.length);
}

function explainParseError(text: string, error: ParseError): { message: string; messageId: string } {
  const at = text.slice(error.offset, error.offset + Math.max(error.length, 1));
  const atEnd = error.offset >= text.length;
  const prev = text.slice(0, error.offset).trimEnd().slice(-1);
  switch (error.error) {
    case ParseErrorCode.InvalidCommentToken:
    case ParseErrorCode.UnexpectedEndOfComment:
      return { messageId: 'comment', message: 'Comments are not allowed in JSON.' };
    case ParseErrorCode.EndOfFileExpected:
      return { messageId: 'extra-content', message: 'Unexpected content after the JSON value; a file holds exactly one value.' };
    case ParseErrorCode.InvalidNumberFormat:
    case ParseErrorCode.UnexpectedEndOfNumber:
      return { messageId: 'number', message: `Invalid number ${excerpt(at)}.` };
  }
  if (atEnd) return { messageId: 'truncated', message: `Unexpected end of file: ${expectation(error.error)}. The file looks truncated.` };
  if ((error.error === ParseErrorCode.PropertyNameExpected || error.error === ParseErrorCode.ValueExpected) && prev === ',' && /^[\]}]/.test(at)) {
    return { messageId: 'trailing-comma', message: 'Trailing comma before the closing bracket is not allowed in JSON.' };
  }
  if (at.startsWith("'")) return { messageId: 'single-quote', message: 'Strings and keys must use double quotes, not single quotes.' };
  const word = /^-?[A-Za-z_$][\w$]*/.exec(text.slice(error.offset))?.[0];
  if (word !== undefined && /^-?(NaN|Infinity)$|^undefined$/.test(word)) {
    return { messageId: 'not-json-value', message: `${word} is not a JSON value.` };
  }
  const found = word !== undefined ? excerpt(word) : /^[\s\u0000-\u001f\u007f-\u009f]/.test(at) ? codePointName(at) : describeValue(String.fromCodePoint(text.codePointAt(error.offset) ?? 0));
  return { messageId: 'syntax', message: `Unexpected ${found}: ${expectation(error.error)}.` };
}

/** Longest piece of a file a parse message quotes. */
const EXCERPT_MAX = 12;

/**
 * A short, escaped excerpt of the text where parsing failed. Short because the "JSON" may be
 * something else entirely (a token file, a key) and the message ends up in CI logs and annotations.
 */
function excerpt(token: string): string {
  const cut = [...token];
  const shown = cut.length > EXCERPT_MAX ? cut.slice(0, EXCERPT_MAX).join('') + '…' : token;
  return JSON.stringify(shown);
}

function expectation(code: ParseErrorCode): string {
  switch (code) {
    case ParseErrorCode.PropertyNameExpected: return 'expected a property name in double quotes';
    case ParseErrorCode.ColonExpected: return "expected ':' after the property name";
    case ParseErrorCode.CommaExpected: return "expected ',' or a closing bracket";
    case ParseErrorCode.CloseBraceExpected: return "expected ',' or '}'";
    case ParseErrorCode.CloseBracketExpected: return "expected ',' or ']'";
    case ParseErrorCode.ValueExpected: return 'expected a JSON value';
    default: return 'not valid JSON';
  }
}

function codePointName(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}

/** Reports the first byte that is not well-formed UTF-8, at its line and column in the decodable prefix. */
function invalidUtf8(bytes: Uint8Array): LoadOutcome {
  const bad = firstInvalidUtf8Offset(bytes);
  const prefix = Buffer.from(bytes.buffer, bytes.byteOffset, bad).toString('utf8');
  const hex = '0x' + (bytes[bad] ?? 0).toString(16).toUpperCase().padStart(2, '0');
  return {
    ok: false,
    text: prefix,
    findings: [parseFinding('encoding', `Not UTF-8 text: invalid byte ${hex} at byte offset ${bad}.`, prefix.length, prefix.length)],
  };
}

/** Byte offset of the first ill-formed UTF-8 sequence (RFC 3629: no overlongs, surrogates or > U+10FFFF). */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let need: number;
    let min: number;
    if (b < 0x80) { i++; continue; }
    else if (b >= 0xc2 && b <= 0xdf) { need = 1; min = 0x80; }
    else if (b >= 0xe0 && b <= 0xef) { need = 2; min = 0x800; }
    else if (b >= 0xf0 && b <= 0xf4) { need = 3; min = 0x10000; }
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}
