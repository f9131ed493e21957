// The README's Quick start holds true: its first block is exactly two command lines (the first
// installs and runs the demo, the second the suite), and the demo runs the whole loop offline —
// campaign, compare, check — exits 0, well under a minute, and ends with the headline the README shows.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { binPath } from './helpers/cli.js';

const repo = new URL('../', import.meta.url).pathname;
const readme = readFileSync(`${repo}README.md`, 'utf8');
const section = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Install'));
const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], lines: m[2]!.split('\n').filter((l) => l.trim() !== '') }));

it("the Quick start's first block is two command lines: install + demo, then the test suite", () => {
  assert.equal(blocks[0]?.lang, 'sh');
  assert.deepEqual(blocks[0]!.lines, ['npm ci && npm run demo', 'npm test']);
  const pkg = JSON.parse(readFileSync(`${repo}package.json`, 'utf8'));
  assert.ok(pkg.scripts.demo && pkg.scripts.test, 'both scripts exist');
});

it('npm run demo runs campaign → compare → check offline, exits 0 in well under a minute, and ends with the headline the README shows', () => {
  assert.ok(binPath);
  const started = Date.now();
  // The demo script itself (npm run demo runs exactly this), with no network and a clean PATH lookup.
  const run = spawnSync(process.execPath, [`${repo}examples/demo/run.mjs`], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  assert.equal(run.status, 0, run.stderr + run.stdout);
  assert.ok(seconds < 60, `took ${seconds} s`);
  for (const step of ['$ eval-magic campaign', '$ eval-magic compare', '$ eval-magic check']) assert.ok(run.stdout.includes(step), step);
  assert.match(run.stdout, /STAND-IN AGENT/);
  const shown = blocks.find((b) => b.lang === 'text')!.lines;
  const printed = run.stdout.trimEnd().split('\n');
  assert.deepEqual(printed.slice(-shown.length), shown, 'the demo ends with the headline the README quotes');
});
