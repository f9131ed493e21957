// campaign, then compare, as users run them (the built CLI, in this process): the fake agents of
// the tests play the worked example of docs/campaign.md offline; compare reads campaign's own
// workspace (campaign.json, run.json, task and staged folders) and grades every run.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { compareIterations, type ArmCount } from '../../src/compare/index.js';
import { runMain } from '../helpers/cli.js';

const repo = new URL('../../', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'compare-campaign-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

it('compares what campaign wrote: both arms, every run, duration and tokens from run.json, no validity error', async () => {
  const env = { PATH: `${join(repo, 'test/fake-agents')}:${process.env.PATH}`, FAKE_AGENT_SCRIPT: join(repo, 'examples/campaign/agent-script.json'), FAKE_AGENT_LOG: join(tmp, 'agents.log'), HOME: tmp };
  const campaign = await runMain(['campaign', '--evals', 'examples/campaign/csv-reports/evals/evals.json', '--harness', 'claude-code', '--runs', '3', '--workspace', join(tmp, 'ws')], { cwd: repo, env });
  assert.equal(campaign.code, 0, campaign.stderr + campaign.stdout);
  const iteration = join(tmp, 'ws', 'csv-reports', 'iteration-1');
  const { document } = await compareIterations([iteration], { cwd: repo });
  assert.deepEqual(document.conditions, ['with_skill', 'without_skill']);
  assert.deepEqual(document.validity.filter((v) => v.severity === 'error'), []);
  const e = document.evals.find((x) => x.id === 'add-created-at')!;
  assert.deepEqual(e.runs, { with_skill: 3, without_skill: 3 });
  assert.equal((e.assertions[0]!.with_skill as ArmCount).n, 3);
  assert.ok(e.metrics.some((m) => m.id === 'duration_ms'), 'duration from run.json');
  assert.ok(e.metrics.some((m) => m.id === 'tokens_total'), 'tokens from run.json');
  const grading = JSON.parse(readFileSync(join(iteration, 'eval-add-created-at', 'with_skill', 'run-1', 'grading.json'), 'utf8'));
  assert.equal(grading.summary.total, 1);
  // The task folders campaign keeps are not artifacts to check or compare.
  assert.ok(e.run_list.every((r) => /run-\d\/conversation\.json$/.test(r.path)), JSON.stringify(e.run_list));
});
