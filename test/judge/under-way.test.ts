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
import { explainJudged, verdict } from './judge-helpers.js';

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
    // Its holder makes it and its exit says how that went: this command's share is done (review46 F4, kept).
    const run = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(run.code, 0, run.stdout + run.stderr);
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

  it("its folder's lock taken by another command after this one planned (two judges started a moment apart): left to its holder as the plan leaves it, in the plan's words, exit 0 — not a judgment that could not be made", async () => {
    const c = await explainJudged();
    const dir = folderOf(c);
    // The race, made certain: the other command takes the folder between this one's plan and its session.
    const takeLock = () => {
      mkdirSync(dir, { recursive: true });
      lock(dir, 'here');
    };
    rmSync(dir, { recursive: true });
    const words = /judge\/short\/1\/ is still under way \(eval-magic pid \d+ holds its lock, since 2026-12-07T14:02:11\.000Z\): wait for its judge command to end$/;
    const raced = await c.judge({ evalIds: ['explain'], reporter: (p) => void (p.kind === 'plan' && takeLock()) });
    assert.equal(raced.result.plan.pending, 1, 'planned before the lock was there');
    assert.deepEqual(raced.result.failed, []);
    assert.equal(raced.result.underWay.length, 1, JSON.stringify(raced.result.underWay));
    assert.match(raced.result.underWay[0]!.underWay, words);
    // The command, as a CI job reads it: the exit and the words of a plan that saw the lock.
    rmSync(dir, { recursive: true });
    let taken = false;
    const run = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env, onStdout: () => void (taken || (takeLock(), (taken = true))) });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr, /explain with_skill run-1 short #1: under way in another command, left out: \S*judge\/short\/1\/ is still under way \(eval-magic pid \d+ holds its lock/);
    assert.match(run.stdout, /; 1 under way in another command, left out: see above/);
    assert.doesNotMatch(run.stdout + run.stderr, /could not be made|could not be written|is in use by/);
  });
});

describe('every judgment due under way in another command, not one verdict anywhere (review47)', () => {
  it('exits 1, as when nothing was judged, saying they are under way elsewhere and to run judge again after it ends — a CI job must not go on to compare with nothing judged', async () => {
    const c = await explainJudged();
    const dirs = ['with_skill', 'without_skill'].map((arm) => join(c.ws.iteration(), `eval-explain/${arm}/run-1/judge/short/1`));
    for (const dir of dirs) {
      placeholder(dir);
      lock(dir, 'elsewhere');
    }
    const plan = await c.plan({ evalIds: ['explain'] });
    assert.deepEqual([plan.plan.pending, plan.plan.underWay?.length], [0, 2]);
    const run = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const last = run.stderr.trimEnd().split('\n').at(-1)!;
    assert.match(last, /^eval-magic: nothing was judged: the 2 judgments due are under way in another command and not one made before holds a verdict; run the judge command again after it ends/, run.stderr);
    // A dry run says the same, exit 0, as for every plan with nothing left to make.
    const dry = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--dry-run', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(dry.code, 0);
    assert.match(dry.stderr, /nothing was judged: the 2 judgments due are under way in another command/);
  });
});

