// The skill digest campaign records (run.json, campaign.json): the documented line format, hashed
// here independently, for a tree with a folder, a link, an executable and a file of several pieces.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { listTree, treeDigest } from '../../src/fs/file-tree.js';

const root = mkdtempSync(join(tmpdir(), 'eval-magic-file-tree-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('treeDigest', () => {
  it('hashes one line per entry in path order, each file by the sha256 of all its bytes', () => {
    const skill = join(root, 'skill');
    mkdirSync(join(skill, 'scripts'), { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), '---\nname: demo\ndescription: d\n---\n');
    // Over three of the pieces it is read in, and not a whole number of them.
    const data = Buffer.alloc(3 * 2 ** 20 + 5);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 12)) & 0xff;
    writeFileSync(join(skill, 'scripts', 'data.bin'), data);
    writeFileSync(join(skill, 'scripts', 'run.sh'), '#!/bin/sh\necho hi\n');
    chmodSync(join(skill, 'scripts', 'run.sh'), 0o755);
    symlinkSync('SKILL.md', join(skill, 'README.md'));

    const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
    const file = (path: string) => sha(readFileSync(join(skill, path)));
    const expected = sha(
      [
        'link README.md SKILL.md',
        `file SKILL.md ${file('SKILL.md')}`,
        'folder scripts',
        `file scripts/data.bin ${file('scripts/data.bin')}`,
        `file scripts/run.sh ${file('scripts/run.sh')} x`,
      ].join('\n') + '\n',
    );
    assert.equal(treeDigest(skill, listTree(skill, 'the skill folder')), expected);
  });

  it('tells apart trees whose names would forge one another\'s lines (a space or a line break in a name, in a link\'s target)', () => {
    const make = (name: string, build: (dir: string) => void) => {
      const dir = join(root, name);
      mkdirSync(dir);
      build(dir);
      return treeDigest(dir, listTree(dir, name));
    };
    // `link a b c`: the link "a b" to "c", or the link "a" to "b c".
    assert.notEqual(make('space-in-name', (d) => symlinkSync('c', join(d, 'a b'))), make('space-in-target', (d) => symlinkSync('b c', join(d, 'a'))));
    // A file whose name carries a second line: `file x <sha>` then `file y <sha>`, from one file.
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const two = make('two-files', (d) => {
      writeFileSync(join(d, 'x'), 'A');
      writeFileSync(join(d, 'y'), 'B');
    });
    const forged = make('one-forged-name', (d) => writeFileSync(join(d, `x ${sha('A')}\nfile y`), 'B'));
    assert.notEqual(forged, two);
    // A backslash stands for itself, not for the escape of a line break.
    assert.notEqual(make('backslash-n', (d) => writeFileSync(join(d, 'a\\nb'), '')), make('line-break', (d) => writeFileSync(join(d, 'a\nb'), '')));
  });
});
