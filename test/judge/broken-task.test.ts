// A run whose task folder was replaced by a link (or removed) gets one verdict from judge and
// compare alike: its llm_judge assertions fail, saying why, without a judge session — as compare
// fails its command_check — never ungraded (an ungraded judgment is asked again and never counts,
// so planting a link would dodge a failing verdict).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const row = (doc: any, evalId: string, id: string) => doc.evals.find((e: any) => e.id === evalId).assertions.find((a: any) => a.id === id);
const grading = (c: { ws: { iteration: () => string } }, run: string) => JSON.parse(readFileSync(join(c.ws.iteration(), run, 'grading.json'), 'utf8'));
const LINKED = /^the run's task folder, which its run\.json names, is a symbolic link \(not followed: it may point out of the workspace\); counted as failed, since only the run could have done it$/;

describe('a run whose task folder is broken: one verdict from judge and compare', () => {
  it('a task folder replaced by a link: judge records the llm_judge assertion failed, without a session, and compare counts it failed with the same evidence', async () => {
    const c = await judgedCampaign({ runs: 2 });
    const run1 = join(c.ws.iteration(), 'eval-explain/with_skill/run-1');
    // The agent moved its work out and left a link in its place.
    cpSync(join(run1, 'task'), join(c.ws.root, 'elsewhere'), { recursive: true, verbatimSymlinks: true });
    rmSync(join(run1, 'task'), { recursive: true });
    symlinkSync(join(c.ws.root, 'elsewhere'), join(run1, 'task'));
    // A judge that would pass everything: the forged run must not get a session to pass.
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    const { result } = await c.judge({ evalIds: ['explain'], retries: 2, repeats: 2 });
    const forged = c.judgments();
    for (const repeat of ['1', '2']) {
      const record = forged[`explain/with_skill/run-1/short/${repeat}`];
      assert.equal(record.reason, null, JSON.stringify(record));
      assert.equal(record.verdict.passed, false);
      assert.match(record.verdict.evidence, LINKED);
      assert.equal(record.attempts, 0, 'no judge session');
      assert.deepEqual(readdirSync(join(run1, 'judge/short', repeat)).filter((n) => n !== 'judgment.json' && !n.startsWith('.')), [], 'no session files');
    }
    assert.ok(Object.entries(forged).filter(([k]) => !k.startsWith('explain/with_skill/run-1/')).every(([, r]) => r.verdict?.passed === true));
    assert.equal(result.records.length, 8);

    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const short = grading(c, 'eval-explain/with_skill/run-1').assertion_results.find((r: any) => r.id === 'short');
    assert.equal(short.passed, false);
    assert.equal(short.evidence, forged['explain/with_skill/run-1/short/1'].verdict.evidence, 'the evidence judge recorded');
    assert.deepEqual([row(document, 'explain', 'short').with_skill.passed, row(document, 'explain', 'short').with_skill.failed, row(document, 'explain', 'short').with_skill.ungraded], [1, 1, 0]);

    // Judged again (with --retries): the failure stands, nothing is asked again.
    const again = await c.judge({ evalIds: ['explain'], retries: 2, repeats: 2 });
    assert.equal(again.result.plan.pending, 0);
  });

  it('compare fails the llm_judge assertion of a forged run before any judgment, as it fails its command_check; a folder put right is judged again by a session', async () => {
    const c = await judgedCampaign({ runs: 2 });
    const run1 = join(c.ws.iteration(), 'eval-explain/with_skill/run-1');
    const kept = join(c.ws.root, 'kept-task');
    cpSync(join(run1, 'task'), kept, { recursive: true, verbatimSymlinks: true });
    rmSync(join(run1, 'task'), { recursive: true });
    symlinkSync(kept, join(run1, 'task'));
    await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const before = grading(c, 'eval-explain/with_skill/run-1');
    assert.deepEqual(before.ungraded.filter((u: any) => u.id === 'short'), []);
    assert.match(before.assertion_results.find((r: any) => r.id === 'short').evidence, LINKED);

    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    await c.judge({ evalIds: ['explain'] });
    // The folder put back as it was: the failure judge recorded no longer holds, so it is no vote, and judge asks a session.
    rmSync(join(run1, 'task'));
    cpSync(kept, join(run1, 'task'), { recursive: true, verbatimSymlinks: true });
    await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.ok(grading(c, 'eval-explain/with_skill/run-1').ungraded.find((u: any) => u.id === 'short').reason.endsWith(`run eval-magic judge ${c.ws.iteration()} --harness claude-code to make it again`));
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.equal(result.plan.pending, 1);
    assert.equal(c.judgments()['explain/with_skill/run-1/short/1'].verdict.passed, true);
    assert.equal(c.judgments()['explain/with_skill/run-1/short/1'].attempts, 1);
  });

  it('eval-magic judge says the fail was no judge\'s, counts it failed in its tally, and check passes the record', async () => {
    // The file's other campaign (2 runs per arm): one campaign made for the file, not two.
    const c = await judgedCampaign({ runs: 2 });
    const run1 = join(c.ws.iteration(), 'eval-explain/with_skill/run-1');
    rmSync(join(run1, 'task'), { recursive: true });
    symlinkSync(c.ws.root, join(run1, 'task'));
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    const out = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stderr + out.stdout, /explain with_skill run-1 short #1: fail, no judge asked \(the run's task folder, which its run\.json names, is a symbolic link/);
    assert.match(out.stdout, /\njudged 4: 3 passed, 1 failed, 0 ungraded\n$/);
    assert.match(out.stderr + out.stdout, /\n  4 to make, 0 made already, 3 at a time\n  1 of them fails without a session: its run's task folder is a symbolic link, gone or not a folder \(compare fails it too\)\n/);
    const checked = await runMain(['check', join(run1, 'judge/short/1/judgment.json')], { cwd: c.ws.root });
    assert.equal(checked.code, 0, checked.stdout + checked.stderr);
  });

  it("the judge's CLI is needed only when a session will start: every judgment failing without one, or none left to make, is judged without it installed (the plan says so); one session due, its absence is refused, nothing written", async () => {
    const c = await judgedCampaign({ runs: 2 });
    const it = c.ws.iteration();
    const kept = join(c.ws.root, 'kept-task');
    cpSync(join(it, 'eval-explain/with_skill/run-1/task'), kept, { recursive: true, verbatimSymlinks: true });
    for (const arm of ['with_skill', 'without_skill']) {
      for (const run of ['run-1', 'run-2']) {
        rmSync(join(it, 'eval-explain', arm, run, 'task'), { recursive: true });
        // The control's task held no file (its .claude/skills only), so one gone would be read as empty: its record says it held one.
        const record = join(it, 'eval-explain', arm, run, 'run.json');
        writeFileSync(record, JSON.stringify({ ...JSON.parse(readFileSync(record, 'utf8')), empty_dirs: ['staged'] }, null, 2));
      }
    }
    // No claude on PATH: the fake agents' folder left out.
    const env = { ...c.ws.env, PATH: process.env.PATH ?? '' };
    const judge = () => runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--', '.eval-magic'], { cwd: c.ws.root, env });
    const first = await judge();
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /\n  4 to make, 0 made already, no session to start: they fail without one, as their run's task folder is a symbolic link, gone or not a folder \(compare fails them too\); the judge's CLI is not run\n/);
    assert.match(first.stdout, /\njudged 4: 0 passed, 4 failed, 0 ungraded\n$/);
    // No CLI run, no version read: the record says null, and check passes it.
    const record = join(it, 'eval-explain/with_skill/run-1/judge/short/1/judgment.json');
    assert.deepEqual(JSON.parse(readFileSync(record, 'utf8')).harness, { name: 'claude-code', version: null });
    assert.equal((await runMain(['check', record], { cwd: c.ws.root })).code, 0);
    const again = await judge();
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /all 4 made already: nothing to judge\n$/);
    // One folder put right: its judgment needs a session, and the missing CLI is refused before anything is written.
    cpSync(kept, join(it, 'eval-explain/with_skill/run-1/task'), { recursive: true, verbatimSymlinks: true });
    const before = readFileSync(join(it, 'eval-explain/with_skill/run-1/judge/short/1/judgment.json'), 'utf8');
    const refused = await judge();
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /^eval-magic: harness claude-code: the executable "claude" is not on PATH \([^)]*\); install it or put its folder on PATH \(nothing was run\)\n$/);
    assert.equal(readFileSync(join(it, 'eval-explain/with_skill/run-1/judge/short/1/judgment.json'), 'utf8'), before);
  });

  it('a task folder the run removed: failed the same way (judge no longer judges it without a copy)', async () => {
    const c = await judgedCampaign({ runs: 2 });
    // A task that held a file (the staged skill): one that held none is read as empty (below).
    const run1 = join(c.ws.iteration(), 'eval-explain/with_skill/run-2');
    rmSync(join(run1, 'task'), { recursive: true });
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    await c.judge({ evalIds: ['explain'] });
    const record = c.judgments()['explain/with_skill/run-2/short/1'];
    assert.equal(record.verdict.passed, false);
    assert.match(record.verdict.evidence, /^the run's task folder, which its run\.json names, is gone; counted as failed, since only the run could have done it$/);
    assert.equal(existsSync(join(run1, 'judge/short/1/packet.md')), false, 'never sent');
    await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.equal(grading(c, 'eval-explain/with_skill/run-2').assertion_results.find((r: any) => r.id === 'short').evidence, record.verdict.evidence);
  });

  it('a FIFO the agent left in its task folder: judged, the copy without it, as compare runs command_check without it (never judge-failed for ever)', async () => {
    const c = await judgedCampaign({ runs: 2 });
    const run1 = join(c.ws.iteration(), 'eval-explain/with_skill/run-1');
    assert.equal(spawnSync('mkfifo', [join(run1, 'task', 'pipe')]).status, 0);
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    await c.judge({ evalIds: ['explain'] });
    const record = c.judgments()['explain/with_skill/run-1/short/1'];
    assert.equal(record.reason, null, JSON.stringify(record));
    assert.equal(record.verdict.passed, true);
    await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.equal(grading(c, 'eval-explain/with_skill/run-1').assertion_results.find((r: any) => r.id === 'short').passed, true);
  });
});

