// Scans of JSON text that JSON.parse accepted, shared by the checker's tokenizer
// (json/tokens.ts) and the workspace's record reader (workspace/record-file.ts) — and, for
// its strings, by the judge's search for verdict objects in prose (judge/verdict.ts): jumping
// from quote to quote with indexOf, never stepping through every character of a string.

/**
 * Just past the string token whose opening quote is at `open`, or -1 if it never closes. A quote
 * is escaped when an odd run of backslashes precedes it.
 */
export function stringTokenEnd(text: string, open: number): number {
  for (let close = text.indexOf('"', open + 1); close !== -1; close = text.indexOf('"', close + 1)) {
    let k = close - 1;
    while (text.charCodeAt(k) === 0x5c) k--;
    if ((close - 1 - k) % 2 === 0) return close + 1;
  }
  return -1;
}

/** Own properties over all objects in a parsed value; iterative, so deep nesting cannot overflow. */
export function countProperties(root: unknown): number {
  let n = 0;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) pending.push(item);
    } else {
      for (const key in node) {
        n++;
        pending.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return n;
}

/**
 * Whether text that JSON.parse turned into `value` may hold what the value hides: a key written
 * twice in one object (fewer properties than key tokens), an integer written with a fraction or
 * an exponent (`1.0`, `4E0`), `-0`, or sixteen digits or more (past 2^53 JSON.parse rounds) anywhere. False means neither is there; true asks for the walk that
 * finds and places them. One pass from string to string: outside strings only numbers can hold
 * '.', 'e' or 'E' after a digit or '-'.
 */
export function mayHideFromParse(text: string, value: unknown): boolean {
  let keys = 0;
  let from = 0;
  for (;;) {
    const open = text.indexOf('"', from);
    const gapEnd = open === -1 ? text.length : open;
    for (let i = from; i < gapEnd; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x2d && !(c >= 0x30 && c <= 0x39)) continue;
      let end = i + 1;
      let plain = true;
      for (let d = text.charCodeAt(end); (d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d; d = text.charCodeAt(++end)) {
        if (d === 0x2e || d === 0x65 || d === 0x45) plain = false;
      }
      if (!plain) {
        // A fraction that is one (2.5, 1e-7) hides nothing; 1.0, 4E0 and 1e400 may.
        const number = Number(text.slice(i, end));
        if (!Number.isFinite(number) || Number.isInteger(number)) return true;
      } else if (end - i >= 16 || (c === 0x2d && end - i === 2 && text.charCodeAt(i + 1) === 0x30)) {
        // Plain digits hide something only as -0 or past 2^53, which JSON.parse rounds (integer-literal's inexact).
        return true;
      }
      i = end - 1;
    }
    if (open === -1) break;
    const end = stringTokenEnd(text, open);
    if (end === -1) return true;
    let next = end;
    let c = text.charCodeAt(next);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++next);
    if (c === 0x3a) keys++;
    from = next;
  }
  return keys !== countProperties(value);
}
