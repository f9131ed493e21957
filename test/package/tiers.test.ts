// test/tiers.ts names files by path: a renamed or deleted file must not drop out of its tier unseen.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { slowTier, isQuick, slowFirst } from '../tiers.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));

describe('test tiers', () => {
  it('every file the tiers name exists', () => {
    for (const file of [...slowTier, ...slowFirst]) assert.ok(existsSync(repo + file), `${file} (named in test/tiers.ts) exists`);
  });

  it('the slow tier is not quick, and nothing that runs dist/ or fake agents is', () => {
    for (const file of slowTier) assert.equal(isQuick(file, readFileSync(repo + file, 'utf8')), false, file);
    assert.equal(isQuick('test/rules/x.test.ts', "import { RuleTester } from '../helpers/rule-tester.js';"), true);
    assert.equal(isQuick('test/formatters/x.test.ts', "import { runBin } from '../helpers/cli.js';"), false);
    assert.equal(isQuick('test/runner/x.test.ts', "import { runFake } from './run-helpers.js';"), false);
    assert.equal(isQuick('test/cross/x.test.ts', "import { runFake } from '../runner/run-helpers.js';"), false);
    assert.equal(isQuick('test/adversarial/x.test.ts', ''), false);
    assert.equal(isQuick('test/checker/worker-parity.test.ts', ''), false);
    assert.equal(isQuick('test/campaign/x.test.ts', "import { SKILL_NAME } from './campaign-helpers.js';"), false);
  });

  it("compare's and campaign's pure parts are quick, their processes are not", () => {
    const quick = (file: string) => isQuick(file, readFileSync(repo + file, 'utf8'));
    for (const file of ['test/compare/transcript-check.test.ts', 'test/compare/records.test.ts', 'test/campaign/file-tree.test.ts']) assert.equal(quick(file), true, file);
    for (const file of ['test/compare/command-check.test.ts', 'test/campaign/campaign-run.test.ts', 'test/campaign/campaign-example.test.ts', 'test/cli/compare.test.ts']) assert.equal(quick(file), false, file);
  });
});
