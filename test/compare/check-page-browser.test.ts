// check's page after compare, in Chromium: the records compare wrote (grading.json) are folded
// into their runs — marks in each run's column, never evals of their own — and the summary counts
// evals, runs and records right; no console error, no request, no sideways scroll at 1280 and 390 px.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { chromiumSkip, sharedChromium, openWatched } from '../helpers/chromium.js';
import { runMain } from '../helpers/cli.js';

// with_skill / run-1 of the fixture: every graded assertion passed; llm_judge is never graded.
const MARKS_OF_FIRST_RUN = ['pass asks-before-editing', 'pass runs-the-tests', 'pass schema-renamed', 'pass focused-change', 'ungraded explains-the-change'];

describe("check's page folds the records into their runs", { skip: chromiumSkip() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-records-'));
  let browser: BrowserContext;
  let url: string;
  before(async () => {
    cpSync(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(dir, 'ws'), { recursive: true });
    // compare writes grading.json beside each of the 16 conversations.
    const compared = await runMain(['compare', '.eval-magic', '-f', 'json=comparison.json'], { cwd: join(dir, 'ws') });
    assert.equal(compared.code, 0, compared.stderr);
    const checked = await runMain(['check', '.eval-magic', '-f', 'html=check.html'], { cwd: join(dir, 'ws') });
    assert.equal(checked.code, 0, checked.stderr + checked.stdout);
    url = pathToFileURL(join(dir, 'ws', 'check.html')).href;
    browser = await sharedChromium();
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px: 1 eval of 16 runs with their 16 grading records, a mark per assertion in each run's column`, async () => {
      const { page, problems } = await openWatched(browser, url, width);
      assert.match(await page.locator('.totals').innerText(), /^32 files checked \(1 eval, 16 runs, 16 records\): no problems$/);
      assert.equal(await page.locator('details.group').count(), 1, 'grading.json files are no evals of their own');
      await page.locator('details.group[open] ul.marks').first().waitFor();
      // The first column is with_skill / run-1: every graded assertion passed, llm_judge ungraded.
      const first = page.locator('ul.marks').first();
      const marks = await first.locator('li').evaluateAll((lis) => lis.map((li) => `${li.className} ${li.getAttribute('data-assertion')}`));
      assert.deepEqual(marks, MARKS_OF_FIRST_RUN);
      assert.equal(await page.locator('ul.marks').count(), 16, 'one list of marks per run');
      assert.ok(await page.locator('ul.marks li.fail').count() > 0, 'failures are marked too');
      assert.equal(await page.locator('ul.marks li.ungraded').count(), 16, 'explains-the-change (llm_judge) is ungraded in every run');
      // A mark opens to its evidence.
      await first.locator('li.pass summary').first().click();
      assert.ok((await first.locator('li.pass .evidence').first().innerText()).length > 0);
      assert.deepEqual(problems, []);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling of the page');
    });
  }
});
