// examples/github-actions/campaign.yml: valid for GitHub (action-validator, from npm), and its
// shards, artifacts and merge agree with each other and with eval-magic's command lines.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { workflowProblems } from './workflow-rules.js';

const repo = new URL('../../', import.meta.url).pathname;
const WORKFLOW = join(repo, 'examples/github-actions/campaign.yml');
const source = readFileSync(WORKFLOW, 'utf8');
const validatorCli = join(dirname(createRequire(import.meta.url).resolve('@action-validator/cli/package.json')), 'cli.mjs');

/** Runs action-validator on `text` saved as a workflow file; its exit code and report. */
function actionValidator(text: string): { code: number | null; output: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'em-workflow-')), 'campaign.yml');
  writeFileSync(file, text);
  const r = spawnSync(process.execPath, [validatorCli, file], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  return { code: r.status, output: r.stdout + r.stderr };
}

/** `source` with one exact piece replaced (which must be there). */
function edited(from: string, to: string): string {
  assert.ok(source.includes(from), `the workflow has ${JSON.stringify(from)}`);
  return source.replace(from, to);
}

describe('examples/github-actions/campaign.yml', () => {
  it('action-validator accepts it', () => {
    const r = actionValidator(source);
    assert.equal(r.code, 0, r.output);
  });

  for (const [what, broken, expected] of [
    ['a misspelt job key', edited('    runs-on: ubuntu-latest\n    timeout-minutes: 180', '    runs_on: ubuntu-latest\n    timeout-minutes: 180'), /runs_on/],
    ['a need on a job that does not exist', edited('needs: campaign', 'needs: campaing'), /unresolved job campaing/],
    ['a step with both run and uses', edited('      - run: npm ci\n      - name: Install', '      - run: npm ci\n        uses: actions/cache@v4\n      - name: Install'), /\/jobs\/campaign\/steps\/2/],
  ] as const) {
    it(`action-validator refuses it with ${what}`, () => {
      const r = actionValidator(broken);
      assert.equal(r.code, 1, r.output);
      assert.match(r.output, expected);
    });
  }

  it('its shards cover 1..N once each, every shard uploads its workspace, and the merge job downloads them all into one', () => {
    assert.deepEqual(workflowProblems(parse(source)), []);
  });

  for (const [what, broken, expected] of [
    ['a shard missing from the matrix', edited('shard: [1, 2, 3, 4]', 'shard: [1, 2, 4]'), /matrix shards \[1,2,4\] are not 1\.\.4/],
    ['a shard count that disagrees with the matrix', edited("SHARDS: '4'", "SHARDS: '3'"), /matrix shards \[1,2,3,4\] are not 1\.\.3/],
    ['a campaign without --shard', edited(' --shard="$SHARD/$SHARDS"', ''), /campaign step does not pass --shard="\$SHARD\/\$SHARDS"/],
    ['one artifact name for every shard', edited('name: campaign-shard-${{ matrix.shard }}', 'name: campaign-shard'), /upload name .* does not differ per shard/],
    ['hidden files left out of the upload', edited('          include-hidden-files: true\n', ''), /include-hidden-files/],
    ['a merge without merge-multiple', edited('          merge-multiple: true\n', ''), /merge-multiple/],
    ['a download pattern that misses the uploads', edited('pattern: campaign-shard-*', 'pattern: shard-*'), /pattern shard-\* does not match/],
    ['a compare that runs before the shards finish', edited('    needs: campaign\n', ''), /compare job does not need the campaign job/],
    ['a path before --', edited('npx eval-magic check -- "$WORKSPACE"', 'npx eval-magic check "$WORKSPACE"'), /eval-magic check: "\$WORKSPACE" comes before --/],
    ['an option value apart from its flag', edited('--jobs=4', '--jobs 4'), /eval-magic campaign: "4" comes before --/],
  ] as const) {
    it(`the rules catch ${what}`, () => {
      const problems = workflowProblems(parse(broken));
      assert.ok(problems.some((p) => expected.test(p)), problems.join('\n') || 'no problem found');
    });
  }
});
