// An iterative, strict JSON walk: the same tokens, callbacks and first error as jsonc-parser's
// recursive parser, with an explicit stack so 100,000-deep nesting cannot overflow the call stack.
import { createScanner, ParseErrorCode, ScanError, SyntaxKind, type ParseError } from 'jsonc-parser';

/** A segment of the path to a value: a property name or an array index. */
type JsonPathSegment = string | number;

/** Callbacks of {@link walkJson}; offsets are UTF-16 offsets in the text. */
export interface JsonWalkVisitor {
  /** An object opens at `offset` ('{'). */
  onObjectBegin?(offset: number): void;
  /** The object closes: `offset` is its '}' (length 1). */
  onObjectEnd?(offset: number): void;
  onArrayBegin?(offset: number): void;
  onArrayEnd?(offset: number): void;
  /** A property name token (quotes included); `path` is the path of the object holding it. */
  onObjectProperty?(key: string, offset: number, length: number, path: () => JsonPathSegment[]): void;
  /** A string, number, boolean or null value token. */
  onLiteralValue?(value: unknown, offset: number, length: number): void;
}

interface Frame {
  kind: 'object' | 'array';
  needsComma: boolean;
  /** The key or index of the child being read. */
  segment: JsonPathSegment | undefined;
}

const SCAN_ERRORS: Partial<Record<ScanError, ParseErrorCode>> = {
  [ScanError.InvalidUnicode]: ParseErrorCode.InvalidUnicode,
  [ScanError.InvalidEscapeCharacter]: ParseErrorCode.InvalidEscapeCharacter,
  [ScanError.UnexpectedEndOfNumber]: ParseErrorCode.UnexpectedEndOfNumber,
  [ScanError.UnexpectedEndOfString]: ParseErrorCode.UnexpectedEndOfString,
  [ScanError.InvalidCharacter]: ParseErrorCode.InvalidCharacter,
};

class FirstError {
  constructor(readonly error: ParseError) {}
}

/**
 * Walks `text` as strict JSON (no comments, no trailing commas) and returns its first syntax
 * error, or undefined. Up to that error it makes exactly the calls jsonc-parser's `visit` would
 * and finds exactly the error its `parse` reports first — a test holds the two to that — but its
 * depth lives in an array, not in the call stack.
 */
export function walkJson(text: string, visitor: JsonWalkVisitor = {}): ParseError | undefined {
  const scanner = createScanner(text, false);
  const fail = (error: ParseErrorCode) => new FirstError({ error, offset: scanner.getTokenOffset(), length: scanner.getTokenLength() });
  const next = (): SyntaxKind => {
    for (;;) {
      const token = scanner.scan();
      const scanError = SCAN_ERRORS[scanner.getTokenError()];
      if (scanError !== undefined) throw fail(scanError);
      if (token === SyntaxKind.LineCommentTrivia || token === SyntaxKind.BlockCommentTrivia) throw fail(ParseErrorCode.InvalidCommentToken);
      if (token === SyntaxKind.Unknown) throw fail(ParseErrorCode.InvalidSymbol);
      if (token !== SyntaxKind.Trivia && token !== SyntaxKind.LineBreakTrivia) return token;
    }
  };
  const frames: Frame[] = [];
  const pathOf = (depth: number) => frames.slice(0, depth).map((f) => f.segment!);
  try {
    let token = next();
    if (token === SyntaxKind.EOF) throw fail(ParseErrorCode.ValueExpected);
    // `expectValue`: the scanner stands on a value; otherwise on what follows one inside frames.at(-1).
    let expectValue = true;
    for (;;) {
      if (expectValue) {
        const offset = scanner.getTokenOffset();
        if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
          const kind = token === SyntaxKind.OpenBraceToken ? 'object' : 'array';
          if (kind === 'object') visitor.onObjectBegin?.(offset);
          else visitor.onArrayBegin?.(offset);
          frames.push({ kind, needsComma: false, segment: undefined });
          token = next();
          expectValue = false;
          continue;
        }
        if (!isLiteral(token)) throw fail(ParseErrorCode.ValueExpected);
        let value: unknown = scanner.getTokenValue();
        if (token === SyntaxKind.NumericLiteral) {
          value = Number(value);
          if (Number.isNaN(value)) throw fail(ParseErrorCode.InvalidNumberFormat);
        } else if (token !== SyntaxKind.StringLiteral) value = token === SyntaxKind.NullKeyword ? null : token === SyntaxKind.TrueKeyword;
        visitor.onLiteralValue?.(value, offset, scanner.getTokenLength());
        token = next();
        expectValue = false;
        if (frames.length === 0) break;
        frames.at(-1)!.needsComma = true;
        continue;
      }
      const frame = frames.at(-1)!;
      const close = frame.kind === 'object' ? SyntaxKind.CloseBraceToken : SyntaxKind.CloseBracketToken;
      if (token === close) {
        if (frame.kind === 'object') visitor.onObjectEnd?.(scanner.getTokenOffset());
        else visitor.onArrayEnd?.(scanner.getTokenOffset());
        frames.pop();
        token = next();
        if (frames.length === 0) break;
        frames.at(-1)!.needsComma = true;
        continue;
      }
      if (token === SyntaxKind.EOF) throw fail(frame.kind === 'object' ? ParseErrorCode.CloseBraceExpected : ParseErrorCode.CloseBracketExpected);
      if (token === SyntaxKind.CommaToken) {
        if (!frame.needsComma) throw fail(ParseErrorCode.ValueExpected);
        token = next();
      } else if (frame.needsComma) throw fail(ParseErrorCode.CommaExpected);
      if (frame.kind === 'array') {
        frame.segment = frame.segment === undefined ? 0 : (frame.segment as number) + 1;
        expectValue = true;
        continue;
      }
      if (token !== SyntaxKind.StringLiteral) throw fail(ParseErrorCode.PropertyNameExpected);
      const key = scanner.getTokenValue();
      const depth = frames.length - 1;
      visitor.onObjectProperty?.(key, scanner.getTokenOffset(), scanner.getTokenLength(), () => pathOf(depth));
      frame.segment = key;
      token = next();
      if (token !== SyntaxKind.ColonToken) throw fail(ParseErrorCode.ColonExpected);
      token = next();
      expectValue = true;
    }
    if (token !== SyntaxKind.EOF) throw fail(ParseErrorCode.EndOfFileExpected);
    return undefined;
  } catch (caught) {
    if (caught instanceof FirstError) return caught.error;
    throw caught;
  }
}

function isLiteral(token: SyntaxKind): boolean {
  return (
    token === SyntaxKind.StringLiteral ||
    token === SyntaxKind.NumericLiteral ||
    token === SyntaxKind.NullKeyword ||
    token === SyntaxKind.TrueKeyword ||
    token === SyntaxKind.FalseKeyword
  );
}
