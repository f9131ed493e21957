// Reading an artifact: the same bytes as readFileSync at every size around the reused buffer's,
// a file that grows while it is read is read to its new end, and what is not a file says so.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readArtifactFile } from '../../src/checker/engine/read.js';

const root = mkdtempSync(join(tmpdir(), 'em-read-'));
after(() => rmSync(root, { recursive: true, force: true }));

let files = 0;
function file(bytes: Uint8Array | string): string {
  const path = join(root, `f${files++}.json`);
  writeFileSync(path, bytes);
  return path;
}

/** `size` bytes that differ from their neighbours (251 is prime), so a misplaced piece cannot go unseen. */
function patterned(size: number, salt = 0): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i++) bytes[i] = (i + salt) % 251;
  return bytes;
}

describe('readArtifactFile', () => {
  const mib = 1 << 20;
  const sizes: Array<[string, number]> = [
    ['a small file', 23],
    ['one byte short of a MiB', mib - 1],
    ['exactly a MiB', mib],
    ['one byte over a MiB', mib + 1],
    ['several MiB', 3 * mib + 5],
  ];
  for (const [what, size] of sizes) {
    it(`${what}: the bytes readFileSync reads`, () => {
      const path = file(patterned(size, size));
      const outcome = readArtifactFile(path);
      assert.ok(outcome.ok);
      assert.ok(outcome.bytes.equals(readFileSync(path)));
    });
  }

  it('a file read twice in a row gives each read its own bytes', () => {
    const first = file('{"a": 1}');
    const second = file('{"b": 22}');
    const a = readArtifactFile(first);
    assert.ok(a.ok);
    const aText = a.bytes.toString();
    const b = readArtifactFile(second);
    assert.ok(b.ok);
    assert.equal(aText, '{"a": 1}');
    assert.equal(b.bytes.toString(), '{"b": 22}');
  });

  it('an empty file is read as empty', () => {
    const outcome = readArtifactFile(file(''));
    assert.ok(outcome.ok);
    assert.equal(outcome.bytes.length, 0);
  });

  it('a path that does not exist is an io finding', () => {
    const outcome = readArtifactFile(join(root, 'missing.json'));
    assert.ok(!outcome.ok);
    assert.equal(outcome.finding.ruleId, 'io');
    assert.equal(outcome.finding.messageId, 'enoent');
  });

  it('a folder is an io finding that says so', () => {
    const path = join(root, `dir${files++}`);
    mkdirSync(path);
    const outcome = readArtifactFile(path);
    assert.ok(!outcome.ok);
    assert.match(outcome.finding.message, /directory/);
  });
});
