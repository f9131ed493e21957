// Every path, folder and glob given to check is held to one rule, as ESLint holds its patterns:
// one that finds nothing to check is a usage error (exit 2), also when other arguments find files —
// a glob with a typo must not pass a gate because its neighbour found something.
// --no-error-on-unmatched-pattern (the library's errorOnUnmatchedPattern: false) allows it.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';
import { check, UsageError, type CheckOptions } from '../../src/index.js';

const tmp = mkdtempSync(join(tmpdir(), 'em-unmatched-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const clean = new URL('../../fixtures/rules/eval-id-unique/valid/distinct-ids/evals.json', import.meta.url).pathname;
for (const folder of ['skill/evals', 'drafts/one/evals', 'empty', 'notes']) mkdirSync(join(tmp, folder), { recursive: true });
copyFileSync(clean, join(tmp, 'skill/evals/evals.json'));
copyFileSync(clean, join(tmp, 'drafts/one/evals/evals.json'));

const UNMATCHED_FLAG = /Use --no-error-on-unmatched-pattern if that is expected\.$/m;

describe('an argument that finds nothing, beside one that finds files', () => {
  it('a glob that matches no file: exit 2 naming it; nothing is reported', async () => {
    const r = await runMain(['check', 'skill', 'nomatch/**/*.json'], { cwd: tmp });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^eval-magic: No artifact found under "nomatch\/\*\*\/\*\.json"/);
    assert.match(r.stderr, UNMATCHED_FLAG);
  });

  it('a folder whose search finds no artifact: exit 2 naming it', async () => {
    const r = await runMain(['check', 'skill', 'empty'], { cwd: tmp });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /^eval-magic: No artifact found under "empty" \(searched for \*\*\/conversation\.json, \*\*\/evals\.json, \*\*\/grading\.json, \*\*\/comparison\.json, \*\*\/judge\/\*\/\*\/judgment\.json\)/);
    assert.match(r.stderr, UNMATCHED_FLAG);
  });

  it('a folder or glob whose files are all ignored: exit 2, saying they were left out', async () => {
    for (const arg of ['drafts', 'drafts/**/evals.json']) {
      const r = await runMain(['check', 'skill', arg, '--ignore', '**/drafts/**'], { cwd: tmp });
      assert.equal(r.code, 2, `${arg}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, new RegExp(`^eval-magic: No artifact to check under ${JSON.stringify(arg).replace(/[*.]/g, '\\$&')}: the 1 found there is left out by the ignore globs`), arg);
      assert.match(r.stderr, UNMATCHED_FLAG, arg);
    }
  });

  it('each argument that finds nothing is named', async () => {
    const r = await runMain(['check', 'skill', 'empty', 'notes/*.json'], { cwd: tmp });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /"empty"/);
    assert.match(r.stderr, /"notes\/\*\.json"/);
  });

  it('--no-error-on-unmatched-pattern: the files found are checked, exit by findings', async () => {
    const r = await runMain(['check', 'skill', 'nomatch/**/*.json', 'empty', 'drafts', '--ignore', '**/drafts/**', '--no-error-on-unmatched-pattern'], { cwd: tmp });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /1 file checked, no problems/);
  });

  it('--no-error-on-unmatched-pattern also lets a path that does not exist pass (a deleted file in a list of changed ones)', async () => {
    const without = await runMain(['check', 'skill', 'gone/evals.json'], { cwd: tmp });
    assert.equal(without.code, 2);
    assert.match(without.stderr, /No such file or directory: "gone\/evals\.json"/);
    const r = await runMain(['check', '--no-error-on-unmatched-pattern', '--', 'skill', 'gone/evals.json'], { cwd: tmp });
    assert.equal(r.code, 0, r.stdout + r.stderr);
  });
});

describe('what is not an unmatched argument', () => {
  it('a glob whose files another argument already found still matched', async () => {
    const r = await runMain(['check', 'skill', 'skill/**/evals.json'], { cwd: tmp });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /1 file checked/);
  });

  it('a file named on its own that the ignore globs leave out (the pre-commit hook names every staged file): not an error beside others', async () => {
    const r = await runMain(['check', '--ignore', '**/drafts/**', '--', 'skill/evals/evals.json', 'drafts/one/evals/evals.json'], { cwd: tmp });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /1 file checked/);
  });

  it('when no argument finds anything, --allow-empty decides, as before; the new flag alone does not allow an empty check', async () => {
    const alone = await runMain(['check', 'empty', 'nomatch/*.json'], { cwd: tmp });
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, /Use --allow-empty if that is expected\.$/m);
    assert.equal((await runMain(['check', 'empty', 'nomatch/*.json', '--allow-empty'], { cwd: tmp })).code, 0);
    const flagOnly = await runMain(['check', 'empty', '--no-error-on-unmatched-pattern'], { cwd: tmp });
    assert.equal(flagOnly.code, 2);
    assert.match(flagOnly.stderr, /Use --allow-empty if that is expected\.$/m);
  });

  it('--allow-empty does not excuse one argument that finds nothing while others find files', async () => {
    const r = await runMain(['check', 'skill', 'empty', '--allow-empty'], { cwd: tmp });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, UNMATCHED_FLAG);
  });
});

describe('the library holds its paths to the same rule', () => {
  async function usageError(paths: string[], options: CheckOptions): Promise<string> {
    let message = '';
    await assert.rejects(check(paths, options), (e: Error) => {
      assert.ok(e instanceof UsageError, `${e.name}: ${e.message}`);
      message = e.message;
      return true;
    });
    return message;
  }

  it('check() refuses an unmatched glob beside a folder, naming errorOnUnmatchedPattern: false; with it, checks the rest', async () => {
    const message = await usageError(['skill', 'nomatch/**/*.json'], { cwd: tmp });
    assert.match(message, /^No artifact found under "nomatch\/\*\*\/\*\.json".* Use errorOnUnmatchedPattern: false if that is expected\.$/);
    const report = await check(['skill', 'nomatch/**/*.json', 'gone.json'], { cwd: tmp, errorOnUnmatchedPattern: false });
    assert.equal(report.results.length, 1);
  });

  it('errorOnUnmatchedPattern must be a boolean', async () => {
    assert.equal(await usageError(['skill'], { cwd: tmp, errorOnUnmatchedPattern: 'no' as never }), 'errorOnUnmatchedPattern must be true or false (got the string "no").');
  });
});
