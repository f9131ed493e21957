// A condition folder whose every run the config's ignore globs leave out is no condition: check
// passes over its runs, so compare and judge take the arms among the folders the config keeps —
// one rule (workspace/iteration-arms.ts), for both and for the judge command compare prints.
import assert from 'node:assert/strict';
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign } from './judge-helpers.js';

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const edit = (path: string, change: (value: any) => any) => writeFileSync(path, JSON.stringify(change(json(path)), null, 2));

/** A finished campaign without campaign.json nor run.json, its arms renamed `a` (with the skill) and `b`, and `c` a copy of `b`: three condition folders, no known pair. */
async function threeFolders() {
  const c = await judgedCampaign({ runs: 2 });
  const dir = c.ws.iteration();
  rmSync(join(dir, 'campaign.json'));
  for (const evalFolder of ['eval-add-column', 'eval-explain']) {
    renameSync(join(dir, evalFolder, 'with_skill'), join(dir, evalFolder, 'a'));
    renameSync(join(dir, evalFolder, 'without_skill'), join(dir, evalFolder, 'b'));
    cpSync(join(dir, evalFolder, 'b'), join(dir, evalFolder, 'c'), { recursive: true });
    // Each run.json names its campaign's folder (with_skill run 1): a record of another folder now, so none, as a hand-made iteration has.
    for (const arm of ['a', 'b', 'c']) for (const run of ['run-1', 'run-2']) rmSync(join(dir, evalFolder, arm, run, 'run.json'));
  }
  return { c, iteration: relative(c.ws.root, dir), evalsFile: relative(c.ws.root, c.ws.evalsPath) };
}

/** check's, judge's and compare's (threads and none, which must agree) outcomes for `iteration`, with `arms` (--treatment, --control) given to compare and judge. */
async function outcomes(c: Awaited<ReturnType<typeof judgedCampaign>>, iteration: string, evalsFile: string, arms: string[] = []) {
  const check = await runMain(['check', iteration, '--evals', evalsFile], { cwd: c.ws.root });
  const judge = await runMain(['judge', iteration, '--evals', evalsFile, '--harness', 'claude-code', '--dry-run', ...arms], { cwd: c.ws.root, env: c.ws.env });
  const compares = [];
  for (const threads of ['off', '2']) compares.push(await runMain(['compare', iteration, '--evals', evalsFile, '--no-grading', '--format', 'json', '--concurrency', threads, ...arms], { cwd: c.ws.root }));
  assert.equal(compares[0]!.stdout, compares[1]!.stdout, 'threads or none, one comparison');
  assert.equal(compares[0]!.stderr, compares[1]!.stderr);
  return { codes: [check.code, compares[0]!.code, judge.code], check, compare: compares[0]!, judge };
}

