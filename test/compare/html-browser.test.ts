// compare's html page in a real browser (Debian's Chromium via playwright-core, as the check
// page's test), at 1280 and 390 px: no console error, no request, no sideways scroll; the headline
// comes first; each assertion's counts are text; clicking an assertion shows the runs that failed
// it, and a failing run's link opens its column below at that mark, with its evidence and status.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { chromiumSkip, sharedChromium, openWatched } from '../helpers/chromium.js';
import { runMain } from '../helpers/cli.js';


describe('compare html in Chromium', { skip: chromiumSkip() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'compare-html-'));
  let browser: BrowserContext;
  let url: string;
  before(async () => {
    cpSync(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(dir, 'ws'), { recursive: true });
    // --no-grading: the marks come from compare's gradings in memory, not from grading.json files.
    const run = await runMain(['compare', '.eval-magic', '-f', 'html=report.html', '--no-grading'], { cwd: join(dir, 'ws') });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(existsSync(join(dir, 'ws', '.eval-magic/ask-before-editing/iteration-1/eval-rename-column/with_skill/run-1/grading.json')), false);
    url = pathToFileURL(join(dir, 'ws', 'report.html')).href;
    browser = await sharedChromium();
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px: the headline first, counts as text, and one click from an assertion to a run that failed it`, async () => {
      const { page, problems } = await openWatched(browser, url, width);

      // The first text after the page's title is the headline, in the first screen.
      const section = page.locator('section#comparison');
      const firstText = await section.evaluate((s) => s.querySelector('h1')!.nextElementSibling!.textContent);
      assert.match(firstText ?? '', /^Eval rename-column: the skill moved asks-before-editing \+88 pp \[\+40, \+98\] \(8\/8 vs 1\/8, p \(Holm\) 0\.006\) — significant after Holm at 0\.05\./);
      const headline = await page.locator('.headline').first().boundingBox();
      assert.ok(headline && headline.y + headline.height < 900, 'the headline is in the first screen');
      const header = await page.locator('header.top').boundingBox();
      assert.ok(header && headline.y < header.y, 'the comparison is above the check summary');

      // Validity: each problem once, in words.
      const validity = await section.locator('.validity li').allInnerTexts();
      assert.equal(new Set(validity).size, validity.length);
      assert.ok(validity.some((v) => v.includes('stop-imbalance')));

      // Counts, rates, delta and both p-values as text, p (Holm) labelled as such.
      const row = section.locator('details.arow', { hasText: 'asks-before-editing' });
      const text = await row.locator('summary').innerText();
      for (const shown of ['8/8 100% [68–100]', '1/8 13% [2–47]', '+88 pp [+40, +98]', '0.001', '0.006', 'BETTER']) assert.ok(text.includes(shown), `${shown} in ${JSON.stringify(text)}`);
      assert.ok(await section.locator('.ahead', { hasText: 'p (Holm)' }).count() === 1 || width < 760, 'the column says p (Holm)');
      assert.equal(await row.locator('[data-label="p (Holm)"]').innerText(), '0.006');
      assert.equal(await row.locator('svg.achart line[stroke="#1f6fd1"]').count(), 2, 'the treatment\'s interval and rate are drawn');
      assert.match(await section.locator('table.cmp-t').first().innerText(), /tool_invocations\s+5 · mean 4\.8\s+4 · mean 3\.8\s+\+1\s+0\.004/);
      assert.match(await section.locator('table.cmp-t').nth(1).innerText(), /cost\s+\$0\.596\s+\$0\.492/);

      // Clicking the assertion shows the runs that failed it: 7 without the skill, none with it.
      await row.locator('summary').click();
      const failing = row.locator('ul.failing');
      await failing.waitFor();
      assert.match(await failing.innerText(), /with_skill: no run failed\s+without_skill: failed in 7: run 2 run 3 run 4 run 5 run 6 run 7 run 8/);
      // One more click: that run's column, at its mark, open to its evidence, with the run's status above.
      await failing.locator('a', { hasText: 'run 2' }).click();
      const mark = page.locator('ul.marks li.fail.flash, ul.marks li.fail[id]').filter({ has: page.locator('details[open]') }).first();
      await mark.waitFor();
      assert.equal(await mark.getAttribute('data-assertion'), 'asks-before-editing');
      assert.ok((await mark.locator('.evidence').innerText()).length > 0, 'its evidence is shown');
      const column = page.locator(`#${(await mark.getAttribute('id'))!.replace(/^m-(\d+)-\d+$/, 'r-$1')}`);
      assert.match(await column.locator('.colhead').innerText(), /^without_skill \/ run-2/);
      assert.match(await column.locator('.runstatus').innerText(), /^run (stopped|completed|aborted)/);
      assert.equal(await page.locator('ul.marks').count(), 16, 'a list of marks in each run\'s column');

      assert.deepEqual(problems, []);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling of the page');
      await page.close();
    });
  }
});
