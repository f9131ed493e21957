// Every rule module comes with its registry line, test table, fixture folder and docs page (ESLint's checkRuleFiles).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { rules } from '../../src/index.js';
import { ruleDocsPath } from '../../src/formatters/rule-descriptors.js';

const repo = new URL('../../', import.meta.url).pathname;
const ruleFiles = readdirSync(`${repo}src/checker/rules`).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.slice(0, -3));
const docPages = readdirSync(`${repo}docs/rules`).filter((f) => f.endsWith('.md') && f !== 'README.md').map((f) => f.slice(0, -3));
const docsIndex = readFileSync(`${repo}docs/rules/README.md`, 'utf8');

/** The headings every rule page has, in this order. */
const PAGE_HEADINGS = ['## What it checks', '## Why', '## Examples', '### Bad', '### Good', '## Options', '## When to turn it off'];
const FILES_BY_KIND: Record<string, string> = { conversation: 'conversation.json', evals: 'evals.json', grading: 'grading.json', judgment: 'judgment.json, held to', run: 'run.json, held to', cross: 'conversation.json, held to its eval', any: 'conversation.json and evals.json' };

/** What the rule's page lacks or gets wrong, compared with its module. */
function pageProblems(id: string): string[] {
  const path = `${repo}${ruleDocsPath(id)}`;
  if (!existsSync(path)) return [`its page ${ruleDocsPath(id)}`];
  const page = readFileSync(path, 'utf8');
  const meta = rules[id]?.meta;
  const problems: string[] = [];
  if (!page.startsWith(`# ${id}\n\n> ${meta?.description}\n`)) problems.push(`a page opening with "# ${id}" and the description "> ${meta?.description}"`);
  if (!page.includes(`**Default:** \`${meta?.defaultSeverity}\``)) problems.push(`"**Default:** \`${meta?.defaultSeverity}\`" on its page`);
  if (!page.includes(`**Files:** ${FILES_BY_KIND[meta?.kind ?? 'conversation']}`)) problems.push(`"**Files:** ${FILES_BY_KIND[meta?.kind ?? 'conversation']}…" on its page`);
  if (!page.includes(`(../../fixtures/rules/${id}/)`)) problems.push('a link to its fixtures on its page');
  const headings = page.split('\n').filter((line) => /^#{2,3} /.test(line));
  if (headings.join('|') !== PAGE_HEADINGS.join('|')) problems.push(`the page's sections, in order: ${PAGE_HEADINGS.join(', ')} (found ${headings.join(', ')})`);
  if ((page.match(/^```/gm)?.length ?? 0) < 4) problems.push('a code block under both Bad and Good');
  if (!docsIndex.includes(`[\`${id}\`](${id}.md)`)) problems.push('a row in docs/rules/README.md');
  return problems;
}

describe('rule parity', () => {
  it('finds the rule modules', () => assert.ok(ruleFiles.length >= 9));

  for (const id of ruleFiles) {
    it(`${id} is complete`, () => {
      const missing: string[] = [];
      const rule = rules[id];
      if (!rule) missing.push('a line in src/checker/rules/index.ts');
      else if (rule.meta.id !== id) missing.push(`meta.id "${rule.meta.id}" matching its file name`);
      if (rule && !/^(Require|Disallow|Enforce) /.test(rule.meta.description)) missing.push('an imperative description ("Require …" / "Disallow …")');
      if (!existsSync(`${repo}test/rules/${id}.test.ts`)) missing.push(`test/rules/${id}.test.ts`);
      for (const kind of ['valid', 'invalid']) {
        const dir = `${repo}fixtures/rules/${id}/${kind}`;
        if (!existsSync(dir) || readdirSync(dir).length === 0) missing.push(`fixtures/rules/${id}/${kind}/`);
      }
      if (rule) missing.push(...pageProblems(id));
      assert.deepEqual(missing, [], `rule ${id} lacks: ${missing.join('; ')}`);
    });
  }

  it('every registered rule has a module file', () => {
    assert.deepEqual(Object.keys(rules).filter((id) => !ruleFiles.includes(id)), []);
  });

  it('every page under docs/rules/ documents a registered rule', () => {
    assert.deepEqual(docPages.filter((id) => !(id in rules)), []);
  });

  it("the README's rule counts are the registry's: in all, and per kind of file", () => {
    const readme = readFileSync(`${repo}README.md`, 'utf8').replace(/\s+/g, ' ');
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen'];
    const count = (kind: string) => words[Object.values(rules).filter((rule) => (rule.meta.kind ?? 'conversation') === kind).length];
    const total = Object.keys(rules).length;
    const said = `${total} rules, each in a file of its own`;
    assert.ok(readme.includes(said), `README.md says "${said}"`);
    const kinds = `${count('any')} apply to every file (duplicate keys, integer literals), ${count('conversation')} hold a conversation to itself`;
    assert.ok(readme.toLowerCase().includes(kinds), `README.md says "${kinds}"`);
    for (const [kind, words] of [['evals', 'an evals.json to itself'], ['grading', 'a grading.json to itself'], ['judgment', "a judgment.json to its judge's answer"], ['run', 'a run.json to its folder'], ['cross', 'a conversation to its eval']] as const) {
      assert.ok(readme.includes(`${count(kind)} ${words}`), `README.md says "${count(kind)} ${words}"`);
    }
  });

  it('the registry is sorted by id', () => {
    const ids = Object.keys(rules);
    assert.deepEqual(ids, [...ids].sort());
  });
});
