// A run the config's ignore globs leave out changes nothing of the runs kept: check passes over it,
// so it neither decides whether two iterations are shards of one plan (workspace/shards.ts) nor is
// the original another run is a copy of (RunsOnce) — compare (threads or none) and judge alike.
import assert from 'node:assert/strict';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign } from './judge-helpers.js';

const EVALS = ['eval-add-column', 'eval-explain'];
const ARMS = ['with_skill', 'without_skill'];
const EXPLAIN_RUN_1 = join('eval-explain', 'with_skill', 'run-1');

/** A finished campaign of 2 runs per arm split as its two shards would be: iteration-1 holds every run-1 folder, iteration-2 (the same campaign.json) every run-2. */
async function twoShards() {
  const c = await judgedCampaign({ runs: 2 });
  const first = c.ws.iteration();
  const second = join(first, '..', 'iteration-2');
  cpSync(first, second, { recursive: true });
  for (const evalFolder of EVALS) {
    for (const arm of ARMS) {
      rmSync(join(first, evalFolder, arm, 'run-2'), { recursive: true });
      rmSync(join(second, evalFolder, arm, 'run-1'), { recursive: true });
    }
  }
  const root = c.ws.root;
  return { c, root, first, second, paths: [relative(root, first), relative(root, second)], evalsFile: relative(root, c.ws.evalsPath) };
}

type Shards = Awaited<ReturnType<typeof twoShards>>;

/** compare's JSON document of the two shards, threads or none (which must agree), with its exit code and stderr. */
async function compared({ root, paths, evalsFile }: Shards) {
  const runs = [];
  for (const threads of ['off', '2']) runs.push(await runMain(['compare', ...paths, '--evals', evalsFile, '--no-grading', '--format', 'json', '--concurrency', threads], { cwd: root }));
  assert.equal(runs[0]!.stdout, runs[1]!.stdout, 'threads or none, one comparison');
  assert.equal(runs[0]!.stderr, runs[1]!.stderr);
  const [run] = runs;
  return { code: run!.code, stderr: run!.stderr, document: run!.code === 0 ? JSON.parse(run!.stdout) : undefined };
}

const codes = (document: any) => document.validity.map((v: any) => v.code);
const runList = (document: any) => document.evals.flatMap((e: any) => e.run_list);
const excludedOf = (document: any, path: string) => runList(document).find((r: any) => r.path === join(path, 'conversation.json'))?.excluded;

/** The runs compare counts, by folder. */
const countedIn = (document: any) => runList(document).filter((r: any) => r.excluded === null).map((r: any) => r.path.replace(/\/conversation\.json$/, '')).sort();

describe("a run the config's ignore leaves out, in one of two shards of a plan", () => {
  it('a copy of a run-1 of iteration-1 put in iteration-2 and left out by the config: the iterations stay the shards of one plan (it made them two experiments: runs-missing ×4, runs-duplicated, iterations-pooled ×2), and the copy is "not checked", not "a copy"', async () => {
    const shards = await twoShards();
    const { root, second, paths, evalsFile } = shards;
    const before = await compared(shards);
    assert.equal(before.code, 0, before.stderr);
    assert.deepEqual(codes(before.document), ['ungraded', 'underpowered', 'ungraded'], 'the shards of one plan, counted against it once');
    const counted = countedIn(before.document);
    assert.equal(counted.length, 8);

    cpSync(join(shards.first, EXPLAIN_RUN_1), join(second, EXPLAIN_RUN_1), { recursive: true });
    writeFileSync(join(root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/iteration-2/eval-explain/with_skill/run-1/**'] }));
    const check = await runMain(['check', ...paths, '--evals', evalsFile], { cwd: root });
    assert.equal(check.code, 0, check.stdout + check.stderr);

    const after = await compared(shards);
    assert.equal(after.code, 0, after.stderr);
    const said = after.document.validity.map((v: any) => v.message).join('\n');
    // Counted against the plan once, as without the copy: no run short of it, no iterations pooled.
    assert.doesNotMatch(said, /runs campaign planned/, said);
    assert.ok(!codes(after.document).includes('iterations-pooled'), said);
    assert.deepEqual(countedIn(after.document), counted);
    const ignored = relative(root, join(second, EXPLAIN_RUN_1));
    assert.equal(excludedOf(after.document, ignored), 'not checked', 'left out by the config, as check leaves it out');
    assert.ok(!codes(after.document).includes('runs-duplicated'), said);

    const judge = await runMain(['judge', ...paths, '--evals', evalsFile, '--harness', 'claude-code', '--dry-run'], { cwd: root, env: shards.c.ws.env });
    assert.equal(judge.code, 0, judge.stdout + judge.stderr);
    assert.match(judge.stdout, /^judge with claude-code: 8 runs × /, 'the runs compare counts');
    assert.ok(judge.stdout.includes(`1 run with llm_judge assertions not judged, as compare does not count it: ${ignored}: not checked`), judge.stdout);
  });

  it('the original left out by the config in iteration-1, its copy kept in iteration-2: the copy is counted and judged in its stead (it was "a copy" of a run nothing counts)', async () => {
    const shards = await twoShards();
    const { root, first, second, paths, evalsFile } = shards;
    cpSync(join(first, EXPLAIN_RUN_1), join(second, EXPLAIN_RUN_1), { recursive: true });
    writeFileSync(join(root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/iteration-1/eval-explain/with_skill/run-1/**'] }));
    const check = await runMain(['check', ...paths, '--evals', evalsFile], { cwd: root });
    assert.equal(check.code, 0, check.stdout + check.stderr);

    const after = await compared(shards);
    assert.equal(after.code, 0, after.stderr);
    // The shards of one plan, each run once: only the run left out is said (not checked), as check leaves it out.
    const said = after.document.validity.map((v: any) => v.message).join('\n');
    assert.deepEqual(codes(after.document), ['ungraded', 'underpowered', 'runs-missing', 'ungraded'], said);
    // Named with its iteration: iteration-2 holds a counted with_skill run 1 too.
    assert.ok(said.includes('1 run of eval explain is not counted: not checked, in with_skill run 1 of .eval-magic/csv-reports/iteration-1.'), said);
    const [original, copy] = [first, second].map((i) => relative(root, join(i, EXPLAIN_RUN_1)));
    assert.equal(excludedOf(after.document, original!), 'not checked');
    assert.equal(excludedOf(after.document, copy!), null, 'the run counted once: by the folder the config keeps');
    assert.equal(countedIn(after.document).length, 8);

    const judge = await runMain(['judge', ...paths, '--evals', evalsFile, '--harness', 'claude-code', '--dry-run'], { cwd: root, env: shards.c.ws.env });
    assert.equal(judge.code, 0, judge.stdout + judge.stderr);
    assert.match(judge.stdout, /^judge with claude-code: 8 runs × /, judge.stdout);
    assert.ok(judge.stdout.includes(`not judged, as compare does not count it: ${original}: not checked`), judge.stdout);
  });
});
