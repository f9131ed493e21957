// Import boundaries of issue 16: src/evals/ is domain only, and the runner reaches the checker only through src/index.ts.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { it } from 'node:test';

const src = new URL('../../src/', import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The src files a module imports (static and dynamic), as paths relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(src, resolve(dirname(file), s.replace(/\.js$/, '.ts'))));
}

it('src/evals imports nothing outside src/evals', () => {
  const offending = filesUnder(join(src, 'evals')).flatMap((f) => importsOf(f).filter((i) => !i.startsWith('evals/')).map((i) => `${relative(src, f)} → ${i}`));
  assert.deepEqual(offending, []);
});

it('the runner reaches the checker and the formatters only through src/index.ts', () => {
  const offending = filesUnder(join(src, 'runner')).flatMap((f) =>
    importsOf(f).filter((i) => i.startsWith('checker/') || i.startsWith('formatters/')).map((i) => `${relative(src, f)} → ${i}`),
  );
  assert.deepEqual(offending, []);
});
