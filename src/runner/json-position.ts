// Positions of JSON pointers in a JSON text, for errors about files users edit (evals, descriptors).
import { findNodeAtLocation, parseTree } from 'jsonc-parser';

/** A 1-based line and column (columns count code points, as editors show them). */
export interface TextPosition {
  line: number;
  column: number;
}

/** Where the value at `pointer` starts in `text` (its nearest existing ancestor if absent). */
export function locatePointer(text: string, pointer: string): TextPosition {
  const root = parseTree(text, [], { disallowComments: true });
  let offset = 0;
  if (root) {
    const segments = pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    for (let n = segments.length; n >= 0; n--) {
      const path = segments.slice(0, n).map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
      const node = findNodeAtLocation(root, path);
      if (node) {
        offset = node.offset;
        break;
      }
    }
  }
  return positionOfOffset(text, offset);
}

/** Line and column of a UTF-16 offset; `\r\n`, `\n` and a lone `\r` end lines. */
function positionOfOffset(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: [...text.slice(lineStart, offset)].length + 1 };
}
