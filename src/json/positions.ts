// Maps string offsets to the 1-based line/column a person sees, and JSON pointers to ranges.
import { parseTree } from 'jsonc-parser';
import { keyText, scanJsonTokens } from './tokens.js';

/** A 1-based source range; `endColumn` is exclusive. */
export interface SourceRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Which part of a property a pointer should highlight. */
export type PointerTarget = 'value' | 'key';

/**
 * Offset → line/column for one text. Built once per file that has findings, so clean files
 * never pay for it. Line breaks are `\n`, `\r\n` and a lone `\r` (all JSON whitespace);
 * columns count code points so an emoji or a CJK character is one column, like an editor.
 */
export class LineIndex {
  private readonly lineStarts: number[] = [0];

  /**
   * Offsets of the low halves of surrogate pairs: a column is code units minus these, found by
   * binary search, so a finding on a 100 MB minified line costs O(log n), not a scan of the line.
   */
  private readonly pairLows: number[] = [];

  constructor(private readonly text: string) {
    // Native scans (indexOf, a regex) rather than a loop over every character: findings may
    // be placed in texts of hundreds of MB.
    if (!text.includes('\r')) {
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.lineStarts.push(at + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) this.lineStarts.push(i + 1);
        else if (c === 13) {
          if (text.charCodeAt(i + 1) === 10) i++;
          this.lineStarts.push(i + 1);
        }
      }
    }
    for (const pair of text.matchAll(SURROGATE_PAIR)) this.pairLows.push(pair.index! + 1);
  }

  /** 1-based line and column of a UTF-16 offset (clamped into the text). */
  position(offset: number): { line: number; column: number } {
    let at = Math.max(0, Math.min(offset, this.text.length));
    // Between the \r and \n of a CRLF is not a place on either line: it is where the next line starts.
    if (at > 0 && this.text.charCodeAt(at) === 10 && this.text.charCodeAt(at - 1) === 13) at++;
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    const start = this.lineStarts[lo]!;
    // A pair's low half is never a line start, so every pair counted lies inside [start, at).
    return { line: lo + 1, column: at - start - (countBelow(this.pairLows, at) - countBelow(this.pairLows, start)) + 1 };
  }

  /** The range from one offset to another. */
  range(start: number, end: number): SourceRange {
    const a = this.position(start);
    const b = this.position(Math.max(start, end));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** How many of the sorted `offsets` are below `limit`. */
function countBelow(offsets: readonly number[], limit: number): number {
  let lo = 0;
  let hi = offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid]! < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Splits an RFC 6901 pointer into its segments ("" → []). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Builds an RFC 6901 pointer from segments. */
export function formatPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** A syntax tree node: the fields of jsonc-parser's `Node` that `locate` reads (that one's are read-only). */
interface TreeNode {
  type: 'object' | 'array' | 'property' | 'string' | 'number' | 'boolean' | 'null';
  offset: number;
  length: number;
  value?: unknown;
  children?: TreeNode[];
}

/**
 * Resolves JSON pointers to offsets in one parsed text. The syntax tree is built lazily, once,
 * and only for files that have something to report.
 */
export class PointerLocator {
  private tree: TreeNode | undefined | null = null;

  constructor(private readonly text: string) {}

  /** Start/end offsets of the value (or key) at `pointer`; the nearest existing ancestor if it is absent. */
  locate(pointer: string, target: PointerTarget = 'value'): { start: number; end: number } {
    if (this.tree === null) this.tree = buildTree(this.text);
    let node = this.tree;
    if (!node) return { start: 0, end: 0 };
    let keyNode: TreeNode | undefined;
    for (const segment of parsePointer(pointer)) {
      const next = childAt(node, segment);
      if (!next) return { start: node.offset, end: node.offset + node.length };
      [node, keyNode] = next;
    }
    const shown = target === 'key' && keyNode ? keyNode : node;
    return { start: shown.offset, end: shown.offset + shown.length };
  }
}

/** The value node (and key node) under `node` at one pointer segment. */
function childAt(node: TreeNode, segment: string): [TreeNode, TreeNode | undefined] | undefined {
  if (node.type === 'array') {
    if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
    const child = node.children?.[Number(segment)];
    return child ? [child, undefined] : undefined;
  }
  if (node.type !== 'object') return undefined;
  // JSON.parse keeps the last of duplicate keys, so the last one is what schema and rules saw.
  const props = node.children ?? [];
  for (let i = props.length - 1; i >= 0; i--) {
    const [key, value] = props[i]!.children ?? [];
    if (key && value && key.value === segment) return [value, key];
  }
  return undefined;
}

/**
 * The syntax tree (the shape of jsonc-parser's `Node`, only the fields `locate` reads). Text that
 * JSON.parse accepted is tokenized by {@link scanTree}; anything else (a locator given text that
 * does not parse) falls back to parseTree's error recovery, and to no tree at all if that
 * overflows the stack.
 */
function buildTree(text: string): TreeNode | undefined {
  const scanned = scanTree(text);
  if (scanned) return scanned;
  try {
    return parseTree(text, [], { disallowComments: true }) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds the tree from the token walk of tokens.ts, which jumps from token to token: each
 * string is skipped with indexOf, so the work follows the number of tokens, not of characters. A
 * file with findings is often the only one a check places, in code not yet optimized, where a
 * scanner that steps through every character (jsonc-parser's) cost more than the rest of the
 * check (docs/performance.md). Undefined where the tokens do not fit.
 */
function scanTree(text: string): TreeNode | undefined {
  let root: TreeNode | undefined;
  const open: TreeNode[] = [];
  let key: TreeNode | undefined;
  const attach = (node: TreeNode): void => {
    const parent = open[open.length - 1];
    if (!parent) root = node;
    else if (parent.type === 'array') parent.children!.push(node);
    else {
      parent.children!.push({ type: 'property', offset: key!.offset, length: node.offset + node.length - key!.offset, children: [key!, node] });
      key = undefined;
    }
  };
  const fits = scanJsonTokens(text, {
    open: (offset, isObject) => {
      const node: TreeNode = { type: isObject ? 'object' : 'array', offset, length: 0, children: [] };
      attach(node);
      open.push(node);
    },
    close: (offset) => {
      const node = open.pop()!;
      node.length = offset + 1 - node.offset;
      // A property's length ends with its value, known only now.
      const owner = open[open.length - 1];
      if (owner?.type === 'object') {
        const property = owner.children![owner.children!.length - 1]!;
        property.length = offset + 1 - property.offset;
      }
    },
    key: (start, end) => void (key = { type: 'string', value: keyText(text, start, end), offset: start, length: end - start }),
    scalar: (start, end) => attach({ type: text.charCodeAt(start) === 0x22 ? 'string' : 'number', offset: start, length: end - start }),
  });
  return fits ? root : undefined;
}

/**
 * "line:column" (1-based, as check reports them) of the value at each pointer of `text`: for a
 * refusal outside the checker that names a place in a file the checker passed (an eval's
 * `files` entry whose source is missing, a text no agent can receive). Built once per text.
 */
export function pointerPlaces(text: string): (pointer: string) => string {
  const lines = new LineIndex(text);
  const locator = new PointerLocator(text);
  return (pointer) => {
    const { line, column } = lines.position(locator.locate(pointer).start);
    return `${line}:${column}`;
  };
}
