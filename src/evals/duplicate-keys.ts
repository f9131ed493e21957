// Finds repeated keys in JSON objects: JSON.parse silently keeps the last, Rust's serde rejects them.
import { parseTree, type Node } from 'jsonc-parser';
import type { EvalsFinding } from './evals-problem.js';
import { formatPointer } from '../checker/positions.js';

/** One finding per repeated key (at the repeat), for a text that already parsed as JSON. */
export function findDuplicateKeys(text: string): EvalsFinding[] {
  const root = parseTree(text, [], { disallowComments: true });
  const findings: EvalsFinding[] = [];
  if (root) visit(root, [], findings);
  return findings;
}

function visit(node: Node, path: Array<string | number>, findings: EvalsFinding[]): void {
  if (node.type === 'array') {
    node.children?.forEach((child, i) => visit(child, [...path, i], findings));
    return;
  }
  if (node.type !== 'object') return;
  const seen = new Set<string>();
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || typeof key.value !== 'string') continue;
    if (seen.has(key.value)) {
      findings.push({
        code: 'duplicate-key',
        message: `Duplicate key ${JSON.stringify(key.value)} in ${path.length ? formatPointer(path) : 'the top-level object'}; only the last one would count.`,
        pointer: formatPointer([...path, key.value]),
        span: { start: key.offset, end: key.offset + key.length },
      });
    }
    seen.add(key.value);
    if (value) visit(value, [...path, key.value], findings);
  }
}
