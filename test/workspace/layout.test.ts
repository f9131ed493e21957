// The layout's folder names: one canonical name per number, and only numbers a double holds exactly
// (two folders whose numbers round to one double would be taken for one run, or one iteration).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseIterationFolder, parseRepeatFolder, parseRunFolder } from '../../src/workspace/layout.js';

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
