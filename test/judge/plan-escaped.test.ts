// Untrusted text in judge's plan (a reason holding a line of mount's stderr, an eval id, a
// harness's name) is escaped wherever describePlan puts it in: the older lines saying the workspace
// and the temporary folders are not hidden quoted the reason raw, an ESC sequence or a line break
// in it reaching a library caller's terminal as it came (and the CLI's as a fake line of the plan).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describePlan } from '../../src/cli/judge.js';
import type { JudgePlanSummary } from '../../src/judge/index.js';

describe('judge: the plan escapes untrusted text', () => {
  const base: JudgePlanSummary = { harness: 'claude-code', runs: 1, repeats: 1, judgments: 2, done: 0, pending: 2, sessionsPerRun: { e1: 2 }, shard: undefined, jobs: 2 };

  it('a reason holding an ESC sequence or a line break prints escaped, in every line that quotes it', () => {
    const hostile = 'mount: \x1b[2J\x1b[31mpermission denied\nall judgments hidden';
    const said = describePlan({ ...base, harness: 'h\x1b[31m', sessionsPerRun: { 'e\x1b[1m': 2, e2: 1 }, unhidden: hostile, sharedHome: hostile, otherCommandsSeen: hostile, conditionsInPathsOnly: [{ name: 'ab', reason: hostile }] });
    assert.doesNotMatch(said, /\x1b/);
    assert.doesNotMatch(said, /\nall judgments hidden/);
    // Each line that quotes a reason (the mounts' twice, HOME's, the sessions folder's, a condition's) quotes it escaped.
    assert.equal(said.split('(mount: \\u001b[2J\\u001b[31mpermission denied\\nall judgments hidden)').length - 1, 5, said);
  });
});
