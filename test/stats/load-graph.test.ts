// The statistics (and the stdlib code bundled with them) stay out of a plain check, the pre-commit
// hot path, which must not compile ~75 KB it never uses. Read from the built bundle's source map and
// the chunks it imports statically, so it holds for what users run (needs `npm run build`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const statistics = /(^|\/)src\/stats\/|node_modules\/@stdlib\//;

/** The sources bundled into `file` and every chunk it imports statically (dynamic import() excluded). */
function staticSources(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const path = `${dist}${file}`;
  assert.ok(existsSync(path), `${path} is missing: run npm run build first`);
  const { sources } = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { sources: string[] };
  const imported = [...readFileSync(path, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+)"/g)].map((m) => m[1]!);
  return [...sources, ...imported.flatMap((chunk) => staticSources(chunk, seen))];
}

/** Fails naming a few of the statistics modules found among `sources`. */
function assertNoStatistics(sources: string[], hint: string): void {
  const found = sources.filter((s) => statistics.test(s));
  assert.equal(found.length, 0, `${found.length} statistics modules bundled, e.g. ${found.slice(0, 3).join(', ')}: ${hint}`);
}

test('a plain check (dist/executable.cjs, run by dist/bin.cjs) bundles none of the statistics', () => {
  const sources = staticSources('executable.cjs');
  assert.ok(sources.some((s) => s.includes('src/checker/')), 'the map lists the checker');
  assertNoStatistics(sources, 'bin.ts must not reach src/stats/');
});
