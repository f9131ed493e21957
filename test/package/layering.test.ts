// Import boundaries, computed from the real import graph of src/ (static, dynamic and type imports,
// and the worker entry a module loads by URL): who may reach what, and no import that runs back up.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

const src = new URL('../../src/', import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.c?ts$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** The src files a module's text imports, as paths relative to src/ (exported for the self-test below). */
function importsIn(file: string, text: string): string[] {
  const patterns = [/^\s*(?:import|export)\b[^;]*?\bfrom\s*'(\.[^']+)'/gm, /^\s*import\s*'(\.[^']+)'/gm, /\bimport\(\s*'(\.[^']+)'\s*\)/g, /\bnew URL\(\s*'(\.[^']+)'/g];
  const specifiers = patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[1]!));
  return [...new Set(specifiers.map((s) => relative(src, resolve(dirname(file), s.replace(/\.js$/, '.ts')))))].filter((p) => existsSync(join(src, p)));
}

/** Every src file (relative to src/) and what it imports. */
function importGraph(): Map<string, string[]> {
  return new Map(filesUnder(src).map((f) => [relative(src, f), importsIn(f, readFileSync(f, 'utf8'))]));
}

/** What `from` reaches by following imports, without going through any file in `stopAt`. */
function reachable(graph: Map<string, string[]>, from: string[], stopAt: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const todo = [...from];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!stopAt.has(file)) todo.push(...(graph.get(file) ?? []));
  }
  return seen;
}

/** One import chain from `from` to `to` (for messages), found breadth-first without passing `stopAt`. */
function chain(graph: Map<string, string[]>, from: string[], to: string, stopAt: ReadonlySet<string>): string {
  const parent = new Map<string, string | undefined>(from.map((f) => [f, undefined]));
  const queue = [...from];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (file === to) break;
    if (stopAt.has(file)) continue;
    for (const next of graph.get(file) ?? []) if (!parent.has(next)) (parent.set(next, file), queue.push(next));
  }
  const path: string[] = [];
  for (let at: string | undefined = to; at !== undefined; at = parent.get(at)) path.unshift(at);
  return path.join(' → ');
}

/** Import cycles (strongly connected components of more than one file), each as a sorted list. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) (visit(w), low.set(v, Math.min(low.get(v)!, low.get(w)!)));
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do (w = stack.pop()!), onStack.delete(w), component.push(w);
      while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** A file's folders below src/, outermost first ([] for a file in src/ itself). */
function folders(file: string): string[] {
  const dir = dirname(file);
  return dir === '.' ? [] : dir.split('/');
}

/** Pairs of folders, neither inside the other, whose files import each other (each folder with its subfolders). */
function foldersImportingEachOther(graph: Map<string, string[]>): string[] {
  const folderEdges = new Set<string>();
  for (const [file, imports] of graph) {
    for (const target of imports) {
      // Compare the two files' folders below their deepest common folder: siblings there.
      const a = folders(file);
      const b = folders(target);
      let common = 0;
      while (common < a.length && common < b.length && a[common] === b[common]) common++;
      if (common < a.length && common < b.length) folderEdges.add(`${a.slice(0, common + 1).join('/')} → ${b.slice(0, common + 1).join('/')}`);
    }
  }
  return [...folderEdges].filter((e) => folderEdges.has(e.split(' → ').reverse().join(' → '))).sort();
}

const inFolder = (folder: string) => (file: string) => file.startsWith(folder + '/');

