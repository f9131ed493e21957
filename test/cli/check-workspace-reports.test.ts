// `check` holds its reports to the workspace rule compare holds its own to: never over an
// iteration's campaign.json (its eval lookup reads it), never inside a run folder, never where the
// next compare would count a run or an iteration. check overwrote campaign.json and run.json with
// its report, exit 0, where compare refused the same paths (exit 2).
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';
import { copyWithoutCommandChecks } from '../compare/workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'check-workspace-reports-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const WORKSPACE = '.eval-magic';
const ITERATION = `${WORKSPACE}/ask-before-editing/iteration-1`;
const RUN = `${ITERATION}/eval-rename-column/with_skill/run-1`;
const root = copyWithoutCommandChecks(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(tmp, 'ws'), 'ask-before-editing');

const readOrNull = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : null);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function refused(args: string[], message: RegExp, what: string, cwd = root) {
  const run = await runMain(args, { cwd });
  assert.equal(run.code, 2, `${what}: ${run.stdout}${run.stderr}`);
  assert.match(run.stderr, message, what);
  assert.equal(run.stderr.trim().split('\n').length, 1, `${what}: one line`);
}

describe('check refuses a report over the records of a workspace it checks', () => {
  const records = [`${ITERATION}/campaign.json`, `${RUN}/run.json`, `${RUN}/task/schema.sql`, `${RUN}/staged/fresh-report.json`, `${RUN}/stand-in-events.jsonl`];
  for (const target of [WORKSPACE, ITERATION, RUN]) {
    it(`check ${target}: each record kept, with a message naming why`, async () => {
      const before = new Map(records.map((p) => [p, readOrNull(join(root, p))]));
      assert.notEqual(before.get(`${ITERATION}/campaign.json`), null);
      assert.notEqual(before.get(`${RUN}/run.json`), null);
      for (const record of records) {
        for (const flags of [['-f', `json=${record}`], ['-o', record, '-f', 'html']]) {
          const message = record.endsWith('campaign.json')
            ? new RegExp(`^eval-magic: The report "${escaped(record)}" would replace "${escaped(record)}", which this command reads; write the report somewhere else\\.$`, 'm')
            : new RegExp(`^eval-magic: The report "${escaped(record)}" would be written inside the run folder "${escaped(RUN)}", which check reads; write the report somewhere else\\.$`, 'm');
          await refused(['check', target, ...flags], message, `check ${target} ${flags.join(' ')}`);
          for (const [path, text] of before) assert.equal(readOrNull(join(root, path)), text, `${path} untouched by check ${target} ${flags.join(' ')}`);
        }
      }
    });
  }

  it('where the next compare would count a run or an iteration, as compare refuses it', async () => {
    for (const folder of [`${ITERATION}/eval-rename-column/with_skill/run-9`, `${ITERATION}/eval-added/with_skill/run-1`]) {
      await refused(['check', WORKSPACE, '-f', `json=${folder}/report.json`], new RegExp(`^eval-magic: The report "${escaped(folder)}/report\\.json" would make the folder "${escaped(folder)}", where the iteration keeps its runs: compare would count it as one; write the report somewhere else\\.$`, 'm'), folder);
      assert.equal(existsSync(join(root, folder)), false, `${folder} not made`);
    }
    const named = `${ITERATION}/eval-rename-column/with_skill/run-9.json`;
    await refused(['check', WORKSPACE, '-f', `json=${named}`], /would lie where the iteration keeps its runs, named as one/, named);
    const iteration = `${dirname(ITERATION)}/iteration-9/report.json`;
    await refused(['check', WORKSPACE, '-f', `json=${iteration}`], /would make the folder ".*iteration-9", where the workspace keeps its iterations/, iteration);
    assert.equal(existsSync(join(root, dirname(ITERATION), 'iteration-9')), false);
  });

  // review42: a report could replace the records of the iteration beside the one read, which the
  // next compare of the workspace reads as its newest (run-record-unusable), and a report into an
  // existing run folder not read was said to "make the folder".
  it('nor over the records of another iteration beside the one read, nor into a run folder there, by check or compare', async () => {
    const ws = join(tmp, 'beside');
    cpSync(root, ws, { recursive: true });
    const other = `${dirname(ITERATION)}/iteration-2`;
    cpSync(join(ws, ITERATION), join(ws, other), { recursive: true });
    const otherRun = `${other}/eval-rename-column/with_skill/run-1`;
    const targets = [`${other}/campaign.json`, `${otherRun}/run.json`, `${otherRun}/task/report.json`, `${other}/eval-rename-column/with_skill/run-19/report.json`];
    const before = new Map(targets.map((p) => [p, readOrNull(join(ws, p))]));
    for (const command of ['check', 'compare']) {
      for (const target of targets) {
        for (const flags of [['-f', `json=${target}`], ['-o', target]]) {
          await refused([command, ITERATION, ...flags], /would (replace|be written inside|lie where|make the folder)/, `${command} ${ITERATION} ${flags.join(' ')}`, ws);
          for (const [path, text] of before) assert.equal(readOrNull(join(ws, path)), text, `${path} untouched by ${command} ${flags.join(' ')}`);
        }
      }
    }
    await refused(['check', ITERATION, '-f', `json=${otherRun}/run.json`], new RegExp(`^eval-magic: The report "${escaped(otherRun)}/run\\.json" would be written inside the run folder "${escaped(otherRun)}", which the next compare of the workspace reads; write the report somewhere else\\.$`, 'm'), 'an existing run folder is said as one', ws);
    // A report at the top of that iteration, as beside the one read, is still written.
    const beside = await runMain(['check', ITERATION, '-f', `json=${other}/check.json`], { cwd: ws });
    assert.notEqual(beside.code, 2, beside.stderr);
  });

  // review45: an iteration named through a link of another name (latest -> iteration-1) held the
  // reports to nothing, and another skill's iteration in the workspace was not held to at all.
  it('nor when the iteration is named through a link of another name, nor over the records of another skill of the workspace', async () => {
    const ws = join(tmp, 'linked');
    cpSync(root, ws, { recursive: true });
    const skillDir = dirname(ITERATION);
    symlinkSync('iteration-1', join(ws, skillDir, 'latest'));
    cpSync(join(ws, skillDir), join(ws, WORKSPACE, 'other-skill'), { recursive: true, verbatimSymlinks: true });
    const targets = [`${ITERATION}/campaign.json`, `${RUN}/run.json`, `${RUN}/task/x.json`, `${WORKSPACE}/other-skill/iteration-1/campaign.json`, `${WORKSPACE}/other-skill/iteration-1/eval-rename-column/with_skill/run-1/run.json`];
    const before = new Map(targets.map((p) => [p, readOrNull(join(ws, p))]));
    for (const [command, read] of [['check', `${skillDir}/latest`], ['check', `${skillDir}/latest/eval-rename-column/with_skill/run-1`], ['check', ITERATION], ['compare', ITERATION]] as const) {
      for (const target of targets) {
        if (read === ITERATION && !target.includes('other-skill')) continue;
        await refused([command, read, '-f', `json=${target}`], /would (replace|be written inside|lie where|make the folder)/, `${command} ${read} -f json=${target}`, ws);
        for (const [path, text] of before) assert.equal(readOrNull(join(ws, path)), text, `${path} untouched by ${command} ${read} -f json=${target}`);
      }
    }
  });

  it('GITHUB_STEP_SUMMARY inside a run folder is refused, as compare refuses it (appended to task/, it would be graded with the run)', async () => {
    const summary = `${RUN}/task/summary.md`;
    const run = await runMain(['check', WORKSPACE, '-f', 'github'], { cwd: root, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(root, summary) } });
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(run.stderr, new RegExp(`^eval-magic: GITHUB_STEP_SUMMARY: The report ".*${escaped(summary)}" would be written inside the run folder "${escaped(RUN)}", which check reads`, 'm'));
    assert.equal(existsSync(join(root, summary)), false);
  });

  it('still writes a report beside the iteration, or a check of other files anywhere', async () => {
    const beside = await runMain(['check', WORKSPACE, '-f', `json=${ITERATION}/check.json`], { cwd: root });
    assert.notEqual(beside.code, 2, beside.stderr);
    assert.ok(existsSync(join(root, ITERATION, 'check.json')));
    rmSync(join(root, ITERATION, 'check.json'));
    // Only the workspaces a check reads are held to: a check of the evals file alone reads no iteration.
    const alone = await runMain(['check', 'ask-before-editing/evals/evals.json', '-f', `json=${RUN}/task/report.json`], { cwd: root });
    assert.equal(alone.code, 0, alone.stderr);
    rmSync(join(root, RUN, 'task/report.json'));
  });
});
