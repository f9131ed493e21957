// What evals.json validation reports, and the context its checks report through.
import { LineIndex, PointerLocator, type PointerTarget } from '../checker/positions.js';

/** One positioned error in an evals.json file (1-based; `endColumn` exclusive, in code points). */
export interface EvalsProblem {
  /** Stable kebab-case id of the kind of problem, e.g. `turn-prompt-blank`. */
  code: string;
  message: string;
  /** RFC 6901 pointer of the offending value ("" = the whole document). */
  pointer: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** A problem before it has a position: a pointer (and which part to highlight) or exact offsets. */
export interface EvalsFinding {
  code: string;
  message: string;
  pointer: string;
  target?: PointerTarget;
  span?: { start: number; end: number };
}

/** What each check sees: the parsed document, and a way to report. */
export interface EvalsCheckContext {
  readonly doc: unknown;
  report(finding: EvalsFinding): void;
}

/**
 * One validation step over a parsed evals.json. Checks guard the shapes they read themselves,
 * so they run in any order and a later issue can append more without touching these.
 */
export type EvalsCheck = (ctx: EvalsCheckContext) => void;

/** Resolves findings to line/column ranges in `text`, sorted by position. */
export function positionFindings(text: string, findings: readonly EvalsFinding[]): EvalsProblem[] {
  if (findings.length === 0) return [];
  const lines = new LineIndex(text);
  const locator = new PointerLocator(text);
  const problems = findings.map((f) => {
    const { start, end } = f.span ?? locator.locate(f.pointer, f.target);
    return { code: f.code, message: f.message, pointer: f.pointer, ...lines.range(start, end) };
  });
  return problems.sort((a, b) => a.line - b.line || a.column - b.column || a.code.localeCompare(b.code));
}
