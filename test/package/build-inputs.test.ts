// The record of what dist/ was built from, which makes the CLI tests fail on a stale build.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { BUILD_INPUTS_FILE, buildInputs, staleBuildReason } from '../../scripts/build-inputs.js';

const root = mkdtempSync(join(tmpdir(), 'em-build-inputs-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A tree with a few build inputs and a dist/ recorded as built from them. */
function builtTree(name: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'src/checker'), { recursive: true });
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'package.json'), '{"name":"x","version":"1.0.0"}');
  writeFileSync(join(dir, 'src/index.ts'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'src/checker/load.ts'), 'export const b = 2;\n');
  writeFileSync(join(dir, 'dist', BUILD_INPUTS_FILE), JSON.stringify(buildInputs(dir)));
  return dir;
}

describe('staleBuildReason', () => {
  it('a build of the tree as it is: not stale', () => {
    assert.equal(staleBuildReason(builtTree('fresh')), null);
  });

  it('a source edited, added or removed since the build is named', () => {
    const dir = builtTree('edited');
    writeFileSync(join(dir, 'src/checker/load.ts'), 'export const b = 3;\n');
    assert.equal(staleBuildReason(dir), 'dist/ was built from other sources: src/checker/load.ts changed');
    writeFileSync(join(dir, 'src/new.ts'), '');
    unlinkSync(join(dir, 'src/index.ts'));
    assert.equal(staleBuildReason(dir), 'dist/ was built from other sources: src/checker/load.ts changed, src/new.ts is new, src/index.ts was removed');
  });

  it('a touched file with the same bytes is no change; files outside the inputs are none either', () => {
    const dir = builtTree('touched');
    writeFileSync(join(dir, 'src/index.ts'), 'export const a = 1;\n');
    mkdirSync(join(dir, 'test'));
    writeFileSync(join(dir, 'test/a.test.ts'), '');
    writeFileSync(join(dir, 'README.md'), '');
    assert.equal(staleBuildReason(dir), null);
  });

  it('tsconfig.json, which tsconfig.build.json extends and esbuild reads, is an input', () => {
    const dir = builtTree('tsconfig');
    writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions": {"target": "ES2020"}}');
    assert.equal(staleBuildReason(dir), 'dist/ was built from other sources: tsconfig.json is new');
  });

  it('an unminified build (EVAL_MAGIC_UNMINIFIED=1, for profiles) is stale for a minified one, and the other way', () => {
    const dir = builtTree('unminified');
    writeFileSync(join(dir, 'dist', BUILD_INPUTS_FILE), JSON.stringify(buildInputs(dir, { EVAL_MAGIC_UNMINIFIED: '1' })));
    assert.equal(staleBuildReason(dir, {}), 'dist/ was built from other sources: (minified) changed');
    assert.equal(staleBuildReason(dir, { EVAL_MAGIC_UNMINIFIED: '1' }), null);
  });

  it('no record (no build, or one from before builds kept it) is stale', () => {
    const dir = builtTree('unrecorded');
    unlinkSync(join(dir, 'dist', BUILD_INPUTS_FILE));
    assert.match(staleBuildReason(dir)!, /build-inputs\.json is missing/);
  });

  it('a build by another Node is stale: its V8 rejects the code cache dist/ holds', () => {
    const dir = builtTree('other-node');
    const recorded = { ...buildInputs(dir), '(node)': 'v18.0.0' };
    writeFileSync(join(dir, 'dist', BUILD_INPUTS_FILE), JSON.stringify(recorded));
    assert.equal(staleBuildReason(dir), 'dist/ was built from other sources: (node) changed');
  });
});
