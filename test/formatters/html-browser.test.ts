// The html report in a real browser (Debian's headless Chromium, driven by playwright-core):
// it opens from disk without errors, shows transcripts and pinned findings, expands a collapsed
// eval, finds by search, and a hostile artifact runs nothing.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { formatters } from '../../src/index.js';
import { chromiumSkip, sharedChromium, openWatched } from '../helpers/chromium.js';
import { context, hostileReport } from './reports.js';
import { checkKeeping, FINDINGS_WORKSPACE, tempDir, writeHostileWorkspace } from './html-report.js';


describe('html report in Chromium', { skip: chromiumSkip() }, () => {
  let browser: BrowserContext;
  let dir: string;
  let reportUrl: string;
  let hostileUrl: string;
  let plainUrl: string;

  before(async () => {
    dir = tempDir('em-html-browser-');
    const report = await checkKeeping([FINDINGS_WORKSPACE, 'fixtures/workspace']);
    writeFileSync(join(dir, 'report.html'), formatters.html!(report, context));
    reportUrl = pathToFileURL(join(dir, 'report.html')).href;
    const hostileDir = writeHostileWorkspace();
    writeFileSync(join(dir, 'hostile.html'), formatters.html!(await checkKeeping(['.'], hostileDir), { ...context, cwd: hostileDir }));
    hostileUrl = pathToFileURL(join(dir, 'hostile.html')).href;
    writeFileSync(join(dir, 'plain.html'), formatters.html!(hostileReport(), context));
    plainUrl = pathToFileURL(join(dir, 'plain.html')).href;
    browser = await sharedChromium();
  });

  const open = (url: string) => openWatched(browser, url);

  const groupOf = (page: Page, title: string) => page.locator('details.group', { has: page.locator(':scope > summary', { hasText: title }) });

  it('opens from disk with no console error, and shows the summary by rule', async () => {
    const { page, problems } = await open(reportUrl);
    await page.waitForSelector('#groups details[open] .row');
    assert.deepEqual(problems, []);
    assert.match(await page.locator('.totals').innerText(), /12 files checked \(5 evals, 10 runs, 2 evals.json files\): 2 errors, 1 warning in 2 files/);
    // package.json names no docs base URL yet: the rule is named, not linked to a page that does not exist.
    assert.equal(await page.locator('table.rules a', { hasText: 'stop-gate' }).count(), 0);
    assert.equal(await page.locator('table.rules', { hasText: 'stop-gate' }).count(), 1);
    await page.close();
  });

  it('shows an eval with findings side by side, the stop where it happened and findings pinned to it', async () => {
    const { page, problems } = await open(reportUrl);
    const group = groupOf(page, 'eval-summarize-diff');
    assert.equal(await group.getAttribute('open'), '');
    await group.locator('.row').first().waitFor();
    assert.deepEqual(await group.locator('.colhead').evaluateAll((heads) => heads.map((h) => h.firstChild!.textContent)), ['with_skill', 'without_skill']);
    assert.match(await group.locator('.evalhead').innerText(), /follow-up 1 \(agent_asks, when the agent matches \(\?i\)scope\): Use the scope `parser`\./);
    const round2 = group.locator('.row', { has: page.locator('.rowhead', { hasText: 'Round 2' }) });
    assert.match(await round2.locator('.cell').nth(0).innerText(), /Use the scope `parser`\./);
    const stop = round2.locator('.cell').nth(1).locator('.stop.stopped');
    assert.match(await stop.innerText(), /stopped before follow-up 1 — agent_did_not_ask/);
    assert.deepEqual(await stop.locator('.finding .rule').allInnerTexts(), ['stop-evidence', 'stop-gate']);
    assert.match(await stop.locator('.finding').nth(1).innerText(), /without_skill\/conversation\.json:4:18/);
    // The file cut short is shown as text, its last line marked with the parse error.
    const cut = groupOf(page, 'eval-fix-typo');
    await cut.locator('.src').waitFor();
    assert.match(await cut.locator('.src .ln.bad').innerText(), /^6\s.*"Done/);
    assert.match(await cut.locator('.src .finding').innerText(), /parse .*Unexpected end of file/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('renders a collapsed clean eval when it is opened, tool calls collapsible', async () => {
    const { page, problems } = await open(reportUrl);
    const group = groupOf(page, 'eval-schedule-meeting');
    assert.equal(await group.getAttribute('open'), null);
    assert.equal(await group.locator('.ev').count(), 0);
    await group.locator(':scope > summary').click();
    await group.locator('.ev.assistant', { hasText: 'Which time zone should I use for the invite?' }).waitFor();
    assert.deepEqual(await group.locator('.colhead').evaluateAll((heads) => heads.map((h) => h.firstChild!.textContent)), ['with_skill', 'without_skill / run-1', 'without_skill / run-2']);
    const tool = group.locator('.ev.tool details').first();
    assert.equal(await tool.locator('pre').first().isVisible(), false);
    await tool.locator('summary').click();
    assert.match(await tool.locator('pre').first().innerText(), /cal-cli free --team data --week next/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('finds by search, inside transcripts too, narrows to evals with findings, and jumps to a finding from the list', async () => {
    const { page, problems } = await open(reportUrl);
    await page.fill('#search', 'thursday 14:00');
    await page.waitForFunction(() => /1 of 7 evals match$/.test(document.getElementById('search-status')!.textContent!));
    assert.deepEqual(await page.locator('details.group:not([hidden]) > summary').allInnerTexts(), ['demo-skill · iteration-1 · eval-schedule-meeting with_skill | without_skill / run-1 | without_skill / run-2 clean']);
    await page.locator('mark.hit', { hasText: /thursday 14:00/i }).first().waitFor();
    await page.fill('#search', '');
    await page.waitForFunction(() => document.querySelectorAll('details.group[hidden]').length === 0);
    await page.check('#only-findings');
    await page.waitForFunction(() => /^2 of 7 evals shown$/.test(document.getElementById('search-status')!.textContent!));
    assert.deepEqual(await page.locator('#nav-evals li:not([hidden]) a').allInnerTexts(), ['commit-message · iteration-2 · eval-fix-typo', 'commit-message · iteration-2 · eval-summarize-diff']);
    await page.uncheck('#only-findings');
    await page.waitForFunction(() => document.querySelectorAll('details.group[hidden]').length === 0);
    await page.locator('#nav-findings a', { hasText: 'stop-gate' }).click();
    await page.locator('.finding.flash').waitFor();
    assert.match(await page.locator('.finding.flash').innerText(), /stop-gate/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('a hostile artifact runs no script, loads nothing and shows its text literally', async () => {
    const { page, problems } = await open(hostileUrl);
    await page.locator('.ev.user').first().waitFor();
    await page.locator('.ev.tool summary').first().click();
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.equal(await page.locator('main img, main svg, main script, main iframe, main a[href^="javascript"]').count(), 0);
    assert.equal(await page.locator('[onerror], [onload]').count(), 0);
    const shown = await page.locator('.ev.user .text').first().textContent();
    assert.ok(shown!.startsWith('</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'), shown!);
    assert.ok(shown!.includes('\\u2028line\\u2029para \\u202eevil \\u001b[31m &amp; ${x} `t` hid\\u200bden \\udb40\\udc68\\udb40\\udc69'), shown!);
    assert.match(await page.locator('.colhead').first().innerText(), /with_skill <img src=x onerror=alert\(1\)>/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('a report without the artifacts (a library check) lists each file with its findings', async () => {
    const { page, problems } = await open(plainUrl);
    const group = groupOf(page, 'evals/a,b:%/conversation.json');
    assert.equal(await group.getAttribute('open'), '');
    await group.locator('.finding').first().waitFor();
    assert.match(await group.locator('.cell').first().innerText(), /content not kept in this report/);
    assert.deepEqual(await group.locator('.finding .rule').allInnerTexts(), ['blank-text', 'schema']);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
