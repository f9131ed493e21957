// The public door: what src/index.ts and package.json expose (test/package/layering.test.ts holds the
// runner to that door).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as api from '../../src/index.js';

const repo = new URL('../../', import.meta.url).pathname;

describe('package surface', () => {
  it('exports the checker API', () => {
    for (const name of ['check', 'checkSource', 'checkJsonSource', 'discoverArtifacts', 'formatters', 'rules', 'resolveRuleSeverities', 'UsageError', 'ArtifactIOError', 'isKnownError', 'toolVersion']) {
      assert.ok(name in api, `src/index.ts does not export ${name}`);
    }
    assert.equal(typeof api.check, 'function');
    assert.equal(typeof api.formatters.json, 'function');
  });

  it('package.json exposes the library, the comparison library, the schemas and the binary', () => {
    const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
    assert.deepEqual(Object.keys(pkg.exports).sort(), ['.', './compare', './package.json', './schemas/*']);
    assert.deepEqual(pkg.exports['./compare'], { types: './dist/compare/index.d.ts', default: './dist/compare.js' });
    assert.deepEqual(pkg.bin, { 'eval-magic': 'dist/bin.cjs' }); // as npm normalizes it: a "./" makes npm publish warn
  });
});
