// compare's html report in a real browser (Debian's Chromium via playwright-core, as the check
// report's test): the comparison section opens without errors or requests, draws one chart per
// eval with a mark and an interval per condition, and its link opens the eval's transcripts below.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { chromium, type BrowserContext } from 'playwright-core';
import { runBin } from '../helpers/cli.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available && process.env.CI === 'true') throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium for the html report's browser test.`);

describe('compare html in Chromium', { skip: available ? false : `${CHROMIUM} not installed (apt-get install chromium)` }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'compare-html-'));
  let browser: BrowserContext;
  let url: string;
  before(async () => {
    cpSync(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(dir, 'ws'), { recursive: true });
    const run = runBin(['compare', '.eval-magic', '-f', 'html=report.html', '--no-grading'], { cwd: join(dir, 'ws') });
    assert.equal(run.code, 0, run.stderr);
    url = pathToFileURL(join(dir, 'ws', 'report.html')).href;
    browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM, headless: true, offline: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  after(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the comparison first, charts each assertion, and links to the transcripts', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('request', (r) => { if (r.url() !== url && !r.url().startsWith(`${url}#`)) problems.push(`request: ${r.url()}`); });
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective}`)));
    await page.goto(url);
    await page.waitForSelector('body[data-ready]');
    const section = page.locator('section#comparison');
    const box = await section.boundingBox();
    const header = await page.locator('header.top').boundingBox();
    assert.ok(box && header && box.y < header.y, 'the comparison is above the check summary');
    assert.match(await section.innerText(), /stop-imbalance/);
    const chart = section.locator('svg.chart');
    assert.equal(await chart.count(), 1);
    // five assertions; the four graded ones have a mark and an interval per condition
    assert.equal(await chart.locator('g').count(), 5);
    assert.equal(await chart.locator('circle').count(), 8);
    const first = chart.locator('g').first();
    assert.match(await first.locator('title').textContent() ?? '', /asks-before-editing: with_skill 8\/8 100% \[68–100\]; without_skill 1\/8 13% \[2–47\]/);
    const rendered = await first.locator('circle').first().boundingBox();
    assert.ok(rendered && rendered.width > 0, 'the marks are drawn');
    await section.locator('a', { hasText: 'transcripts' }).click();
    await page.locator('details.group[open] .row').first().waitFor();
    assert.match(page.url(), /#g-\d+$/);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
