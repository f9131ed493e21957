// The eval a conversation is held to: plain, serializable data with evals.json locations, and how it is chosen.
import { LineIndex } from '../../json/positions.js';
import { keyText, scanJsonTokens } from '../../json/tokens.js';
import type { EvalMatch, EvalRef, LocatedString, TurnRef } from '../../types.js';
import type { EvalMeets } from '../../workspace/campaign-record.js';
import { scriptDigests } from '../../workspace/plan-identity.js';

export type { EvalMatch, TurnRef } from '../../types.js';

/** What an evals.json in hand gives a conversation: every {@link EvalMatch} but `no-evals` (none in hand). */
export type EvalInFile = Exclude<EvalMatch, { status: 'no-evals' }>;

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
  const offsets = placeEvals(text);
  const where = (offset: number | undefined): string => {
    const { line, column } = lines.position(offset ?? offsets.root);
    return `${file}:${line}:${column}`;
  };
  const located = (object: Record<string, unknown>, key: string, offset: number | undefined): LocatedString | undefined => {
    const value = object[key];
    return typeof value === 'string' ? { value, at: where(offset) } : undefined;
  };
  const evals: EvalRef[] = [];
  const rawEvals = isObject(doc) && Array.isArray(doc.evals) ? doc.evals : [];
  rawEvals.forEach((raw: unknown, index) => {
    if (!isObject(raw) || typeof raw.id !== 'string') return;
    const placed = offsets.evals[index];
    const rawTurns = Array.isArray(raw.turns) ? raw.turns : [];
    evals.push({
      file,
      id: raw.id,
      at: where(placed?.at),
      prompt: located(raw, 'prompt', placed?.fields.prompt),
      turnsAt: where(Array.isArray(raw.turns) ? placed?.fields.turns : placed?.at),
      turns: rawTurns.map((turn: unknown, i): TurnRef => {
        const placedTurn = placed?.items[i];
        const at = where(placedTurn?.at);
        if (!isObject(turn)) return { at };
        return {
          at,
          prompt: located(turn, 'prompt', placedTurn?.fields.prompt),
          deliverWhen: located(turn, 'deliver_when', placedTurn?.fields.deliver_when),
          agentResponseMatches: located(turn, 'agent_response_matches', placedTurn?.fields.agent_response_matches),
        };
      }),
      llmJudgeIds: (Array.isArray(raw.assertions) ? raw.assertions : []).flatMap((a: unknown) => (isObject(a) && a.type === 'llm_judge' && typeof a.id === 'string' ? [a.id] : [])),
    });
  });
  return { file, at: where(isObject(doc) && Array.isArray(doc.evals) ? offsets.evalsAt : undefined), evals };
}

/** Where a value of evals.json starts, the fields of it that are placed, and (an array) its items. */
interface Placed {
  at: number;
  fields: Record<string, number>;
  items: Placed[];
}

/** The fields placed, by depth below an eval: the eval's own, then each turn's. */
const PLACED_FIELDS: ReadonlyArray<ReadonlySet<string>> = [new Set(['prompt', 'turns']), new Set(['prompt', 'deliver_when', 'agent_response_matches'])];

/**
 * The offsets {@link indexEvals} shows, from one token walk of the text (which JSON.parse
 * accepted): `/evals`, each eval, its prompt and turns, each turn and its fields. No syntax tree
 * is built — an iteration's evals.json is indexed by every thread that checks its runs, and the
 * tree of a large one cost more than the rest of the index. A duplicate key's last value is the
 * one placed, as JSON.parse keeps it. Text the walk does not fit places everything at its start.
 */
