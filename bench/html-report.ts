// npm run bench:html: the html report over seeded workspace corpora — its size, what it costs
// `check` (side by side with the json format) and how long Chromium takes to open it; then
// compare's page over workspaces of --compare-runs runs: its size and time to open and draw.
// Options: --sizes 1000,10000 (artifact counts; 0 for none), --compare-runs 10,1000, --opens <n>.
// Needs /usr/bin/chromium.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { generateCorpus } from '../test/corpus/generate-corpus.js';
import { spawnSync } from 'node:child_process';
import { writeCompareWorkspace } from './compare-workspace.js';
import { measurePeakRss, timeInterleaved, type Command } from './measure.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const sizes = (option('--sizes') ?? '1000,10000').split(',').map(Number).filter((n) => n > 0);
const compareRuns = (option('--compare-runs') ?? '10,1000').split(',').map(Number).filter((n) => n > 0);
const opens = Number(option('--opens') ?? 3);
const bin = join(root, 'dist/bin.cjs');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const range = (values: number[], unit: (n: number) => string) => `${unit(Math.min(...values))}–${unit(Math.max(...values))}`;

const profile = mkdtempSync(join(tmpdir(), 'em-bench-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  offline: true,
  viewport: { width: 1400, height: 1000 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const size of sizes) {
    const dir = join(root, 'bench/.corpus', `n-${size}`);
    const stats = generateCorpus(dir, size);
    const report = join(dir, 'report.html');
    const html: Command = { name: 'check -f html', args: [bin, 'check', '.eval-magic', '-f', `html=${report}`], cwd: dir };
    const json: Command = { name: 'check -f json', args: [bin, 'check', '.eval-magic', '-f', 'json'], cwd: dir };
    const timings = timeInterleaved([html, json], size >= 10_000 ? 3 : 5);
    console.log(`\n${size.toLocaleString('en-US')} artifacts (${mb(stats.totalBytes)}): report ${mb(statSync(report).size)}`);
    console.log(`  check: html ${s(timings.median(html.name))}, json ${s(timings.median(json.name))} (×${timings.ratio(html.name, json.name).toFixed(2)}); peak RSS html ${measurePeakRss(html).toFixed(0)} MB, json ${measurePeakRss(json).toFixed(0)} MB`);
    const runs: Array<{ parsed: number; drawn: number; heap: number; search: number }> = [];
    for (let i = 0; i < opens; i++) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(report).href, { waitUntil: 'commit' });
      await page.waitForSelector('body[data-ready]', { timeout: 300_000 });
      // Times from navigation start: the page parsed and its script run, then the first open evals drawn.
      const drawn = (await (await page.waitForFunction(() => {
        const open = document.querySelectorAll('details.group[open]');
        return [...open].every((d) => d.querySelector('.row')) && performance.now();
      }, null, { timeout: 300_000, polling: 'raf' })).jsonValue()) as number;
      const parsed = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
      const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
      const start = Date.now();
      await page.fill('#search', 'no such text anywhere');
      await page.waitForFunction(() => /evals match$/.test(document.getElementById('search-status')!.textContent!), null, { timeout: 600_000 });
      runs.push({ parsed, drawn, heap, search: Date.now() - start });
      if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
      await page.close();
    }
    console.log(`  open (${opens}×): parsed and script run ${range(runs.map((r) => r.parsed), s)}, first evals drawn ${range(runs.map((r) => r.drawn), s)}, JS heap ${range(runs.map((r) => r.heap), mb)}, search through every transcript ${range(runs.map((r) => r.search), s)}`);
    rmSync(report, { force: true });
  }
  for (const runs of compareRuns) {
    const dir = join(root, 'bench/.corpus', `compare-${runs}`);
    rmSync(dir, { recursive: true, force: true });
    writeCompareWorkspace(dir, runs);
    const report = join(dir, 'compare.html');
    const started = performance.now();
    const made = spawnSync(process.execPath, [bin, 'compare', '.eval-magic', '-f', `html=${report}`, '--no-grading'], { cwd: dir, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`compare exited ${made.status}: ${made.stderr}`);
    console.log(`\ncompare's page, ${runs.toLocaleString('en-US')} runs: ${statSync(report).size.toLocaleString('en-US')} bytes, written by compare in ${s(performance.now() - started)}`);
    const opened: Array<{ parsed: number; drawn: number; clicked: boolean }> = [];
    for (let i = 0; i < opens; i++) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(report).href, { waitUntil: 'commit' });
      await page.waitForSelector('body[data-ready]', { timeout: 300_000 });
      // An eval that fits the page's start budget opens at once; a larger one is opened here as a
      // click would. Drawn when every run's column of the open eval has its marks.
      const clicked = await page.evaluate(() => {
        if (document.querySelector('details.group[open]')) return 0;
        (document.querySelector('details.group') as HTMLDetailsElement).open = true;
        return performance.now();
      });
      const drawn = (await (await page.waitForFunction(() => {
        const open = document.querySelectorAll('details.group[open]');
        return open.length > 0 && [...open].every((d) => d.querySelector('.row') && d.querySelectorAll('ul.marks').length > 0) && performance.now();
      }, null, { timeout: 300_000, polling: 'raf' })).jsonValue()) as number;
      const parsed = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
      opened.push({ parsed, drawn: clicked ? drawn - clicked : drawn, clicked: clicked > 0 });
      if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
      await page.close();
    }
    console.log(`  open (${opens}×): parsed and script run ${range(opened.map((r) => r.parsed), s)}, every run's column drawn ${range(opened.map((r) => r.drawn), s)}${opened.some((r) => r.clicked) ? ' after the click that opens the eval (it waits closed at start)' : ''}`);
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
