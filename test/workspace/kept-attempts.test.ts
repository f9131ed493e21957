// A failed attempt's message once its files are kept in attempt-<k>/: campaign's run folders and
// judge's judgment folders (named by a number alone) by one rule.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { keptAttemptMessage } from '../../src/workspace/kept-attempts.js';

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
