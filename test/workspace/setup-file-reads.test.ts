// What a command_check's copy of a setup file reads, as setup-file-reads.ts lists it for the copy
// and for campaign.json's digest: the kernel's resolution of each link, never a lexical one.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupFileReads } from '../../src/workspace/setup-file-reads.js';

describe('a setup folder holding a link whose target climbs through a linked folder (tests/l -> ../a/../x, a -> deep/er/dir)', () => {
  const evals = mkdtempSync(join(tmpdir(), 'em-setup-reads-'));
  after(() => rmSync(evals, { recursive: true, force: true }));
  mkdirSync(join(evals, 'tests'));
  mkdirSync(join(evals, 'deep/er/dir'), { recursive: true });
  writeFileSync(join(evals, 'deep/er/x'), 'what the kernel reads\n');
  symlinkSync('deep/er/dir', join(evals, 'a'));
  symlinkSync('../a/../x', join(evals, 'tests/l'));

  it('is listed (the copy reads it fine), by the file the kernel reads: deep/er/x', () => {
    assert.equal(readFileSync(join(evals, 'tests/l'), 'utf8'), 'what the kernel reads\n');
    const reads = setupFileReads(evals, 'tests');
    assert.ok('entries' in reads, JSON.stringify(reads));
    assert.equal(reads.entries.find((e) => e.path === 'l')?.source, join(evals, 'deep/er/x'));
  });

  it('is not taken for a decoy at the lexical reading of its target (x beside evals.json)', () => {
    writeFileSync(join(evals, 'x'), 'decoy\n');
    const reads = setupFileReads(evals, 'tests');
    assert.ok('entries' in reads, JSON.stringify(reads));
    assert.equal(reads.entries.find((e) => e.path === 'l')?.source, join(evals, 'deep/er/x'));
  });
});