function placeEvals(text: string): { root: number; evalsAt?: number; evals: Placed[] } {
  const placed: { root: number; evalsAt?: number; evals: Placed[] } = { root: 0, evals: [] };
  // Per open container: the eval or turn it is (placed), the list its items go to, or neither (skipped).
  const stack: Array<{ placed?: Placed; depth?: number; items?: Placed[] }> = [];
  let key: string | undefined;
  /** A value starts at `offset`: placed where its container and key ask; an object or array it opens is pushed by `open`. */
  const value = (offset: number): { placed?: Placed; depth?: number; items?: Placed[] } => {
    const parent = stack[stack.length - 1];
    const field = key;
    key = undefined;
    if (parent === undefined) {
      placed.root = offset;
      return {};
    }
    if (stack.length === 1 && field === 'evals') {
      placed.evalsAt = offset;
      return { items: (placed.evals = []) };
    }
    if (parent.items !== undefined) {
      const item: Placed = { at: offset, fields: {}, items: [] };
      parent.items.push(item);
      return { placed: item, depth: parent.depth === undefined ? 0 : parent.depth + 1 };
    }
    if (parent.placed !== undefined && field !== undefined && PLACED_FIELDS[parent.depth!]!.has(field)) {
      parent.placed.fields[field] = offset;
      if (field === 'turns') return { items: (parent.placed.items = []), depth: parent.depth };
    }
    return {};
  };
  const fits = scanJsonTokens(text, {
    open: (offset, isObject) => {
      const frame = value(offset);
      // Only an object is an eval or a turn; only an array holds items.
      stack.push({ placed: isObject ? frame.placed : undefined, depth: frame.depth, items: isObject ? undefined : frame.items });
    },
    close: () => void stack.pop(),
    key: (start, end) => {
      const holder = stack[stack.length - 1];
      key = stack.length === 1 || holder?.placed !== undefined ? keyText(text, start, end) : undefined;
    },
    scalar: (start) => void value(start),
  });
  return fits ? placed : { root: 0, evals: [] };
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
export function matchEval(index: EvalsIndex, clues: ArtifactClues): { match?: EvalInFile; reason: string } {
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

/**
 * The match as the campaign of the artifact's iteration (`iteration`, its folder name) sees it:
 * `changed` when the eval's prompt or turns now differ from what that campaign recorded the agent
 * was shown (campaign.json's evals.meets, `meets`) — its runs followed another script, which
 * compare will not regrade by this one either. Otherwise the match itself; also when nothing
 * was recorded for the eval, or a turn lacks its prompt or gate (the schema says so).
 */
export function againstCampaign(match: EvalInFile, meets: Readonly<Record<string, EvalMeets>> | undefined, iteration: string): EvalInFile {
  if (match.status !== 'matched') return match;
  const recorded = meets !== undefined && Object.hasOwn(meets, match.eval.id) ? meets[match.eval.id] : undefined;
  if (recorded === undefined) return match;
  const now = digestsOf(match.eval);
  if (now === undefined) return match;
  const parts = (['prompt', 'turns'] as const).filter((part) => recorded[part] !== now[part]);
  return parts.length === 0 ? match : { status: 'changed', reason: match.reason, eval: match.eval, changed: parts.join(' and '), iteration };
}

// An eval's digests, worked out once: every run of an iteration is held to the same eval.
const digests = new WeakMap<EvalRef, ReturnType<typeof scriptDigests> | null>();

/** The digests of what an eval shows the agent (as campaign.json records them), or undefined when a turn lacks its prompt or gate. */
function digestsOf(ref: EvalRef): ReturnType<typeof scriptDigests> | undefined {
  let known = digests.get(ref);
  if (known === undefined) {
    const prompt = ref.prompt?.value;
    const turns = ref.turns.map((t) => (t.prompt === undefined || t.deliverWhen === undefined ? undefined : { prompt: t.prompt.value, deliver_when: t.deliverWhen.value, ...(t.agentResponseMatches ? { agent_response_matches: t.agentResponseMatches.value } : {}) }));
    known = prompt === undefined || turns.some((t) => t === undefined) ? null : scriptDigests(prompt, turns as NonNullable<(typeof turns)[number]>[]);
    digests.set(ref, known);
  }
  return known ?? undefined;
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
