// The schemas users import: one $id host, and each reachable through package.json's exports.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';

const repo = new URL('../../', import.meta.url).pathname;
const schemaFiles = readdirSync(`${repo}schemas`).filter((f) => f.endsWith('.schema.json'));

describe('shipped schemas', () => {
  it("share one $id host (the contract's), each $id ending in its own file name", () => {
    const hosts = new Set<string>();
    for (const file of schemaFiles) {
      const id = (JSON.parse(readFileSync(`${repo}schemas/${file}`, 'utf8')) as { $id: string }).$id;
      const url = new URL(id);
      hosts.add(url.host);
      assert.ok(url.pathname.endsWith(`/schemas/${file}`), `${file}: $id ${id}`);
    }
    assert.deepEqual([...hosts], ['slow-powers.dev']);
  });

  it('are exported as eval-magic/schemas/<file>', () => {
    const pkg = JSON.parse(readFileSync(`${repo}package.json`, 'utf8')) as { exports: Record<string, unknown>; files: string[] };
    assert.equal(pkg.exports['./schemas/*'], './schemas/*');
    assert.ok(pkg.files.includes('schemas'));
  });
});
