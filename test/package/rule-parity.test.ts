// Every rule module comes with its registry line, test table, fixture folder and README docs.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { rules } from '../../src/index.js';

const repo = new URL('../../', import.meta.url).pathname;
const readme = readFileSync(`${repo}README.md`, 'utf8');
const ruleFiles = readdirSync(`${repo}src/checker/rules`).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.slice(0, -3));

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
      if (!new RegExp(`^\\|\\s*\\[?\`${id}\`\\]?`, 'm').test(readme)) missing.push('a row in a README rules table');
      if (!new RegExp(`^###\\s+\`?${id}\`?\\s*$`, 'm').test(readme)) missing.push(`a "### ${id}" section in README`);
      assert.deepEqual(missing, [], `rule ${id} lacks: ${missing.join('; ')}`);
    });
  }

  it('every registered rule has a module file', () => {
    assert.deepEqual(Object.keys(rules).filter((id) => !ruleFiles.includes(id)), []);
  });

  it('the registry is sorted by id', () => {
    const ids = Object.keys(rules);
    assert.deepEqual(ids, [...ids].sort());
  });
});
