// Reading an artifact: the bytes readFileSync reads, an empty file as empty, and what is not a
// file (or is not there) as an io finding that says so.
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
  const sizes: Array<[string, number]> = [
    ['a small file', 23],
    ['a file of several MiB', 3 * (1 << 20) + 5],
  ];
  for (const [what, size] of sizes) {
    it(`${what}: the bytes readFileSync reads`, () => {
      const path = file(patterned(size, size));
      const outcome = readArtifactFile(path);
      assert.ok(outcome.ok);
      assert.ok(outcome.bytes.equals(readFileSync(path)));
    });
  }

  it('a file longer than fstat says (a /proc file, size 0) is read to its end', { skip: process.platform !== 'linux' && 'no /proc here' }, () => {
    const outcome = readArtifactFile('/proc/self/status');
    assert.ok(outcome.ok);
    const text = outcome.bytes.toString('utf8');
    assert.match(text, /^Name:\t/);
    // Past the first byte, the probe byte and the first chunk: every line up to the last.
    assert.match(text, /\nPid:\t\d+\n/);
    assert.ok(text.endsWith('\n') && text.split('\n').length > 20, text);
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