describe('a judgment folder whose lock no command holds (review43 F4)', () => {
  for (const kind of ['stale, its agents not in PID namespaces', 'unreadable'] as const) {
    it(`${kind}: compare, judge's plan, its refusal and its tally say the one thing — delete the lock if nothing uses it, then run judge — and the plan makes nothing of it`, async () => {
      const c = await explainJudged();
      const dir = folderOf(c);
      placeholder(dir);
      writeFileSync(join(dir, RUN_LOCK_FILE), kind === 'unreadable' ? 'not a lock\n' : JSON.stringify({ pid: 999_999, host: hostname(), started: '2026-12-07T14:02:11.000Z', token: 'abc' }) + '\n');
      const words = kind === 'unreadable'
        ? /is locked by (its )?\S*\.eval-magic-run\.lock, which is not a lock file eval-magic can read; if no eval-magic command is using it, delete it and run/
        : /has a stale lock: (its )?\S*\.eval-magic-run\.lock was left by an eval-magic command \(pid 999999, started 2026-12-07T14:02:11\.000Z\) that is no longer running \(it was killed or crashed\), and whose agents were not held in PID namespaces, so one may still run\. If nothing is using it, delete the lock file and run/;
      const said = await compareSays(c);
      assert.match(said, words);
      assert.match(said, /judge\/short\/1\/ (has a stale lock|is locked by)/);
      assert.doesNotMatch(said, /to make it again/, 'judge refuses it as it is: no advice to run it alone');
      const dry = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--dry-run', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
      assert.match(dry.stdout, /1 made already, 1 left out at a lock no command holds: nothing to judge now/);
      assert.match(dry.stdout, /1 left out, its folder locked by no running command: \S*judge\/short\/1\/ (has a stale lock|is locked by)/);
      assert.match(dry.stdout.replace(/\n\s*/g, ' '), words);
      assert.doesNotMatch(dry.stdout, /to make|after earlier failed attempts/);
      const { result } = await c.judge({ evalIds: ['explain'] });
      assert.deepEqual([result.records.length, result.failed.length], [0, 0], 'left out of the plan: no session refused');
      // No command will make it: CI must not read the command as having judged everything (review46 F4).
      assert.equal(dry.code, 0, 'a dry run exits 0');
      const run = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /1 left out, its folder locked by no running command/);
      // The refusal, met by a command that planned before the lock was left: the same words, told apart from a live holder's.
      rmSync(join(dir, RUN_LOCK_FILE));
      const lockText = kind === 'unreadable' ? 'not a lock\n' : JSON.stringify({ pid: 999_999, host: hostname(), started: '2026-12-07T14:02:11.000Z', token: 'abc' }) + '\n';
      c.ws.respond({ judge: [{ when: '# Grade one assertion', texts: [verdict(true)] }] });
      const raced = await c.judge({ evalIds: ['explain'], reporter: (p) => void (p.kind === 'plan' && writeFileSync(join(dir, RUN_LOCK_FILE), lockText)) });
      assert.equal(raced.result.failed.length, 1, JSON.stringify(raced.result.failed));
      assert.deepEqual([raced.result.failed[0]!.locked, raced.result.failed[0]!.stale], [true, true]);
      assert.match(raced.result.failed[0]!.message, words);
    });
  }
});

describe('a stale lock behind a record judge would make again (review46 F3)', () => {
  for (const kind of ['a verdict of an edited rubric', 'a failed session'] as const) {
    it(`${kind}: compare says the lock, as judge's plan leaves the judgment out, not to run judge`, async () => {
      const c = await explainJudged();
      const dir = folderOf(c);
      if (kind === 'a verdict of an edited rubric') {
        const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
        evals.evals.find((e: { id: string }) => e.id === 'explain').assertions[0].rubric += ' (edited)';
        writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
      } else {
        const record = JSON.parse(readFileSync(join(dir, 'judgment.json'), 'utf8'));
        writeFileSync(join(dir, 'judgment.json'), JSON.stringify({ ...record, verdict: null, reason: 'judge-failed', message: 'Round 1: claude exited with status 3', tokens: null }, null, 2) + '\n');
      }
      writeFileSync(join(dir, RUN_LOCK_FILE), JSON.stringify({ pid: 999_999, host: hostname(), started: '2026-12-07T14:02:11.000Z', token: 'abc' }) + '\n');
      const plan = await c.plan({ evalIds: ['explain'] });
      assert.equal(plan.plan.stuckLocks?.length, 1, 'the plan leaves it out');
      const said = await compareSays(c);
      assert.match(said, /judge\/short\/1\/ has a stale lock: /);
      // The edited rubric's other arm is judge's to make again, and said so; the locked one is not.
      if (kind === 'a failed session') assert.doesNotMatch(said, /to make it again/);
    });
  }
});
