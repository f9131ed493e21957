// Which checks get V8 tuned for long runs: folders, globs and many files do; a few files named
// one by one (the pre-commit hook) do not.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LONG_CHECK_FILES, mayRunLong } from '../../src/cli/check.js';

const repo = new URL('../../', import.meta.url).pathname;
const error = 'fixtures/rules/followup-count/invalid/count-off-by-one.json';
const warn = 'fixtures/rules/blank-text/invalid/empty-assistant-reply.json';

describe('mayRunLong: which checks get V8 tuned for long runs', () => {
  const cases: [string, string[], boolean][] = [
    ['one file named (the pre-commit hook)', [error], false],
    ['a few files named', [error, warn], false],
    ['standard input', ['-'], false],
    ['a file and standard input', [warn, '-'], false],
    ['a folder', ['fixtures/valid'], true],
    ['the current folder (no path given)', ['.'], true],
    ['a file and a folder', [error, 'fixtures'], true],
    ['a glob', ['fixtures/**/conversation.json'], true],
    ['a path that does not exist', ['missing.json'], true],
  ];
  for (const [what, paths, expected] of cases) {
    it(`${what}: ${expected ? 'tuned' : 'left alone'}`, () => {
      assert.equal(mayRunLong(paths.map((p) => (p === '-' ? p : join(repo, p)))), expected);
    });
  }
  it('many files named one by one: tuned from LONG_CHECK_FILES on', () => {
    const isFile = () => true;
    assert.equal(mayRunLong(Array.from({ length: LONG_CHECK_FILES - 1 }, (_, i) => `f${i}.json`), isFile), false);
    assert.equal(mayRunLong(Array.from({ length: LONG_CHECK_FILES }, (_, i) => `f${i}.json`), isFile), true);
  });
});
