// Every rule link eval-magic prints lands on something that exists: the packaged page in the rules
// listing, and in reports (SARIF, html, the job summary) a web page only under package.json's one
// docs base URL — never the placeholder address, which answers 404.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { rules } from '../../src/index.js';
import { DOCS_BASE_URL, describeHelpUri, listRuleDescriptors, PSEUDO_RULES } from '../../src/formatters/rule-descriptors.js';
import { runBin } from '../helpers/cli.js';

const repoRoot = new URL('../../', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { 'eval-magic': { docsBaseUrl: string } };
const fixtures = (path: string) => join(repoRoot, 'fixtures', path);
const PLACEHOLDER = /github\.com\/eval-magic\/eval-magic/;

describe('rule links', () => {
  it('the docs base URL is read from package.json, the one place it is set (empty: no web home yet)', () => {
    assert.equal(manifest['eval-magic'].docsBaseUrl, '');
    assert.equal(DOCS_BASE_URL, undefined);
  });

  it('eval-magic rules links each rule to its page in the installed package, which exists', () => {
    const r = runBin(['rules', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const listing = JSON.parse(r.stdout) as Array<{ id: string; docsPath: string; docsUrl: string }>;
    assert.equal(listing.length, Object.keys(rules).length);
    for (const rule of listing) {
      assert.match(rule.docsUrl, /^file:\/\//, rule.id);
      assert.ok(existsSync(fileURLToPath(rule.docsUrl)), `${rule.id}: ${rule.docsUrl} does not exist`);
      assert.ok(rule.docsUrl.endsWith(`/${rule.docsPath}`), rule.docsUrl);
    }
    const table = runBin(['rules']);
    assert.match(table.stdout, new RegExp(`Each rule's page: docs/rules/<rule>\\.md \\(${join(repoRoot, 'docs/rules/').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`));
  });

  it('sarif, html and the job summary carry no placeholder link, and no web link at all without a base URL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'em-links-'));
    const summary = join(dir, 'summary.md');
    const r = runBin([
      'check', '-f', 'github', '-f', `sarif=${join(dir, 'r.sarif')}`, '-f', `html=${join(dir, 'r.html')}`, '--',
      fixtures('rules/followup-count/invalid/count-off-by-one.json'), fixtures('parse/invalid/trailing-comma.json'),
    ], { env: { GITHUB_STEP_SUMMARY: summary } });
    assert.equal(r.code, 1, r.stderr);
    const sarif = readFileSync(join(dir, 'r.sarif'), 'utf8');
    const html = readFileSync(join(dir, 'r.html'), 'utf8');
    const markdown = readFileSync(summary, 'utf8');
    for (const [name, text] of [['stdout', r.stdout], ['sarif', sarif], ['html', html], ['summary', markdown]] as const) assert.doesNotMatch(text, PLACEHOLDER, name);
    const driver = JSON.parse(sarif).runs[0].tool.driver as { informationUri?: string; rules: Array<{ helpUri?: string }> };
    assert.equal(driver.informationUri, undefined);
    assert.ok(driver.rules.every((rule) => rule.helpUri === undefined));
    assert.doesNotMatch(markdown, /\[[\w-]+\]\(/, 'a rule linked in the summary');
    assert.doesNotMatch(html, /<a href="http/, 'a web link in the html report');
  });

  it('with a docs base URL, each rule links to its page under it (a plugin rule keeps its own docsUrl)', () => {
    const base = 'https://example.org/eval-magic/blob/v0.1.0/';
    assert.equal(describeHelpUri(rules['stop-gate']!.meta, base), `${base}docs/rules/stop-gate.md`);
    assert.equal(describeHelpUri(PSEUDO_RULES.io!, base), `${base}docs/rules/README.md#io`);
    assert.equal(describeHelpUri({ id: 'plugin/x', docsUrl: 'https://plugin.test/x' }, base), 'https://plugin.test/x');
    assert.equal(describeHelpUri(rules['stop-gate']!.meta, undefined), undefined);
    assert.deepEqual(listRuleDescriptors({}, ['io']).find((d) => d.id === 'io'), { id: 'io', description: PSEUDO_RULES.io!.description, defaultSeverity: 'error', docsPath: 'docs/rules/README.md#io' });
  });
});
