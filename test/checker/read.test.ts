// Reading a large file by parallel positioned reads: the same bytes as one blocking read, or,
// when the file changes under the reads, a whole file (as it was or as it is), never a torn one.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readArtifactFile, readArtifactFileConcurrently, SHARED_READ_BYTES, type ReadOutcome } from '../../src/checker/read.js';
import { isSharedBytes } from '../../src/checker/load-large.js';

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

/** An outcome as plain data: the bytes as a copy (a small file's lie in a buffer the next read reuses). */
function plain(outcome: ReadOutcome): unknown {
  return outcome.ok ? { ok: true, bytes: Buffer.from(outcome.bytes) } : outcome;
}

describe('readArtifactFileConcurrently', () => {
  const mib = 1 << 20;
  const atOnce: Array<[string, () => string]> = [
    ['an empty file', () => file('')],
    ['a small file', () => file('{"status": "completed"}')],
    ['one byte short of the reused buffer', () => file(patterned(mib - 1))],
    ['exactly the reused buffer', () => file(patterned(mib))],
    ['one byte over the reused buffer', () => file(patterned(mib + 1))],
    ['several MiB, under the shared-memory size', () => file(patterned(3 * mib + 5))],
    ['a path that does not exist', () => join(root, 'missing.json')],
    ['a folder', () => {
      const path = join(root, `dir${files++}`);
      mkdirSync(path);
      return path;
    }],
  ];
  for (const [what, make] of atOnce) {
    it(`${what}: comes back at once, as readArtifactFile reads it`, () => {
      const path = make();
      const outcome = readArtifactFileConcurrently(path);
      assert.ok(!(outcome instanceof Promise), 'no promise below the shared-memory size');
      assert.deepEqual(plain(outcome), plain(readArtifactFile(path)));
    });
  }

  for (const size of [SHARED_READ_BYTES, SHARED_READ_BYTES + 12_345]) {
    it(`${size} bytes: read by parallel reads into shared memory, byte for byte`, async () => {
      const bytes = patterned(size, size);
      const path = file(bytes);
      const pending = readArtifactFileConcurrently(path);
      assert.ok(pending instanceof Promise, 'a large file is read by parallel reads');
      const outcome = await pending;
      assert.ok(outcome.ok);
      assert.ok(isSharedBytes(outcome.bytes), 'in shared memory, for the helper thread');
      assert.ok(outcome.bytes.equals(bytes));
    });
  }

  it('a file that grows once its size is taken is read to its new end', async () => {
    const bytes = patterned(SHARED_READ_BYTES + 3, 7);
    const tail = patterned(70_001, 99);
    const path = file(bytes);
    const pending = readArtifactFileConcurrently(path);
    appendFileSync(path, tail);
    const outcome = await pending;
    assert.ok(outcome.ok);
    assert.ok(outcome.bytes.equals(Buffer.concat([bytes, tail])));
  });

  it('a file cut short under the reads comes back whole, as it was or as it is, never torn', async () => {
    const bytes = patterned(SHARED_READ_BYTES + 1000, 3);
    const cut = SHARED_READ_BYTES - 5000;
    const path = file(bytes);
    const pending = readArtifactFileConcurrently(path);
    truncateSync(path, cut);
    const outcome = await pending;
    assert.ok(outcome.ok);
    assert.ok(outcome.bytes.equals(bytes) || outcome.bytes.equals(bytes.subarray(0, cut)), `got ${outcome.bytes.length} bytes, neither the file as it was nor as it is`);
  });
});
