// Maps string offsets to the 1-based line/column a person sees, and JSON pointers to ranges.
import { parseTree, type Node } from 'jsonc-parser';

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

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.lineStarts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.lineStarts.push(i + 1);
      }
    }
  }

  /** 1-based line and column of a UTF-16 offset (clamped into the text). */
  position(offset: number): { line: number; column: number } {
    const at = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    const start = this.lineStarts[lo]!;
    return { line: lo + 1, column: countCodePoints(this.text, start, at) + 1 };
  }

  /** The range from one offset to another. */
  range(start: number, end: number): SourceRange {
    const a = this.position(start);
    const b = this.position(Math.max(start, end));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }
}

function countCodePoints(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point; count it at the high half.
    if (c >= 0xdc00 && c <= 0xdfff && i > from) {
      const prev = text.charCodeAt(i - 1);
      if (prev >= 0xd800 && prev <= 0xdbff) continue;
    }
    n++;
  }
  return n;
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

/**
 * Resolves JSON pointers to offsets in one parsed text. The tree is built lazily, once,
 * and only for files that have something to report.
 */
export class PointerLocator {
  private tree: Node | undefined | null = null;

  constructor(private readonly text: string) {}

  /** Start/end offsets of the value (or key) at `pointer`; the nearest existing ancestor if it is absent. */
  locate(pointer: string, target: PointerTarget = 'value'): { start: number; end: number } {
    if (this.tree === null) this.tree = parseTree(this.text, [], { disallowComments: true }) ?? undefined;
    let node = this.tree;
    if (!node) return { start: 0, end: 0 };
    let keyNode: Node | undefined;
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
function childAt(node: Node, segment: string): [Node, Node | undefined] | undefined {
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
