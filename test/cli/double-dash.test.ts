// After `--` every argument is a path, in both parsers: a file named like an option is checked, never obeyed.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runBin } from '../helpers/cli.js';

const fixtures = new URL('../../fixtures/', import.meta.url).pathname;
const good = join(fixtures, 'valid/claude-completed-two-followups/conversation.json');
const bad = join(fixtures, 'rules/ordinal-sequence/invalid/ordinals-start-at-one.json');
const root = mkdtempSync(join(tmpdir(), 'em-double-dash-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A folder with a good artifact, a broken one named `--ignore=**\/conversation.json`, and a good one named `--output-file=<victim>`. */
function workspace() {
  const dir = mkdtempSync(join(root, 'w-'));
  const victim = join(root, `victim-${dir.slice(-6)}`, 'conversation.json');
  // One more that no argument names: a check of "." instead of the names would count it.
  for (const [path, from] of [['unnamed/conversation.json', good], ['e/conversation.json', good], ['--ignore=**/conversation.json', bad], [`--output-file=${victim}`, good]] as const) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    copyFileSync(from, join(dir, path));
  }
  return { dir, victim, names: ['e/conversation.json', '--ignore=**/conversation.json', `--output-file=${victim}`] };
}

describe('check -- <names>', () => {
  // The executable's own copy of the CLI, and under --debug the ESM build's (src/cli/bin.ts).
  for (const [parser, flags] of [['bin.cjs', []], ['--debug (dist/cli.js)', ['--debug']]] as const) {
    it(`${parser}: names after -- that look like options are checked as paths`, () => {
      const { dir, victim, names } = workspace();
      const r = runBin(['check', ...flags, '--', ...names], { cwd: dir });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /^--ignore=\*\*\/conversation\.json$/m);
      assert.match(r.stdout, /ordinal-sequence/);
      assert.match(r.stdout, /in 3 files checked/);
      assert.ok(!existsSync(victim), 'the report was written where a file name pointed');
    });
  }

  it('an option given after -- is a path that does not exist, and the message says why', () => {
    const { dir } = workspace();
    const r = runBin(['check', '--', 'e/conversation.json', '--max-warnings', '0'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /No such file or directory: "--max-warnings"\. Every argument after "--" is a path; give options before it/);
  });

  it('check -- with no name after it checks "." as check alone does', () => {
    const { dir } = workspace();
    const r = runBin(['check', '--debug', '--'], { cwd: dir });
    assert.match(r.stdout, /in 4 files checked/);
  });
});
