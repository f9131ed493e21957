// Walkers over a parsed evals.json for the evals rules: every scripted turn, every transcript_check.
import { forEachEval } from '../../../evals/evals-checks.js';
import { isJsonObject, nameEval } from '../../../evals/json-shape.js';

/** Where a turn or an assertion sits: its eval, by name for messages, and its own pointer. */
export interface EvalsSite {
  evalCase: Record<string, unknown>;
  /** `eval "id"` (or `evals[i]` without a usable id), for messages. */
  evalName: string;
  index: number;
  pointer: string;
}

/** Calls `visit` for each scripted turn that is an object. */
export function forEachTurn(doc: unknown, visit: (turn: Record<string, unknown>, site: EvalsSite) => void): void {
  forEachEval(doc, (evalCase, evalIndex, evalPointer) => {
    const turns = evalCase['turns'];
    if (!Array.isArray(turns)) return;
    turns.forEach((turn: unknown, index) => {
      if (isJsonObject(turn)) visit(turn, { evalCase, evalName: nameEval(evalCase, evalIndex), index, pointer: `${evalPointer}/turns/${index}` });
    });
  });
}

/** Calls `visit` for each assertion of type `transcript_check`. */
export function forEachTranscriptCheck(doc: unknown, visit: (assertion: Record<string, unknown>, site: EvalsSite) => void): void {
  forEachEval(doc, (evalCase, evalIndex, evalPointer) => {
    const assertions = evalCase['assertions'];
    if (!Array.isArray(assertions)) return;
    assertions.forEach((assertion: unknown, index) => {
      if (isJsonObject(assertion) && assertion['type'] === 'transcript_check') {
        visit(assertion, { evalCase, evalName: nameEval(evalCase, evalIndex), index, pointer: `${evalPointer}/assertions/${index}` });
      }
    });
  });
}