describe("a condition folder the config's ignore leaves out is no condition", () => {
  it('a, b and c in an iteration without campaign.json, every run of c left out by the config: check, compare (threads or none) and judge take a and b, as without c (compare and judge refused three conditions, exit 2)', async () => {
    const { c, iteration, evalsFile } = await threeFolders();
    // Kept, c is a third arm: compare and judge ask which two are the arms.
    const kept = await outcomes(c, iteration, evalsFile);
    assert.deepEqual(kept.codes, [0, 2, 2], kept.compare.stderr);
    assert.match(kept.compare.stderr, /compare needs two conditions; found "a", "b", "c"/);

    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/c/**'] }));
    for (const arms of [[], ['--treatment', 'a']]) {
      const left = await outcomes(c, iteration, evalsFile, arms);
      assert.deepEqual(left.codes, [0, 0, 0], `${arms.join(' ')}: ${left.compare.stderr}${left.judge.stderr}`);
      assert.match(left.judge.stdout, /^judge with claude-code: 8 runs × /, 'the runs of a and b, as compare counts them');
      const document = JSON.parse(left.compare.stdout);
      assert.deepEqual(document.conditions, ['a', 'b'], arms.join(' '));
      const runs = document.evals.flatMap((e: any) => e.run_list);
      assert.deepEqual([...new Set(runs.map((r: any) => r.condition))].sort(), ['a', 'b'], 'no run of c listed');
      assert.equal(runs.filter((r: any) => r.excluded === null).length, 8);
      // Left out by the user's config, c is no third arm to warn of.
      assert.doesNotMatch(`${left.compare.stdout}${left.compare.stderr}${left.judge.stdout}${left.judge.stderr}`, /condition folder "c"/);
    }
  });

  it('c beside the arms, one run of it left out by the config: compare and judge say it holds the runs check keeps, and how many the config leaves out (they said 4 runs, counting the one left out)', async () => {
    const { c, iteration, evalsFile } = await threeFolders();
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/eval-add-column/c/run-1/**'] }));
    const beside = await outcomes(c, iteration, evalsFile, ['--treatment', 'a', '--control', 'b']);
    assert.deepEqual(beside.codes, [0, 0, 0], `${beside.compare.stderr}${beside.judge.stderr}`);
    const said = (left: string) => `The condition folder "c" (in 2 folders: ${iteration}/eval-add-column/c, ${iteration}/eval-explain/c) holds 3 runs (and 1 the ignore globs of eval-magic.config.json leave out), under neither condition compared ("a" and "b"): not ${left}, since compare compares two conditions.`;
    const notices = JSON.parse(beside.compare.stdout).validity.filter((p: any) => p.code === 'runs-missing').map((p: any) => p.message);
    assert.ok(notices.includes(said('counted')), JSON.stringify(notices));
    assert.ok(beside.judge.stdout.replace(/\n\s+/g, ' ').includes(said('judged')), beside.judge.stdout);
  });

  it('c beside the arms in two iterations: compare and judge say it in the same one line, its folders counted as folders (judge said one line per iteration; compare said "in 4 evals" of two evals; review21)', async () => {
    const { c, iteration, evalsFile } = await threeFolders();
    const second = iteration.replace(/iteration-1$/, 'iteration-2');
    cpSync(join(c.ws.root, iteration), join(c.ws.root, second), { recursive: true });
    const arms = ['--treatment', 'a', '--control', 'b'];
    const compared = await runMain(['compare', iteration, second, '--evals', evalsFile, '--no-grading', '-f', 'json', ...arms], { cwd: c.ws.root });
    const said = JSON.parse(compared.stdout).validity.filter((p: any) => p.code === 'runs-missing' && p.message.startsWith('The condition folder "c"')).map((p: any) => p.message);
    assert.equal(said.length, 1, JSON.stringify(said));
    assert.ok(said[0].startsWith(`The condition folder "c" (in 4 folders: ${iteration}/eval-add-column/c, ${iteration}/eval-explain/c, ${second}/eval-add-column/c, and 1 more) holds 8 runs`), said[0]);
    const judged = await runMain(['judge', iteration, second, '--evals', evalsFile, '--harness', 'claude-code', '--dry-run', ...arms], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(judged.code, 0, judged.stderr);
    const warnings = judged.stdout.replace(/\n\s{4,}/g, ' ').split('\n').filter((line) => line.includes('condition folder "c"'));
    assert.deepEqual(warnings.map((line) => line.trim()), [`warning: ${said[0].replace(/not counted/, 'not judged')}`]);
  });

  it("the judge command compare prints names the CLI every run.json of with_skill and old_skill records, c left out by the config (it was <cli>, to fill in: three condition folders chose no arms)", async () => {
    const c = await judgedCampaign({ runs: 2 });
    const dir = c.ws.iteration();
    rmSync(join(dir, 'campaign.json'));
    for (const evalFolder of ['eval-add-column', 'eval-explain']) {
      renameSync(join(dir, evalFolder, 'without_skill'), join(dir, evalFolder, 'old_skill'));
      // The baseline staged a skill too: with_skill's, as old_skill's run.json must record one.
      for (const run of ['run-1', 'run-2']) {
        const staged = json(join(dir, evalFolder, 'with_skill', run, 'run.json')).skill;
        edit(join(dir, evalFolder, 'old_skill', run, 'run.json'), (r) => ({ ...r, condition: 'old_skill', skill: staged }));
      }
      cpSync(join(dir, evalFolder, 'old_skill'), join(dir, evalFolder, 'c'), { recursive: true });
    }
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/c/**'] }));
    const iteration = relative(c.ws.root, dir);
    const evalsFile = relative(c.ws.root, c.ws.evalsPath);
    for (const threads of ['off', '2']) {
      const compare = await runMain(['compare', iteration, '--evals', evalsFile, '--no-grading', '--concurrency', threads], { cwd: c.ws.root });
      // The report's lines unwrapped (a long command is cut with a backslash).
      const said = compare.stdout.replace(/ \\\n\s*/g, ' ').replace(/\n\s+/g, ' ');
      assert.ok(said.includes(`not judged: run eval-magic judge ${iteration} --harness claude-code --evals ${evalsFile}`), `${threads}: ${compare.stdout}${compare.stderr}`);
      assert.doesNotMatch(compare.stdout, /<cli>/, threads);
    }
  });

  it('two iterations without campaign.json pooled, one arm of the second left out by the config: compare (threads or none) and judge refuse them together, naming the config (they were compared, iteration-2\'s with_skill runs against iteration-1\'s without_skill, and the judge command compare printed named <cli> before review21)', async () => {
    const c = await judgedCampaign({ runs: 2 });
    const first = c.ws.iteration();
    rmSync(join(first, 'campaign.json'));
    const second = first.replace(/iteration-1$/, 'iteration-2');
    cpSync(first, second, { recursive: true });
    // Runs of their own, not copies of the first iteration's (a copy has a run's start and work folder).
    for (const evalFolder of ['eval-add-column', 'eval-explain']) {
      for (const run of ['run-1', 'run-2']) {
        const later = (time: string) => new Date(Date.parse(time) + 3_600_000).toISOString();
        edit(join(second, evalFolder, 'with_skill', run, 'run.json'), (r) => ({ ...r, started_at: later(r.started_at), ended_at: later(r.ended_at) }));
      }
    }
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/iteration-2/*/without_skill/**'] }));
    const [one, two] = [first, second].map((dir) => relative(c.ws.root, dir));
    const evalsFile = relative(c.ws.root, c.ws.evalsPath);
    // Both evals' without_skill runs of iteration-2 are left out: the first is named, the other counted.
    const lone = `${two} holds runs of "with_skill" but none of "without_skill" for eval "add-column" (the ignore globs of eval-magic.config.json leave out every run of its "without_skill" folder) (and 1 more, each an eval of an iteration named): `;
    for (const threads of ['off', '2']) {
      const compare = await runMain(['compare', one!, two!, '--evals', evalsFile, '--no-grading', '--concurrency', threads], { cwd: c.ws.root });
      assert.equal(compare.code, 2, `${threads}: ${compare.stdout}${compare.stderr}`);
      assert.equal(compare.stderr, `eval-magic: ${lone}pooled with the others, its "with_skill" runs would have no "without_skill" runs of their own iteration to be compared with, so a difference between the iterations would be counted as the skill's. Compare the others without it (eval-magic compare ${one}, with the same options), or take its "without_skill" runs out of the config's ignore.\n`);
    }
    const judge = await runMain(['judge', one!, two!, '--evals', evalsFile, '--harness', 'claude-code', '--dry-run'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(judge.code, 2, judge.stderr);
    assert.ok(judge.stderr.startsWith(`eval-magic: ${lone}compare refuses it pooled with the others`), judge.stderr);
    assert.equal(judge.stdout, '', 'no plan, no session');
  });

  it('--treatment c, every run of c left out by the config: compare and judge refuse it (exit 2), saying the config leaves that arm out', async () => {
    const { c, iteration, evalsFile } = await threeFolders();
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/c/**'] }));
    const named = await outcomes(c, iteration, evalsFile, ['--treatment', 'c', '--control', 'b']);
    assert.deepEqual(named.codes, [0, 2, 2], named.compare.stderr);
    const said = `--treatment "c": the ignore globs of eval-magic.config.json leave out every run of that condition folder of ${iteration}, so it is no arm to compare`;
    assert.ok(named.compare.stderr.includes(said), named.compare.stderr);
    assert.equal(named.judge.stderr, named.compare.stderr, 'the same refusal from both');
    assert.equal(named.judge.stdout, '', 'no plan, no session');
  });

  it('every run left out by the config: compare and judge say so, naming the config (exit 2, as check refuses it)', async () => {
    const { c, iteration, evalsFile } = await threeFolders();
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/eval-*/**'] }));
    const none = await outcomes(c, iteration, evalsFile);
    // check refuses it too: no artifact left to check.
    assert.deepEqual(none.codes, [2, 2, 2], `${none.check.stderr}${none.compare.stderr}`);
    assert.match(none.check.stderr, /are all left out by the ignore globs/);
    assert.ok(none.compare.stderr.includes(`The ignore globs of eval-magic.config.json leave out every run under "${iteration}": no condition is left to compare, nor any run to judge`), none.compare.stderr);
    assert.equal(none.judge.stderr, none.compare.stderr, 'the same refusal from both');
    assert.equal(none.judge.stdout, '');

    // All but a left out: one condition, which compare refuses, saying which the config took away.
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/b/**', '**/c/**'] }));
    const one = await runMain(['compare', iteration, '--evals', evalsFile, '--no-grading'], { cwd: c.ws.root });
    assert.equal(one.code, 2, one.stderr);
    assert.ok(one.stderr.includes('compare needs two conditions; found only "a" (the ignore globs of eval-magic.config.json leave out every run of "b", "c").'), one.stderr);
  });
});
