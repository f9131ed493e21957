// The eval a conversation is held to: plain, serializable data with evals.json locations, and how it is chosen.
import { LineIndex, PointerLocator, formatPointer } from '../positions.js';
import type { EvalMatch, EvalRef, LocatedString, TurnRef } from '../../types.js';

export type { EvalMatch, TurnRef } from '../../types.js';

/** Every eval of one parsed evals.json, indexed once and shared by all artifacts that use it. */
export interface EvalsIndex {
  file: string;
  /** Location of the `evals` array (or the document). */
  at: string;
  evals: EvalRef[];
}

/**
 * Indexes a parsed evals.json. Tolerant: evals without a string id are skipped, fields of the
 * wrong type are left out, so a schema-invalid file still serves what it can.
 */
export function indexEvals(file: string, text: string, doc: unknown): EvalsIndex {
  const lines = new LineIndex(text);
  const locator = new PointerLocator(text);
  const where = (pointer: string): string => {
    const { line, column } = lines.position(locator.locate(pointer).start);
    return `${file}:${line}:${column}`;
  };
  const located = (object: Record<string, unknown>, key: string, pointer: string): LocatedString | undefined => {
    const value = object[key];
    return typeof value === 'string' ? { value, at: where(`${pointer}/${key}`) } : undefined;
  };
  const evals: EvalRef[] = [];
  const rawEvals = isObject(doc) && Array.isArray(doc.evals) ? doc.evals : [];
  rawEvals.forEach((raw: unknown, index) => {
    if (!isObject(raw) || typeof raw.id !== 'string') return;
    const pointer = formatPointer(['evals', index]);
    const rawTurns = Array.isArray(raw.turns) ? raw.turns : [];
    evals.push({
      file,
      id: raw.id,
      at: where(pointer),
      prompt: located(raw, 'prompt', pointer),
      turnsAt: where(Array.isArray(raw.turns) ? `${pointer}/turns` : pointer),
      turns: rawTurns.map((turn: unknown, i): TurnRef => {
        const at = `${pointer}/turns/${i}`;
        if (!isObject(turn)) return { at: where(at) };
        return {
          at: where(at),
          prompt: located(turn, 'prompt', at),
          deliverWhen: located(turn, 'deliver_when', at),
          agentResponseMatches: located(turn, 'agent_response_matches', at),
        };
      }),
    });
  });
  return { file, at: where(isObject(doc) && Array.isArray(doc.evals) ? '/evals' : ''), evals };
}

/** What of an artifact's path and content can identify its eval. */
export interface ArtifactClues {
  /** `<id>` of the nearest `eval-<id>` folder among the artifact's three parent folders. */
  evalFolderId?: string;
  /** The name of the folder holding the artifact (the runner writes `<out>/<eval-id>/`). */
  folderName?: string;
  /** The text of the artifact's first user message. */
  firstPrompt?: string;
}

/**
 * Picks the eval: an `eval-<id>` folder decides (and is `missing` when evals.json lacks the id);
 * otherwise a folder named exactly like an eval id; otherwise the one eval whose prompt equals
 * the first user message. Undefined (with the reason) when nothing identifies one eval.
 */
export function matchEval(index: EvalsIndex, clues: ArtifactClues): { match?: EvalMatch; reason: string } {
  const byId = (id: string) => evalsById(index).get(id);
  if (clues.evalFolderId !== undefined) {
    const found = byId(clues.evalFolderId);
    if (found) return { match: { status: 'matched', reason: 'eval-folder', eval: found }, reason: `folder eval-${clues.evalFolderId}` };
    return {
      match: { status: 'missing', file: index.file, id: clues.evalFolderId, folder: `eval-${clues.evalFolderId}`, at: index.at },
      reason: `folder eval-${clues.evalFolderId} names an eval that ${index.file} does not have`,
    };
  }
  if (clues.folderName !== undefined) {
    const found = byId(clues.folderName);
    if (found) return { match: { status: 'matched', reason: 'id-folder', eval: found }, reason: `folder ${clues.folderName}/` };
  }
  if (clues.firstPrompt !== undefined) {
    const same = index.evals.filter((e) => e.prompt?.value === clues.firstPrompt);
    if (same.length === 1) return { match: { status: 'matched', reason: 'prompt', eval: same[0]! }, reason: 'its first user message equals the eval prompt' };
    if (same.length > 1) return { reason: `${same.length} evals (${same.map((e) => JSON.stringify(e.id)).join(', ')}) have its first user message as prompt` };
  }
  return { reason: 'no eval-<id> folder, no folder named like an eval id, and no eval has its first user message as prompt' };
}

// Built on first use and kept beside the index, which stays plain data: an iteration matches
// every one of its runs against the same evals.json, and a scan per run grew with runs × evals.
const idMaps = new WeakMap<EvalsIndex, Map<string, EvalRef>>();

/** The index's evals by id; the first of two with one id wins, as a scan in file order would have it. */
function evalsById(index: EvalsIndex): Map<string, EvalRef> {
  let ids = idMaps.get(index);
  if (ids === undefined) {
    ids = new Map();
    for (const ref of index.evals) if (!ids.has(ref.id)) ids.set(ref.id, ref);
    idMaps.set(index, ids);
  }
  return ids;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
