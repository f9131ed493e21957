// A judgment another judge command's session is under way for (its placeholder judgment.json, its
// folder's lock held by a command that may still run): compare and judge say to wait for it — in
// the words campaign's runs under way are said in — never to run judge, which its lock refuses.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { processStartTicks } from '../../src/process/lock-record.js';
import { CUT_SHORT } from '../../src/workspace/kept-attempts.js';
import { RUN_LOCK_FILE } from '../../src/workspace/layout.js';
import { runMain } from '../helpers/cli.js';
import { explainJudged } from './judge-helpers.js';

type Judged = Awaited<ReturnType<typeof explainJudged>>;
const folderOf = (c: Judged) => join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1');

/** The lock of a command that runs (this test's process), or of one on another host. */
function lock(dir: string, host: 'here' | 'elsewhere'): void {
  const holder = host === 'here' ? { pid: process.pid, host: hostname(), proc_start: processStartTicks(process.pid) } : { pid: 4242, host: 'ci-runner-7' };
  writeFileSync(join(dir, RUN_LOCK_FILE), JSON.stringify({ ...holder, started: '2026-12-07T14:02:11.000Z', token: 'abc', contained: true }) + '\n');
}

/** The judgment.json a judge command writes before its session starts (session.ts). */
function placeholder(dir: string): void {
  const record = JSON.parse(readFileSync(join(dir, 'judgment.json'), 'utf8'));
  writeFileSync(join(dir, 'judgment.json'), JSON.stringify({ ...record, verdict: null, reason: 'judge-interrupted', message: CUT_SHORT, tokens: null }, null, 2) + '\n');
}

/** What compare says of the judgment, in its validity warnings. */
async function compareSays(c: Judged): Promise<string> {
  const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
  const said = document.validity.map((v) => v.message).filter((m) => m.includes('judge/short/1/'));
  assert.equal(said.length, 1, JSON.stringify(document.validity));
  return said[0]!;
}

describe('a judgment another command is judging (review40)', () => {
  it('its session under way on this host: compare says wait for its judge command, not run judge; judge leaves it out of its plan, saying so, and makes nothing of it', async () => {
    const c = await explainJudged();
    const dir = folderOf(c);
    placeholder(dir);
    lock(dir, 'here');
    const said = await compareSays(c);
    assert.match(said, /judge\/short\/1\/ is still under way \(eval-magic pid \d+ holds its lock, since 2026-12-07T14:02:11\.000Z\): wait for its judge command to end/);
    assert.doesNotMatch(said, /to make it again/);
    const plan = await c.plan({ evalIds: ['explain'] });
    assert.equal(plan.plan.pending, 0);
    assert.equal(plan.plan.done, 1);
    assert.equal(plan.plan.underWay?.length, 1);
    assert.match(plan.plan.underWay![0]!, /judge\/short\/1\/ is still under way \(eval-magic pid \d+ holds its lock, since 2026-12-07T14:02:11\.000Z\): wait for its judge command to end$/);
    const dry = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--dry-run', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.match(dry.stdout, /1 made already, 1 under way in another command: nothing to judge now/);
    assert.match(dry.stdout, /1 under way in another command, left out: \S*judge\/short\/1\/ is still under way/);
    assert.doesNotMatch(dry.stdout, /to make|after earlier failed attempts/);
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.deepEqual([result.records.length, result.failed.length], [0, 0]);
  });

  it("its lock another host's: compare and judge say, in one wording, to wait for it there or, if nothing runs there any more, delete the lock and run judge again", async () => {
    const c = await explainJudged();
    const dir = folderOf(c);
    placeholder(dir);
    lock(dir, 'elsewhere');
    const words = 'may still be under way on host "ci-runner-7" (eval-magic pid 4242 there holds its lock, since 2026-12-07T14:02:11.000Z): wait for its judge command to end there; if nothing runs there any more, it was cut short: delete its .eval-magic-run.lock and run the judge command again';
    assert.ok((await compareSays(c)).includes(`judge/short/1/ ${words}`));
    const plan = await c.plan({ evalIds: ['explain'] });
    assert.ok(plan.plan.underWay?.[0]?.endsWith(`judge/short/1/ ${words}`), JSON.stringify(plan.plan.underWay));
    // Done so: made again, as a failed attempt's (the session cut short).
    rmSync(join(dir, RUN_LOCK_FILE));
    assert.equal((await c.plan({ evalIds: ['explain'] })).plan.pending, 1);
  });

  it("a judgment whose folder's lock another command holds, with no placeholder yet: the tally says the lock, not files that could not be written", async () => {
    const c = await explainJudged();
    const dir = folderOf(c);
    rmSync(dir, { recursive: true });
    mkdirSync(dir, { recursive: true });
    lock(dir, 'here');
    const run = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.match(run.stderr, /is in use by another eval-magic command/);
    assert.match(run.stdout, /; 1 could not be made \(another eval-magic command holds its folder's lock: see above\)/);
    assert.doesNotMatch(run.stdout, /could not be written/);
  });
});
