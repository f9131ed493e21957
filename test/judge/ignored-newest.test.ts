// A run the config's ignore globs leave out changes nothing of which iteration a skill folder
// names: the newest with finished runs in both arms is found by the runs the config keeps, as
// check keeps them — compare and judge of the skill folder alike (workspace/iterations.ts).
import assert from 'node:assert/strict';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign } from './judge-helpers.js';

const EVALS = ['eval-add-column', 'eval-explain'];

/** A finished campaign (iteration-1) and an interrupted iteration-2: its with_skill runs all there, of without_skill one finished run of eval-explain only. */
async function interruptedNewer() {
  const c = await judgedCampaign({ runs: 2 });
  const first = c.ws.iteration();
  const second = join(dirname(first), 'iteration-2');
  cpSync(first, second, { recursive: true });
  for (const evalFolder of EVALS) rmSync(join(second, evalFolder, 'without_skill'), { recursive: true });
  cpSync(join(first, 'eval-explain', 'without_skill', 'run-1'), join(second, 'eval-explain', 'without_skill', 'run-1'), { recursive: true });
  const root = c.ws.root;
  return { c, root, skill: relative(root, dirname(first)), first: relative(root, first), second: relative(root, second), evalsFile: relative(root, c.ws.evalsPath) };
}

/** What compare and judge of the skill folder take: the iteration-picked warning, the runs counted and the judge plan's first line and warning. */
async function taken({ c, root, skill, evalsFile }: Awaited<ReturnType<typeof interruptedNewer>>) {
  const compare = await runMain(['compare', skill, '--evals', evalsFile, '--no-grading', '--format', 'json'], { cwd: root });
  assert.equal(compare.code, 0, compare.stderr);
  const document = JSON.parse(compare.stdout);
  const picked = document.validity.filter((v: any) => v.code === 'iteration-picked').map((v: any) => v.message);
  const counted = document.evals.flatMap((e: any) => e.run_list).filter((r: any) => r.excluded === null).map((r: any) => dirname(r.path)).sort();
  const judge = await runMain(['judge', skill, '--evals', evalsFile, '--harness', 'claude-code', '--dry-run'], { cwd: root, env: c.ws.env });
  assert.equal(judge.code, 0, judge.stdout + judge.stderr);
  return { picked, counted, judged: judge.stdout.split('\n')[0], judgeSaid: judge.stdout };
}

describe("the newest iteration with finished runs in both arms, by the runs the config's ignore keeps", () => {
  it("iteration-2's only run of one arm left out by the config: compare and judge of the skill folder take iteration-1 and say iteration-2 was passed over, as without that run", async () => {
    const setup = await interruptedNewer();
    const { root, first, second } = setup;
    const ignoredRun = join(second, 'eval-explain', 'without_skill', 'run-1');
    const without = await interruptedNewer();
    rmSync(join(without.root, ignoredRun), { recursive: true });
    const expected = await taken(without);
    assert.deepEqual(expected.picked, [`${second} has no finished runs in both arms; compared ${first}, the newest that has.`]);
    assert.equal(expected.counted.length, 8);
    assert.ok(expected.counted.every((r: string) => r.startsWith(`${first}/`)), expected.counted.join('\n'));
    assert.ok(expected.judgeSaid.includes(`${second} has no finished runs in both arms; judged ${first}, the newest that has.`), expected.judgeSaid);

    writeFileSync(join(root, 'eval-magic.config.json'), JSON.stringify({ ignore: [`**/${ignoredRun}/**`] }));
    const check = await runMain(['check', second, '--evals', setup.evalsFile], { cwd: root });
    assert.equal(check.code, 0, check.stdout + check.stderr);
    assert.ok(!check.stdout.includes(ignoredRun), 'check passes over the run');

    const after = await taken(setup);
    assert.deepEqual(after.picked, expected.picked);
    assert.deepEqual(after.counted, expected.counted);
    assert.equal(after.judged, expected.judged);
    assert.ok(after.judgeSaid.includes(`${second} has no finished runs in both arms; judged ${first}, the newest that has.`), after.judgeSaid);
  });
});

describe("a folder holding two workspaces, the shards of one campaign but for a run the config's ignore leaves out", () => {
  it('a run-1 copied into the shard of run-2 and left out: compare and judge of the folder take the two together (it was refused as "not the shards of one campaign")', async () => {
    const c = await judgedCampaign({ runs: 2 });
    const root = c.ws.root;
    const iteration = relative(join(root, '.eval-magic'), c.ws.iteration());
    const [a, b] = ['a', 'b'].map((shard) => join('runs', shard, '.eval-magic'));
    cpSync(join(root, '.eval-magic'), join(root, a!), { recursive: true });
    cpSync(join(root, '.eval-magic'), join(root, b!), { recursive: true });
    rmSync(join(root, '.eval-magic'), { recursive: true });
    for (const evalFolder of EVALS) {
      for (const arm of ['with_skill', 'without_skill']) {
        rmSync(join(root, a!, iteration, evalFolder, arm, 'run-2'), { recursive: true });
        rmSync(join(root, b!, iteration, evalFolder, arm, 'run-1'), { recursive: true });
      }
    }
    const copied = join(b!, iteration, 'eval-explain', 'with_skill', 'run-1');
    cpSync(join(root, a!, iteration, 'eval-explain', 'with_skill', 'run-1'), join(root, copied), { recursive: true });
    writeFileSync(join(root, 'eval-magic.config.json'), JSON.stringify({ ignore: [`${copied}/**`] }));
    const evalsFile = relative(root, c.ws.evalsPath);
    const check = await runMain(['check', 'runs', '--evals', evalsFile], { cwd: root });
    assert.equal(check.code, 0, check.stdout + check.stderr);

    const compare = await runMain(['compare', 'runs', '--evals', evalsFile, '--no-grading', '--format', 'json'], { cwd: root });
    assert.equal(compare.code, 0, compare.stderr);
    const document = JSON.parse(compare.stdout);
    const said = document.validity.map((v: any) => v.message).join('\n');
    assert.ok(!document.validity.some((v: any) => v.code === 'iterations-pooled'), said);
    assert.doesNotMatch(said, /runs campaign planned/, said);
    const counted = document.evals.flatMap((e: any) => e.run_list).filter((r: any) => r.excluded === null);
    assert.equal(counted.length, 8, said);

    const judge = await runMain(['judge', 'runs', '--evals', evalsFile, '--harness', 'claude-code', '--dry-run'], { cwd: root, env: c.ws.env });
    assert.equal(judge.code, 0, judge.stdout + judge.stderr);
    assert.match(judge.stdout, /^judge with claude-code: 8 runs × /, judge.stdout);
  });
});
