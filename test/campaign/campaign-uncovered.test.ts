// A folder every agent's namespace shows empty (the workspace, the skill's folders, the folder
// holding evals.json) is left shown when it holds what the session needs — the agent's program,
// as when the CLI is a dev dependency of a single-skill repository (`npx` puts
// <skill>/node_modules/.bin on PATH). The plan says so before any agent runs (docs/campaign.md).
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { describePlan } from '../../src/campaign/report-text.js';
import { CAMPAIGN_OPTION_NAMING } from '../../src/campaign/option-names.js';
import type { CampaignPlanSummary } from '../../src/campaign/types.js';
import { hidingSupport } from '../../src/process/containment.js';
import { FAKE_AGENTS } from '../runner/run-helpers.js';
import { makeCampaignWorkspace } from './campaign-helpers.js';

/** A campaign workspace whose `claude` is a wrapper in the skill's node_modules/.bin, first on PATH. */
function programInSkill() {
  const ws = makeCampaignWorkspace({ respond: {} });
  const bin = join(ws.skillDir, 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec '${join(FAKE_AGENTS, 'claude')}' "$@"\n`, { mode: 0o755 });
  const env: NodeJS.ProcessEnv = { ...ws.env, PATH: `${bin}${delimiter}${ws.env.PATH ?? ''}` };
  return { ...ws, bin, env };
}

async function campaignPlan(ws: ReturnType<typeof programInSkill>, evals: string) {
  let plan: CampaignPlanSummary | undefined;
  const result = await runCampaign({ evals, skill: ws.skillDir, harness: 'claude-code', evalIds: ['explain'], runs: 1, baseDir: ws.root, env: ws.env, reporter: (p) => (p.kind === 'plan' ? (plan = p.plan) : undefined) });
  assert.ok(result.records.every((r) => r.status !== 'aborted'), JSON.stringify(result.records.map((r) => r.message)));
  return { plan: plan!, result, text: describePlan(plan!, 'ws', CAMPAIGN_OPTION_NAMING.flags) };
}

describe('campaign: a folder that cannot be hidden because it holds what the agents need', () => {
  it("the agent's program in the skill's folder: the plan warns that the skill's folder stays readable, naming it, the program and what to do; evals/ below it is still hidden", async (t) => {
    const tools = await hidingSupport();
    if ('reason' in tools) return t.skip(`no mounts here: ${tools.reason}`);
    const ws = programInSkill();
    // What the agents find there, not only what the plan says: the skill's folder shown (the
    // control: a cover missing is seen), evals/ below it empty.
    const evalsFolder = dirname(ws.evalsPath);
    ws.respond({ lookAt: [ws.skillDir, evalsFolder] });
    const { plan, result, text } = await campaignPlan(ws, ws.evalsPath);
    const program = join(ws.bin, 'claude');
    assert.deepEqual(plan.uncovered, [{ folder: ws.skillDir, roles: ['skill'], holds: { what: 'program', path: program } }]);
    assert.match(text, new RegExp(`warning: ${escape(ws.skillDir)} \\(the skill's folder\\) is not hidden from the agents of either arm: it holds the agent's program \\(${escape(program)}\\)`), text);
    assert.match(text, /a control agent can read the skill there/, text);
    assert.match(text, /install claude-code's CLI outside it/, text);
    assert.doesNotMatch(text, /evals\.json/, text);
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    for (const call of calls) {
      assert.ok((call.looked?.[ws.skillDir] as { entries?: string[] }).entries?.includes('SKILL.md'), `the skill's folder is shown, as the plan says: ${JSON.stringify(call.looked)}`);
      assert.deepEqual(call.looked?.[evalsFolder], { entries: [], writable: false }, `evals/ is hidden from the agent at ${call.cwd}`);
    }
    assert.ok(existsSync(ws.evalsPath), 'outside the sessions nothing changed');
    // Could read it, not did: the runs are judged by what the CLI reported (docs/campaign.md).
    assert.ok(result.records.every((r) => r.isolation.valid), JSON.stringify(result.records.map((r) => r.isolation)));
  });

  it("evals.json in that folder too: the plan warns that an agent can rewrite it", async (t) => {
    const tools = await hidingSupport();
    if ('reason' in tools) return t.skip(`no mounts here: ${tools.reason}`);
    const ws = programInSkill();
    const evals = join(ws.skillDir, 'evals.json');
    copyFileSync(ws.evalsPath, evals);
    const { plan, text } = await campaignPlan(ws, evals);
    assert.deepEqual(plan.uncovered, [{ folder: ws.skillDir, roles: ['skill', 'evals'], holds: { what: 'program', path: join(ws.bin, 'claude') } }]);
    assert.match(text, new RegExp(`warning: ${escape(ws.skillDir)} \\(the skill's folder, and the folder holding evals.json\\) is not hidden from the agents of either arm`), text);
    assert.match(text, /an agent can rewrite evals\.json there, the assertions it is graded by/, text);
    assert.match(text, /, or keep evals\.json in a folder of its own/, text);
  });

  it('with the program elsewhere, every folder is hidden and the plan says nothing of it', async (t) => {
    const tools = await hidingSupport();
    if ('reason' in tools) return t.skip(`no mounts here: ${tools.reason}`);
    const ws = makeCampaignWorkspace({ respond: {} });
    ws.respond({ lookAt: [ws.workspace, ws.skillDir] });
    const { plan, text } = await campaignPlan({ ...ws, bin: realpathSync(FAKE_AGENTS) }, ws.evalsPath);
    assert.equal(plan.uncovered, undefined);
    assert.doesNotMatch(text, /is not hidden from the agents/, text);
    // And hidden it is: the agents find the workspace and the skill's folder empty.
    const calls = ws.calls();
    assert.equal(calls.length, 2);
    for (const call of calls) {
      assert.deepEqual(call.looked?.[ws.workspace], { entries: [], writable: false }, call.cwd);
      assert.deepEqual(call.looked?.[ws.skillDir], { entries: [], writable: false }, call.cwd);
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
