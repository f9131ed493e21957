// The slot where a compare thread tells its pool the grading.json temp file it is writing: once
// the pool has terminated the thread (a second Ctrl-C, or one busy past the wait), it removes
// exactly that file — none when the write was done, and never a file of another name.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AnnouncedTemp, announcedTempBuffer } from '../../src/compare/announced-temp.js';

const dir = mkdtempSync(join(tmpdir(), 'announced-temp-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('the grading.json temp file a thread announced', () => {
  it('is removed once the thread that announced it is gone, though it never cleared it (terminated between creating the file and renaming it)', () => {
    const buffer = announcedTempBuffer();
    const temp = join(dir, 'run-1', '.grading.json.AbCdEfGhIjK_.tmp');
    new AnnouncedTemp(buffer).announce(temp);
    mkdirSync(join(dir, 'run-1'));
    writeFileSync(temp, '{"half":');
    // The pool's view of the same memory.
    new AnnouncedTemp(buffer).removeLeft();
    assert.equal(existsSync(temp), false);
  });

  it('nothing is removed once the write is done (announced undefined), nor a name that is no grading.json temp name', () => {
    const slot = new AnnouncedTemp(announcedTempBuffer());
    const renamedAway = join(dir, '.grading.json.AAAAAAAAAAAA.tmp');
    writeFileSync(renamedAway, 'a later write of another compare');
    slot.announce(renamedAway);
    slot.announce(undefined);
    slot.removeLeft();
    assert.ok(existsSync(renamedAway));
    const other = join(dir, 'conversation.json');
    writeFileSync(other, '{}');
    slot.announce(other);
    slot.removeLeft();
    assert.ok(existsSync(other));
  });

  it('a path longer than the slot is not announced half: nothing is removed', () => {
    const slot = new AnnouncedTemp(announcedTempBuffer());
    const kept = join(dir, '.grading.json.BBBBBBBBBBBB.tmp');
    writeFileSync(kept, '');
    slot.announce(kept);
    slot.announce(join(dir, 'x'.repeat(5000), '.grading.json.CCCCCCCCCCCC.tmp'));
    slot.removeLeft();
    assert.ok(existsSync(kept));
  });
});
