// shownPath: how every message and report names a path — as the user types it from the working folder.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shownPath } from '../../src/fs/shown-path.js';

describe('shownPath', () => {
  it('inside the working folder: relative, as ever', () => {
    assert.equal(shownPath('/home/u/repo', '/home/u/repo/.eval-magic/s/iteration-1'), '.eval-magic/s/iteration-1');
  });

  it('the working folder itself: `.`, as check names it (`check .`; it was absolute)', () => {
    assert.equal(shownPath('/home/u/repo', '/home/u/repo'), '.');
    assert.equal(shownPath('/home/u/repo', '/home/u/repo/'), '.');
  });

  it('beside it (below a folder above it): by ../, as the user names it from a subfolder (it was absolute)', () => {
    assert.equal(shownPath('/home/u/repo/sub', '/home/u/repo/.eval-magic/s/iteration-1'), '../.eval-magic/s/iteration-1');
    assert.equal(shownPath('/home/u/repo/sub', '/home/u/repo'), '..');
    assert.equal(shownPath('/home/u/a/b', '/home/u/c'), '../../c');
  });

  it('more than two folders up: absolute, not a chain of ../ (a checkout below /tmp named the test folders ../../../eval-magic-tests-1/…)', () => {
    assert.equal(shownPath('/home/u/a/b/c', '/home/u/x/evals.json'), '/home/u/x/evals.json');
    assert.equal(shownPath('/tmp/ci-1/c/sub', '/tmp/eval-magic-tests-1/run/evals.json'), '/tmp/eval-magic-tests-1/run/evals.json');
  });

  it('sharing only the root with it: absolute, as the user types it (not ../../etc)', () => {
    assert.equal(shownPath('/home/u/repo', '/etc/eval-magic/evals.json'), '/etc/eval-magic/evals.json');
    assert.equal(shownPath('/home/u/repo', '/'), '/');
  });

  it('a folder named like a climb (..x) is inside, not beside', () => {
    assert.equal(shownPath('/home/u/repo', '/home/u/repo/..x/y'), '..x/y');
  });
});
