// The one line-ending rule (CRLF read as LF, nothing else) by which a record tolerates a checkout
// with Git's conversion: hashed here independently, over the pieces a file is read in.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileDigests } from '../../src/fs/file-tree.js';
import { lfSha256, LfSha256 } from '../../src/fs/line-endings.js';

const root = mkdtempSync(join(tmpdir(), 'eval-magic-line-endings-'));
after(() => rmSync(root, { recursive: true, force: true }));
const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('line endings: CRLF read as LF', () => {
  it('reads each CRLF as LF and keeps a lone CR, an LF CR and every other byte', () => {
    assert.equal(lfSha256(Buffer.from('a\r\nb\rc\n\rd\r\r\n\r')), sha256('a\nb\rc\n\rd\r\n\r'));
    assert.equal(lfSha256(Buffer.from('no line ending')), sha256('no line ending'));
  });

  it('gives the same digest however the bytes are split, a CRLF across two pieces included', () => {
    const text = Buffer.from('x\r\ny\r\rz\r\n');
    for (let cut = 0; cut <= text.length; cut++) {
      for (const pieces of [[text.subarray(0, cut), text.subarray(cut)], [text.subarray(0, cut), Buffer.alloc(0), text.subarray(cut)]]) {
        const hash = new LfSha256();
        for (const piece of pieces) hash.update(piece);
        assert.equal(hash.digest(), sha256('x\ny\r\rz\n'), `cut at ${cut}`);
      }
    }
  });

  it("a file's two digests from one read: a CRLF and a lone CR at the end of its 1 MiB pieces", () => {
    const piece = 2 ** 20;
    const text = Buffer.alloc(2 * piece + 3, 'a');
    text[piece - 1] = 0x0d;
    text[piece] = 0x0a;
    text[2 * piece - 1] = 0x0d;
    const path = join(root, 'big.txt');
    writeFileSync(path, text);
    const lf = Buffer.concat([text.subarray(0, piece - 1), text.subarray(piece)]);
    assert.deepEqual(fileDigests(path), { sha256: sha256(text), lfSha256: sha256(lf) });
    writeFileSync(path, 'plain\n');
    assert.deepEqual(fileDigests(path), { sha256: sha256('plain\n'), lfSha256: sha256('plain\n') });
  });
});
