// The browser tests' one way to start Debian's Chromium (through playwright-core) and open a page
// while recording everything a self-contained report must never do.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** `describe`'s skip option: why the browser tests cannot run here, or false. In CI a missing Chromium is an error, never a skip. */
export function chromiumSkip(): false | string {
  if (existsSync(CHROMIUM)) return false;
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium for the html reports' browser tests.`);
  return `${CHROMIUM} not installed (apt-get install chromium)`;
}

/**
 * The test process's one headless Chromium (offline, a fresh profile), started by the first file
 * that asks and closed after the process's last test: a root-level `after`, registered as this
 * module loads. The browser files share a process (test/tiers.ts) and so this Chromium: one start
 * instead of three, ~1 CPU-s of the test process and ~3 of Chromium's own (its helpers outlive it
 * and are not counted by `--durations`). The files open and close pages, never the browser; no
 * page keeps state in it (the reports use no storage or cookies), so one file's pages see nothing
 * of another's.
 */
let shared: { context: Promise<BrowserContext>; profile: string } | undefined;
after(async () => {
  if (shared === undefined) return;
  await (await shared.context).close();
  rmSync(shared.profile, { recursive: true, force: true });
});

/** The process's one Chromium (above): open pages in it, never close it. */
export function sharedChromium(): Promise<BrowserContext> {
  if (shared === undefined) {
    const profile = mkdtempSync(join(tmpdir(), 'em-chromium-profile-'));
    const context = chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM, headless: true, offline: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    shared = { context, profile };
  }
  return shared.context;
}

/**
 * Opens `url` (at `width` px when given) and waits for the page's script, recording console errors
 * and warnings, page errors, CSP violations, dialogs and any request beyond the file itself.
 */
export async function openWatched(browser: BrowserContext, url: string, width?: number): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  if (width !== undefined) await page.setViewportSize({ width, height: 900 });
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('dialog', (d) => { problems.push(`dialog: ${d.message()}`); void d.dismiss(); });
  page.on('request', (r) => { if (r.url() !== url && !r.url().startsWith(`${url}#`)) problems.push(`request: ${r.url()}`); });
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective}`)));
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  return { page, problems };
}
