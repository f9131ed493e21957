// The layout's folder names: one canonical name per number, and only numbers a double holds exactly
// (two folders whose numbers round to one double would be taken for one run, or one iteration).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseIterationFolder, parseRepeatFolder, parseRunFolder, runFolderAt } from '../../src/workspace/layout.js';

const cases: Array<[string, number | undefined]> = [
  ['1', 1],
  ['12', 12],
  ['9007199254740991', 9007199254740991],
  ['9007199254740992', undefined],
  ['9007199254740993', undefined],
  ['01', undefined],
  ['0', undefined],
  ['1e3', undefined],
  ['', undefined],
];

describe('folder numbers: canonical and exact', () => {
  for (const [digits, expected] of cases) {
    it(`iteration-${digits}, run-${digits} and repeat ${JSON.stringify(digits)} → ${expected}`, () => {
      assert.equal(parseIterationFolder(`iteration-${digits}`), expected);
      assert.equal(parseRunFolder(`run-${digits}`), expected);
      assert.equal(parseRepeatFolder(digits), expected);
    });
  }
});

describe("a run folder's place, read from the path's end", () => {
  const place = (dir: string) => runFolderAt(dir, '/');
  it('<workspace>/<skill>/iteration-<n>/eval-<id>/<condition>/run-<k>, and the reference one-run layout', () => {
    assert.deepEqual(place('/r/.eval-magic/demo/iteration-2/eval-s/with_skill/run-3'), { iterationDir: '/r/.eval-magic/demo/iteration-2', skill: 'demo', iteration: 'iteration-2', workspace: '.eval-magic', aboveWorkspace: '/r/', evalId: 's', condition: 'with_skill', run: 'run-3' });
    assert.deepEqual(place('/r/ws/demo/iteration-1/eval-s/with_skill-2'), { iterationDir: '/r/ws/demo/iteration-1', skill: 'demo', iteration: 'iteration-1', workspace: 'ws', aboveWorkspace: '/r/', evalId: 's', condition: 'with_skill-2' });
  });
  it('a workspace at the root of the file system, and one folder too few', () => {
    assert.equal(place('/.eval-magic/demo/iteration-1/eval-s/c/run-1')?.aboveWorkspace, '/');
    assert.equal(place('/demo/iteration-1/eval-s/c/run-1')?.workspace, '');
    assert.equal(place('/demo/iteration-1/eval-s/c/run-1')?.aboveWorkspace, '/');
    assert.equal(place('demo/iteration-1/eval-s/c/run-1'), undefined);
    assert.equal(place('/iteration-1/eval-s/c/run-1'), undefined);
  });
  it('a run-like last folder that is the condition (no eval folder above it as a run), and names that are not the layout', () => {
    assert.deepEqual(place('/r/ws/demo/iteration-1/eval-s/run-1'), { iterationDir: '/r/ws/demo/iteration-1', skill: 'demo', iteration: 'iteration-1', workspace: 'ws', aboveWorkspace: '/r/', evalId: 's', condition: 'run-1' });
    assert.equal(place('/r/ws/demo/iteration-01/eval-s/c/run-1'), undefined);
    assert.equal(place('/r/ws/demo/iteration-1/evals/c/run-1'), undefined);
    assert.equal(place('/r/ws/demo/iteration-1/eval-/c'), undefined);
    assert.equal(place('/'), undefined);
    assert.equal(place(''), undefined);
  });
});
