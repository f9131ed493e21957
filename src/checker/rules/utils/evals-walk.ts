// Walkers over a parsed evals.json for the evals rules: every eval, scripted turn, assertion.
import { formatPointer } from '../../../json/positions.js';

/** Where a turn or an assertion sits: its eval, by name for messages, and its own pointer. */
export interface EvalsSite {
  evalCase: Record<string, unknown>;
  /** `eval "id"` (or `evals[i]` without a usable id), for messages. */
  evalName: string;
  index: number;
  pointer: string;
}

/** A plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How an eval is named in messages: its id when it has a usable one, else its index. */
function nameEval(evalCase: unknown, index: number): string {
  const id = isJsonObject(evalCase) ? evalCase['id'] : undefined;
  return typeof id === 'string' && id !== '' ? `eval ${JSON.stringify(id)}` : `evals[${index}]`;
}

/** Calls `visit` for each eval that is an object, with its index and pointer. */
export function forEachEval(doc: unknown, visit: (evalCase: Record<string, unknown>, index: number, pointer: string) => void): void {
  if (!isJsonObject(doc) || !Array.isArray(doc['evals'])) return;
  doc['evals'].forEach((evalCase: unknown, index) => {
    if (isJsonObject(evalCase)) visit(evalCase, index, formatPointer(['evals', index]));
  });
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

/** Calls `visit` for each text an eval sends the agent that is a string: its `prompt` (`where` "prompt") and each turn's (`turns[i].prompt`). */
export function forEachPromptText(doc: unknown, visit: (text: string, where: string, site: Omit<EvalsSite, 'index'>) => void): void {
  forEachEval(doc, (evalCase, evalIndex, evalPointer) => {
    const evalName = nameEval(evalCase, evalIndex);
    if (typeof evalCase['prompt'] === 'string') visit(evalCase['prompt'], 'prompt', { evalCase, evalName, pointer: `${evalPointer}/prompt` });
    const turns = evalCase['turns'];
    if (!Array.isArray(turns)) return;
    turns.forEach((turn: unknown, index) => {
      if (isJsonObject(turn) && typeof turn['prompt'] === 'string') visit(turn['prompt'], `turns[${index}].prompt`, { evalCase, evalName, pointer: `${evalPointer}/turns/${index}/prompt` });
    });
  });
}

/** Calls `visit` for each entry of an eval's `files` that is a string (anything else is the schema's to report). */
export function forEachEvalFile(doc: unknown, visit: (path: string, site: EvalsSite) => void): void {
  forEachEval(doc, (evalCase, evalIndex, evalPointer) => {
    const files = evalCase['files'];
    if (!Array.isArray(files)) return;
    files.forEach((path: unknown, index) => {
      if (typeof path === 'string') visit(path, { evalCase, evalName: nameEval(evalCase, evalIndex), index, pointer: `${evalPointer}/files/${index}` });
    });
  });
}

/** Calls `visit` for each assertion that is an object of the given `type` (every type when omitted). */
export function forEachAssertion(doc: unknown, type: string | undefined, visit: (assertion: Record<string, unknown>, site: EvalsSite) => void): void {
  forEachEval(doc, (evalCase, evalIndex, evalPointer) => {
    const assertions = evalCase['assertions'];
    if (!Array.isArray(assertions)) return;
    assertions.forEach((assertion: unknown, index) => {
      if (isJsonObject(assertion) && (type === undefined || assertion['type'] === type)) {
        visit(assertion, { evalCase, evalName: nameEval(evalCase, evalIndex), index, pointer: `${evalPointer}/assertions/${index}` });
      }
    });
  });
}

/** Calls `visit` for each assertion of type `transcript_check`. */
export function forEachTranscriptCheck(doc: unknown, visit: (assertion: Record<string, unknown>, site: EvalsSite) => void): void {
  forEachAssertion(doc, 'transcript_check', visit);
}

/** One repeated eval id: where it repeats, and the index of its first use. */
export interface DuplicateEvalId {
  id: string;
  index: number;
  firstIndex: number;
  /** Pointer of the repeated `id` value. */
  pointer: string;
}

/** Every eval whose non-empty string id an earlier eval already uses. */
export function findDuplicateEvalIds(doc: unknown): DuplicateEvalId[] {
  const firstIndex = new Map<string, number>();
  const duplicates: DuplicateEvalId[] = [];
  forEachEval(doc, (evalCase, index, pointer) => {
    const id = evalCase['id'];
    if (typeof id !== 'string' || id === '') return;
    const first = firstIndex.get(id);
    if (first === undefined) firstIndex.set(id, index);
    else duplicates.push({ id, index, firstIndex: first, pointer: `${pointer}/id` });
  });
  return duplicates;
}
