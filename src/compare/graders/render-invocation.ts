// A tool invocation as transcript_check searches it: "<name> <compact JSON of args>", with the
// args' keys in the order the file writes them (the reference renders the record as read).
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { PointerLocator } from '../../checker/positions.js';
import type { ToolInvocationEvent } from '../../types.js';

/**
 * The text of one parsed conversation, for renderings that need the file order JSON.parse loses;
 * it also keeps each rendering, which every tool assertion and the metrics of the run share.
 */
export class ArgsSource {
  private locator: PointerLocator | undefined;
  private readonly rendered = new Map<number, string>();

  constructor(private readonly text: string) {}

  /** The compact text of the value at `pointer`, keys as written (numbers as JavaScript prints them). */
  compactAt(pointer: string): string {
    const { start, end } = (this.locator ??= new PointerLocator(this.text)).locate(pointer);
    return compactJson(this.text.slice(start, end));
  }

  /** {@link renderInvocation} of the event at `eventIndex`, made once. */
  render(event: ToolInvocationEvent, eventIndex: number): string {
    let text = this.rendered.get(eventIndex);
    if (text === undefined) this.rendered.set(eventIndex, (text = renderInvocation(event, eventIndex, this)));
    return text;
  }
}

/**
 * `"<name> <args>"`, or the name alone when args are absent or null. JSON.parse moves
 * integer-like keys ("0", "42") to the front of an object, and JSON.stringify overflows the stack
 * on values a few thousand deep (the checker takes 100,000): only then is the file read again.
 */
export function renderInvocation(event: ToolInvocationEvent, eventIndex: number, source: ArgsSource): string {
  const args = event.args;
  if (args === undefined || args === null) return event.name;
  const json = needsFileText(args) ? source.compactAt(`/events/${eventIndex}/args`) : JSON.stringify(args);
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
