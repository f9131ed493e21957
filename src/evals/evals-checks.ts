// Checks of evals.json's outer shape and of the eval fields the runner reads (`id`, `prompt`).
import type { EvalsCheck, EvalsCheckContext } from './evals-problem.js';
import { describeJsonType, isJsonObject, nameEval } from './json-shape.js';
import { formatPointer } from '../checker/positions.js';

/** Calls `visit` for each eval that is an object, with its index and pointer. */
export function forEachEval(
  doc: unknown,
  visit: (evalCase: Record<string, unknown>, index: number, pointer: string) => void,
): void {
  if (!isJsonObject(doc) || !Array.isArray(doc['evals'])) return;
  doc['evals'].forEach((evalCase: unknown, index) => {
    if (isJsonObject(evalCase)) visit(evalCase, index, formatPointer(['evals', index]));
  });
}

/** The document is `{skill_name: string, evals: [...]}`. */
export const checkDocumentShape: EvalsCheck = (ctx) => {
  const { doc } = ctx;
  if (!isJsonObject(doc)) {
    ctx.report({
      code: 'document-type',
      message: `evals.json must hold an object {"skill_name", "evals"}, found ${describeJsonType(doc)}.`,
      pointer: '',
    });
    return;
  }
  requireType(ctx, doc, '', 'skill_name', 'string');
  requireType(ctx, doc, '', 'evals', 'array');
};

/** Each eval is an object with a non-empty string `id` and a string `prompt`. */
export const checkEvalFields: EvalsCheck = (ctx) => {
  const { doc } = ctx;
  if (!isJsonObject(doc) || !Array.isArray(doc['evals'])) return;
  doc['evals'].forEach((evalCase: unknown, index) => {
    const pointer = formatPointer(['evals', index]);
    if (!isJsonObject(evalCase)) {
      ctx.report({ code: 'eval-type', message: `evals[${index}] must be an object, found ${describeJsonType(evalCase)}.`, pointer });
      return;
    }
    const name = nameEval(evalCase, index);
    if (requireType(ctx, evalCase, pointer, 'id', 'string', name) && evalCase['id'] === '') {
      ctx.report({ code: 'eval-id-empty', message: `evals[${index}].id must not be empty.`, pointer: `${pointer}/id` });
    }
    requireType(ctx, evalCase, pointer, 'prompt', 'string', name);
  });
};

/** One repeated eval id: where it repeats, and the index of its first use. */
export interface DuplicateEvalId {
  id: string;
  index: number;
  firstIndex: number;
  /** Pointer of the repeated `id` value. */
  pointer: string;
}

/** Every eval whose non-empty string id an earlier eval already uses (shared by the runner and `check`). */
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

/** Eval ids are unique: `--eval <id>` and `<out>/<eval-id>/` must name exactly one eval. */
export const checkUniqueEvalIds: EvalsCheck = (ctx) => {
  for (const { id, index, firstIndex, pointer } of findDuplicateEvalIds(ctx.doc)) {
    ctx.report({
      code: 'eval-id-duplicate',
      message: `Duplicate eval id ${JSON.stringify(id)}: evals[${index}] repeats evals[${firstIndex}].`,
      pointer,
    });
  }
};

/** Reports a missing or mistyped required property; true when it is present with the right type. */
function requireType(
  ctx: EvalsCheckContext,
  object: Record<string, unknown>,
  pointer: string,
  key: string,
  type: 'string' | 'array',
  owner = pointer === '' ? 'evals.json' : pointer,
): boolean {
  if (!Object.hasOwn(object, key)) {
    ctx.report({ code: 'property-missing', message: `${owner}: missing required property "${key}".`, pointer });
    return false;
  }
  const value = object[key];
  if (type === 'array' ? Array.isArray(value) : typeof value === type) return true;
  ctx.report({
    code: 'property-type',
    message: `${owner}: "${key}" must be ${type === 'array' ? 'an array' : 'a string'}, found ${describeJsonType(value)}.`,
    pointer: `${pointer}/${key}`,
  });
  return false;
}
