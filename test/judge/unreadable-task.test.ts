// An entry of a run's task folder that eval-magic may not read (mode 000, as a regular user: root
// reads it all the same): its command_check and llm_judge assertions stay ungraded, in judge and in
// compare alike — the run may not be judged, nor its commands run, without the file.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { binPath } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const asRoot = process.getuid?.() === 0;

describe('a task folder holding an entry eval-magic may not read', () => {
  it('judge and compare leave its command_check and llm_judge ungraded alike', { skip: !asRoot && 'needs root to become a regular user with setpriv', timeout: 120_000 }, async () => {
    const c = await judgedCampaign({ runs: 1 });
    const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    evals.evals[1].assertions.push({ id: 'lists', type: 'command_check', command: 'ls' });
    writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
    const run1 = join(c.ws.iteration(), 'eval-explain/with_skill/run-1');
    writeFileSync(join(run1, 'task', 'secret.txt'), 'the agent wrote it');
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    giveToRegularUser(c.ws.root);
    chmodSync(join(run1, 'task', 'secret.txt'), 0o000);
    const run2 = join(c.ws.iteration(), 'eval-explain/without_skill/run-1');
    mkdirSync(join(run2, 'task', 'closed'));
    giveToRegularUser(run2);
    chmodSync(join(run2, 'task', 'closed'), 0o000);
    const asUser = (args: string[]) => spawnAsRegularUser([process.execPath, binPath, ...args], { cwd: c.ws.root, env: { ...c.ws.env, NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 });
    const judged = asUser(['judge', '--harness', 'claude-code', '--eval', 'explain', '--', '.eval-magic']);
    // Nothing judged: exit 1, as when every session failed.
    assert.equal(judged.status, 1, judged.stderr);
    const records = c.judgments();
    for (const [run, entry] of [['with_skill', 'secret.txt'], ['without_skill', 'closed']] as const) {
      const record = records[`explain/${run}/run-1/short/1`];
      assert.deepEqual([record.verdict, record.reason], [null, 'judge-failed'], JSON.stringify(record));
      // Said in judge's words, naming the run's entry (not the scratch copy's path, nor campaign).
      assert.match(record.message, new RegExp(`^the judge's task copy could not be made: the run's task folder holds an entry eval-magic may not read \\(EACCES\\): "[^"]*/${run}/run-1/task/${entry}"; make it readable to the user running eval-magic, then run judge again$`));
    }
    // The way forward is the folder's, not the judge's CLI's (no session started, so no turn-1/ to read).
    assert.doesNotMatch(judged.stderr, /fix the judge's CLI|turn-1/);
    assert.match(judged.stderr, /\neval-magic: no judge session started for 2 of them: the judge's task copy could not be made: the run's task folder holds an entry eval-magic may not read \(EACCES\): "[^"]+"; make it readable to the user running eval-magic, then run judge again\n$/);
    assert.equal(c.ws.calls().filter((call) => call.prompt.includes('# Grade one assertion')).length, 0, 'no judge was given a partial copy');
    const compared = asUser(['compare', '--', '.eval-magic']);
    assert.equal(compared.status, 0, compared.stderr);
    for (const run of [run1, run2]) {
      const grading = JSON.parse(readFileSync(join(run, 'grading.json'), 'utf8'));
      assert.deepEqual(grading.assertion_results.filter((r: any) => r.id === 'short' || r.id === 'lists'), [], 'neither graded');
      const reasons = Object.fromEntries(grading.ungraded.map((u: any) => [u.id, u.reason]));
      assert.match(reasons.short, /^no verdict of the judge counted \(judge-failed\): run eval-magic judge /);
      assert.match(reasons.lists, /^the run's task folder could not be copied to run the command in: EACCES$/);
    }
  });
});
