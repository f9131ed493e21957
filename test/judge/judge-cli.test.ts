// `eval-magic judge` on the command line: the plan line before any session, a line per judgment,
// the tally, resuming, and bad input refused before anything is spent.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { describePlan } from '../../src/cli/judge.js';
import { checkSource } from '../../src/index.js';
import type { JudgePlanSummary } from '../../src/judge/index.js';
import { spawn } from 'node:child_process';
import { binPath, runMain } from '../helpers/cli.js';
import { isRunning } from '../runner/run-helpers.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

describe('eval-magic judge', () => {
  it('prints the plan, each judgment and a tally; run again, it makes nothing; check validates a judgment.json', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: '# Grade one assertion', texts: [verdict(true)] }] });
    const first = await runMain(['judge', '--harness', 'claude-code', '--repeats', '2', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^judge with claude-code: 4 runs × llm_judge assertions × 2 repeats = 12 judgments, sessions add-column 4, explain 2 per run\n {2}12 to make, 0 made already, 4 at a time\n/);
    assert.match(first.stdout, /judged 12: 12 passed, 0 failed, 0 ungraded\n$/);
    assert.match(first.stderr, /\[12\/12\] \S+ \S+ run-1 \S+ #[12]: pass \(confidence 0\.9\)/);
    const again = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--repeats', '2'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /all 12 made already: nothing to judge\n$/);
    const checked = await runMain(['check', join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/2/judgment.json')], { cwd: c.ws.root });
    assert.equal(checked.code, 0, checked.stdout);
  });

  it("judgments made by another judge, and this command's --repeats beyond theirs: it says this command adds this judge's (it advised --repeats 2 to a command of --repeats 3; review23)", () => {
    const base = { harness: 'claude-code', runs: 2, repeats: 3, judgments: 6, done: 2, pending: 4, sessionsPerRun: { e: 3 }, shard: undefined, jobs: 4, madeByOtherJudge: ['r/judge/a/1: made by x, where this command asks y'], repeatsToAddThisJudge: 2 };
    assert.match(describePlan(base), /; this command adds this judge's as repeats 2–3$/);
    assert.match(describePlan({ ...base, repeats: 2, judgments: 4, pending: 2 }), /; this command adds this judge's as repeat 2$/);
    assert.match(describePlan({ ...base, repeats: 1, judgments: 2, done: 2, pending: 0 }), /; to add this judge's, run again with --repeats 2$/);
  });

  it('an empty shard of a plan with judgments says the other shards hold them (it said no counted run has an llm_judge assertion; review22)', () => {
    const empty = describePlan({ harness: 'codex', runs: 0, repeats: 1, judgments: 0, done: 0, pending: 0, sessionsPerRun: {}, shard: { index: 2, count: 2 }, ofAll: 2, jobs: 4 });
    assert.match(empty, /\n {2}nothing to judge in this shard: the other shards hold all 2 judgments of the plan$/);
    // Its first line says the shard's judgments as a share of the plan's (it read "= 0 judgments (shard 2/2)" beside the plan's runs).
    assert.match(empty, /^judge with codex: 0 runs × llm_judge assertions × 1 repeat = 0 judgments of the plan's 2 \(shard 2\/2\)/);
    const nothing = describePlan({ harness: 'codex', runs: 0, repeats: 1, judgments: 0, done: 0, pending: 0, sessionsPerRun: {}, shard: { index: 2, count: 2 }, ofAll: 0, jobs: 4 });
    assert.match(nothing, /nothing to judge: no counted run has an llm_judge assertion$/);
  });

  it('the plan says which runs it passes over because compare does not count them (an unreadable run.json, a conversation.json with errors), not a smaller count without a word', async () => {
    const c = await judgedCampaign({ runs: 1 });
    writeFileSync(join(c.ws.iteration(), 'eval-explain/with_skill/run-1/run.json'), '{"schema_version": 1,');
    writeFileSync(join(c.ws.iteration(), 'eval-add-column/without_skill/run-1/conversation.json'), '{}');
    const run = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--dry-run'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^judge with claude-code: 2 runs × llm_judge assertions × 1 repeat = 3 judgments, sessions add-column 2, explain 1 per run\n {2}3 to make, 0 made already, \d at a time\n {2}2 runs with llm_judge assertions not judged, as compare does not count them: \.eval-magic\/csv-reports\/iteration-1\/eval-explain\/with_skill\/run-1: its run\.json cannot be used, so how it ended is unknown \(\.eval-magic\/csv-reports\/iteration-1\/eval-explain\/with_skill\/run-1\/run\.json:1:22: not valid JSON: it ends too early\) \(and 1 more; compare names each\)\n/);
    // run.json's message is the run's text: a line break in it never starts a line of the plan (a forged tally).
    const one = describePlan({ harness: 'codex', runs: 0, repeats: 1, judgments: 0, done: 0, pending: 0, sessionsPerRun: {}, shard: undefined, jobs: 4, notCounted: ['iteration-1/eval-a/with_skill/run-1: the run aborted (agent-failed: boom\njudged 3: 3 passed)'] });
    assert.equal(one.split('\n').slice(1).join('\n'), '  nothing to judge: no counted run has an llm_judge assertion\n  1 run with llm_judge assertions not judged, as compare does not count it: iteration-1/eval-a/with_skill/run-1: the run aborted (agent-failed: boom\\njudged 3: 3 passed)');
  });

  it('a judgment.json that cannot be used is made again, and the plan says so, naming it and why (it was replaced without a word)', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: '# Grade one assertion', texts: [verdict(true)] }] });
    // One eval's judgments (2): what holds of every judgment holds of these.
    assert.equal((await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--eval', 'explain'], { cwd: c.ws.root, env: c.ws.env })).code, 0);
    writeFileSync(join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1/judgment.json'), 'null\n');
    const again = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--eval', 'explain'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^judge with .*\n {2}1 to make, 1 made already, 1 at a time\n {2}1 judgment\.json file cannot be used and is made again: \.eval-magic\/csv-reports\/iteration-1\/eval-explain\/with_skill\/run-1\/judge\/short\/1\/judgment\.json:1:1: the record must be object, against its schema\n/);
  });

  it('the tally counts the judgments whose files could not be written (exit 1), and is printed when none could be', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: '# Grade one assertion', texts: [verdict(true)] }] });
    // A file where every run's judge/ folder goes: no judgment of those runs can be written.
    const runs = ['eval-add-column/with_skill/run-1', 'eval-add-column/without_skill/run-1', 'eval-explain/with_skill/run-1', 'eval-explain/without_skill/run-1'];
    writeFileSync(join(c.ws.iteration(), runs[0]!, 'judge'), '');
    const some = await runMain(['judge', '--harness', 'claude-code', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(some.code, 1, some.stderr);
    // The plan says what the run then does: the 2 judgments below the file are not made (it said they were "made again"), and the file is named to remove.
    assert.match(some.stdout, /^judge with .*\n {2}6 to make, 0 made already, 4 at a time\n {2}2 of them cannot be made, as judge does not write over a judgment folder that is no folder: \.eval-magic\/csv-reports\/iteration-1\/eval-add-column\/with_skill\/run-1\/judge\/ is not a folder: remove it, then run this command again\n/);
    assert.doesNotMatch(some.stdout, /made again/);
    assert.match(some.stdout, /\njudged 4: 4 passed, 0 failed, 0 ungraded; 2 could not be made \(their files could not be written: see above\)\n$/);
    // Said of what judge makes, not as "a folder eval-magic run made".
    // Named as the plan line names it (relative to the working folder), not by its absolute path.
    assert.match(some.stderr, /run-1 \S+ #1: not made: \.eval-magic\/csv-reports\/iteration-1\/eval-add-column\/with_skill\/run-1\/judge is a file, not a folder eval-magic made; remove it\n/);
    for (const run of runs.slice(1)) {
      rmSync(join(c.ws.iteration(), run, 'judge'), { recursive: true, force: true });
      writeFileSync(join(c.ws.iteration(), run, 'judge'), '');
    }
    const none = await runMain(['judge', '--harness', 'claude-code', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(none.code, 1, none.stderr);
    // No session starts (every judgment due is below a stray level): the plan says so, not "4 at a time".
    assert.match(none.stdout, /^judge with .*\n {2}6 to make, 0 made already, no session to start; the judge's CLI is not run\n {2}6 of them cannot be made, as judge does not write over a judgment folder that is no folder: \S+\/run-1\/judge\/ is not a folder \(and 3 more\): remove them, then run this command again\n/);
    // Strays beside judgments the broken-task-folder rule fails: no session either.
    const mixed = describePlan({ harness: 'codex', runs: 2, repeats: 1, judgments: 6, done: 0, pending: 6, sessionsPerRun: { e1: 3 }, shard: undefined, jobs: 4, strays: ['r1/judge/ is not a folder', 'r1/judge/ is not a folder'], failingWithoutSession: 4 });
    assert.equal(mixed.split('\n').slice(1, 4).join('\n'), "  6 to make, 0 made already, no session to start; the judge's CLI is not run\n  4 of them fail without a session: their run's task folder is a symbolic link, gone or not a folder (compare fails them too)\n  2 of them cannot be made, as judge does not write over a judgment folder that is no folder: r1/judge/ is not a folder: remove it, then run this command again");
    // One session beside them: 1 at a time.
    assert.match(describePlan({ harness: 'codex', runs: 2, repeats: 1, judgments: 7, done: 0, pending: 7, sessionsPerRun: { e1: 3 }, shard: undefined, jobs: 4, strays: ['r1/judge/ is not a folder', 'r1/judge/ is not a folder'], failingWithoutSession: 4 }), /\n {2}7 to make, 0 made already, 1 at a time\n/);
    assert.match(none.stdout, /\njudged 0: 0 passed, 0 failed, 0 ungraded; 6 could not be made \(their files could not be written: see above\)\n$/);
  });

  it('nothing judged when judgments were due is exit 1, and the last line says so and what to do: every session failed, then made again', async () => {
    const c = await judgedCampaign({ runs: 1 });
    // One eval's judgments (2): what holds of every judgment holds of these.
    c.ws.respond({ exitWith: { pattern: '# Grade one assertion', code: 3 } });
    const failed = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(failed.code, 1, failed.stderr);
    assert.match(failed.stdout, /\njudged 2: 0 passed, 0 failed, ungraded 2 judge-failed\n$/);
    const last = failed.stderr.trimEnd().split('\n').slice(-2).join('\n');
    assert.match(last, /^eval-magic: nothing was judged: no judgment of the 2 made gave a verdict \(2 judge-failed\); compare will leave these llm_judge assertions ungraded\n/);
    assert.match(last, /see why in \S+\/judge\/\S+\/1\/turn-1, fix the judge's CLI \(its login, --model, --round-timeout\) and run the same command again: it makes a judgment whose session failed or timed out again$/);
    c.ws.respond({ judge: [{ when: '# Grade one assertion', texts: [verdict(true)] }] });
    const again = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /\njudged 2: 2 passed, 0 failed, 0 ungraded\n$/);
    assert.doesNotMatch(again.stderr, /nothing was judged/);
    // Verdicts made before do not hide a command whose every session failed: its judgments are due again.
    c.ws.respond({ exitWith: { pattern: '# Grade one assertion', code: 3 } });
    const more = await runMain(['judge', '--harness', 'claude-code', '--repeats', '2', '--eval', 'explain', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(more.code, 1, more.stderr);
    assert.match(more.stderr, /eval-magic: nothing was judged: no judgment of the 2 made gave a verdict \(2 judge-failed\)/);
  });

  it('nothing judged because every answer broke the verdict contract is exit 1 too, and the way forward judges every run alike (a further repeat), not the broken ones again', async () => {
    const c = await judgedCampaign({ runs: 1 });
    // One eval's judgments (2), as above.
    c.ws.respond({ judge: [{ when: '# Grade one assertion', texts: ['I think it passes.'] }] });
    const broken = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(broken.code, 1, broken.stderr);
    assert.match(broken.stderr, /eval-magic: nothing was judged: no judgment of the 2 made gave a verdict \(2 malformed-verdict\)/);
    assert.match(broken.stderr, /the judge answered outside the verdict contract: read its final message in \S+\/judge\/\S+\/1\/turn-1\. Such answers are kept \(asking again only where the answer was unusable would pick the verdicts\): to judge again, make a new judgment of every run alike with a judge that keeps to the contract: the same command with --repeats 2 \(and --model, or another --harness\)\n$/);
    // Run again (a CI job rerun): nothing to make, and still nothing judged: exit 1 again, with the way forward.
    const rerun = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(rerun.code, 1, rerun.stderr);
    assert.match(rerun.stdout, /all 2 made already: nothing to judge\n$/);
    assert.match(rerun.stderr, /eval-magic: nothing was judged: no judgment of the 2 \(made before\) gave a verdict \(2 malformed-verdict\)/);
    assert.match(rerun.stderr, /the same command with --repeats 2 \(and --model, or another --harness\)\n$/);
    // A dry run of it says the same before anything is run (it said nothing; review23), and exits 0: it only shows the plan.
    const dry = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--dry-run', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(dry.code, 0, dry.stderr);
    assert.equal(dry.stderr, rerun.stderr);
    // The way forward works: a further repeat of every run, by a judge that answers.
    c.ws.respond({ judge: [{ when: '# Grade one assertion', texts: [verdict(false)] }] });
    const next = await runMain(['judge', '--harness', 'claude-code', '--repeats', '2', '--eval', 'explain', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(next.code, 0, next.stderr);
    assert.match(next.stdout, /2 to make, 2 made already/);
  });

  it('judging several iterations (a workspace of two skills with the same evals), each line names its skill and iteration', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: '# Grade one assertion', texts: [verdict(true)] }] });
    // The same runs under another skill's folder, each with a work folder of its own (else a copy, judged once).
    const other = join(c.ws.workspace, 'other-skill', 'iteration-1');
    cpSync(c.ws.iteration(), other, { recursive: true });
    for (const run of readdirSync(other, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('run.json'))) {
      const record = JSON.parse(readFileSync(join(other, run), 'utf8'));
      writeFileSync(join(other, run), JSON.stringify({ ...record, work_dir: `${record.work_dir}-other` }, null, 2));
    }
    // One eval's judgments (2 an iteration): the lines name the skill and iteration whatever the eval.
    const run = await runMain(['judge', '--harness', 'claude-code', '--jobs', '1', '--eval', 'explain', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^\[1\/4\] csv-reports\/iteration-1 explain with_skill run-1 \S+ #1: pass/m);
    assert.match(run.stderr, /^\[\d+\/4\] other-skill\/iteration-1 explain with_skill run-1 \S+ #1: pass/m);
  });

  it('Ctrl-C mid-run: exit 130, the stop said once, no stack trace and no "nothing was judged"; the finished judgments kept, the stopped ones written nowhere, no session left', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: 'The answer is short', texts: [verdict(true)] }], hangWhen: 'explains why the timestamps' });
    // The two hanging judgments are twins, made first and side by side: a third job makes the quick ones.
    const child = spawn(process.execPath, [binPath, 'judge', '--harness', 'claude-code', '--jobs', '3', '--', '.eval-magic'], { cwd: c.ws.root, env: { ...c.ws.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Once two jobs hold a hanging judge, and a quick judgment is written, as is every one that started.
    const started = (text: string) => c.ws.calls().filter((call) => call.prompt.includes(text)).length;
    const settled = () => started('explains why the timestamps') === 2 && started('The answer is short') > 0 && answered() === started('The answer is short');
    // A session under way has its placeholder on record (judge-interrupted) until it answers: not made yet.
    const answered = () => Object.values(c.judgments()).filter((j) => j.reason !== 'judge-interrupted').length;
    for (let i = 0; i < 600 && !settled(); i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    assert.equal(await exited, 130, stderr);
    assert.match(stderr, /^eval-magic: SIGINT: stopping every judge; finished judgments are kept \(send it again to kill them at once\)$/m);
    assert.doesNotMatch(stderr, /nothing was judged|\n\s+at |Error/);
    assert.match(stdout, /; \d+ not made \(stopped\)\n$/);
    const made = Object.keys(c.judgments());
    assert.ok(made.length > 0 && made.every((k) => k.includes('/short/')), made.join());
    const it = c.ws.iteration();
    for (const run of ['with_skill', 'without_skill']) {
      const folder = join(it, 'eval-add-column', run, 'run-1/judge/explains-utc/1');
      assert.equal(existsSync(join(folder, 'judgment.json')), false, 'a stopped judgment writes none');
      assert.equal(existsSync(join(folder, 'session.json')), false, 'its session folder removed, and the note of it');
    }
  });

  it('a second Ctrl-C while the first is handled: judges that ignore SIGTERM are killed, exit 130 (never the signal), the stop said once, no judge process left', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: 'The answer is short', texts: [verdict(true)] }], hangWhen: 'explains why the timestamps', ignoreSigterm: true, spawnChild: true });
    const child = spawn(process.execPath, [binPath, 'judge', '--harness', 'claude-code', '--jobs', '2', '--', '.eval-magic'], { cwd: c.ws.root, env: { ...c.ws.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (code, signal) => resolve([code, signal])));
    const hung = () => c.ws.calls().filter((call) => call.prompt.includes('explains why the timestamps'));
    for (let i = 0; i < 600 && hung().length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    // The second once the first is being handled: said, the judges sent SIGTERM, which they ignore.
    for (let i = 0; i < 600 && !/stopping every judge/.test(stderr) && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 10));
    if (child.exitCode === null) child.kill('SIGINT');
    assert.deepEqual(await exited, [130, null], stderr);
    assert.equal(hung().length, 2);
    assert.deepEqual(hung().flatMap((call) => [call.mark, call.childMark!]).filter(isRunning), [], 'a judge process outlived eval-magic');
    assert.equal(stderr.match(/SIGINT: stopping every judge/g)?.length, 1, stderr);
    assert.doesNotMatch(stderr, /nothing was judged|\n\s+at |Error/);
    assert.match(stdout, /; \d+ not made \(stopped\)\n$/);
    for (const run of ['with_skill', 'without_skill']) assert.equal(existsSync(join(c.ws.iteration(), 'eval-add-column', run, 'run-1/judge/explains-utc/1/judgment.json')), false);
  });

  it('refuses bad input with exit 2 before any session: no path, a bad --repeats or --shard, an unknown --eval, a workspace without iterations', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const refused = async (args: string[], message: RegExp) => {
      const run = await runMain(['judge', '--harness', 'claude-code', ...args], { cwd: c.ws.root, env: c.ws.env });
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
    };
    await refused([], /name an iteration folder or a workspace/);
    await refused(['.eval-magic', '--repeats', '0'], /--repeats must be a whole number ≥ 1/);
    await refused(['.eval-magic', '--shard', '3/2'], /--shard must be k\/n/);
    await refused(['.eval-magic', '--eval', 'nope'], /--eval "nope": no eval has that id/);
    await refused(['home'], /No iteration under "home"/);
    // A workspace whose iteration holds no run: refused as compare refuses it (it asked for an evals.json, and with one judged nothing, exit 0).
    mkdirSync(join(c.ws.root, 'empty/skill/iteration-1'), { recursive: true });
    await refused(['empty'], /^eval-magic: No conversation\.json under "empty": nothing to judge\.\n$/);
    await refused(['empty', '--evals', c.ws.evalsPath], /^eval-magic: No conversation\.json under "empty": nothing to judge\.\n$/);
    assert.equal((await runMain(['compare', 'empty'], { cwd: c.ws.root })).stderr, 'eval-magic: No conversation.json under "empty": nothing to compare.\n');
    // A typo's extra digits: refused before the plan is built (it was built in memory, judgment by judgment, until the heap ran out, deaf to SIGTERM meanwhile).
    await refused(['.eval-magic', '--repeats', '1000000000'], /^eval-magic: the plan would take 6000000000 judge sessions \(4 runs × llm_judge assertions × --repeats 1000000000\); judge plans at most 100000: lower --repeats, or judge fewer evals with --eval \(nothing was judged\)\n$/);
    // Retries too: a judgment whose session always fails was asked again without end.
    await refused(['.eval-magic', '--retries', '1e15'], /^eval-magic: --retries 1000000000000000 would make up to 1000000000000001 judge sessions of one judgment; judge retries a judgment at most 10 times: lower --retries \(nothing was judged\)\n$/);
    await refused(['.eval-magic', '--retries', '11'], /^eval-magic: --retries 11 would make up to 12 judge sessions of one judgment; judge retries a judgment at most 10 times/);
    // Node's timers hold at most 2^31 - 1 ms: a longer --round-timeout fired at once and stopped every session as it started.
    await refused(['.eval-magic', '--round-timeout', '99999999999'], /^eval-magic: --round-timeout may be at most 2147483 seconds \(about 24\.8 days, the longest a timer can wait\), got 99999999999; use 0 for no limit\n$/);
    await refused(['.eval-magic', '--round-timeout', '-1'], /^eval-magic: --round-timeout must be a number of seconds \(0 for no limit\), got -1\n$/);
    // Without an evals.json, the reason is compare's: what campaign.json names and where it was not found, or why campaign.json cannot be used ("names none that is there" said neither).
    const campaignFile = join(c.ws.iteration(), 'campaign.json');
    const campaign = readFileSync(campaignFile, 'utf8');
    rmSync(c.ws.evalsPath);
    await refused(['.eval-magic'], /^eval-magic: \.eval-magic\/csv-reports\/iteration-1: its campaign\.json names "[^"]+\/csv-reports\/evals\/evals\.json", which is not found outside \.eval-magic \(the workspace, two levels above the iteration: no evals\.json is taken from inside it, where an agent could have written one\); name the evals\.json the campaign ran with --evals\n$/);
    writeFileSync(campaignFile, JSON.stringify({ ...JSON.parse(campaign), evals: 123 }, null, 2));
    await refused(['.eval-magic'], /^eval-magic: \.eval-magic\/csv-reports\/iteration-1: its campaign\.json cannot be used \(\.eval-magic\/csv-reports\/iteration-1\/campaign\.json:\d+:\d+: \/evals must be object, against its schema\), and no evals\.json was found for it; name one with --evals\n$/);
    assert.equal(c.ws.calls().filter((call) => call.prompt.includes('# Grade one assertion')).length, 0);
  });

  it('a harness without model_args: a model an llm_judge assertion names is refused naming that assertion, not as a --model nobody gave; --model as --model; nothing run', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const harness = JSON.parse(readFileSync(new URL('../../harnesses/claude-code.json', import.meta.url), 'utf8'));
    writeFileSync(join(c.ws.root, 'nomodel.json'), JSON.stringify({ ...harness, name: 'nomodel', model_args: [] }));
    const refused = async (args: string[]) => {
      const run = await runMain(['judge', '--harness', 'nomodel.json', ...args, '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
      assert.equal(run.code, 2, run.stderr);
      return run.stderr;
    };
    assert.equal(await refused([]), 'eval-magic: the model "judge-model-x" that llm_judge "short" of eval "add-column" names in evals.json was given but harness nomodel has no model_args\n');
    assert.equal(await refused(['--eval', 'explain', '--model', 'm']), 'eval-magic: --model was given but harness nomodel has no model_args\n');
    assert.equal(c.ws.calls().filter((call) => call.prompt.includes('# Grade one assertion')).length, 0);
    assert.deepEqual(Object.keys(c.judgments()), []);
  });

  it('an llm_judge "model" that is empty is refused by check, as an empty --model is (it reached the judge\'s CLI as --model "")', () => {
    const evals = (model: string) => JSON.stringify({ skill_name: 's', evals: [{ id: 'a', prompt: 'p', expected_output: 'o', assertions: [{ id: 'j', type: 'llm_judge', rubric: 'r', model }] }] }, null, 2);
    assert.deepEqual(checkSource({ filePath: 'evals.json', bytes: evals('judge-model-x'), kind: 'evals' }).messages, []);
    const empty = checkSource({ filePath: 'evals.json', bytes: evals(''), kind: 'evals' }).messages;
    assert.deepEqual(empty.map((m) => [m.line, m.column, m.severity, m.message]), [[13, 20, 2, 'evals[0].assertions[0].model must not be empty, found string "".']]);
  });

  it('a config file found by the lookup that links out of the repository is refused naming --config, the flag judge takes (not the library\'s "the config option"); nothing run', async () => {
    const c = await judgedCampaign({ runs: 1 });
    mkdirSync(join(c.ws.root, '.git'));
    const outside = join(c.ws.root, '..', `token-${process.pid}`);
    writeFileSync(outside, 'ghp_secret');
    symlinkSync(outside, join(c.ws.root, 'eval-magic.config.json'));
    try {
      const run = await runMain(['judge', '.eval-magic', '--harness', 'claude-code'], { cwd: c.ws.root, env: c.ws.env });
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.ok(run.stderr.includes(`eval-magic: eval-magic.config.json: a symbolic link to a file outside its repository ("."); a config file found by the lookup is not read through such a link. Name the file with --config to use it.`), run.stderr);
      assert.deepEqual(c.judgments(), {});
    } finally {
      rmSync(outside, { force: true });
    }
  });

  it('the plan warns when the workspace cannot be hidden from the judges, and the judges from each other when more than one runs at a time', () => {
    const plan: JudgePlanSummary = { harness: 'claude-code', runs: 2, repeats: 1, judgments: 4, done: 0, pending: 4, sessionsPerRun: { e: 2 }, shard: undefined, jobs: 4, unhidden: 'no PID namespace' };
    const warning = (text: string) => text.split('\n').find((line) => line.startsWith('  warning:'));
    assert.equal(warning(describePlan(plan)), "  warning: the workspace is not hidden from the judges, nor the judges from each other (no PID namespace): a judge that searches the disk can find its run's folder, whose path names the arm, and the task copies of the judges beside it (other runs, of either arm)");
    assert.equal(warning(describePlan({ ...plan, jobs: 1 })), "  warning: the workspace is not hidden from the judges (no PID namespace): a judge that searches the disk can find its run's folder, whose path names the arm", 'one at a time: no judge runs beside another');
    // Nor a /tmp of its own: what a campaign's skill session left there is there for the judges.
    assert.deepEqual(describePlan(plan).split('\n').filter((line) => line.includes('/tmp')), ['  warning: /tmp, /var/tmp, /dev/shm and the temporary folder are shared by every judge and every campaign session of this user (no PID namespace): a judge can read there what a skill session left (notes, a script), which may name the skill']);
    // Nor a store of its own for each judge: the CLI's session store holds the arms' transcripts.
    const stores = describePlan({ ...plan, sharedStores: ['/home/u/.claude/projects'] }).split('\n').filter((line) => line.includes('session store'));
    assert.deepEqual(stores, ["  warning: claude-code's session store (/home/u/.claude/projects) is shared by every judge and every campaign session of this user: a judge can read there the transcripts of the runs it judges, which name the skill"]);
    // Nor the CLI's instruction files read-only: what an agent writes there reaches every later judge.
    const files = describePlan({ ...plan, writableInstructionFiles: ['/home/u/.claude/CLAUDE.md'] }).split('\n').filter((line) => line.includes('instruction file'));
    assert.deepEqual(files, ["  warning: claude-code's instruction file /home/u/.claude/CLAUDE.md cannot be made read-only (no PID namespace): a session can write it, and claude-code puts what it holds into the system prompt of every later judge; when one changes while the judges run, judge says so and exits 1"]);
    const { unhidden: _, ...hidden } = plan;
    // Hidden, the missing ones are not warned of: one a judge creates is caught after the judges.
    assert.deepEqual(describePlan({ ...hidden, writableInstructionFiles: ['/home/u/.claude/CLAUDE.md'] }).split('\n').filter((line) => line.includes('instruction file')), []);
    assert.equal(warning(describePlan(hidden)), undefined);
    // Hidden from each other, but not from the user's other commands: the sessions folder cannot be used.
    assert.equal(warning(describePlan({ ...hidden, otherCommandsSeen: '/tmp/eval-magic-sessions-0 belongs to another user (uid 1000)' })), '  warning: the sessions of your other commands running at the same time (another shard, a campaign, another judge) are not hidden from the judges (/tmp/eval-magic-sessions-0 belongs to another user (uid 1000)): remove it, or run one command at a time');
  });

  it('the plan says which runs with llm_judge assertions it cannot judge (the reference tool\'s layout), not "no counted run has an llm_judge assertion"', () => {
    const none: JudgePlanSummary = { harness: 'claude-code', runs: 0, repeats: 1, judgments: 0, done: 0, pending: 0, sessionsPerRun: {}, shard: undefined, jobs: 4, unjudgeable: 2 };
    assert.equal(describePlan(none).split('\n')[1], "  nothing to judge: 2 runs with llm_judge assertions are in the reference tool's layout (<condition>/conversation.json, no run-<j> folder), which judge does not judge: it keeps each judgment in a campaign run's folder");
    const some: JudgePlanSummary = { ...none, runs: 2, judgments: 2, pending: 2, sessionsPerRun: { e: 1 }, unjudgeable: 1 };
    assert.deepEqual(describePlan(some).split('\n').slice(1), ['  2 to make, 0 made already, 2 at a time', "  1 run with llm_judge assertions is in the reference tool's layout (<condition>/conversation.json, no run-<j> folder), which judge does not judge: it keeps each judgment in a campaign run's folder"]);
  });
});
