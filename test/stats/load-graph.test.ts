// The statistics (and the stdlib code bundled with them) stay out of a plain check, the pre-commit
// hot path, which must not compile ~75 KB it never uses, and the stdlib out of campaign's start. Read from the built bundle's source map and
// the chunks it imports statically, so it holds for what users run (needs `npm run build`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
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
  // A chunk is named relative to the file importing it ("./chunk-….js", "../chunk-….js" from dist/cli/).
  const imported = [...readFileSync(path, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*"(\.\.?\/[^"]+)"/g)].map((m) => posix.normalize(posix.join(posix.dirname(file), m[1]!)));
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

test("campaign's command (dist/cli/campaign.js) bundles none of the stdlib distributions: they do work as they load, and campaign starts without them", () => {
  const sources = staticSources('cli/campaign.js');
  assert.ok(sources.some((s) => s.includes('src/campaign/')), 'the map lists the campaign');
  const stdlib = sources.filter((s) => s.includes('node_modules/@stdlib/'));
  assert.equal(stdlib.length, 0, `${stdlib.length} stdlib modules bundled, e.g. ${stdlib.slice(0, 3).join(', ')}: campaign reaches the statistics only through import() (detectableDelta) and dependency-free modules`);
});
