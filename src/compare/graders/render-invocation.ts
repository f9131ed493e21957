// A tool invocation as transcript_check searches it: "<name> <compact JSON of args>", with the
// args' keys in the order the file writes them (the reference renders the record as read).
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { keyText, scanJsonTokens } from '../../json/tokens.js';
import { PointerLocator } from '../../json/positions.js';
import type { ToolInvocationEvent } from '../../types.js';

/**
 * The text of one parsed conversation, for renderings that need the file order JSON.parse loses;
 * it also keeps each rendering, which every tool assertion and the metrics of the run share.
 */
export class ArgsSource {
  /** Where each event's args are in the text, by event index (found in one walk, on first need). */
  private spans: { starts: number[]; ends: number[] } | undefined;
  private readonly rendered = new Map<number, string>();

  constructor(private readonly text: string) {}

  /** The compact text of the args of the event at `eventIndex`, keys as written (numbers as JavaScript prints them). */
  compactArgs(eventIndex: number): string {
    this.spans ??= argsSpans(this.text);
    const start = this.spans.starts[eventIndex];
    const end = this.spans.ends[eventIndex];
    if (start !== undefined && end !== undefined) return compactJson(this.text.slice(start, end));
    // Text the walk could not follow (never text JSON.parse took): the file's syntax tree finds it.
    const located = new PointerLocator(this.text).locate(`/events/${eventIndex}/args`);
    return compactJson(this.text.slice(located.start, located.end));
  }

  /** {@link renderInvocation} of the event at `eventIndex`, made once. */
  render(event: ToolInvocationEvent, eventIndex: number): string {
    let text = this.rendered.get(eventIndex);
    if (text === undefined) this.rendered.set(eventIndex, (text = renderInvocation(event, eventIndex, this)));
    return text;
  }
}

/**
 * The offsets of `events[i].args` for every event, in one token walk of the conversation's text.
 * It keeps two numbers per event; a syntax tree of the whole file (PointerLocator) held every
 * token, some 12 bytes of memory per byte of a file whose args have integer-like keys.
 */
function argsSpans(text: string): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  let depth = 0;
  let rootKey: string | undefined;
  let inEvents = false;
  let index = -1;
  let argsNext = false;
  let argsStart: number | undefined;
  scanJsonTokens(text, {
    open: (offset, isObject) => {
      if (depth === 1 && rootKey === 'events' && !isObject) [inEvents, index] = [true, -1];
      else if (depth === 2 && inEvents) index++;
      else if (depth === 3 && inEvents && argsNext) argsStart = offset;
      depth++;
    },
    close: (offset) => {
      depth--;
      if (depth === 3 && inEvents && argsStart !== undefined) [starts[index], ends[index], argsStart] = [argsStart, offset + 1, undefined];
      else if (depth === 1) inEvents = false;
    },
    key: (start, end) => {
      if (depth === 1) rootKey = keyText(text, start, end);
      else if (depth === 3 && inEvents) argsNext = keyText(text, start, end) === 'args';
    },
    scalar: (start, end) => {
      if (depth === 3 && inEvents && argsNext) [starts[index], ends[index]] = [start, end];
    },
  });
  return { starts, ends };
}

/**
 * `"<name> <args>"`, or the name alone when args are absent or null. JSON.parse moves
 * integer-like keys ("0", "42") to the front of an object, and JSON.stringify overflows the stack
 * on values a few thousand deep (the checker takes 100,000): only then is the file read again.
 */
export function renderInvocation(event: ToolInvocationEvent, eventIndex: number, source: ArgsSource): string {
  const args = event.args;
  if (args === undefined || args === null) return event.name;
  const json = needsFileText(args) ? source.compactArgs(eventIndex) : JSON.stringify(args);
  return `${event.name} ${json}`;
}

const INDEX_KEY = /^(0|[1-9][0-9]*)$/;

/** Deeper than this, JSON.stringify may run out of stack (it does at ~4,000 levels in Node 20). */
const STRINGIFY_DEPTH = 512;

/** Whether `value` has an integer-like key anywhere, or is nested deeper than JSON.stringify goes; a loop, not recursion, for the same reason. */
function needsFileText(value: unknown): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= STRINGIFY_DEPTH) return true;
    const isArray = Array.isArray(next.value);
    for (const [key, child] of Object.entries(next.value)) {
      if (!isArray && INDEX_KEY.test(key)) return true;
      pending.push({ value: child, depth: next.depth + 1 });
    }
  }
  return false;
}

/** Valid JSON text → the same value without whitespace, strings and numbers written as JSON.stringify would. */
export function compactJson(text: string): string {
  const scanner = createScanner(text, true);
  let out = '';
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.StringLiteral) out += JSON.stringify(scanner.getTokenValue());
    else if (token === SyntaxKind.NumericLiteral) out += JSON.stringify(Number(scanner.getTokenValue()));
    else out += text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
  }
  return out;
}
