// test/tiers.ts names files by path: a renamed or deleted file must not drop out of its tier unseen.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { slowTier, isQuick, quickTier, sharedProcesses, slowFirst, startOrder } from '../tiers.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));

describe('test tiers', () => {
  it('every file the tiers name exists', () => {
    for (const file of [...slowTier, ...Object.values(sharedProcesses).flat()]) assert.ok(existsSync(repo + file), `${file} (named in test/tiers.ts) exists`);
  });

  it('slowFirst names processes: a group, the quick tier, or a file that runs alone — once each', () => {
    const grouped = new Set(Object.values(sharedProcesses).flat());
    assert.equal(new Set(slowFirst).size, slowFirst.length, 'no process named twice');
    for (const name of slowFirst) {
      if (name === quickTier || name in sharedProcesses) continue;
      // A file of a group or of the quick tier runs in that process: named alone, it would order nothing.
      assert.ok(existsSync(repo + name), `${name} (named in slowFirst) is a group, the quick tier or an existing file`);
      assert.ok(!grouped.has(name), `${name} runs in a group: slowFirst names the group`);
      assert.equal(isQuick(name, readFileSync(repo + name, 'utf8')), false, `${name} runs in the quick tier: slowFirst names it by quickTier`);
    }
  });

  it("the processes start in slowFirst's order, the rest after in theirs: their entries' names sort so, as node --test sorts the files it runs", () => {
    // As scripts/run-tests.ts makes them: the groups, the quick tier's shards, then files alone (one unnamed before every named one).
    const processes = [
      ...Object.keys(sharedProcesses).map((name) => ({ name, label: name, files: [`${name}.test.ts`] })),
      { name: quickTier, label: 'quick tier 1 of 2', files: ['test/rules/a.test.ts'] },
      { name: quickTier, label: 'quick tier 2 of 2', files: ['test/rules/b.test.ts'] },
      ...['test/adversarial/aaa.test.ts', 'test/cli/golden.test.ts', 'test/compare/command-check.test.ts', 'test/zzz.test.ts'].map((file) => ({ name: file, label: file.replace(/\.ts$/, ''), files: [file] })),
    ];
    const started = startOrder(processes);
    const named = processes.filter(({ name }) => slowFirst.includes(name)).sort((a, b) => slowFirst.indexOf(a.name) - slowFirst.indexOf(b.name));
    assert.deepEqual(
      started.map(({ label }) => label),
      [...named, ...processes.filter(({ name }) => !slowFirst.includes(name))].map(({ label }) => label),
    );
    assert.equal(started[0]!.name, 'judge tests');
    assert.deepEqual(started.map(({ entry }) => entry).sort(), started.map(({ entry }) => entry));
    assert.equal(new Set(started.map(({ entry }) => entry)).size, started.length);
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
