// The public door: what src/index.ts exports, and that the runner reaches the checker only through it.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as api from '../../src/index.js';

const repo = new URL('../../', import.meta.url).pathname;

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tsFilesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('package surface', () => {
  it('exports the checker API', () => {
    for (const name of ['check', 'checkSource', 'checkJsonSource', 'discoverArtifacts', 'formatters', 'rules', 'resolveRuleSeverities', 'UsageError', 'ArtifactIOError', 'isKnownError', 'toolVersion']) {
      assert.ok(name in api, `src/index.ts does not export ${name}`);
    }
    assert.equal(typeof api.check, 'function');
    assert.equal(typeof api.formatters.json, 'function');
  });

  it('package.json exposes the library, the schemas and the binary', () => {
    const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
    assert.deepEqual(Object.keys(pkg.exports).sort(), ['.', './package.json', './schemas/*']);
    assert.deepEqual(pkg.bin, { 'eval-magic': 'dist/bin.cjs' }); // as npm normalizes it: a "./" makes npm publish warn
  });

  it('the runner imports the checker only through src/index.ts', () => {
    const offenders: string[] = [];
    for (const file of tsFilesUnder(join(repo, 'src/runner'))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)) {
        if (/\/checker\//.test(spec!) || /\/formatters\//.test(spec!)) offenders.push(`${file.slice(repo.length)} imports ${spec}`);
      }
    }
    assert.deepEqual(offenders, []);
  });
});
