// campaign, then compare, as users run them (the built CLI, in this process): the fake agents of
// the tests play the worked example of docs/campaign.md offline; compare reads campaign's own
// workspace (campaign.json, run.json, task and staged folders) and grades every run.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { createHash } from 'node:crypto';
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

  // Each run.json holds the sha256 of the conversation.json beside it, as written (LF, no byte-order mark: its bytes' digest).
  const runDir = (condition: string, j: number) => join(iteration, 'eval-add-created-at', condition, `run-${j}`);
  for (const condition of ['with_skill', 'without_skill']) {
    for (const j of [1, 2, 3]) {
      const record = JSON.parse(readFileSync(join(runDir(condition, j), 'run.json'), 'utf8'));
      assert.equal(record.conversation_sha256, createHash('sha256').update(readFileSync(join(runDir(condition, j), 'conversation.json'))).digest('hex'), `${condition} run-${j}`);
    }
  }
  assert.deepEqual(document.validity.filter((v) => v.code === 'conversation-edited'), []);
  // A reply edited by hand (a word redacted from the last one): still graded, and said.
  const edited = join(runDir('with_skill', 2), 'conversation.json');
  const conversation = JSON.parse(readFileSync(edited, 'utf8'));
  const last = conversation.events.findLast((event: { type: string }) => event.type === 'assistant_message');
  last.text = `${last.text} [redacted]`;
  writeFileSync(edited, JSON.stringify(conversation, null, 2) + '\n');
  const after = (await compareIterations([iteration], { cwd: repo, writeGrading: false })).document;
  const said = after.validity.filter((v) => v.code === 'conversation-edited');
  assert.deepEqual(said.map((v) => [v.severity, v.eval]), [['warning', 'add-created-at']], JSON.stringify(after.validity));
  assert.match(said[0]!.message, /with_skill\/run-2 was changed after the run/);
  assert.deepEqual(after.evals.find((x) => x.id === 'add-created-at')!.runs, { with_skill: 3, without_skill: 3 });
});
