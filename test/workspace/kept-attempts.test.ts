// A failed attempt's message once its files are kept in attempt-<k>/: campaign's run folders and
// judge's judgment folders (named by a number alone) by one rule.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { keepAttemptFiles, keptAttemptMessage } from '../../src/workspace/kept-attempts.js';

describe('keptAttemptMessage', () => {
  const judgment = join('/w', 'run-1', 'judge', 'short', '1');
  const stderr = (dir: string) => `Round 1: claude exited with status 1; see ${join(dir, 'turn-1', 'claude-stderr.log')}`;

  it("names the round folder in attempt-<k>/ of the judgment's folder, and of a run's", () => {
    assert.equal(keptAttemptMessage(stderr(judgment), judgment, 2), stderr(join(judgment, 'attempt-2')));
    const run = join('/w', 'eval-x', 'with_skill', 'run-1');
    assert.equal(keptAttemptMessage(stderr(run), run, 1), stderr(join(run, 'attempt-1')));
  });

  it('moves a message once: a folder named 1 does not match the attempt-1/turn- it already names (applied again, by the next command, it stays)', () => {
    const once = keptAttemptMessage(stderr(judgment), judgment, 1);
    assert.equal(keptAttemptMessage(once, judgment, 1), once);
    assert.equal(keptAttemptMessage(keptAttemptMessage(stderr(judgment), judgment, 11), judgment, 11), stderr(join(judgment, 'attempt-11')));
  });

  it('names the folder as an earlier command reached it (a workspace moved since), and leaves a message without it as it is', () => {
    const then = join('/old', 'run-1', 'judge', 'short', '1');
    assert.equal(keptAttemptMessage(stderr(then), judgment, 1), stderr(join(then, 'attempt-1')));
    assert.equal(keptAttemptMessage("the judge's task copy could not be made: EACCES", judgment, 1), "the judge's task copy could not be made: EACCES");
  });
});

describe('keepAttemptFiles', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'kept-attempts-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));
  const isRound = (name: string) => /^turn-\d+$/.test(name);

  it('moves the rounds into attempt-<k>/, never over one there', () => {
    const dir = join(tmp, 'plain');
    mkdirSync(join(dir, 'turn-1'), { recursive: true });
    writeFileSync(join(dir, 'turn-1', 'claude-stderr.log'), 'boom');
    assert.equal(keepAttemptFiles(dir, 1, isRound), true);
    assert.deepEqual(readdirSync(dir), ['attempt-1']);
    mkdirSync(join(dir, 'turn-1'));
    assert.equal(keepAttemptFiles(dir, 1, isRound), false, 'attempt-1/ holds a turn-1/ already: never over it');
  });

  it("an attempt-<k>/ holding part of the attempt (an aborted run's conversation.json set aside in it) takes the rest, never over what it holds (review38: the next campaign deleted turn-1/ and diff.patch)", () => {
    const dir = join(tmp, 'set-aside');
    mkdirSync(join(dir, 'attempt-1'), { recursive: true });
    writeFileSync(join(dir, 'attempt-1', 'conversation.json'), 'set aside');
    mkdirSync(join(dir, 'turn-1'));
    writeFileSync(join(dir, 'diff.patch'), 'the change');
    writeFileSync(join(dir, 'conversation.json'), 'another');
    const isLog = (name: string) => /^(turn-\d+|diff\.patch|conversation\.json)$/.test(name);
    assert.equal(keepAttemptFiles(dir, 1, isLog), true);
    assert.deepEqual(readdirSync(join(dir, 'attempt-1')).sort(), ['conversation.json', 'diff.patch', 'turn-1']);
    assert.equal(readFileSync(join(dir, 'attempt-1', 'conversation.json'), 'utf8'), 'set aside', 'never over an entry there');
    assert.equal(keepAttemptFiles(dir, 1, isLog), false, 'nothing more to move');
  });

  it('a command killed mid-move left no attempt-<k>/ without its files: the next takes up the move where it stopped (review37: an empty attempt-1/ made the next command delete turn-1/)', () => {
    const dir = join(tmp, 'killed');
    // As a kill between the folder made and the last rename leaves it: some rounds moved, one not yet.
    mkdirSync(join(dir, '.attempt-1.moving', 'turn-1'), { recursive: true });
    mkdirSync(join(dir, 'turn-2'), { recursive: true });
    writeFileSync(join(dir, 'turn-2', 'claude-stderr.log'), 'boom');
    assert.equal(keepAttemptFiles(dir, 1, isRound), true);
    assert.deepEqual(readdirSync(dir), ['attempt-1']);
    assert.deepEqual(readdirSync(join(dir, 'attempt-1')).sort(), ['turn-1', 'turn-2']);
    assert.ok(existsSync(join(dir, 'attempt-1', 'turn-2', 'claude-stderr.log')));
  });
});