/** What git, and an artifact upload, make of a folder: every folder that holds no file (at any depth) is dropped. */
function dropEmptyFolders(dir: string): boolean {
  const held = readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() && !e.isSymbolicLink() ? dropEmptyFolders(join(dir, e.name)) : true));
  if (held.some(Boolean)) return true;
  rmSync(dir, { recursive: true });
  return false;
}

describe('a workspace moved by a copy that keeps no empty folder (git, an artifact upload)', () => {
  // explain stages no file: every staged/ and the control's task/ (an empty .claude/skills) hold none.
  const withChecks = (c: { ws: { root: string; evalsPath: string } }) => {
    const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    evals.evals[1].assertions.push({ id: 'ran', type: 'command_check', command: 'true' }, { id: 'in-scope', type: 'diff_scope', max_files_touched: 0 });
    const path = join(c.ws.root, 'evals-checked.json');
    writeFileSync(path, JSON.stringify(evals));
    return path;
  };
  const counts = (doc: any) => ['ran', 'in-scope', 'short'].map((id) => [id, ...['with_skill', 'without_skill'].map((arm) => [row(doc, 'explain', id)[arm].passed, row(doc, 'explain', id)[arm].failed, row(doc, 'explain', id)[arm].ungraded])]);

  it('every grader gives the verdict it gave before: command_check, diff_scope and llm_judge (judged before or after) read a folder that is gone as the empty folder it was', async () => {
    const c = await judgedCampaign({ runs: 2 });
    const it = c.ws.iteration();
    const evals = withChecks(c);
    assert.deepEqual(JSON.parse(readFileSync(join(it, 'eval-explain/without_skill/run-1/run.json'), 'utf8')).empty_dirs, ['task', 'staged']);
    assert.deepEqual(JSON.parse(readFileSync(join(it, 'eval-explain/with_skill/run-1/run.json'), 'utf8')).empty_dirs, ['staged']);
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    await c.judge({ evalIds: ['explain'] });
    const before = counts((await compareIterations([c.ws.workspace], { cwd: c.ws.root, evals, writeGrading: false })).document);
    assert.deepEqual(before, [['ran', [2, 0, 0], [2, 0, 0]], ['in-scope', [2, 0, 0], [2, 0, 0]], ['short', [2, 0, 0], [2, 0, 0]]]);

    dropEmptyFolders(c.ws.workspace);
    assert.equal(existsSync(join(it, 'eval-explain/without_skill/run-1/task')), false);
    assert.equal(existsSync(join(it, 'eval-explain/with_skill/run-1/staged')), false);
    assert.deepEqual(counts((await compareIterations([c.ws.workspace], { cwd: c.ws.root, evals, writeGrading: false })).document), before);
    assert.equal((await c.plan({ evalIds: ['explain'] })).plan.pending, 0, 'the judgments stand');
    // Judged after the loss: a session, given an empty folder as the task.
    rmSync(join(it, 'eval-explain/without_skill/run-2/judge'), { recursive: true });
    await c.judge({ evalIds: ['explain'] });
    const record = c.judgments()['explain/without_skill/run-2/short/1'];
    assert.deepEqual([record.verdict.passed, record.attempts], [true, 1]);
    assert.deepEqual(counts((await compareIterations([c.ws.workspace], { cwd: c.ws.root, evals })).document), before);
  });

  it('a folder that held a file, a link in place of one that held none, or a run.json that does not say (older eval-magic) still fails the run', async () => {
    const c = await judgedCampaign({ runs: 2 });
    const it = c.ws.iteration();
    const evals = withChecks(c);
    dropEmptyFolders(c.ws.workspace);
    // with_skill run-1 held its staged skill; without_skill run-1's task held none, and a link now stands for it.
    rmSync(join(it, 'eval-explain/with_skill/run-1/task'), { recursive: true });
    symlinkSync(c.ws.root, join(it, 'eval-explain/without_skill/run-1/task'));
    const older = join(it, 'eval-explain/without_skill/run-2/run.json');
    const { empty_dirs: _, ...record } = JSON.parse(readFileSync(older, 'utf8'));
    writeFileSync(older, JSON.stringify(record, null, 2));
    await compareIterations([c.ws.workspace], { cwd: c.ws.root, evals });
    const evidence = (run: string) => grading(c, `eval-explain/${run}`).assertion_results.map((r: any) => [r.id, r.passed, r.evidence.replace(/; counted as failed, since only the run could have done it$/, '')]);
    const named = (what: string) => ['short', 'ran', 'in-scope'].map((id) => [id, false, `the run's task folder, which its run.json names, ${what}`]);
    assert.deepEqual(evidence('with_skill/run-1'), named('is gone'));
    assert.deepEqual(evidence('without_skill/run-1'), named('is a symbolic link (not followed: it may point out of the workspace)'));
    assert.deepEqual(evidence('without_skill/run-2'), named('is gone (its run.json, from an older eval-magic, does not say whether it held any file: a copy that keeps no empty folder, as git does, drops one that held none)'));
    assert.deepEqual(grading(c, 'eval-explain/with_skill/run-2').assertion_results.map((r: any) => [r.id, r.passed]), [['ran', true], ['in-scope', true]], 'its staged/ held none and is gone: graded (short is not judged here)');
  });
});