describe('import boundaries', () => {
  const graph = importGraph();

  it('reads the real graph', () => {
    assert.ok(graph.size > 100, `only ${graph.size} files found under src/`);
    assert.ok(graph.get('checker/index.ts')!.includes('checker/engine/worker-pool.ts'), 'checker/index.ts imports the engine');
    assert.ok(graph.get('checker/engine/worker-pool.ts')!.includes('checker/engine/check-worker.ts'), 'the worker entry, loaded by URL, is an edge');
  });

  it('the runner reaches the checker and the formatters only through the doors (src/index.ts, src/internal.ts)', () => {
    const runner = [...graph.keys()].filter(inFolder('runner'));
    const stopAt = new Set(['index.ts', 'internal.ts']);
    const reached = [...reachable(graph, runner, stopAt)].filter((f) => inFolder('checker')(f) || inFolder('formatters')(f));
    assert.deepEqual(reached.map((f) => chain(graph, runner, f, stopAt)), []);
  });

  it('the command line (src/cli/) is a leaf: nothing outside it imports it', () => {
    const offending = [...graph].flatMap(([file, imports]) => (inFolder('cli')(file) ? [] : imports.filter(inFolder('cli')).map((i) => `${file} → ${i}`)));
    assert.deepEqual(offending, []);
  });

  it('the src root holds the library\'s doors and little else', () => {
    const root = [...graph.keys()].filter((f) => !f.includes('/')).sort();
    assert.deepEqual(root, ['check-with-config.ts', 'config.ts', 'errors.ts', 'index.ts', 'internal.ts', 'suggest.ts', 'types.ts', 'version.ts']);
  });

  it('only src/cli/ and src/runner/ open the internal door; the library never does', () => {
    const offending = [...graph].flatMap(([file, imports]) => (imports.includes('internal.ts') && !inFolder('cli')(file) && !inFolder('runner')(file) ? [file] : []));
    assert.deepEqual(offending, []);
  });

  it('src/evals is domain only: it imports nothing outside itself', () => {
    const evals = [...graph.keys()].filter(inFolder('evals'));
    const reached = [...reachable(graph, evals, new Set())].filter((f) => !inFolder('evals')(f));
    assert.deepEqual(reached.map((f) => chain(graph, evals, f, new Set())), []);
  });

  it('only the checker entry (checker/index.ts) opens the engine: not the rules, the pipeline or the cross-file lookup', () => {
    const offending = [...graph].flatMap(([file, imports]) =>
      inFolder('checker/engine')(file) || file === 'checker/index.ts' ? [] : imports.filter(inFolder('checker/engine')).map((i) => `${file} → ${i}`),
    );
    assert.deepEqual(offending, []);
  });

  it('campaign, compare and judge are siblings over the workspace format: none imports another (what two share lives below them)', () => {
    const siblings = ['campaign', 'compare', 'judge'];
    const owner = (file: string) => siblings.find((folder) => inFolder(folder)(file));
    const offending = [...graph].flatMap(([file, imports]) => imports.filter((i) => owner(file) !== undefined && owner(i) !== undefined && owner(i) !== owner(file)).map((i) => `${file} → ${i}`));
    assert.deepEqual(offending, []);
  });

  it('no import runs back up: the graph has no cycle', () => {
    assert.deepEqual(cycles(graph), []);
  });

  it('no two folders import each other', () => {
    assert.deepEqual(foldersImportingEachOther(graph), []);
  });

  it('the checks catch what they are for', () => {
    // A forbidden edge added to a copy of the graph must be seen by each check.
    const withEdge = (from: string, to: string) => new Map([...graph].map(([f, i]) => [f, f === from ? [...i, to] : i]));
    assert.notDeepEqual(cycles(withEdge('checker/conversation-view.ts', 'checker/run-rules.ts')), []);
    assert.notDeepEqual(foldersImportingEachOther(withEdge('evals/gates.ts', 'checker/cross/eval-match.ts')), []);
    assert.notDeepEqual(foldersImportingEachOther(withEdge('checker/cross/eval-lookup.ts', 'checker/engine/read.ts')), []);
    assert.deepEqual(importsIn(join(src, 'checker/x.ts'), "import type { A } from './rule-module.js';\nconst m = await import('./load.js');"), ['checker/rule-module.ts', 'checker/load.ts']);
  });
});
